/**
 * Single sign-on with a company's own identity provider (OpenID Connect): the presets the admin area
 * offers, and the rules of who may sign in through it. Helpdesk and admin users never do: they stay on
 * the platform's own login and its second factor.
 */

export const SSO_PRESETS = ["ENTRA_ID", "GOOGLE", "OIDC"] as const;
export type SsoPreset = (typeof SSO_PRESETS)[number];

/** Google Workspace's one issuer; its users' hosted domain comes in the ID token's `hd` claim. */
export const GOOGLE_ISSUER = "https://accounts.google.com";

/** Microsoft Entra ID's issuer of one tenant (a directory id or a verified domain of it). */
export function entraIssuer(tenant: string): string {
  return `https://login.microsoftonline.com/${tenant}/v2.0`;
}

const ENTRA_ISSUER = /^https:\/\/login\.microsoftonline\.com\/[0-9a-z.-]{3,100}\/v2\.0$/;

/**
 * Whether the issuer fits the preset: Entra ID must name one tenant (never "common" or
 * "organizations", which would let any Microsoft account in), Google must be Google's, any other
 * provider is reached over https (plain http only where the platform allows it, for local providers).
 */
export function issuerFitsPreset(preset: SsoPreset, issuer: string, allowHttp = false): boolean {
  if (preset === "GOOGLE") return issuer === GOOGLE_ISSUER;
  if (preset === "ENTRA_ID") {
    return ENTRA_ISSUER.test(issuer) && !/\/(common|organizations|consumers)\/v2\.0$/.test(issuer);
  }
  return issuer.startsWith("https://") || (allowHttp && issuer.startsWith("http://"));
}

/** An e-mail domain as kept: lower case, no leading @ or dot. */
export function normalizeDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/^@/, "").replace(/\.$/, "");
}

/** A DNS name with a dot, as e-mail domains are. */
export const EMAIL_DOMAIN_PATTERN = /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The domain of an e-mail address, lower case; null when it has none. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1) return null;
  const domain = normalizeDomain(email.slice(at + 1));
  return EMAIL_DOMAIN_PATTERN.test(domain) ? domain : null;
}

/** The domains a person typed in one field, one per line or separated by commas, semicolons or spaces. */
export function domainsInText(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}
