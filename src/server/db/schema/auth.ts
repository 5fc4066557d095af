import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamptz } from "../columns.ts";
import { companies, groupCompanies } from "./companies.ts";
import { users } from "./users.ts";

/**
 * Tokens and codes are stored hashed (sha256 of a random value; the two-factor code is hashed too):
 * a read of the database never yields a usable credential.
 */

/**
 * Rotating refresh tokens. Every refresh makes a new row in the same family and revokes the old one;
 * presenting a revoked token again (reuse) revokes the whole family.
 */
export const refreshSessions = pgTable(
  "refresh_sessions",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Shared by every token rotated from one login. */
    familyId: uuid().notNull(),
    tokenHash: text().notNull(),
    /** The session this one was rotated into. */
    replacedById: uuid(),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    /** LOGOUT, ROTATED, REUSE_DETECTED, DEACTIVATED... */
    revokedReason: text(),
    lastUsedAt: timestamptz(),
    userAgent: text(),
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_sessions_token_hash_unique").on(t.tokenHash),
    index("refresh_sessions_user_idx").on(t.userId),
    index("refresh_sessions_family_idx").on(t.familyId),
    index("refresh_sessions_expires_idx").on(t.expiresAt),
  ],
);

/** Single-use, expiring password reset tokens (/reset/{token}). */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/**
 * A two-factor challenge after the password step, valid 5 minutes and for 5 attempts, bound to the
 * browser by a challenge cookie whose hash is challengeTokenHash: a 6-digit code sent by SMS (SMS), or
 * a code of the user's authenticator app or one of their recovery codes (AUTHENTICATOR), when nothing
 * is sent and the code and number stay empty.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challengeTokenHash: text().notNull(),
    method: text({ enum: ["SMS", "AUTHENTICATOR"] })
      .notNull()
      .default("SMS"),
    codeHash: text(),
    /** Where the code was sent; stored on the user once verified. */
    phoneNumber: text(),
    /** The WebAuthn challenge a passkey may answer instead (AUTHENTICATOR, a user with passkeys). */
    passkeyChallenge: text(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("two_factor_challenges_token_hash_unique").on(t.challengeTokenHash),
    index("two_factor_challenges_user_idx").on(t.userId, t.createdAt),
    check("two_factor_challenges_attempts_check", sql`${t.attempts} >= 0`),
    check("two_factor_challenges_method_check", sql`${t.method} in ('SMS', 'AUTHENTICATOR')`),
    check(
      "two_factor_challenges_sms_check",
      sql`${t.method} <> 'SMS' or (${t.codeHash} is not null and ${t.phoneNumber} is not null)`,
    ),
  ],
);

/**
 * A staff user's authenticator app (TOTP): its secret, encrypted with a key derived from the server's
 * secret (modules/auth/authenticator.ts), so a copy of the table alone gives no codes. It counts once
 * confirmed with a first code; `lastUsedStep` is the 30-second step of the last code taken, so a code
 * works once.
 */
export const userAuthenticators = pgTable("user_authenticators", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text().notNull(),
  confirmedAt: timestamptz(),
  lastUsedStep: bigint({ mode: "number" }),
  createdAt: createdAt(),
});

/** One-time recovery codes of an authenticator's owner, hashed with the server's key; a used one stays, marked. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/**
 * A registration (join) link for a company or a group company (/liity/{token}). Shared with all the
 * employees to join, so it may be used many times until it expires or is revoked.
 */
export const registrationLinks = pgTable(
  "registration_links",
  {
    id: id(),
    tokenHash: text().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: "cascade" }),
    groupCompanyId: uuid().references(() => groupCompanies.id, { onDelete: "cascade" }),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamptz(),
    revokedAt: timestamptz(),
    useCount: integer().notNull().default(0),
    maxUses: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("registration_links_token_hash_unique").on(t.tokenHash),
    index("registration_links_company_idx").on(t.companyId),
    index("registration_links_group_company_idx").on(t.groupCompanyId),
    check("registration_links_target_check", sql`num_nonnulls(${t.companyId}, ${t.groupCompanyId}) = 1`),
    check(
      "registration_links_uses_check",
      sql`${t.useCount} >= 0 and (${t.maxUses} is null or ${t.maxUses} > 0)`,
    ),
  ],
);

/**
 * A user's own change of their login e-mail or phone number, waiting for its confirmation (a
 * stolen session must not take the account over): an EMAIL row holds the sha256 of the link token mailed to the new address, a PHONE row the
 * keyed hash of the code sent to the new number (as two-factor challenges). Single use, expiring; a new
 * request of the same kind replaces the user's open one.
 */
export const contactChangeRequests = pgTable(
  "contact_change_requests",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** EMAIL or PHONE (src/domain/contact-change.ts). */
    kind: text().notNull(),
    /** The new login e-mail (lower case) or the new phone number (normalised). */
    newValue: text().notNull(),
    secretHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamptz().notNull(),
    consumedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("contact_change_requests_secret_hash_unique").on(t.secretHash),
    index("contact_change_requests_user_idx").on(t.userId, t.kind, t.createdAt),
    check("contact_change_requests_kind_check", sql`${t.kind} in ('EMAIL', 'PHONE')`),
    check("contact_change_requests_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * One row: a number that grows whenever something every session's scope depends on changes (a
 * company's name, group or deletion; what a role permits). Read with the session on every request
 * beside the user's own auth_version; kept by statement triggers (migration 0012_session_versions).
 */
export const authGeneration = pgTable(
  "auth_generation",
  {
    id: smallint().primaryKey(),
    value: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("auth_generation_one_row", sql`${t.id} = 1`)],
);

/**
 * Counts every server instance shares (failed logins and codes, request rates), one row per key and
 * window; rate-limiter-flexible's Drizzle store reads and writes it (src/server/counters.ts). Rows past
 * their window are deleted by the app every few minutes.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text().primaryKey(),
    points: integer().notNull(),
    expire: timestamptz(),
  },
  (t) => [index("rate_limit_counters_expire_idx").on(t.expire)],
);

/**
 * A staff user's passkey (WebAuthn): a second factor beside their authenticator app. The public key
 * only; `counter` is the authenticator's signature count, which must grow, so a copied assertion or a
 * cloned key shows.
 */
export const userPasskeys = pgTable(
  "user_passkeys",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text().notNull(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: text().array().notNull().default(sql`'{}'::text[]`),
    /** The owner's name for it ("Työkannettava"), shown in their list. */
    name: text().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("user_passkeys_credential_unique").on(t.credentialId),
    index("user_passkeys_user_idx").on(t.userId),
  ],
);

/** The WebAuthn challenge of a passkey being added, one per user, for 5 minutes. */
export const passkeyRegistrations = pgTable("passkey_registrations", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  challenge: text().notNull(),
  expiresAt: timestamptz().notNull(),
});
