import { and, eq, gt, ne } from "drizzle-orm";
import { DAY_MS } from "../../../domain/dates.ts";
import { describeDevice, maskIpAddress } from "../../../domain/devices.ts";
import type { Db } from "../../db/client.ts";
import { refreshSessions, systemUsers, users } from "../../db/schema/index.ts";
import { queueMessage } from "../notifications/outbox.ts";
import type { SessionMeta } from "./sessions.ts";

/**
 * A login from a device the account was not logged in from lately is told to its owner by mail: a
 * stolen password then shows itself. "Lately" is this many days; a device is its description (browser
 * and system, src/domain/devices.ts), so a browser's update is no new device. The account's very first
 * login (no last login before it) is no news to anyone and sends nothing; a login after a long quiet,
 * when no session of the account is left, is from a device not seen lately and is told.
 */
export const KNOWN_DEVICE_DAYS = 90;

const NEW_DEVICE_EVENT = "NEW_DEVICE_LOGIN";

/** What the mail is made from when it is sent (auth/mails.ts renderNewDeviceLoginMail). */
export type NewDeviceParams = {
  name: string | null;
  device: string | null;
  place: string | null;
  /** When the login happened (ISO). */
  at: string;
};

/**
 * Queues the mail of a login just made (its family `familyId`) when the user's earlier logins of the
 * last KNOWN_DEVICE_DAYS days came from no device of the same description. In the login's own
 * transaction where there is one, so the mail goes only for a login that stands.
 */
export async function tellOfNewDevice(
  db: Db,
  login: { userId: string; familyId: string; meta: SessionMeta; previousLoginAt: Date | null; now?: Date },
): Promise<void> {
  if (!login.previousLoginAt) return;
  const now = login.now ?? new Date();
  const earlier = and(eq(refreshSessions.userId, login.userId), ne(refreshSessions.familyId, login.familyId));
  const device = describeDevice(login.meta.userAgent);
  const since = new Date(now.getTime() - KNOWN_DEVICE_DAYS * DAY_MS);
  const seen = await db
    .selectDistinct({ userAgent: refreshSessions.userAgent })
    .from(refreshSessions)
    .where(and(earlier, gt(refreshSessions.createdAt, since)));
  if (seen.some((row) => describeDevice(row.userAgent) === device)) return;
  const [owner] = await db
    .select({ email: users.email, language: users.language, firstName: systemUsers.firstName })
    .from(users)
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(eq(users.id, login.userId));
  if (!owner) return;
  const params: NewDeviceParams = {
    name: owner.firstName,
    device,
    place: maskIpAddress(login.meta.ipAddress),
    at: now.toISOString(),
  };
  await queueMessage(db, {
    userId: login.userId,
    event: NEW_DEVICE_EVENT,
    channel: "EMAIL",
    recipient: owner.email,
    language: owner.language,
    params,
  });
}

/** When the account last logged in before the login under way: null for its very first. */
export async function lastLoginOf(db: Db, userId: string): Promise<Date | null> {
  const [row] = await db.select({ at: users.lastLoginAt }).from(users).where(eq(users.id, userId));
  return row?.at ?? null;
}
