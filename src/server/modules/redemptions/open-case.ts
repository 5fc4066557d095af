import { and, desc, eq } from "drizzle-orm";
import { hasEmploymentEnd } from "../../../domain/employees.ts";
import type { RedemptionReason } from "../../../domain/enums.ts";
import { redemptionCaseOpenable } from "../../../domain/lease-dates.ts";
import { FINNISH_VAT_PERCENT } from "../../../domain/money.ts";
import {
  EARLY_END_DAY_RULE,
  earlyEndDayRange,
  isDayWithin,
  isEarlyEnd,
  monthsPaidBy,
  redemptionPriceCents,
  redemptionSchedule,
  returnFeeShares,
} from "../../../domain/redemption.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  billingTables,
  companies,
  employeeAbsences,
  leasingAgreements,
  orders,
} from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { badRequest, notFound } from "../../errors.ts";
import { noActiveLease } from "../leasing/errors.ts";
import { isOrderBikeInUse } from "../orders/after-sales.ts";
import { type OfferOutput, storeGeneratedOffer } from "./add-offer.ts";
import { loadCaseFacts, onCase, todayOf } from "./case-facts.ts";
import { notifyEmployerAdmins } from "./employer-bell.ts";
import { redemptionAlreadyOpen } from "./errors.ts";

/**
 * Opening a redemption case (ADR 009, "The lease's end"), the same for the API, the daily job and the
 * demo seed: its price and dates by src/domain/redemption.ts, its offer PDF and the employer admins'
 * bell, in the caller's transaction. The caller queues the employee's mail with it (mails.ts
 * queueRedemptionMail).
 */

/** Who opened the case, as its BIKE_REDEMPTION_STARTED event records it (the daily job: SYSTEM). */
export type OpenedAs = "SYSTEM" | "HELPDESK" | "EMPLOYER" | "EMPLOYEE";

export type OpenRedemptionCase = {
  orderId: string;
  reason: RedemptionReason;
  lastWorkingDay?: string | null;
  absenceStartDate?: string | null;
  /** A long absence the employer caused (a lay-off); taken from the employer or the helpdesk only. */
  employerInitiated?: boolean;
  note?: string | null;
};

/**
 * Opens a case for an order whose agreement is accepted and dated, in ACTIVE_LEASING with a lease
 * nothing has settled yet or billed and waiting for the lease's first day (else 409 NO_ACTIVE_LEASE); one open case per order (409
 * REDEMPTION_ALREADY_OPEN). Answers the case's id.
 */
export async function openRedemptionCase(
  ctx: WriteContext,
  input: OpenRedemptionCase,
  openedAs: OpenedAs,
  output: OfferOutput,
): Promise<string> {
  const { tx, now } = ctx;
  const today = todayOf(now);
  const [order] = await lockRows(
    tx,
    "order",
    tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update"),
  );
  if (!order) throw notFound("Order");
  const [agreement] = await tx
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, order.id))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  if (
    !redemptionCaseOpenable({ orderStatus: order.orderStatus, agreement: agreement ?? null }) ||
    !agreement?.startDate ||
    !agreement.endDate ||
    // A lease not started yet can only end early (the employment or the benefit ends before it).
    (agreement.startDate > today && !isEarlyEnd(input.reason)) ||
    // Redeemed, returned or closed by a claim: settled. A lease past its end without a case is not;
    // nor is one whose first day is still ahead (nothing can have settled it yet).
    (order.orderStatus === "ACTIVE_LEASING" &&
      !(await isOrderBikeInUse(tx, order.id, today, { pastEndAllowed: true })))
  )
    throw noActiveLease("The order has no running or starting lease");
  const [open] = await tx
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(and(eq(bikeRedemptions.orderId, order.id), eq(bikeRedemptions.status, "PENDING")));
  if (open) throw redemptionAlreadyOpen();
  // One after another on the transaction's one connection (db/transaction.ts).
  const [employment] = await tx
    .select()
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId));
  const [company] = await tx
    .select({ paymentMode: companies.paymentMode, city: companies.city })
    .from(companies)
    .where(eq(companies.id, order.companyId));
  const [table] = order.billingTableId
    ? await tx
        .select({ interest: billingTables.annualInterestPercent })
        .from(billingTables)
        .where(eq(billingTables.id, order.billingTableId))
    : [];
  if (!employment || !company) throw notFound("Order");

  const endsEmployment = input.reason === "EMPLOYEE_RESIGNED" || input.reason === "EMPLOYER_ENDED_EMPLOYMENT";
  ensureDaysWithinLease(input, endsEmployment, {
    today,
    leaseStartDate: agreement.startDate,
    termEndDate: agreement.endDate,
  });
  const lastWorkingDay = endsEmployment
    ? (input.lastWorkingDay ??
      (hasEmploymentEnd(employment.lastWorkingDayDate) ? employment.lastWorkingDayDate : null))
    : null;
  const absenceStartDate =
    input.reason === "LONG_ABSENCE"
      ? (input.absenceStartDate ?? (await latestAbsenceStart(tx, employment.id)))
      : null;
  if (input.reason === "LONG_ABSENCE" && !absenceStartDate)
    throw badRequest("Give the absence's first day", [
      { field: "body.absenceStartDate", message: "Required: the employee has no recorded absence" },
    ]);
  const employerCaused =
    input.reason === "LONG_ABSENCE" && openedAs !== "EMPLOYEE" && input.employerInitiated === true;
  const schedule = redemptionSchedule({
    reason: input.reason,
    today,
    leaseStartDate: agreement.startDate,
    termEndDate: agreement.endDate,
    lastWorkingDay,
    absenceStartDate,
    employerCaused,
  });
  const terms = {
    packageCents: agreement.totalPriceCents,
    residualCents: agreement.residualValueCents ?? order.residualValueCents ?? 0,
    leaseTimeMonths: agreement.leaseTimeMonths,
    annualInterestPercent: table?.interest ?? 0,
  };
  const price = redemptionPriceCents(
    terms,
    monthsPaidBy(agreement.startDate, agreement.leaseTimeMonths, schedule.leaseEndsOn),
  );
  const city =
    order.deliveryMethod === "HOME_DELIVERY" && order.deliveryCity ? order.deliveryCity : company.city;

  let id: string;
  try {
    const [row] = await tx
      .insert(bikeRedemptions)
      .values({
        orderId: order.id,
        beneficiaryEmployeeId: order.beneficiaryEmployeeId,
        companyId: order.companyId,
        leasingAgreementId: agreement.id,
        status: "PENDING",
        reason: input.reason,
        decisionDeadline: schedule.decisionDeadline,
        leaseEndsOn: schedule.leaseEndsOn,
        returnFeeCents: isEarlyEnd(input.reason) ? returnFeeShares(input.reason, city).employeeCents : null,
        openedByUserId: ctx.actor.userId,
        paymentMethod: company.paymentMode === "BATCH" ? "BATCH" : "PAYROLL",
        redemptionPriceCents: price,
        vatPercent: order.vatPercent ?? FINNISH_VAT_PERCENT,
        note: input.note || null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: bikeRedemptions.id });
    id = row?.id as string;
  } catch (error) {
    if (isUniqueViolation(error)) throw redemptionAlreadyOpen();
    throw error;
  }
  await recordEvent(ctx, {
    type: "BIKE_REDEMPTION_STARTED",
    ...onCase({ id, companyId: order.companyId }),
    data: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      reason: input.reason,
      openedAs,
      leaseEndsOn: schedule.leaseEndsOn,
      decisionDeadline: schedule.decisionDeadline,
      amountCents: price,
      lastWorkingDay,
      absenceStartDate,
      coveredUntil: schedule.coveredUntil,
      employerInitiated: employerCaused,
    },
  });
  const facts = await loadCaseFacts(tx, id);
  await storeGeneratedOffer(ctx, facts, output);
  await notifyEmployerAdmins(tx, facts, { kind: "opened" });
  return id;
}

/**
 * The day the caller gives for the reason — the last working day of an ending employment, a long
 * absence's first day — must fall within earlyEndDayRange (src/domain/redemption.ts): else 400 at the
 * field, with the rule and the range for the forms' words, and nothing stored. A day the reason does
 * not use is ignored as before; one taken from the employer's records (left out of the body) is the
 * employer's, kept by its own rules, and the schedule places its month within the lease.
 */
function ensureDaysWithinLease(
  input: OpenRedemptionCase,
  endsEmployment: boolean,
  lease: { today: string; leaseStartDate: string; termEndDate: string },
) {
  const range = earlyEndDayRange(lease);
  const given: [field: string, day: string | null | undefined][] = [
    ["lastWorkingDay", endsEmployment ? input.lastWorkingDay : null],
    ["absenceStartDate", input.reason === "LONG_ABSENCE" ? input.absenceStartDate : null],
  ];
  const outside = given.flatMap(([field, day]) => (day && !isDayWithin(day, range) ? [field] : []));
  if (outside.length === 0) return;
  throw badRequest(
    "The day must fall within the lease",
    outside.map((field) => ({
      field: `body.${field}`,
      message: `Between ${range.min} and ${range.max}`,
      issue: { code: "custom", params: { rule: EARLY_END_DAY_RULE, min: range.min, max: range.max } },
    })),
  );
}

async function latestAbsenceStart(tx: Tx, employmentId: string): Promise<string | null> {
  const [absence] = await tx
    .select({ startDate: employeeAbsences.startDate })
    .from(employeeAbsences)
    .where(eq(employeeAbsences.beneficiaryEmployeeId, employmentId))
    .orderBy(desc(employeeAbsences.startDate))
    .limit(1);
  return absence?.startDate ?? null;
}
