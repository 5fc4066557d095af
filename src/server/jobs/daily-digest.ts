import { and, asc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ADMIN_ROLES, EMPLOYER_ROLES, type RoleName } from "../../domain/roles.ts";
import type { RouteId } from "../../domain/routes.ts";
import type { Db } from "../db/client.ts";
import { lockRows } from "../db/lock-order.ts";
import { nextMillisecond } from "../db/millisecond.ts";
import { messageOutbox, roles, systemUsers, userRoles, users } from "../db/schema/index.ts";
import { inTransaction } from "../db/transaction.ts";
import { type DailyDigestParams, dailyDigestMail } from "../messaging/notification-preference-mails.ts";
import type { RenderedMail } from "../messaging/templates.ts";
import { pageUrl } from "../messaging/templates.ts";
import { queueMessage } from "../modules/notifications/outbox.ts";

/**
 * The daily digest (a pg-boss job, jobs/runner.ts): once a day, each person with mails held for the
 * digest (their choice for its kind, notification-kinds.ts) gets one mail in their language listing
 * them, queued in the message outbox in the same transaction that marks the held mails sent in it. A
 * run that crashes before its commit leaves them held for the next; a second run, or a second
 * instance, finds none of them held (the rows are locked and skipped while one run takes them), so no
 * mail is ever in two digests.
 */

export const DAILY_DIGEST_QUEUE = "daily-digest";
/** At 07:00 Helsinki time: yesterday's mails, before the working day. */
export const DAILY_DIGEST_CRON = "0 7 * * *";
/** The outbox event of a digest; it is no event of the notification table, only a way to deliver them. */
export const DAILY_DIGEST_EVENT = "DAILY_DIGEST";

type Log = Pick<FastifyBaseLogger, "info" | "error">;

/** The params a queued digest keeps: the subjects, the greeting's name, the page of the button. */
type DigestRowParams = DailyDigestParams & { workRoute: RouteId };

/** The page a person works on, for the digest's one button: by their roles, the first that applies. */
function workRouteOf(roleNames: readonly string[]): RouteId {
  const has = (list: readonly RoleName[]) =>
    roleNames.some((name) => (list as readonly string[]).includes(name));
  if (has(ADMIN_ROLES)) return "admin";
  if (has(EMPLOYER_ROLES.filter((role) => role !== "EMPLOYER_REPORTING"))) return "employer";
  if (has(["EMPLOYER_REPORTING"])) return "reporting";
  if (has(["BIKE_STORE"])) return "bikeStore";
  if (has(["BIKE_BENEFICIARY"])) return "myBike";
  return "ownDetails";
}

/** Queues one person's digest of the mails held for them until `now`; answers how many it holds. */
async function queueDigestOf(db: Db, userId: string, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const held = await lockRows(
      tx,
      "messageOutbox",
      tx
        .select({ id: messageOutbox.id, subject: messageOutbox.subject })
        .from(messageOutbox)
        .where(
          and(
            eq(messageOutbox.userId, userId),
            eq(messageOutbox.status, "HELD"),
            lt(messageOutbox.createdAt, nextMillisecond(now)),
          ),
        )
        .orderBy(asc(messageOutbox.createdAt))
        .for("update", { skipLocked: true }),
    );
    if (held.length === 0) return 0;
    const [person] = await tx
      .select({ email: users.email, language: users.language, name: systemUsers.firstName })
      .from(users)
      .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
      .where(eq(users.id, userId));
    if (!person) return 0;
    const roleRows = await tx
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    const params: DigestRowParams = {
      name: person.name,
      subjects: held.map((row) => row.subject ?? "—"),
      workRoute: workRouteOf(roleRows.map((row) => row.name)),
    };
    await queueMessage(tx, {
      userId,
      event: DAILY_DIGEST_EVENT,
      channel: "EMAIL",
      recipient: person.email,
      language: person.language,
      params,
    });
    await tx
      .update(messageOutbox)
      .set({ status: "SENT", sentAt: now, lastAnswer: "sent in the daily digest" })
      .where(
        inArray(
          messageOutbox.id,
          held.map((row) => row.id),
        ),
      );
    return held.length;
  });
}

/** Queues the day's digests: one mail per person with held mails. */
export async function sendDailyDigests(db: Db, deps: { now: Date; log: Log }) {
  const people = await db
    .selectDistinct({ userId: messageOutbox.userId })
    .from(messageOutbox)
    .where(
      and(
        eq(messageOutbox.status, "HELD"),
        isNotNull(messageOutbox.userId),
        lt(messageOutbox.createdAt, nextMillisecond(deps.now)),
      ),
    );
  let digests = 0;
  let mails = 0;
  for (const { userId } of people) {
    if (!userId) continue;
    const count = await queueDigestOf(db, userId, deps.now);
    if (count > 0) {
      digests++;
      mails += count;
    }
  }
  if (digests > 0) deps.log.info({ digests, mails }, "daily digests queued");
  return { digests, mails };
}

/** Renders a queued digest as it is sent, with this deployment's links in the person's language. */
export function renderDailyDigest(
  row: { language: string; params: Record<string, unknown> },
  deps: { publicUrl: string },
): RenderedMail {
  const params = row.params as DigestRowParams;
  return dailyDigestMail(row.language, {
    name: params.name,
    subjects: params.subjects,
    workUrl: pageUrl(deps.publicUrl, row.language, params.workRoute),
    preferencesUrl: pageUrl(deps.publicUrl, row.language, "ownDetails"),
  });
}
