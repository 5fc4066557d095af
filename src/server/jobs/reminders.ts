import { and, eq, inArray, isNotNull, isNull, notExists, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { NotificationEvent } from "../../domain/notification-table.ts";
import { DEFAULT_REMINDER_SETTINGS, isReminderOn, reminderRulesFor } from "../../domain/reminder-settings.ts";
import {
  dueReminderStep,
  REMINDER_KINDS,
  REMINDER_RULES,
  type ReminderKind,
  type ReminderStep,
} from "../../domain/reminders.ts";
import { waitedDays } from "../../domain/working-days.ts";
import type { Db } from "../db/client.ts";
import { lockRows } from "../db/lock-order.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  leasingAgreements,
  orders,
  reminderSends,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../db/schema/index.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import type { ReminderMailParams } from "../messaging/reminder-mails.ts";
import { queueMessages } from "../modules/notifications/outbox.ts";
import { employerUsersWithPermission } from "../modules/notifications/recipients.ts";
import { reminderSettingsByCompany } from "../modules/reminder-settings/settings.ts";
import { sendDeadlineReminders } from "./deadline-reminders.ts";

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

export type Recipient = { userId: string | null; email: string; language: string; name?: string | null };

/** Who may approve the company's orders: its employer users and its group's admins with the permission. */
async function approversOf(tx: Tx, companyId: string): Promise<Recipient[]> {
  // The same approvers the order's "waiting for you" mail went to (group admins of the group included).
  const approvers = await employerUsersWithPermission(tx, companyId, "orders.approve");
  return approvers.map(({ firstName, ...approver }) => ({ ...approver, name: firstName }));
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

/**
 * Whom an approval that waited too long is escalated to: the company's backup approver when it named
 * one who still may approve there, otherwise the group admins.
 */
async function escalationOf(tx: Tx, companyId: string, backupApproverUserId: string | null) {
  if (backupApproverUserId) {
    const backup = (await approversOf(tx, companyId)).find((user) => user.userId === backupApproverUserId);
    if (backup) return [backup];
  }
  return escalationRecipientsOf(tx, companyId);
}

/** The approvers, the escalation's readers, the employee of the order, or the bike store's e-mail. */
async function recipientsOf(
  tx: Tx,
  kind: ReminderKind,
  step: ReminderStep,
  order: OrderRow,
): Promise<Recipient[]> {
  if (kind === "EMPLOYER_APPROVAL") {
    return step.event === "ORDER_APPROVAL_ESCALATED"
      ? escalationOf(tx, order.companyId, order.backupApproverUserId ?? null)
      : approversOf(tx, order.companyId);
  }
  if (kind === "STORE_PACKAGE") {
    const [store] = await tx
      .select({ email: bikeStores.email, language: bikeStores.language })
      .from(bikeStores)
      .where(eq(bikeStores.id, order.bikeStoreId ?? ""));
    return store?.email ? [{ userId: null, email: store.email, language: store.language }] : [];
  }
  return employeeOf(tx, order.beneficiaryEmployeeId);
}

/** The employee's active account, in their language. */
export async function employeeOf(tx: Tx, beneficiaryEmployeeId: string): Promise<Recipient[]> {
  const [employee] = await tx
    .select({ userId: users.id, email: users.email, language: users.language, name: systemUsers.firstName })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(beneficiaryEmployees.id, beneficiaryEmployeeId), eq(users.deactivated, false)));
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
  /** The company's backup approver, who gets the escalation instead of the group admin. */
  backupApproverUserId?: string | null;
};

/** What one reminder step is about, as the unique keys of reminder_sends read it. */
export type ReminderKey = {
  orderId: string | null;
  subjectId: string | null;
  kind: string;
  step: number;
  waitingSince: Date;
};

/**
 * Claims a reminder step and queues its messages in the outbox, inside the caller's transaction: the
 * reminder_sends row is written first, and a second job (a restart, another instance) that finds it
 * written queues nothing. Answers how many messages were queued.
 */
export async function queueReminderMessages(
  tx: Tx,
  key: ReminderKey,
  event: NotificationEvent,
  recipientsOfStep: () => Promise<Recipient[]>,
  params: (recipient: Recipient) => ReminderMailParams & Record<string, unknown>,
): Promise<number> {
  const [claimed] = await tx
    .insert(reminderSends)
    .values(key)
    .onConflictDoNothing()
    .returning({ id: reminderSends.id });
  if (!claimed) return 0;
  const recipients = await recipientsOfStep();
  if (recipients.length === 0) return 0;
  await queueMessages(
    tx,
    recipients.map((recipient) => ({
      userId: recipient.userId,
      event,
      channel: "EMAIL" as const,
      recipient: recipient.email,
      language: recipient.language as "fi" | "en" | "sv",
      params: params(recipient),
    })),
  );
  await tx.update(reminderSends).set({ messages: recipients.length }).where(eq(reminderSends.id, claimed.id));
  return recipients.length;
}

/**
 * Queues one reminder step of an order in the outbox, once (queueReminderMessages). Inside its own
 * transaction, with the order locked and its status checked again, so a move made meanwhile wins.
 */
async function queueReminder(
  db: Db,
  kind: ReminderKind,
  step: ReminderStep,
  order: OrderRow,
  days: number,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [current] = await lockRows(
      tx,
      "order",
      tx.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, order.id)).for("update"),
    );
    if (current?.status !== REMINDER_RULES[kind].status) return 0;
    return queueReminderMessages(
      tx,
      { orderId: order.id, subjectId: null, kind, step: step.step, waitingSince: order.since },
      step.event,
      () => recipientsOf(tx, kind, step, order),
      (recipient) => ({
        orderId: order.id,
        orderNumber: order.orderNumber,
        companyName: order.companyName,
        name: recipient.name ?? null,
        days,
      }),
    );
  });
}

/** Queues the day's reminders of orders left waiting and of deadlines coming closer. */
export async function sendReminders(
  db: Db,
  deps: RemindersDeps,
): Promise<{ steps: number; messages: number; failed: number }> {
  const waiting = await sendOrderReminders(db, deps);
  const deadlines = await sendDeadlineReminders(db, deps);
  return {
    steps: waiting.steps + deadlines.steps,
    messages: waiting.messages + deadlines.messages,
    failed: waiting.failed + deadlines.failed,
  };
}

/**
 * Queues the day's reminders of orders left waiting, each by its company's settings (the defaults
 * when it saved none); answers how many steps were due and how many messages they queued.
 */
export async function sendOrderReminders(
  db: Db,
  deps: RemindersDeps,
): Promise<{ steps: number; messages: number; failed: number }> {
  let steps = 0;
  let messages = 0;
  let failed = 0;
  const settingsOf = await reminderSettingsByCompany(db);
  for (const kind of REMINDER_KINDS) {
    const status = REMINDER_RULES[kind].status;
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
      .where(and(eq(orders.orderStatus, status), waitsFor(db, kind)))
      .orderBy(orders.createdAt)
      .limit(MAX_REMINDERS_PER_RUN);
    for (const order of candidates) {
      const settings = settingsOf.get(order.companyId) ?? DEFAULT_REMINDER_SETTINGS;
      if (!isReminderOn(settings, kind)) continue;
      const rule = reminderRulesFor(settings)[kind];
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
        const row = { ...order, backupApproverUserId: settings.backupApproverUserId };
        messages += await queueReminder(db, kind, step, row, waited);
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
