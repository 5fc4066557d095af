import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { TOwnSession, TOwnSessions, TSessionsEnded } from "../../../contract/sessions.ts";
import { describeDevice, maskIpAddress } from "../../../domain/devices.ts";
import type { AppContext } from "../../context.ts";
import { recordEvent } from "../../db/event-log.ts";
import { refreshSessions } from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { revokeFamiliesExcept, revokeFamily } from "../auth/sessions.ts";

/**
 * A person's own logins (/kayttaja): where they are logged in, and logging a lost or unknown device
 * out. A login is a session family: its tokens rotate, its id stays. Only the person's own logins are
 * ever read or ended; another person's login is as unknown as one that never was (404).
 */

/** Why the login's tokens stopped working, as the session rows keep it. */
const ENDED_BY_USER = "ENDED_BY_USER";

/** Who asks: the person, and the login of the browser they ask from. */
type Asker = { userId: string; familyId: string };

const userEvent = (userId: string) => ({ entity: { type: "user" as const, id: userId }, companyId: null });

export function createOwnSessionsService(ctx: AppContext) {
  const { db } = ctx.database;

  /** The person's login of that id while it is alive (its current token unrevoked, unexpired). */
  async function liveLogin(userId: string, familyId: string) {
    const [row] = await db
      .select({ userAgent: refreshSessions.userAgent })
      .from(refreshSessions)
      .where(
        and(
          eq(refreshSessions.familyId, familyId),
          eq(refreshSessions.userId, userId),
          isNull(refreshSessions.revokedAt),
          gt(refreshSessions.expiresAt, new Date()),
        ),
      )
      .limit(1);
    return row;
  }

  return {
    /** The logins still alive, this browser's first and then the most recently used. */
    async list(asker: Asker): Promise<TOwnSessions> {
      // The live row is the newest of its family: its address and browser are the latest seen.
      const startedAt = sql<Date>`(select min(f.created_at) from ${refreshSessions} f where f.family_id = ${refreshSessions.familyId})`;
      const rows = await db
        .select({
          familyId: refreshSessions.familyId,
          userAgent: refreshSessions.userAgent,
          ipAddress: refreshSessions.ipAddress,
          lastUsedAt: refreshSessions.lastUsedAt,
          createdAt: refreshSessions.createdAt,
          startedAt: startedAt.mapWith((value: string | Date) => new Date(value)),
        })
        .from(refreshSessions)
        .where(
          and(
            eq(refreshSessions.userId, asker.userId),
            isNull(refreshSessions.revokedAt),
            gt(refreshSessions.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(refreshSessions.lastUsedAt), desc(refreshSessions.createdAt));
      const items = rows.map(
        (row): TOwnSession => ({
          id: row.familyId,
          device: describeDevice(row.userAgent),
          place: maskIpAddress(row.ipAddress),
          startedAt: (row.startedAt ?? row.createdAt).toISOString(),
          lastUsedAt: (row.lastUsedAt ?? row.createdAt).toISOString(),
          current: row.familyId === asker.familyId,
        }),
      );
      return { items: [...items.filter((s) => s.current), ...items.filter((s) => !s.current)] };
    },

    /** Logs one of the person's logins out on its device at once; 404 for anyone else's or one over. */
    async end(asker: Asker, familyId: string): Promise<TSessionsEnded> {
      const login = await liveLogin(asker.userId, familyId);
      if (!login) throw notFound("Session");
      await write(db, { actor: { userId: asker.userId } }, async (w) => {
        await revokeFamily(w.tx, familyId, ENDED_BY_USER);
        await recordEvent(w, {
          type: "USER_SESSIONS_ENDED",
          ...userEvent(asker.userId),
          data: {
            sessions: 1,
            device: describeDevice(login.userAgent),
            current: familyId === asker.familyId,
          },
        });
      });
      return { ended: 1 };
    },

    /** Logs out every other login of the person, keeping the one they ask from. */
    async endOthers(asker: Asker): Promise<TSessionsEnded> {
      return write(db, { actor: { userId: asker.userId } }, async (w) => {
        const ended = await revokeFamiliesExcept(w.tx, asker.userId, asker.familyId, ENDED_BY_USER);
        if (ended.length > 0) {
          await recordEvent(w, {
            type: "USER_SESSIONS_ENDED",
            ...userEvent(asker.userId),
            data: { sessions: ended.length, allOthers: true },
          });
        }
        return { ended: ended.length };
      });
    },
  };
}
