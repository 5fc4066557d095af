/**
 * The two external training/game links of docs/product.md "Constants" (one for employers, one for bike users). Their real
 * addresses are set per deployment: change them here (or have the build replace this module); these
 * placeholders stay on the product's own domain until the real players are known.
 */
export const EXTERNAL_LINKS = {
  employerTraining: "https://pedaali.fi/koulutus/tyonantaja",
  bikeUserGame: "https://pedaali.fi/koulutus/pyorailija",
} as const;
