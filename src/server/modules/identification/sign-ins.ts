import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Db } from "../../db/client.ts";
import { oidcSignIns } from "../../db/schema/index.ts";
import type { Tx } from "../../db/transaction.ts";
import { equalHashes, sha256 } from "../auth/tokens.ts";

/**
 * A sign-in at an OpenID Connect provider under way (table oidc_sign_ins): opened when the browser is
 * sent to the provider, taken once when the provider sends it back. Its state, nonce and PKCE verifier
 * bind the answer to this one request: an answer whose state is unknown, used, expired or of another
 * provider is refused before its code is redeemed.
 */

/** A person has this long at their bank or their company's sign-in page. */
export const SIGN_IN_MINUTES = 10;

export type SignInPurpose = (typeof oidcSignIns.$inferSelect)["purpose"];

export type OpenedSignIn = { state: string; nonce: string; codeVerifier: string };

export async function openSignIn(
  db: Db | Tx,
  input: {
    purpose: SignInPurpose;
    issuer: string;
    userId?: string | null;
    orderId?: string | null;
    companyId?: string | null;
  },
  now: Date,
): Promise<OpenedSignIn> {
  const opened = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  // Ended sign-ins go as new ones come: the table holds only the last minutes' requests.
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date(now.getTime() - 60 * 60 * 1000)));
  await db.insert(oidcSignIns).values({
    stateHash: sha256(opened.state),
    purpose: input.purpose,
    issuer: input.issuer,
    userId: input.userId ?? null,
    orderId: input.orderId ?? null,
    companyId: input.companyId ?? null,
    nonce: opened.nonce,
    codeVerifier: opened.codeVerifier,
    expiresAt: new Date(now.getTime() + SIGN_IN_MINUTES * 60 * 1000),
    createdAt: now,
  });
  return opened;
}

export type TakenSignIn = typeof oidcSignIns.$inferSelect & { state: string };

/**
 * The open sign-in of this state, marked used in the same statement so that a second answer with the
 * same state (a replay, or a double click) finds nothing; null when there is none, or when the browser
 * that brings the answer is not the one that started it (its sign-in cookie holds another state, or
 * none: a link with someone else's answer, sent to be opened).
 */
export async function takeSignIn(
  db: Db | Tx,
  state: string | null,
  browserState: string | undefined,
  now: Date,
): Promise<TakenSignIn | null> {
  if (!state || !browserState || !equalHashes(sha256(state), sha256(browserState))) return null;
  const [row] = await db
    .update(oidcSignIns)
    .set({ consumedAt: now })
    .where(
      and(
        eq(oidcSignIns.stateHash, sha256(state)),
        isNull(oidcSignIns.consumedAt),
        gt(oidcSignIns.expiresAt, now),
      ),
    )
    .returning();
  return row ? { ...row, state } : null;
}
