import { DAY_MS } from "./dates.ts";
import { emailDomainOf } from "./single-sign-on.ts";

/**
 * A company's rule for people who join by its registration link with a work e-mail of its own
 * domains. Without a rule, everyone at the link waits for the employer's acceptance. With one, a joiner
 * whose address is in the company's verified domains is accepted once the address proves theirs (a
 * link mailed to it), or waits as the others do; and the company may refuse any other address at the
 * link, so a link shared too widely lets in no outsider.
 */

/** What happens to a joiner whose address is in the company's domains. */
export const DOMAIN_JOINER_TREATMENTS = ["WAIT", "ACCEPT"] as const;
export type DomainJoinerTreatment = (typeof DOMAIN_JOINER_TREATMENTS)[number];

export type JoinRule = {
  /** Verified e-mail domains, lower case (normalizeDomain). */
  domains: readonly string[];
  domainJoiners: DomainJoinerTreatment;
  /** Only addresses in `domains` may join by the link. */
  domainsOnly: boolean;
};

/** A company that has set nothing: everyone waits, as the registration link always worked. */
export const NO_JOIN_RULE: JoinRule = { domains: [], domainJoiners: "WAIT", domainsOnly: false };

/** A company names a handful of domains (its own and its group's); more is a mistake. */
export const MAX_JOIN_DOMAINS = 20;

/** The confirmation link mailed to a domain joiner lives a week, as an invitation's first reminder waits. */
export const JOIN_CONFIRMATION_DAYS = 7;

/** When a confirmation link made at `now` dies. */
export function joinConfirmationExpiry(now: Date): Date {
  return new Date(now.getTime() + JOIN_CONFIRMATION_DAYS * DAY_MS);
}

/** How the registration treats one joiner: refused, waiting for the employer, or accepted once confirmed. */
export type JoinerTreatment = "REFUSED" | "WAITS" | "CONFIRMS_TO_JOIN";

export function joinerTreatment(rule: JoinRule, email: string): JoinerTreatment {
  const domain = emailDomainOf(email);
  const inDomains = domain !== null && rule.domains.includes(domain);
  if (!inDomains) return rule.domainsOnly ? "REFUSED" : "WAITS";
  return rule.domainJoiners === "ACCEPT" ? "CONFIRMS_TO_JOIN" : "WAITS";
}

/**
 * Mail services anyone can open an address at: such a domain proves no one works for the company, so
 * it is never a company's domain.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "hotmail.fi",
  "live.com",
  "live.fi",
  "msn.com",
  "yahoo.com",
  "ymail.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "aol.com",
  "gmx.com",
  "gmx.net",
  "mail.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "tutanota.com",
  "luukku.com",
  "suomi24.fi",
  "elisanet.fi",
  "kolumbus.fi",
  "saunalahti.fi",
  "netti.fi",
  "welho.com",
  "dnainternet.net",
  "pp.inet.fi",
  "outlook.fi",
]);

/**
 * Who vouches for a domain of the company: someone did already (it is saved), the helpdesk (it checks
 * the company's ownership before adding one), the company's single sign-on (the helpdesk set its
 * domains), or an employer user's own login domain (their account's address proves they receive mail
 * there). Never a public mail service.
 */
export function mayVerifyDomain(
  domain: string,
  by: {
    helpdesk: boolean;
    ownEmail: string;
    singleSignOnDomains: readonly string[];
    savedDomains: readonly string[];
  },
): "OK" | "PUBLIC_MAIL" | "NOT_VOUCHED" {
  if (PUBLIC_MAIL_DOMAINS.has(domain)) return "PUBLIC_MAIL";
  const vouched =
    by.helpdesk ||
    by.savedDomains.includes(domain) ||
    by.singleSignOnDomains.includes(domain) ||
    emailDomainOf(by.ownEmail) === domain;
  return vouched ? "OK" : "NOT_VOUCHED";
}
