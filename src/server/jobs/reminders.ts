import { and, eq, inArray, isNotNull, isNull, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import {
  dueReminderStep,
  REMINDER_KINDS,
  REMINDER_RULES,
  type ReminderKind,
  type ReminderStep,
} from "../../domain/reminders.ts";
import { waitedDays } from "../../domain/working-days.ts";
import type { Db } from "../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  leasingAgreements,
  messageOutbox,
  orders,
  permissions,
  reminderSends,
  rolePermissions,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../db/schema/index.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import type { ReminderMailParams } from "../messaging/reminder-mails.ts";

/**
 * The reminders of orders left waiting (a pg-boss job, jobs/runner.ts): every morning, each order that
 * has waited long enough for the employer's approval, the employee's acceptance or signature, or the
 * bike store's package gets the step that is due, queued in the message outbox in the same transaction
 * as the row of reminder_sends whose unique key sends each step once. An order that has left the status
 * is no longer found, so its reminders stop.
 */

export const REMINDERS_QUEUE = "order-reminders";
/** At 08:00 Helsinki time every day, when people read their mail. */
export const REMINDERS_CRON = "0 8 * * *";
/** At most this many orders a kind a run; the next run takes the rest. */
export const MAX_REMINDERS_PER_RUN = 500;

type Log = Pick<FastifyBaseLogger, "info" | "error">;

export type RemindersDeps = { now: Date; log: Log };

/** When the order entered its status: its latest move there, or, before any move, when it was made. */
const waitingSince = sql<Date>`coalesce((
  select max(${eventLog.createdAt}) from ${eventLog}
  where ${eventLog.entityType} = 'order' and ${eventLog.entityId} = ${orders.id}
    and ${eventLog.data}->>'to' = ${orders.orderStatus}::text
), ${orders.createdAt})`.mapWith((value: string | Date) => new Date(value));

/** What else, beside its status, makes an order wait for this kind's reader. */
function waitsFor(db: Db, kind: ReminderKind): SQL | undefined {
  const signed = db
    .select({ one: sql`1` })
    .from(leasingAgreements)
    .where(
      and(
        eq(leasingAgreements.orderId, orders.id),
        inArray(leasingAgreements.status, ["SIGNED", "ACCEPTED"]),
      ),
    );
  switch (kind) {
    case "EMPLOYER_APPROVAL":
      return and(eq(orders.employerApprovalRequired, true), isNull(orders.employerApprovedAt));
    case "AGREEMENT_SIGNING":
      return notExists(signed);
    case "STORE_PACKAGE":
      return isNotNull(orders.bikeStoreId);
    case "PACKAGE_ACCEPTANCE":
      return undefined;
  }
}

type Recipient = { userId: string | null; email: string; language: string; name?: string | null };

/** The company's active employer users whose roles there carry the permission to approve orders. */
async function approversOf(tx: Tx, companyId: string): Promise<Recipient[]> {
  return tx
    .selectDistinct({
      userId: users.id,
      email: users.email,
      language: users.language,
      name: systemUsers.firstName,
    })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(
      and(
        eq(userRoles.companyId, companyId),
        eq(permissions.name, "orders.approve"),
        eq(users.deactivated, false),
      ),
    );
}

/**
 * Whom an approval that waited too long is escalated to: the group admins of the company's group
 * (their role held in any company of it); a company outside a group, its employer admins.
 */
async function escalationRecipientsOf(tx: Tx, companyId: string): Promise<Recipient[]> {
  const [company] = await tx
    .select({ groupId: companies.groupCompanyId })
    .from(companies)
    .where(eq(companies.id, companyId));
  const inGroup = company?.groupId
    ? tx.select({ id: companies.id }).from(companies).where(eq(companies.groupCompanyId, company.groupId))
    : null;
  return tx
    .selectDistinct({
      userId: users.id,
      email: users.email,
      language: users.language,
      name: systemUsers.firstName,
    })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(
      and(
        inGroup
          ? and(eq(roles.name, "EMPLOYER_GROUP_ADMIN"), inArray(userRoles.companyId, inGroup))
          : and(eq(roles.name, "EMPLOYER_ADMIN"), eq(userRoles.companyId, companyId)),
        eq(users.deactivated, false),
      ),
    );
}

/** The employee of the order, or the bike store's e-mail in the store's language. */
async function recipientsOf(
  tx: Tx,
  kind: ReminderKind,
  step: ReminderStep,
  order: OrderRow,
): Promise<Recipient[]> {
  if (kind === "EMPLOYER_APPROVAL") {
    return step.event === "ORDER_APPROVAL_ESCALATED"
      ? escalationRecipientsOf(tx, order.companyId)
      : approversOf(tx, order.companyId);
  }
  if (kind === "STORE_PACKAGE") {
    const [store] = await tx
      .select({ email: bikeStores.email, language: bikeStores.language })
      .from(bikeStores)
      .where(eq(bikeStores.id, order.bikeStoreId ?? ""));
    return store?.email ? [{ userId: null, email: store.email, language: store.language }] : [];
  }
  const [employee] = await tx
    .select({ userId: users.id, email: users.email, language: users.language, name: systemUsers.firstName })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId), eq(users.deactivated, false)));
  return employee ? [employee] : [];
}

type OrderRow = {
  id: string;
  orderNumber: number;
  companyId: string;
  companyName: string;
  beneficiaryEmployeeId: string;
  bikeStoreId: string | null;
  since: Date;
};

/**
 * Queues one reminder step of an order in the outbox, once: the reminder_sends row is written first and
 * a second job (a restart, another instance) that finds it written queues nothing. Inside its own
 * transaction, with the order locked and its status checked again, so a move made meanwhile wins.
 */
export async function queueReminder(
  db: Db,
  kind: ReminderKind,
  step: ReminderStep,
  order: OrderRow,
  days: number,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, order.id))
      .for("update");
    if (current?.status !== REMINDER_RULES[kind].status) return 0;
    const [claimed] = await tx
      .insert(reminderSends)
      .values({ orderId: order.id, kind, step: step.step, waitingSince: order.since })
      .onConflictDoNothing()
      .returning({ id: reminderSends.id });
    if (!claimed) return 0;
    const recipients = await recipientsOf(tx, kind, step, order);
    if (recipients.length === 0) return 0;
    await tx.insert(messageOutbox).values(
      recipients.map((recipient) => {
        const params: ReminderMailParams & { orderId: string } = {
          orderId: order.id,
          orderNumber: order.orderNumber,
          companyName: order.companyName,
          name: recipient.name ?? null,
          days,
        };
        return {
          userId: recipient.userId,
          event: step.event,
          channel: "EMAIL" as const,
          recipient: recipient.email,
          language: recipient.language as "fi" | "en" | "sv",
          params,
        };
      }),
    );
    await tx
      .update(reminderSends)
      .set({ messages: recipients.length })
      .where(eq(reminderSends.id, claimed.id));
    return recipients.length;
  });
}

/** Queues the day's reminders; answers how many steps were due and how many messages they queued. */
export async function sendOrderReminders(
  db: Db,
  deps: RemindersDeps,
): Promise<{ steps: number; messages: number; failed: number }> {
  let steps = 0;
  let messages = 0;
  let failed = 0;
  for (const kind of REMINDER_KINDS) {
    const rule = REMINDER_RULES[kind];
    const candidates = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        companyId: orders.companyId,
        companyName: companies.name,
        beneficiaryEmployeeId: orders.beneficiaryEmployeeId,
        bikeStoreId: orders.bikeStoreId,
        since: waitingSince,
      })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(and(eq(orders.orderStatus, rule.status), waitsFor(db, kind)))
      .orderBy(orders.createdAt)
      .limit(MAX_REMINDERS_PER_RUN);
    for (const order of candidates) {
      const waited = waitedDays(order.since, deps.now, rule.unit);
      const sent = await db
        .select({ step: reminderSends.step })
        .from(reminderSends)
        .where(
          and(
            eq(reminderSends.orderId, order.id),
            eq(reminderSends.kind, kind),
            eq(reminderSends.waitingSince, order.since),
          ),
        );
      const step = dueReminderStep(
        rule,
        waited,
        sent.map((row) => row.step),
      );
      if (!step) continue;
      try {
        messages += await queueReminder(db, kind, step, order, waited);
        steps++;
      } catch (error) {
        failed++;
        deps.log.error({ err: error, orderId: order.id, kind, step: step.step }, "order reminder failed");
      }
    }
  }
  if (steps > 0 || failed > 0) deps.log.info({ steps, messages, failed }, "order reminders queued");
  return { steps, messages, failed };
}
