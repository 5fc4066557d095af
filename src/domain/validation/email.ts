/**
 * docs/product.md "Field rules" e-mail rule: a standard (dot-atom) local part with no leading, trailing or consecutive dots,
 * and a domain of at least two labels whose top-level domain is two or more letters.
 */

// RFC 5322 atext: the characters a dot-atom local part may hold without quoting. Quoted local parts
// ("john doe"@x.fi) are valid by the RFC but never seen in practice and trip mail providers, so we refuse them.
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = `${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*`;
// A DNS label: letters, digits and inner hyphens.
const DOMAIN_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@(?:${DOMAIN_LABEL}\\.)+[A-Za-z]{2,}$`);

/** RFC 5321 limits; longer addresses cannot be delivered, so accepting them only defers the failure. */
const MAX_LOCAL_PART_LENGTH = 64;
const MAX_EMAIL_LENGTH = 254;

/** Checks the address exactly as given; normalise it first (normalizeEmail) when it comes from a form. */
export function isValidEmail(value: string): boolean {
  if (value.length > MAX_EMAIL_LENGTH) return false;
  const at = value.lastIndexOf("@");
  if (at > MAX_LOCAL_PART_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

/** Trims and lower-cases, so that the same person always maps to the same stored address. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
