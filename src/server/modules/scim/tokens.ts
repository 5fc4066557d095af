import { timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { SCIM_TOKEN_PREFIX } from "../../../domain/scim.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { companyScimTokens } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import { unauthorized } from "../../errors.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import { activeTokenByHash } from "./queries.ts";

/**
 * A company's SCIM token: made and replaced (one in use at a time) and revoked by the company's admin,
 * and checked on every call of its identity provider. Only the SHA-256 of a token is stored; the token
 * is answered once, when made.
 */

/** The identity provider's call as the token says: which token, of which company. */
export type ScimCaller = { tokenId: string; companyId: string };

/**
 * Makes the company's token, revoking the one in use (rotation): both in one change, so the company
 * is never left with two. SCIM_TOKEN_CREATED or SCIM_TOKEN_ROTATED on the company. Answers the token.
 */
export async function issueScimToken(ctx: WriteContext, companyId: string): Promise<string> {
  const { tx, now } = ctx;
  const [current] = await lockRows(
    tx,
    "companyScimToken",
    tx
      .select({ id: companyScimTokens.id })
      .from(companyScimTokens)
      .where(and(eq(companyScimTokens.companyId, companyId), isNull(companyScimTokens.revokedAt)))
      .for("update"),
  );
  if (current)
    await tx.update(companyScimTokens).set({ revokedAt: now }).where(eq(companyScimTokens.id, current.id));
  const secret = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
  const [row] = await tx
    .insert(companyScimTokens)
    .values({ companyId, tokenHash: sha256(secret), createdByUserId: ctx.actor.userId, createdAt: now })
    .returning({ id: companyScimTokens.id });
  await recordEvent(ctx, {
    type: current ? "SCIM_TOKEN_ROTATED" : "SCIM_TOKEN_CREATED",
    entity: { type: "company", id: companyId },
    companyId,
    data: { tokenId: row?.id, ...(current ? { replacedTokenId: current.id } : {}) },
  });
  return secret;
}

/** Revokes the company's token (SCIM_TOKEN_REVOKED); a company without one is left as it is. */
export async function revokeScimToken(ctx: WriteContext, companyId: string): Promise<void> {
  const [revoked] = await ctx.tx
    .update(companyScimTokens)
    .set({ revokedAt: ctx.now })
    .where(and(eq(companyScimTokens.companyId, companyId), isNull(companyScimTokens.revokedAt)))
    .returning({ id: companyScimTokens.id });
  if (!revoked) return;
  await recordEvent(ctx, {
    type: "SCIM_TOKEN_REVOKED",
    entity: { type: "company", id: companyId },
    companyId,
    data: { tokenId: revoked.id },
  });
}

const REFUSED = "A valid SCIM bearer token is required";
/** How often a token's last use is written: the page shows a day, not every call. */
const LAST_USED_STEP_MS = 60_000;

/**
 * The caller of an `Authorization: Bearer …` header: the token in use with its hash, of a company
 * that still exists; else 401. The row is found by its hash's unique index; the hashes are compared
 * again in constant time, so nothing of the stored hash shows in how long a refusal takes.
 */
export async function scimCallerOf(db: Db, header: string | undefined, now: Date): Promise<ScimCaller> {
  const match = /^Bearer[ \t]+(\S{1,200})\s*$/i.exec(header ?? "");
  const token = match?.[1];
  if (!token?.startsWith(SCIM_TOKEN_PREFIX)) throw unauthorized(REFUSED);
  const hash = sha256(token);
  const row = await activeTokenByHash(db, hash);
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) throw unauthorized(REFUSED);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
    // Bookkeeping of the token, not a change of the company: no event row.
    const stale = new Date(now.getTime() - LAST_USED_STEP_MS);
    await db
      .update(companyScimTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(companyScimTokens.id, row.id),
          or(isNull(companyScimTokens.lastUsedAt), lt(companyScimTokens.lastUsedAt, stale)),
        ),
      );
  }
  return { tokenId: row.id, companyId: row.companyId };
}
