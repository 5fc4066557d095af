import {
  and,
  between,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  ne,
  not,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import {
  DEADLINE_REMINDER_KINDS,
  DEADLINE_REMINDER_RULES,
  type DeadlineReminderKind,
  type DeadlineReminderStep,
  daysUntil,
  dueDeadlineStep,
  readUntil,
} from "../../domain/deadline-reminders.ts";
import { REDEMPTION_CASE_ORDER_STATUSES } from "../../domain/lease-dates.ts";
import { DEFAULT_REMINDER_SETTINGS, isReminderOn } from "../../domain/reminder-settings.ts";
import type { Db } from "../db/client.ts";
import {
  bikeRedemptions,
  eventLog,
  handovers,
  leasingAgreements,
  orders,
  reminderSends,
  userPayments,
} from "../db/schema/index.ts";
import { inTransaction, type Tx } from "../db/transaction.ts";
import { effectiveLeaseEndSql } from "../modules/leasing/lease-last-day-sql.ts";
import { reminderSettingsByCompany } from "../modules/reminder-settings/settings.ts";
import { employeeOf, MAX_REMINDERS_PER_RUN, queueReminderMessages, type RemindersDeps } from "./reminders.ts";

/**
 * The reminders of a deadline coming closer (domain/deadline-reminders.ts), queued by the daily
 * reminders job: the defect window of a shipped bike, a redemption case's decision deadline, the lease's
 * end and an own payment's due date. Each goes to the employee, in their language, once per step and
 * deadline (reminder_sends keys it by what it is about and the deadline, so a deadline that moves is
 * reminded anew), and none once the step is done: a defect reported, a choice made, a payment paid.
 */

/** One thing whose deadline comes closer, as every kind's read answers it. */
type DeadlineRow = {
  subjectId: string;
  orderId: string | null;
  orderNumber: number | null;
  companyId: string;
  beneficiaryEmployeeId: string;
  deadline: string;
  amountCents?: number | null;
  referenceNumber?: string | null;
};

const dateText = (column: SQL | AnyPgColumn) => sql<string>`(${column})::text`.mapWith(String);

/** The order numbers: what the mails name the bike by. */
const orderColumns = {
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  companyId: orders.companyId,
  beneficiaryEmployeeId: orders.beneficiaryEmployeeId,
};

/**
 * The things of a kind whose deadline is from today to the furthest any step looks ahead, and whose
 * step is not done; with `subjectId`, that one only (checked again as the reminder is queued).
 */
async function deadlinesOf(
  db: Db | Tx,
  kind: DeadlineReminderKind,
  today: string,
  subjectId?: string,
): Promise<DeadlineRow[]> {
  const until = readUntil(kind, today);
  switch (kind) {
    case "DEFECT_WINDOW": {
      // Reported already: the employee knows the way, and the store has the report.
      const reported = db
        .select({ one: sql`1` })
        .from(eventLog)
        .where(
          and(
            eq(eventLog.entityType, "order"),
            eq(eventLog.entityId, orders.id),
            eq(eventLog.type, "HANDOVER_DEFECT_REPORTED"),
          ),
        );
      return db
        .select({
          subjectId: handovers.id,
          ...orderColumns,
          deadline: dateText(handovers.defectWindowEndsOn),
        })
        .from(handovers)
        .innerJoin(orders, eq(orders.id, handovers.orderId))
        .where(
          and(
            eq(handovers.status, "COMPLETED"),
            between(handovers.defectWindowEndsOn, today, until),
            not(exists(reported)),
            subjectId ? eq(handovers.id, subjectId) : undefined,
          ),
        )
        .orderBy(handovers.defectWindowEndsOn)
        .limit(MAX_REMINDERS_PER_RUN);
    }
    case "LEASE_END_CHOICE":
      return db
        .select({
          subjectId: bikeRedemptions.id,
          ...orderColumns,
          deadline: dateText(bikeRedemptions.decisionDeadline),
        })
        .from(bikeRedemptions)
        .innerJoin(orders, eq(orders.id, bikeRedemptions.orderId))
        .where(
          and(
            eq(bikeRedemptions.status, "PENDING"),
            isNull(bikeRedemptions.choice),
            between(bikeRedemptions.decisionDeadline, today, until),
            subjectId ? eq(bikeRedemptions.id, subjectId) : undefined,
          ),
        )
        .orderBy(bikeRedemptions.decisionDeadline)
        .limit(MAX_REMINDERS_PER_RUN);
    case "LEASE_END": {
      const ends = effectiveLeaseEndSql(orders.id, leasingAgreements.endDate);
      // Chosen already (in an open or completed case): the lease's end is in hand.
      const chosen = db
        .select({ one: sql`1` })
        .from(bikeRedemptions)
        .where(
          and(
            eq(bikeRedemptions.orderId, orders.id),
            ne(bikeRedemptions.status, "CANCELLED"),
            isNotNull(bikeRedemptions.choice),
          ),
        );
      return db
        .select({ subjectId: orders.id, ...orderColumns, deadline: dateText(ends) })
        .from(orders)
        .innerJoin(leasingAgreements, eq(leasingAgreements.orderId, orders.id))
        .where(
          and(
            inArray(orders.orderStatus, [...REDEMPTION_CASE_ORDER_STATUSES]),
            eq(leasingAgreements.status, "ACCEPTED"),
            sql`${ends} between ${today} and ${until}`,
            not(exists(chosen)),
            subjectId ? eq(orders.id, subjectId) : undefined,
          ),
        )
        .orderBy(ends)
        .limit(MAX_REMINDERS_PER_RUN);
    }
    case "UNPAID_PAYMENT":
      return db
        .select({
          subjectId: userPayments.id,
          orderId: userPayments.orderId,
          orderNumber: orders.orderNumber,
          companyId: userPayments.companyId,
          beneficiaryEmployeeId: userPayments.beneficiaryEmployeeId,
          deadline: dateText(userPayments.dueDate),
          amountCents: userPayments.amountCents,
          referenceNumber: userPayments.referenceNumber,
        })
        .from(userPayments)
        .leftJoin(orders, eq(orders.id, userPayments.orderId))
        .where(
          and(
            // An invoice the employee pays themself; a payroll deduction needs nothing of them.
            eq(userPayments.paymentMethod, "BATCH"),
            isNotNull(userPayments.sentAt),
            eq(userPayments.isUserPaymentDone, false),
            notInArray(userPayments.paymentStatus, ["PAID", "CANCELLED"]),
            between(userPayments.dueDate, today, until),
            subjectId ? eq(userPayments.id, subjectId) : undefined,
          ),
        )
        .orderBy(userPayments.dueDate)
        .limit(MAX_REMINDERS_PER_RUN);
  }
}

/** The deadline as the instant reminder_sends keys a deadline's reminder by. */
const deadlineKey = (deadline: string) => new Date(`${deadline}T00:00:00Z`);

/**
 * Queues one deadline reminder step, once, in its own transaction: the thing is read again there, so a
 * step done meanwhile (a choice made, a payment paid) or a deadline moved sends nothing.
 */
async function queueDeadlineReminder(
  db: Db,
  kind: DeadlineReminderKind,
  step: DeadlineReminderStep,
  row: DeadlineRow,
  today: string,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const [current] = await deadlinesOf(tx, kind, today, row.subjectId);
    if (!current || current.deadline !== row.deadline) return 0;
    const days = daysUntil(today, row.deadline);
    return queueReminderMessages(
      tx,
      {
        orderId: row.orderId,
        subjectId: row.subjectId,
        kind,
        step: step.step,
        waitingSince: deadlineKey(row.deadline),
      },
      step.event,
      () => employeeOf(tx, row.beneficiaryEmployeeId),
      (recipient) => ({
        orderId: row.orderId,
        orderNumber: row.orderNumber,
        name: recipient.name ?? null,
        days,
        deadline: row.deadline,
        amountCents: row.amountCents ?? null,
        referenceNumber: row.referenceNumber ?? null,
      }),
    );
  });
}

/** Queues the day's deadline reminders; answers how many steps were due and how many messages they queued. */
export async function sendDeadlineReminders(
  db: Db,
  deps: RemindersDeps,
): Promise<{ steps: number; messages: number; failed: number }> {
  let steps = 0;
  let messages = 0;
  let failed = 0;
  const today = toHelsinkiDateString(deps.now);
  const settingsOf = await reminderSettingsByCompany(db);
  for (const kind of DEADLINE_REMINDER_KINDS) {
    for (const row of await deadlinesOf(db, kind, today)) {
      const settings = settingsOf.get(row.companyId) ?? DEFAULT_REMINDER_SETTINGS;
      if (!isReminderOn(settings, kind)) continue;
      const sent = await db
        .select({ step: reminderSends.step })
        .from(reminderSends)
        .where(
          and(
            eq(reminderSends.subjectId, row.subjectId),
            eq(reminderSends.kind, kind),
            eq(reminderSends.waitingSince, deadlineKey(row.deadline)),
          ),
        );
      const step = dueDeadlineStep(
        DEADLINE_REMINDER_RULES[kind],
        today,
        row.deadline,
        sent.map((sentRow) => sentRow.step),
      );
      if (!step) continue;
      try {
        messages += await queueDeadlineReminder(db, kind, step, row, today);
        steps++;
      } catch (error) {
        failed++;
        deps.log.error(
          { err: error, subjectId: row.subjectId, kind, step: step.step },
          "deadline reminder failed",
        );
      }
    }
  }
  if (steps > 0 || failed > 0) deps.log.info({ steps, messages, failed }, "deadline reminders queued");
  return { steps, messages, failed };
}
