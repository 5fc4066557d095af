import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq, gt } from "drizzle-orm";
import type { TPasskey } from "../../../contract/passkeys.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { passkeyRegistrations, userPasskeys } from "../../db/schema/index.ts";
import { type Tx, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { hasAuthenticator, tellOwner } from "./authenticator.ts";
import { appFirst, passkeyNotStarted, passkeyRefused } from "./errors.ts";
import { createReauthentication } from "./reauthentication.ts";

/**
 * A staff user's passkeys (WebAuthn, @simplewebauthn/server), beside their authenticator app: the app
 * and its recovery codes stay the way back when a device is lost, so a passkey is added only once the
 * app is in use. The relying party is PUBLIC_URL: its host is the RP ID and its origin the only one
 * accepted, so an assertion made for another site is refused.
 */

/** A WebAuthn ceremony's challenge lives as long as a login's code. */
const CHALLENGE_SECONDS = 5 * 60;

function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

const transportsOf = (stored: string[]) => stored as AuthenticatorTransport[];

/** WebAuthn options as the contract's plain JSON object (contract/passkeys.ts zWebAuthnJson). */
const asJson = (options: object) => options as Record<string, unknown>;

/** The WebAuthn request options of a login's second step, or null for a user without passkeys. */
export async function passkeyLoginOptions(
  db: Db,
  publicUrl: string,
  userId: string,
): Promise<Record<string, unknown> | null> {
  const keys = await db
    .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId));
  if (keys.length === 0) return null;
  return asJson(
    await generateAuthenticationOptions({
      rpID: relyingParty(publicUrl).rpID,
      allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: transportsOf(k.transports) })),
      userVerification: "preferred",
    }),
  );
}

/**
 * Whether a login's passkey answer is right: one of the user's own passkeys signed this challenge for
 * our origin, with a signature count above the last one seen (which it then records). In the login's
 * transaction, with the passkey's row locked, so two answers at once cannot both pass.
 */
export async function acceptsPasskey(
  tx: Tx,
  publicUrl: string,
  userId: string,
  challenge: string,
  response: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  if (typeof response.id !== "string") return false;
  const [key] = await lockRows(
    tx,
    "userPasskey",
    tx
      .select()
      .from(userPasskeys)
      .where(and(eq(userPasskeys.userId, userId), eq(userPasskeys.credentialId, response.id)))
      .for("update"),
  );
  if (!key) return false;
  const { rpID, origin } = relyingParty(publicUrl);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
      requireUserVerification: false,
    });
    if (!verified) return false;
    await tx
      .update(userPasskeys)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: now })
      .where(eq(userPasskeys.id, key.id));
    return true;
  } catch {
    // A malformed answer, another origin, a count that did not grow: each is a wrong answer.
    return false;
  }
}

/** An admin or helpdesk user: the routes' guard lets no one else in. */
type StaffUser = { id: string; email: string; language: string; firstName: string; lastName: string };

const shape = (row: typeof userPasskeys.$inferSelect): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function createPasskeysService(ctx: AppContext) {
  const { db } = ctx.database;
  const reauthentication = createReauthentication(ctx);
  const { rpID, origin } = relyingParty(ctx.config.publicUrl);

  return {
    async list(user: StaffUser): Promise<{ passkeys: TPasskey[] }> {
      const rows = await db
        .select()
        .from(userPasskeys)
        .where(eq(userPasskeys.userId, user.id))
        .orderBy(userPasskeys.createdAt);
      return { passkeys: rows.map(shape) };
    },

    /** The browser's creation options; its challenge is kept for the answer, 5 minutes. */
    async options(user: StaffUser, currentPassword: string | undefined): Promise<Record<string, unknown>> {
      await reauthentication.checkUser(user.id, currentPassword);
      if (!(await hasAuthenticator(db, user.id))) throw appFirst();
      const existing = await db
        .select({ credentialId: userPasskeys.credentialId, transports: userPasskeys.transports })
        .from(userPasskeys)
        .where(eq(userPasskeys.userId, user.id));
      const options = await generateRegistrationOptions({
        rpName: "Pedaali",
        rpID,
        userName: user.email,
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
        attestationType: "none",
        excludeCredentials: existing.map((k) => ({
          id: k.credentialId,
          transports: transportsOf(k.transports),
        })),
        authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
      });
      const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
      await db
        .insert(passkeyRegistrations)
        .values({ userId: user.id, challenge: options.challenge, expiresAt })
        .onConflictDoUpdate({
          target: passkeyRegistrations.userId,
          set: { challenge: options.challenge, expiresAt },
        });
      return asJson(options);
    },

    /** The browser's answer to the options: checked, then kept (its public key and count). */
    async add(user: StaffUser, name: string, response: Record<string, unknown>): Promise<TPasskey> {
      const added = await write(db, { actor: { userId: user.id } }, async (w) => {
        const [pending] = await w.tx
          .delete(passkeyRegistrations)
          .where(and(eq(passkeyRegistrations.userId, user.id), gt(passkeyRegistrations.expiresAt, w.now)))
          .returning();
        if (!pending) throw passkeyNotStarted();
        let credential: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] };
        try {
          const { verified, registrationInfo } = await verifyRegistrationResponse({
            response: response as unknown as RegistrationResponseJSON,
            expectedChallenge: pending.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: false,
          });
          if (!verified) throw passkeyRefused();
          credential = registrationInfo.credential;
        } catch {
          throw passkeyRefused();
        }
        const [row] = await w.tx
          .insert(userPasskeys)
          .values({
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString("base64url"),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
            createdAt: w.now,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw passkeyRefused();
        await recordEvent(w, {
          type: "USER_PASSKEY_ADDED",
          entity: { type: "user", id: user.id },
          companyId: null,
          data: { name },
        });
        return shape(row);
      });
      await tellOwner(ctx, user, { kind: "PASSKEY_ADDED" });
      return added;
    },

    /** Whether the passkey is the user's own (the route's guard asks before reading the body). */
    async owns(userId: string, passkeyId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: userPasskeys.id })
        .from(userPasskeys)
        .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, userId)));
      return row !== undefined;
    },

    async remove(user: StaffUser, passkeyId: string, currentPassword: string | undefined): Promise<void> {
      await reauthentication.checkUser(user.id, currentPassword);
      await write(db, { actor: { userId: user.id } }, async (w) => {
        const [row] = await w.tx
          .delete(userPasskeys)
          .where(and(eq(userPasskeys.id, passkeyId), eq(userPasskeys.userId, user.id)))
          .returning({ name: userPasskeys.name });
        if (!row) throw notFound("Passkey");
        await recordEvent(w, {
          type: "USER_PASSKEY_REMOVED",
          entity: { type: "user", id: user.id },
          companyId: null,
          data: { name: row.name },
        });
      });
      await tellOwner(ctx, user, { kind: "PASSKEY_REMOVED" });
    },
  };
}
