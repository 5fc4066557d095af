import type { Db } from "../../src/server/db/client.ts";
import { messageOutbox } from "../../src/server/db/schema/index.ts";
import { createNotifications } from "../../src/server/modules/notifications/create.ts";
import { userIdByEmail } from "../helpers/ids.ts";
import type { Caller, Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The notification bell: the caller's own notifications. Rows read as those of
 * access-matrix.ts (see its header); only types come from there, so the import does not loop at run time.
 *
 * notifications.read: the admin tier and the employer admin (also Toinen Oy's); the editor, the group
 * admin, reporting and the employee have not (docs/product.md "Roles": the bell is the employer admin's).
 */
const bellUsers: Expectations = {
  anonymous: 401,
  admins: "ok",
  EMPLOYER_ADMIN: "ok",
  otherTenant: "ok",
  rest: 403,
};

/**
 * A notification is its user's alone: on one of Demo Oy's employer admin only they succeed; every other
 * caller who may use the bell (the admin tier too, and Toinen Oy's admin) gets 404.
 */
const demoAdminsOwn: Expectations = {
  anonymous: 401,
  admins: 404,
  EMPLOYER_ADMIN: "ok",
  otherTenant: 404,
  rest: 403,
};

/** A throw-away unread notification of the user; answers its id. */
async function freshNotification(db: Db, userId: string, companyId: string | null): Promise<string> {
  const [id] = await createNotifications(db, [
    {
      userId,
      companyId,
      type: "GENERAL",
      title: "Matriisi",
      message: "Matriisin ilmoitus",
    },
  ]);
  return id as string;
}

/** A fresh notification of Demo Oy's employer admin. */
async function demoAdminsNotification(f: Fixtures): Promise<string> {
  const userId = await userIdByEmail(f.db, "employer.admin@demo.test");
  return freshNotification(f.db, userId, f.demoCompanyId);
}

/** A fresh notification of the caller (of Demo Oy's employer admin when anonymous). */
async function callersNotification(f: Fixtures, caller: Caller): Promise<string> {
  if (!caller.userId) return demoAdminsNotification(f);
  return freshNotification(f.db, caller.userId, null);
}

/** A throw-away message of the employee's in the message outbox, already sent; answers its id. */
async function freshMessage(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .insert(messageOutbox)
    .values({
      userId,
      event: "ORDER_EMPLOYER_APPROVED",
      channel: "EMAIL",
      recipient: "employee@demo.test",
      params: { orderNumber: 1, name: "Matriisi" },
      status: "SENT",
      attempts: 1,
    })
    .returning({ id: messageOutbox.id });
  return row?.id as string;
}

/** notifications.publish: the admin tier only. */
const publishers: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

export const NOTIFICATION_ROWS: readonly MatrixRow[] = [
  {
    operation: "POST /api/notifications/system-update",
    call: () => ({
      body: {
        fi: { title: "Matriisin tiedote", message: "Tiedote kaikille työnantajille." },
        priority: "LOW",
      },
    }),
    expect: publishers,
  },
  { operation: "GET /api/notifications", call: () => ({ query: { limit: "5" } }), expect: bellUsers },
  {
    operation: "GET /api/notifications/checker",
    call: () => ({ query: { lastFetch: new Date(Date.now() - 60_000).toISOString() } }),
    expect: bellUsers,
  },
  { operation: "GET /api/notifications/unread-count", call: () => ({}), expect: bellUsers },
  {
    // The caller's own throw-away notification: everyone who may use the bell marks theirs.
    operation: "PUT /api/notifications/mark-as-read",
    call: async (f, caller) => ({ body: { notificationIds: [await callersNotification(f, caller)] } }),
    expect: bellUsers,
  },
  {
    operation: "GET /api/notifications/{id}",
    call: async (f) => ({ params: { id: await demoAdminsNotification(f) } }),
    expect: demoAdminsOwn,
  },
  {
    operation: "DELETE /api/notifications/{id}",
    call: async (f) => ({ params: { id: await demoAdminsNotification(f) } }),
    expect: demoAdminsOwn,
  },
  // The helpdesk's view of a person's messages and its resend (system-users.manage: the admin tier).
  {
    operation: "GET /api/system-users/{userId}/messages",
    call: (f) => ({ params: { userId: f.employeeUserId } }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "POST /api/system-users/{userId}/messages/{messageId}/resend",
    call: async (f) => ({
      params: { userId: f.employeeUserId, messageId: await freshMessage(f.db, f.employeeUserId) },
    }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
];
