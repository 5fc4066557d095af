import { eq, inArray, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { birthDateOfIdentityCode } from "../../../domain/identification.ts";
import { municipalityName } from "../../../domain/tax/municipality-search.ts";
import { type DataKeyring, isSealed, readableField } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import {
  contactForms,
  messageOutbox,
  notificationPreferences,
  notifications,
  refreshSessions,
  strongIdentifications,
  systemUsers,
  userAuthenticators,
  userExternalIdentities,
  userPasskeys,
  userPreferences,
  users,
} from "../../db/schema/index.ts";
import { SEALED_PURPOSES } from "../../sealed-fields.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { calculatorParameterRows } from "../calculator/parameters-cache.ts";
import { type PlainRow, plainRow, plainRows, withoutOthers } from "./plain.ts";

/**
 * The sections about the person's account: their login and profile, settings, sessions, second
 * factors, the identities they proved, and what was sent to them. No credential leaves here: not the
 * password's or a token's hash, an authenticator's secret, a passkey's key, nor the identity code.
 */
/** How the broker's sealed ID tokens are read, and which of their claims holds the identity code. */
export type IdentityTokenReader = { ring: DataKeyring; claim: string | null };

export async function accountSections(db: Db, user: CurrentUser, identityTokens: IdentityTokenReader) {
  const self = user.id;
  const [account] = await db.select().from(users).where(eq(users.id, self));
  const profiles = await db.select().from(systemUsers).where(eq(systemUsers.userId, self));
  const profile = await Promise.all(
    profiles.map(async (row) => ({
      ...plainRow(row, self),
      municipalityName: await municipalityNameOf(db, row.municipalityCode, user.language),
    })),
  );
  const emails = [account?.email, ...profiles.map((row) => row.personalEmail)]
    .filter((email): email is string => Boolean(email))
    .map((email) => email.toLowerCase());

  const sessions = await db
    .select({
      id: refreshSessions.id,
      createdAt: refreshSessions.createdAt,
      lastUsedAt: refreshSessions.lastUsedAt,
      expiresAt: refreshSessions.expiresAt,
      userAgent: refreshSessions.userAgent,
      ipAddress: refreshSessions.ipAddress,
      revokedAt: refreshSessions.revokedAt,
      revokedReason: refreshSessions.revokedReason,
    })
    .from(refreshSessions)
    .where(eq(refreshSessions.userId, self))
    .orderBy(refreshSessions.createdAt);

  const authenticators = await db
    .select({ createdAt: userAuthenticators.createdAt, confirmedAt: userAuthenticators.confirmedAt })
    .from(userAuthenticators)
    .where(eq(userAuthenticators.userId, self));
  const passkeys = await db
    .select({
      name: userPasskeys.name,
      createdAt: userPasskeys.createdAt,
      lastUsedAt: userPasskeys.lastUsedAt,
    })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, self));
  const secondFactors: PlainRow[] = [
    ...authenticators.map((row) => plainRow({ kind: "AUTHENTICATOR_APP", ...row }, self)),
    ...passkeys.map((row) => plainRow({ kind: "PASSKEY", ...row }, self)),
  ];

  const externalIdentities = await db
    .select({
      provider: userExternalIdentities.issuer,
      companyId: userExternalIdentities.companyId,
      createdAt: userExternalIdentities.createdAt,
      lastUsedAt: userExternalIdentities.lastUsedAt,
    })
    .from(userExternalIdentities)
    .where(eq(userExternalIdentities.userId, self));

  const identifications = await db
    .select()
    .from(strongIdentifications)
    .where(eq(strongIdentifications.userId, self))
    .orderBy(strongIdentifications.createdAt);

  const messages = await db
    .select({
      id: messageOutbox.id,
      event: messageOutbox.event,
      channel: messageOutbox.channel,
      recipient: messageOutbox.recipient,
      language: messageOutbox.language,
      subject: messageOutbox.subject,
      status: messageOutbox.status,
      attempts: messageOutbox.attempts,
      sentAt: messageOutbox.sentAt,
      createdAt: messageOutbox.createdAt,
    })
    .from(messageOutbox)
    .where(eq(messageOutbox.userId, self))
    .orderBy(messageOutbox.createdAt);

  return {
    account: account
      ? [plainRow(account, self, { omit: ["passwordHash", "identityCodeHash", "authVersion"] })]
      : [],
    profile,
    preferences: plainRows(
      await db.select().from(userPreferences).where(eq(userPreferences.userId, self)),
      self,
      { omit: ["tokenHash"] },
    ),
    notificationPreferences: plainRows(
      await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, self)),
      self,
    ),
    notifications: (
      await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, self))
        .orderBy(notifications.createdAt)
    ).map((row) => ({ ...plainRow(row, self), data: withoutOthers(row.data, self, false) })),
    messages: plainRows(messages, self),
    // The public form has no account: the person's forms are those sent from their own addresses.
    contactForms:
      emails.length > 0
        ? plainRows(
            await db
              .select()
              .from(contactForms)
              .where(inArray(sql`lower(${contactForms.email})`, emails))
              .orderBy(contactForms.createdAt),
            self,
            { people: ["checkedByUserId"] },
          )
        : [],
    sessions: plainRows(sessions, self),
    secondFactors,
    externalIdentities: plainRows(externalIdentities, self),
    strongIdentifications: identifications.map((row) => ({
      ...plainRow(row, self, { omit: ["idToken", "identityCodeHash", "subject"] }),
      birthDate: birthDateOf(row.idToken, identityTokens),
    })),
  };
}

/** The municipality's name in the person's language, from the latest year that lists the code. */
async function municipalityNameOf(db: Db, code: string | null, language: CurrentUser["language"]) {
  if (!code) return null;
  const { municipalities } = await calculatorParameterRows(db);
  const rate = municipalities
    .filter((m) => m.code === code)
    .sort((a, b) => b.year - a.year)
    .at(0);
  return rate ? municipalityName(rate, language) : null;
}

/**
 * The birth date the identity code in the broker's ID token tells: the code itself is never given out
 * (nor kept beyond the token, which stays sealed as the broker signed it).
 */
function birthDateOf(stored: string, { ring, claim }: IdentityTokenReader): string | null {
  if (!claim || !stored) return null;
  // Tokens kept before the data keys are in the clear until the rekey job seals them.
  const idToken = isSealed(stored) ? readableField(ring, SEALED_PURPOSES.idToken, stored) : stored;
  if (!idToken) return null;
  try {
    const value = decodeJwt(idToken)[claim];
    return typeof value === "string" ? birthDateOfIdentityCode(value) : null;
  } catch {
    return null;
  }
}
