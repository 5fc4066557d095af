import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SSO_PRESETS } from "../../../domain/single-sign-on.ts";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * Sign-ins through OpenID Connect providers: strong identification for signing (the platform's broker)
 * and single sign-on (a company's own identity provider). docs/security.md says what is kept and why.
 */

export const OIDC_PURPOSES = ["SIGN_AGREEMENT", "APPROVE_ORDER", "SSO_LOGIN"] as const;

/**
 * A sign-in under way: what the browser was sent to the provider for, and the values that bind the
 * provider's answer to it (state, nonce, PKCE verifier). Used once, within minutes; the state is kept
 * only as its SHA-256.
 */
export const oidcSignIns = pgTable(
  "oidc_sign_ins",
  {
    id: id(),
    stateHash: text().notNull(),
    purpose: text({ enum: OIDC_PURPOSES }).notNull(),
    /** The provider's issuer the answer must come from (mix-up defence). */
    issuer: text().notNull(),
    /** The signer (signing, approval); null for a login, where nobody is signed in yet. */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    orderId: uuid().references(() => orders.id, { onDelete: "cascade" }),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oidc_sign_ins_state_unique").on(t.stateHash),
    index("oidc_sign_ins_expires_idx").on(t.expiresAt),
    check(
      "oidc_sign_ins_purpose_check",
      sql`${t.purpose} in ('SIGN_AGREEMENT', 'APPROVE_ORDER', 'SSO_LOGIN')`,
    ),
  ],
);

/**
 * The evidence of a strong identification that signed something: the verified name, the level of
 * assurance, the broker's subject, when the person identified, and the ID token as the broker signed
 * it. The personal identity code is never stored: only its keyed hash, and whether it matched the one
 * on record.
 */
export const strongIdentifications = pgTable(
  "strong_identifications",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    purpose: text({ enum: OIDC_PURPOSES }).notNull(),
    issuer: text().notNull(),
    subject: text().notNull(),
    verifiedName: text().notNull(),
    levelOfAssurance: text(),
    authenticatedAt: timestamptz(),
    idToken: text().notNull(),
    identityCodeHash: text(),
    createdAt: createdAt(),
  },
  (t) => [index("strong_identifications_order_idx").on(t.orderId)],
);

/**
 * A company's own identity provider for single sign-on: its issuer and the platform's client there,
 * the client secret sealed under the server's key, and whether the company's users must sign in
 * through it.
 */
export const companyIdentityProviders = pgTable(
  "company_identity_providers",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    preset: text({ enum: SSO_PRESETS }).notNull(),
    issuer: text().notNull(),
    clientId: text().notNull(),
    clientSecretSealed: text().notNull(),
    required: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("company_identity_providers_company_unique").on(t.companyId),
    check("company_identity_providers_preset_check", sql`${t.preset} in ('ENTRA_ID', 'GOOGLE', 'OIDC')`),
  ],
);

/** The e-mail domains whose users the login page sends to their company's provider; one company each. */
export const ssoEmailDomains = pgTable(
  "sso_email_domains",
  {
    domain: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("sso_email_domains_company_idx").on(t.companyId),
    check("sso_email_domains_lower_check", sql`${t.domain} = lower(${t.domain})`),
  ],
);

/** A user's account at a company's provider (issuer and subject), linked at their first sign-in. */
export const userExternalIdentities = pgTable(
  "user_external_identities",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    issuer: text().notNull(),
    subject: text().notNull(),
    lastUsedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_external_identities_subject_unique").on(t.issuer, t.subject),
    index("user_external_identities_user_idx").on(t.userId),
  ],
);
