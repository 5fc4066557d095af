import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { AUTH_COOKIE_MAX_AGE_SECONDS } from "../../../domain/constants.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import { authGeneration, refreshSessions, users } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { csrfTokenFor, randomToken, sha256, signAccessToken, verifyAccessToken } from "./tokens.ts";

/**
 * Sessions: a short access JWT plus an opaque refresh token stored hashed. Every refresh rotates the
 * refresh token within its family; showing a rotated token again means it was stolen or replayed, and
 * revokes the family (the thief and the user both log in again).
 */

export type IssuedSession = {
  sessionId: string;
  userId: string;
  /** The login this session was rotated from; its CSRF token is bound to it. */
  familyId: string;
  accessToken: string;
  refreshToken: string;
  csrfToken: string;
};

export type SessionMeta = { userAgent?: string | undefined; ipAddress?: string | undefined };

/**
 * Parallel requests that all carry the same just-expired access token each try to refresh; the first
 * rotates, the others arrive with a token rotated a moment ago. Within this grace they pass as the
 * user without rotating again, instead of being taken for a replay.
 */
export const ROTATION_GRACE_MS = 30_000;

async function issue(
  db: Db,
  secret: string,
  input: { userId: string; familyId: string; meta: SessionMeta },
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  const [row] = await db
    .insert(refreshSessions)
    .values({
      userId: input.userId,
      familyId: input.familyId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + AUTH_COOKIE_MAX_AGE_SECONDS * 1000),
      userAgent: input.meta.userAgent?.slice(0, 500),
      ipAddress: input.meta.ipAddress,
      lastUsedAt: new Date(),
    })
    .returning({ id: refreshSessions.id });
  const sessionId = row?.id as string;
  return {
    sessionId,
    userId: input.userId,
    familyId: input.familyId,
    refreshToken,
    accessToken: await signAccessToken(secret, { userId: input.userId, sessionId, familyId: input.familyId }),
    csrfToken: csrfTokenFor(secret, input.familyId),
  };
}

/** A new login: a new family. */
export function createSession(
  db: Db,
  secret: string,
  userId: string,
  meta: SessionMeta,
): Promise<IssuedSession> {
  return issue(db, secret, { userId, familyId: randomUUID(), meta });
}

export type RefreshOutcome =
  | { kind: "rotated"; session: IssuedSession }
  /** A token rotated moments ago by a parallel request: the user, but no new cookies. */
  | { kind: "grace"; userId: string; sessionId: string; familyId: string }
  | { kind: "invalid" };

/** Exchanges a refresh token for a new session in the same family, or explains why not. */
export async function refreshSession(
  db: Db,
  secret: string,
  refreshToken: string,
  meta: SessionMeta,
): Promise<RefreshOutcome> {
  const now = new Date();
  return inTransaction(db, async (t) => {
    const [row] = await lockRows(
      t,
      "refreshSession",
      t
        .select()
        .from(refreshSessions)
        .where(eq(refreshSessions.tokenHash, sha256(refreshToken)))
        .for("update"),
    );
    if (!row || row.expiresAt <= now) return { kind: "invalid" } as const;
    if (row.revokedAt) {
      const rotatedJustNow =
        row.revokedReason === "ROTATED" && now.getTime() - row.revokedAt.getTime() < ROTATION_GRACE_MS;
      if (rotatedJustNow && row.replacedById) {
        return {
          kind: "grace",
          userId: row.userId,
          sessionId: row.replacedById,
          familyId: row.familyId,
        } as const;
      }
      if (row.revokedReason === "ROTATED") await revokeFamily(t, row.familyId, "REUSE_DETECTED");
      return { kind: "invalid" } as const;
    }
    const session = await issue(t, secret, { userId: row.userId, familyId: row.familyId, meta });
    await t
      .update(refreshSessions)
      .set({ revokedAt: now, revokedReason: "ROTATED", replacedById: session.sessionId })
      .where(eq(refreshSessions.id, row.id));
    return { kind: "rotated", session } as const;
  });
}

/** users.auth_version and auth_generation.value, read together as one text: equal means unchanged. */
const USER_VERSION = sql<string>`${users.authVersion} || ':' || (select ${authGeneration.value} from ${authGeneration} where ${authGeneration.id} = 1)`;

const activeSessionStatement = preparedPerDatabase((db) =>
  db
    .select({
      familyId: refreshSessions.familyId,
      revokedAt: refreshSessions.revokedAt,
      reason: refreshSessions.revokedReason,
      userVersion: USER_VERSION,
    })
    .from(refreshSessions)
    .innerJoin(users, eq(users.id, refreshSessions.userId))
    .where(
      and(
        eq(refreshSessions.id, sql.placeholder("sessionId")),
        eq(refreshSessions.userId, sql.placeholder("userId")),
      ),
    )
    .prepare("active_session"),
);

/**
 * The session behind an access token while it is alive (logout and reuse end it at once), with the
 * version of everything its user is read from (users.auth_version and auth_generation, moved by
 * triggers): null otherwise. The session must be the token's subject's own: a token that names
 * someone else's session is a forgery, whoever signed it. One indexed read, on every request.
 */
export async function activeSession(
  db: Db,
  claims: { userId: string; sessionId: string },
): Promise<{ familyId: string; userVersion: string } | null> {
  const [row] = await activeSessionStatement(db).execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
  });
  // A session rotated into a newer one stays valid for its remaining access-token life.
  return row && (!row.revokedAt || row.reason === "ROTATED")
    ? { familyId: row.familyId, userVersion: row.userVersion }
    : null;
}

/** The version of everything a user's session is read from (see activeSession). */
export async function userVersionOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({
      userVersion: USER_VERSION,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row?.userVersion ?? null;
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshSessions.familyId, familyId),
        // Rotated rows keep their reason; a family revoked for reuse shows it on the live row.
        isNull(refreshSessions.revokedAt),
      ),
    );
  // Rotated rows must die too, or their grace window would let the family back in.
  await db
    .update(refreshSessions)
    .set({ revokedReason: reason })
    .where(and(eq(refreshSessions.familyId, familyId), eq(refreshSessions.revokedReason, "ROTATED")));
}

/**
 * Logout: ends the family of each session the browser's tokens name. After 15 idle minutes the access
 * token has expired but is still ours (its signature is checked, only its expiry is not), and the
 * refresh token names its row whatever its state; either is enough. Finding none is not an error.
 */
export async function revokeSessionsOfTokens(
  db: Db,
  secret: string,
  tokens: { accessToken?: string | undefined; refreshToken?: string | undefined },
  reason: string,
): Promise<void> {
  const families = new Set<string>();
  const claims = tokens.accessToken
    ? await verifyAccessToken(secret, tokens.accessToken, { allowExpired: true })
    : null;
  if (claims) {
    const [row] = await db
      .select({ familyId: refreshSessions.familyId })
      .from(refreshSessions)
      .where(and(eq(refreshSessions.id, claims.sessionId), eq(refreshSessions.userId, claims.userId)));
    if (row) families.add(row.familyId);
  }
  if (tokens.refreshToken) {
    const [row] = await db
      .select({ familyId: refreshSessions.familyId })
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, sha256(tokens.refreshToken)));
    if (row) families.add(row.familyId);
  }
  for (const familyId of families) await revokeFamily(db, familyId, reason);
}

/** Ends every session of a user (deactivation, password change). */
export async function revokeAllSessionsOfUser(db: Db, userId: string, reason: string): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)));
  await db
    .update(refreshSessions)
    .set({ revokedReason: reason })
    .where(and(eq(refreshSessions.userId, userId), eq(refreshSessions.revokedReason, "ROTATED")));
}

/**
 * Ends every login of a user but one (the person's "log out every other device"), answering the ended
 * logins. Rotated rows are marked too, so their grace window lets none of them back in.
 */
export async function revokeFamiliesExcept(
  db: Db,
  userId: string,
  keepFamilyId: string,
  reason: string,
): Promise<string[]> {
  const ended = await db
    .update(refreshSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(refreshSessions.userId, userId),
        ne(refreshSessions.familyId, keepFamilyId),
        isNull(refreshSessions.revokedAt),
        // An expired login is over already: it is not counted as ended now.
        gt(refreshSessions.expiresAt, new Date()),
      ),
    )
    .returning({ familyId: refreshSessions.familyId });
  const families = [...new Set(ended.map((row) => row.familyId))];
  if (families.length > 0) {
    await db
      .update(refreshSessions)
      .set({ revokedReason: reason })
      .where(and(inArray(refreshSessions.familyId, families), eq(refreshSessions.revokedReason, "ROTATED")));
  }
  return families;
}
