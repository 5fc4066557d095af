import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { TLeaseEndChoiceInput, TUpdateBikeRedemption } from "../../../contract/bike-redemptions.ts";
import { hasEmploymentEnd } from "../../../domain/employees.ts";
import type { EventType, LeaseEndReason, PaymentMethod } from "../../../domain/enums.ts";
import { invoiceDueDate } from "../../../domain/invoice-status.ts";
import {
  isChoiceAvailable,
  isEarlyEnd,
  leaseEndPaymentDueDate,
  leaseEndSchedule,
  monthsPaidBy,
  redemptionPriceCents,
  returnFeeShares,
} from "../../../domain/lease-end.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import { paymentMethodAllowed } from "../../../domain/user-payments.ts";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import {
  beneficiaryEmployees,
  bikeBrokerages,
  bikeRedemptions,
  billingTables,
  companies,
  employeeAbsences,
  eventLog,
  invoices,
  leasingAgreements,
  orderItems,
  orders,
  redemptionOffers,
  redemptionPayments,
  userPayments,
} from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import { databaseFileStore } from "../../files/file-store.ts";
import type { ReceivedUpload } from "../../files/uploads.ts";
import { listBikeForBrokerage } from "../brokerage/listing.ts";
import { endLease } from "../leasing/lease-end.ts";
import { isOrderBikeInUse } from "../orders/after-sales.ts";
import { cancelUserPayment, createUserPayment } from "../user-payments/ledger.ts";
import {
  absenceFactsOf,
  type CaseFacts,
  loadCaseFacts,
  monthsPaidOf,
  optionsOf,
  rulePriceOf,
  todayOf,
} from "./case-facts.ts";
import { notifyEmployerAdmins } from "./notify.ts";
import { renderRedemptionOfferPdf } from "./offer-pdf.ts";

/**
 * The lease-end case's writes (issue 13 point 3), each inside the caller's transaction with its own
 * clock, so the API, the daily job and the demo seed make the same rows: opening a case (price and
 * dates by src/domain/lease-end.ts, its offer PDF, the employer's bell), the offers, the choice and what
 * follows from it (a user payment through the ledger, the brokerage), the helpdesk's changes, the
 * leasing company's invoice, completion (the lease ends) and cancellation. Each writes its event rows
 * on the case (entityType bikeRedemption). Mails go after the commit (notify.ts).
 */

/** Who acts: a user, or the daily job (null). */
export type Actor = { userId: string | null };
export type OpenedAs = "SYSTEM" | "HELPDESK" | "EMPLOYER" | "EMPLOYEE";
/** The offer PDF's link to where the employee chooses. */
export type OfferLinks = { publicUrl: string };

const closed = (message = "The bike redemption is closed") => new AppError(409, "REDEMPTION_CLOSED", message);
const noLease = () => new AppError(409, "NO_ACTIVE_LEASE", "The order has no lease that has started");
const alreadyOpen = () =>
  new AppError(409, "REDEMPTION_ALREADY_OPEN", "The order already has an open bike redemption");
const choiceNotAllowed = (message: string) => new AppError(409, "LEASE_END_CHOICE_NOT_ALLOWED", message);
const methodNotAllowed = () =>
  new AppError(
    409,
    "PAYMENT_METHOD_NOT_ALLOWED",
    "The company's payment mode does not allow this payment method",
  );

async function logCaseEvent(
  tx: Db,
  type: EventType,
  by: Actor,
  target: { id: string; companyId: string },
  data: Record<string, unknown>,
  now: Date,
) {
  await tx.insert(eventLog).values({
    type,
    actorUserId: by.userId,
    companyId: target.companyId,
    entityType: "bikeRedemption",
    entityId: target.id,
    data,
    createdAt: now,
  });
}

/** Locks the case for a change and reads its facts; 404 when there is none. */
async function lockedCase(tx: Db, id: string): Promise<CaseFacts> {
  const [row] = await tx
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.id, id))
    .for("update");
  if (!row) throw notFound("Bike redemption");
  return loadCaseFacts(tx, id);
}

function ensureOpen(facts: CaseFacts) {
  if (facts.redemption.status !== "PENDING") throw closed();
}

// ---- Opening ---------------------------------------------------------------------------------------

export type OpenLeaseEndCase = {
  orderId: string;
  reason: LeaseEndReason;
  lastWorkingDay?: string | null;
  absenceStartDate?: string | null;
  /** A long absence the employer caused (a lay-off); taken from the employer or the helpdesk only. */
  employerInitiated?: boolean;
  note?: string | null;
};

/**
 * Opens a case for an order in ACTIVE_LEASING whose agreement is accepted and started and whose lease
 * nothing has settled yet (else 409 NO_ACTIVE_LEASE); one open case per order (409
 * REDEMPTION_ALREADY_OPEN). Answers the case's id.
 */
export async function openLeaseEndCase(
  tx: Db,
  input: OpenLeaseEndCase,
  opener: Actor & { as: OpenedAs },
  now: Date,
  links: OfferLinks,
): Promise<string> {
  const today = todayOf(now);
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
  if (!order) throw notFound("Order");
  const [agreement] = await tx
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, order.id))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1);
  if (
    order.orderStatus !== "ACTIVE_LEASING" ||
    agreement?.status !== "ACCEPTED" ||
    !agreement.startDate ||
    !agreement.endDate ||
    agreement.startDate > today ||
    // Redeemed, returned or closed by a claim: settled. A lease past its end without a case is not.
    !(await isOrderBikeInUse(tx, order.id, today, { pastEndAllowed: true }))
  )
    throw noLease();
  const [open] = await tx
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(and(eq(bikeRedemptions.orderId, order.id), eq(bikeRedemptions.status, "PENDING")));
  if (open) throw alreadyOpen();
  const [[employment], [company], [table]] = await Promise.all([
    tx.select().from(beneficiaryEmployees).where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId)),
    tx
      .select({ paymentMode: companies.paymentMode, city: companies.city })
      .from(companies)
      .where(eq(companies.id, order.companyId)),
    order.billingTableId
      ? tx
          .select({ interest: billingTables.annualInterestPercent })
          .from(billingTables)
          .where(eq(billingTables.id, order.billingTableId))
      : Promise.resolve([]),
  ]);
  if (!employment || !company) throw notFound("Order");

  const endsEmployment = input.reason === "EMPLOYEE_RESIGNED" || input.reason === "EMPLOYER_ENDED_EMPLOYMENT";
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
    input.reason === "LONG_ABSENCE" && opener.as !== "EMPLOYEE" && input.employerInitiated === true;
  const schedule = leaseEndSchedule({
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
        openedByUserId: opener.userId,
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
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
  await logCaseEvent(
    tx,
    "BIKE_REDEMPTION_STARTED",
    opener,
    { id, companyId: order.companyId },
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      reason: input.reason,
      openedAs: opener.as,
      leaseEndsOn: schedule.leaseEndsOn,
      decisionDeadline: schedule.decisionDeadline,
      amountCents: price,
      lastWorkingDay,
      absenceStartDate,
      coveredUntil: schedule.coveredUntil,
      employerInitiated: employerCaused,
    },
    now,
  );
  const facts = await loadCaseFacts(tx, id);
  await storeGeneratedOffer(tx, facts, opener, now, links);
  await notifyEmployerAdmins(tx, facts, { kind: "opened" });
  return id;
}

async function latestAbsenceStart(tx: Db, employmentId: string): Promise<string | null> {
  const [absence] = await tx
    .select({ startDate: employeeAbsences.startDate })
    .from(employeeAbsences)
    .where(eq(employeeAbsences.beneficiaryEmployeeId, employmentId))
    .orderBy(desc(employeeAbsences.startDate))
    .limit(1);
  return absence?.startDate ?? null;
}

// ---- Offers ----------------------------------------------------------------------------------------

async function storeOffer(
  tx: Db,
  facts: CaseFacts,
  file: { fileName: string; mimeType: string; content: Buffer },
  by: Actor,
  now: Date,
  generated: boolean,
): Promise<string> {
  const stored = await databaseFileStore(tx).put({
    ...file,
    companyId: facts.redemption.companyId,
    uploadedByUserId: by.userId,
  });
  const [offer] = await tx
    .insert(redemptionOffers)
    .values({
      bikeRedemptionId: facts.redemption.id,
      fileId: stored.id,
      fileName: file.fileName,
      offerPriceCents: facts.redemption.redemptionPriceCents,
      validUntil: facts.redemption.decisionDeadline,
      uploadedByUserId: by.userId,
      createdAt: now,
    })
    .returning({ id: redemptionOffers.id });
  const offerId = offer?.id as string;
  await logCaseEvent(
    tx,
    "BIKE_REDEMPTION_OFFER_ADDED",
    by,
    facts.redemption,
    { offerId, fileName: file.fileName, generated, amountCents: facts.redemption.redemptionPriceCents },
    now,
  );
  return offerId;
}

/** Makes the offer PDF from the case as it stands and stores it as a new offer; answers its id. */
export async function addGeneratedOffer(tx: Db, caseId: string, by: Actor, now: Date, links: OfferLinks) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  return storeGeneratedOffer(tx, facts, by, now, links);
}

async function storeGeneratedOffer(tx: Db, facts: CaseFacts, by: Actor, now: Date, links: OfferLinks) {
  const { redemption, order, lease } = facts;
  if (!lease) throw noLease();
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.sortOrder), asc(orderItems.id));
  const pdf = await renderRedemptionOfferPdf({
    orderNumber: order.orderNumber,
    employeeName: facts.employeeName,
    employeeEmail: facts.email,
    companyName: facts.companyName,
    reason: redemption.reason,
    lines,
    frameSerialNumber: order.frameSerialNumber,
    leaseStartDate: lease.startDate,
    termEndDate: lease.endDate,
    leaseEndsOn: redemption.leaseEndsOn ?? lease.endDate,
    leaseTimeMonths: lease.terms.leaseTimeMonths,
    monthsPaid: monthsPaidOf(facts),
    monthlyPaymentCents: facts.agreement?.monthlyPaymentCents ?? 0,
    priceCents: redemption.redemptionPriceCents,
    decisionDeadline: redemption.decisionDeadline ?? lease.endDate,
    options: optionsOf(facts, await absenceFactsOf(tx, facts)),
    choiceUrl: `${links.publicUrl}/mybike`,
    documentDate: now,
  });
  const fileName = `lunastustarjous-${order.orderNumber}-${todayOf(now)}.pdf`;
  return storeOffer(
    tx,
    facts,
    { fileName, mimeType: "application/pdf", content: Buffer.from(pdf) },
    by,
    now,
    true,
  );
}

/** Stores an uploaded offer document (already checked: its type by its bytes, its size, its name). */
export async function addUploadedOffer(tx: Db, caseId: string, upload: ReceivedUpload, by: Actor, now: Date) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  return storeOffer(tx, facts, upload, by, now, false);
}

// ---- What follows from a choice --------------------------------------------------------------------

/**
 * Undoes what the case's choice started, while nothing has followed from it: its open user payments
 * are cancelled through the ledger, its unlisted brokerage row withdrawn. A paid payment or a listed
 * bike means something has: `locked` says what to answer then.
 */
async function releaseChoice(
  tx: Db,
  facts: CaseFacts,
  by: Actor,
  now: Date,
  locked: (why: string) => AppError,
) {
  const id = facts.redemption.id;
  const [payments, brokerages] = await Promise.all([
    tx
      .select()
      .from(userPayments)
      .where(and(eq(userPayments.bikeRedemptionId, id), ne(userPayments.paymentStatus, "CANCELLED"))),
    tx
      .select()
      .from(bikeBrokerages)
      .where(and(eq(bikeBrokerages.bikeRedemptionId, id), ne(bikeBrokerages.status, "CANCELLED"))),
  ]);
  if (payments.some((p) => p.paymentStatus === "PAID" || p.isUserPaymentDone))
    throw locked("Its payment is paid");
  if (brokerages.some((b) => b.listedAt !== null || b.status === "COMPLETED"))
    throw locked("The bike is listed in the brokerage");
  for (const payment of payments)
    await cancelUserPayment(tx, payment.id, by, now, "The lease-end choice changed");
  for (const brokerage of brokerages) {
    await tx
      .update(bikeBrokerages)
      .set({ status: "CANCELLED", updatedAt: now })
      .where(eq(bikeBrokerages.id, brokerage.id));
    await tx.insert(eventLog).values({
      type: "BIKE_BROKERAGE_UPDATED",
      actorUserId: by.userId,
      companyId: facts.redemption.companyId,
      entityType: "bikeBrokerage",
      entityId: brokerage.id,
      data: { status: "CANCELLED", bikeRedemptionId: id, reason: "The lease-end choice changed" },
      createdAt: now,
    });
  }
}

/** The employee's own payment of the case through the ledger, sent at once. */
async function leaseEndPayment(
  tx: Db,
  facts: CaseFacts,
  payment: { kind: "REDEMPTION" | "RETURN_FEE"; amountCents: number; method: PaymentMethod },
  by: Actor,
  now: Date,
) {
  if (payment.amountCents <= 0) return;
  const { redemption } = facts;
  await createUserPayment(
    tx,
    {
      kind: payment.kind,
      beneficiaryEmployeeId: redemption.beneficiaryEmployeeId,
      companyId: redemption.companyId,
      orderId: redemption.orderId,
      bikeRedemptionId: redemption.id,
      description: payment.kind === "REDEMPTION" ? "Pyörän lunastus" : "Pyörän palautusmaksu",
      amountCents: payment.amountCents,
      paymentMethod: payment.method,
      dueDate: leaseEndPaymentDueDate(payment.method, redemption.leaseEndsOn ?? todayOf(now), todayOf(now)),
      send: true,
    },
    by,
    now,
  );
}

/** How the company's employees pay by default: by invoice where only that is allowed, else payroll. */
const defaultMethod = (facts: CaseFacts): PaymentMethod =>
  facts.companyPaymentMode === "BATCH" ? "BATCH" : "PAYROLL";

export type Chooser = Actor & { helpdesk: boolean };

/**
 * Records the employee's choice (made by them, their employer or the helpdesk) and starts what follows
 * from it; a choice made before is released first (releaseChoice).
 */
export async function chooseLeaseEnd(
  tx: Db,
  caseId: string,
  input: TLeaseEndChoiceInput,
  by: Chooser,
  now: Date,
) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption } = facts;
  const today = todayOf(now);
  if (!by.helpdesk && redemption.decisionDeadline && today > redemption.decisionDeadline)
    throw new AppError(
      409,
      "LEASE_END_DEADLINE_PASSED",
      "The deadline to choose has passed; ask customer service",
    );
  const options = optionsOf(facts, await absenceFactsOf(tx, facts));
  const option = options.find((o) => o.choice === input.choice);
  // After a resignation a return is not offered, but the helpdesk may record one the employer allowed.
  const recordable =
    isChoiceAvailable(options, input.choice) ||
    (by.helpdesk && option?.unavailableReason === "RESIGNED_MUST_REDEEM");
  if (!recordable) throw choiceNotAllowed("The option is not open in this case");
  const paying = input.choice === "REDEEM" || input.choice === "RETURN";
  if (paying && input.paymentMethod && !paymentMethodAllowed(facts.companyPaymentMode, input.paymentMethod))
    throw methodNotAllowed();
  await releaseChoice(tx, facts, by, now, (why) =>
    choiceNotAllowed(`The choice can no longer be changed: ${why.toLowerCase()}`),
  );

  const method = input.paymentMethod ?? defaultMethod(facts);
  if (input.choice === "REDEEM") {
    await leaseEndPayment(
      tx,
      facts,
      { kind: "REDEMPTION", amountCents: redemption.redemptionPriceCents, method },
      by,
      now,
    );
  } else if (input.choice === "RETURN" && isEarlyEnd(redemption.reason)) {
    await leaseEndPayment(
      tx,
      facts,
      { kind: "RETURN_FEE", amountCents: redemption.returnFeeCents ?? 0, method },
      by,
      now,
    );
  } else if (input.choice === "BROKERAGE") {
    await listBikeForBrokerage(
      tx,
      {
        orderId: redemption.orderId,
        bikeRedemptionId: redemption.id,
        askingPriceCents: rulePriceOf(facts),
        city: facts.returnCity,
        listNow: false,
      },
      by,
      now,
    );
  }
  await tx
    .update(bikeRedemptions)
    .set({
      choice: input.choice,
      choiceMadeAt: now,
      choiceByUserId: by.userId,
      paymentMethod: paying ? method : redemption.paymentMethod,
      transferToEmail: input.choice === "TRANSFER" ? (input.transferToEmail ?? null) : null,
      updatedAt: now,
    })
    .where(eq(bikeRedemptions.id, caseId));
  await logCaseEvent(
    tx,
    "BIKE_REDEMPTION_CHOICE_MADE",
    by,
    redemption,
    { choice: input.choice, previousChoice: redemption.choice, paymentMethod: method },
    now,
  );
  await notifyEmployerAdmins(tx, facts, { kind: "chosen", choice: input.choice });
}

// ---- The helpdesk's changes ------------------------------------------------------------------------

/**
 * Changes the case's figures (only the fields given). A new last day without a price recomputes the
 * price by rule. An open payment is made again with the new figures; a paid one freezes them.
 */
export async function updateLeaseEndCase(
  tx: Db,
  caseId: string,
  input: TUpdateBikeRedemption,
  by: Actor,
  now: Date,
) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, lease } = facts;
  if (input.leaseEndsOn !== undefined && lease) {
    const first = lastDayOf(periodOf(lease.startDate));
    if (input.leaseEndsOn < first || input.leaseEndsOn > lease.endDate)
      throw badRequest("The lease's last day must be within the lease", [
        { field: "body.leaseEndsOn", message: `Between ${first} and ${lease.endDate}` },
      ]);
  }
  if (input.paymentMethod && !paymentMethodAllowed(facts.companyPaymentMode, input.paymentMethod))
    throw methodNotAllowed();
  const leaseEndsOn = input.leaseEndsOn ?? redemption.leaseEndsOn;
  const price =
    input.redemptionPriceCents ??
    (input.leaseEndsOn !== undefined && lease && leaseEndsOn
      ? redemptionPriceCents(
          lease.terms,
          monthsPaidBy(lease.startDate, lease.terms.leaseTimeMonths, leaseEndsOn),
        )
      : redemption.redemptionPriceCents);
  const method = input.paymentMethod ?? redemption.paymentMethod;
  const fee = input.returnFeeCents === undefined ? redemption.returnFeeCents : input.returnFeeCents;
  const moneyChanged =
    price !== redemption.redemptionPriceCents ||
    method !== redemption.paymentMethod ||
    fee !== redemption.returnFeeCents;
  const [updated] = await tx
    .update(bikeRedemptions)
    .set({
      redemptionPriceCents: price,
      paymentMethod: method,
      returnFeeCents: fee,
      leaseEndsOn,
      decisionDeadline: input.decisionDeadline ?? redemption.decisionDeadline,
      note: input.note === undefined ? redemption.note : input.note || null,
      updatedAt: now,
    })
    .where(eq(bikeRedemptions.id, caseId))
    .returning();
  if (moneyChanged && redemption.choice) {
    // The choice's payment follows the new figures: released (refused once paid) and made again.
    await releaseChoice(tx, facts, by, now, (why) =>
      closed(`The figures can no longer be changed: ${why.toLowerCase()}`),
    );
    const next = { ...facts, redemption: updated as typeof redemption };
    if (redemption.choice === "REDEEM")
      await leaseEndPayment(tx, next, { kind: "REDEMPTION", amountCents: price, method }, by, now);
    if (redemption.choice === "RETURN" && isEarlyEnd(redemption.reason))
      await leaseEndPayment(tx, next, { kind: "RETURN_FEE", amountCents: fee ?? 0, method }, by, now);
    if (redemption.choice === "BROKERAGE")
      await listBikeForBrokerage(
        tx,
        {
          orderId: redemption.orderId,
          bikeRedemptionId: caseId,
          askingPriceCents: rulePriceOf(next),
          city: facts.returnCity,
          listNow: false,
        },
        by,
        now,
      );
  }
  const fields = Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([field]) => field);
  await logCaseEvent(tx, "BIKE_REDEMPTION_UPDATED", by, redemption, { fields, amountCents: price }, now);
}

/** Cancels the case (kept for history): its open payment cancelled, its unlisted brokerage withdrawn. */
export async function cancelLeaseEndCase(tx: Db, caseId: string, by: Actor, now: Date) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  await releaseChoice(tx, facts, by, now, (why) => closed(`${why}: refund or withdraw it first`));
  await tx
    .update(bikeRedemptions)
    .set({ status: "CANCELLED", updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await logCaseEvent(
    tx,
    "BIKE_REDEMPTION_CANCELLED",
    by,
    facts.redemption,
    { choice: facts.redemption.choice },
    now,
  );
}

/**
 * Pedaali buys the bike from the leasing company at the price by rule at the lease's last day (its
 * residual value at the term's end): our purchase invoice (payer PEDAALI) and its redemption payment.
 */
export async function sendLeasingCompanyInvoice(tx: Db, caseId: string, by: Actor, now: Date) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, order, agreement } = facts;
  if (redemption.leasingCompanyInvoiceSentAt)
    throw new AppError(409, "CONFLICT", "The leasing company's invoice has already been sent");
  if (!agreement) throw noLease();
  const today = todayOf(now);
  const totalCents = rulePriceOf(facts);
  const amountCents = netFromGross(
    totalCents,
    redemption.vatPercent ?? order.vatPercent ?? FINNISH_VAT_PERCENT,
  );
  const reference = referenceNumber(`${order.orderNumber}77`);
  const dueDate = invoiceDueDate(today);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: `PED-R-${order.orderNumber}`,
      status: "SENT",
      payerType: "PEDAALI",
      companyId: redemption.companyId,
      orderId: order.id,
      leasingCompanyId: agreement.leasingCompanyId,
      bikeRedemptionId: redemption.id,
      description: `Lunastus, tilaus ${order.orderNumber}`,
      amountCents,
      vatCents: totalCents - amountCents,
      totalCents,
      referenceNumber: reference,
      issueDate: today,
      dueDate,
      sentAt: now,
    })
    .returning({ id: invoices.id });
  await tx.insert(redemptionPayments).values({
    bikeRedemptionId: redemption.id,
    companyId: redemption.companyId,
    status: "PENDING",
    payerType: "PEDAALI",
    amountCents: totalCents,
    referenceNumber: reference,
    dueDate,
    note: `Lasku PED-R-${order.orderNumber}`,
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .update(bikeRedemptions)
    .set({ leasingCompanyInvoiceSentAt: now, updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await logCaseEvent(
    tx,
    "BIKE_REDEMPTION_GRENKE_INVOICE_SENT",
    by,
    redemption,
    { invoiceId: invoice?.id, amountCents: totalCents },
    now,
  );
}

/**
 * Completes the case: a redemption once its payment is paid, the others when the helpdesk says the
 * bike is back, handed over or settled. The lease ends on the case's last day (not when the employee
 * continues it); a returned bike goes to the brokerage, not listed yet.
 */
export async function completeLeaseEndCase(tx: Db, caseId: string, by: Actor, now: Date) {
  const facts = await lockedCase(tx, caseId);
  ensureOpen(facts);
  const { redemption, lease } = facts;
  if (!redemption.choice) throw choiceNotAllowed("Record the employee's choice first");
  if (redemption.choice === "REDEEM" && redemption.redemptionPriceCents > 0 && !redemption.userPaymentPaidAt)
    throw new AppError(409, "REDEMPTION_NOT_PAID", "The redemption price has not been paid");
  await tx
    .update(bikeRedemptions)
    .set({ status: "COMPLETED", completedAt: now, updatedAt: now })
    .where(eq(bikeRedemptions.id, caseId));
  await logCaseEvent(tx, "BIKE_REDEMPTION_COMPLETED", by, redemption, { choice: redemption.choice }, now);
  if (redemption.choice !== "CONTINUE" && lease) {
    await endLease(
      tx,
      {
        agreementId: lease.agreementId,
        lastDay: redemption.leaseEndsOn ?? lease.endDate,
        reason: redemption.reason,
        source: { entityType: "bikeRedemption", entityId: caseId },
      },
      by,
      now,
    );
  }
  if (redemption.choice === "RETURN") {
    await listBikeForBrokerage(
      tx,
      {
        orderId: redemption.orderId,
        bikeRedemptionId: caseId,
        askingPriceCents: rulePriceOf(facts),
        city: facts.returnCity,
        listNow: false,
      },
      by,
      now,
    );
  }
}
