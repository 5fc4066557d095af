import { and, asc, desc, eq, ne, or, sql } from "drizzle-orm";
import type {
  RedemptionAction,
  TBikeRedemptionDetails,
  TBikeRedemptionEvent,
  TRedemptionUserPayment,
} from "../../../contract/bike-redemptions.ts";
import { REDEMPTION_OPENERS } from "../../../contract/bike-redemptions.ts";
import { REDEMPTION_CHOICES, type RedemptionChoice } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import { isDecisionDeadlinePassed, isEarlyEnd, redemptionPriceTable } from "../../../domain/redemption.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeBrokerages,
  eventLog,
  invoices,
  redemptionOffers,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { orderItemsOf } from "../orders/service.ts";
import {
  absenceFactsOf,
  type CaseFacts,
  loadCaseFacts,
  monthsPaidOf,
  optionsOf,
  rulePriceOf,
  todayOf,
} from "./case-facts.ts";
import { redemptionPaymentsOfCase } from "./payments.ts";
import { canActFor, caseScope, has, iso, offersWhere, type RedemptionViewer, toListItem } from "./queries.ts";

/**
 * One redemption case as GET /api/bike-redemption/{id} answers it: the case, its order and lease, the
 * options with their costs, the offers, payments, brokerage and invoice, its events, and what the
 * caller may do next. Who reaches the case is caseScope's (queries.ts) to say.
 */

/** The employee's latest payment of the case that is not cancelled. */
async function userPaymentOf(db: Db, caseId: string): Promise<TRedemptionUserPayment | null> {
  const [p] = await db
    .select()
    .from(userPayments)
    .where(and(eq(userPayments.bikeRedemptionId, caseId), ne(userPayments.paymentStatus, "CANCELLED")))
    .orderBy(desc(userPayments.createdAt), desc(userPayments.id))
    .limit(1);
  if (!p) return null;
  return {
    userPaymentId: p.id,
    kind: p.kind,
    amountCents: p.amountCents,
    paymentMethod: p.paymentMethod,
    paymentStatus: p.paymentStatus,
    referenceNumber: p.referenceNumber,
    dueDate: p.dueDate,
    sentAt: iso(p.sentAt),
    paidAt: iso(p.paidAt),
  };
}

async function brokerageOf(db: Db, caseId: string): Promise<TBikeRedemptionDetails["brokerage"]> {
  const [b] = await db
    .select()
    .from(bikeBrokerages)
    .where(and(eq(bikeBrokerages.bikeRedemptionId, caseId), ne(bikeBrokerages.status, "CANCELLED")))
    .orderBy(desc(bikeBrokerages.createdAt))
    .limit(1);
  return b
    ? {
        bikeBrokerageId: b.id,
        status: b.status,
        askingPriceCents: b.askingPriceCents,
        listedAt: iso(b.listedAt),
      }
    : null;
}

async function invoiceOf(db: Db, caseId: string): Promise<TBikeRedemptionDetails["leasingCompanyInvoice"]> {
  const [i] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.bikeRedemptionId, caseId))
    .orderBy(desc(invoices.createdAt))
    .limit(1);
  return i
    ? {
        invoiceId: i.id,
        invoiceNumber: i.invoiceNumber,
        totalCents: i.totalCents,
        referenceNumber: i.referenceNumber,
        dueDate: i.dueDate,
        sentAt: iso(i.sentAt),
      }
    : null;
}

const CHOICES: readonly string[] = REDEMPTION_CHOICES;

/** The case's own events and the end of its lease, oldest first; names for the admin tier only. */
async function eventsOf(db: Db, facts: CaseFacts, showActors: boolean): Promise<TBikeRedemptionEvent[]> {
  const caseId = facts.redemption.id;
  const rows = await db
    .select({
      event: eventLog,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
    .where(
      or(
        and(eq(eventLog.entityType, "bikeRedemption"), eq(eventLog.entityId, caseId)),
        facts.lease
          ? and(
              eq(eventLog.entityType, "leasingAgreement"),
              eq(eventLog.entityId, facts.lease.agreementId),
              eq(eventLog.type, "LEASING_ENDED"),
              sql`${eventLog.data}->>'bikeRedemptionId' = ${caseId}`,
            )
          : undefined,
      ),
    )
    // Events of one action share its time: the case's start first, its end last.
    .orderBy(
      asc(eventLog.createdAt),
      sql`case ${eventLog.type} when 'BIKE_REDEMPTION_STARTED' then 0
        when 'BIKE_REDEMPTION_COMPLETED' then 2 when 'LEASING_ENDED' then 3 else 1 end`,
      asc(eventLog.id),
    );
  return rows.map(({ event, ...actor }) => {
    const data = (event.data ?? {}) as { choice?: unknown; amountCents?: unknown };
    const name = personName(actor.firstName, actor.lastName, actor.email ?? "");
    return {
      id: event.id,
      type: event.type,
      by: event.actorUserId ? "user" : "system",
      actorName: showActors && event.actorUserId && name ? name : null,
      choice:
        typeof data.choice === "string" && CHOICES.includes(data.choice)
          ? (data.choice as RedemptionChoice)
          : null,
      amountCents: typeof data.amountCents === "number" ? data.amountCents : null,
      createdAt: event.createdAt.toISOString(),
    };
  });
}

type ActionContext = {
  viewer: RedemptionViewer;
  facts: CaseFacts;
  userPayment: TRedemptionUserPayment | null;
  brokerage: TBikeRedemptionDetails["brokerage"];
  today: string;
  /** The caller may act for the employee (the employee themself, their employer, the helpdesk). */
  actsFor: boolean;
};

/** What the caller may do next; the server checks each again when it is done. */
function allowedActions(c: ActionContext): RedemptionAction[] {
  const { redemption } = c.facts;
  const helpdesk = c.viewer.scope.kind === "all" && has(c.viewer, "redemptions.manage");
  const open = redemption.status === "PENDING";
  const paid = c.userPayment?.paymentStatus === "PAID";
  const listed = c.brokerage?.listedAt != null;
  const deadlinePassed = isDecisionDeadlinePassed(redemption.decisionDeadline, c.today);
  const actions: RedemptionAction[] = [];
  if (open && c.actsFor && !paid && !listed && (helpdesk || !deadlinePassed)) actions.push("CHOOSE");
  if (!helpdesk) return actions;
  if (open) actions.push("UPDATE", "UPLOAD_OFFER", "REGENERATE_OFFER");
  if (open && !paid && !listed) actions.push("CANCEL");
  if (open && !redemption.leasingCompanyInvoiceSentAt) actions.push("SEND_LEASING_COMPANY_INVOICE");
  const redeemPaid = redemption.redemptionPriceCents === 0 || !!redemption.userPaymentPaidAt;
  if (open && redemption.choice && (redemption.choice !== "REDEEM" || redeemPaid)) actions.push("COMPLETE");
  actions.push("RECORD_PAYMENT");
  return actions;
}

/** The case as GET /api/bike-redemption/{id} answers it; 404 outside the caller's reach. */
export async function caseDetails(
  db: Db,
  viewer: RedemptionViewer,
  caseId: string,
  now: Date,
): Promise<TBikeRedemptionDetails> {
  const facts = await loadCaseFacts(db, caseId, caseScope(viewer, "orders.read"));
  const admin = viewer.scope.kind === "all";
  const employerSide = admin || has(viewer, "orders.read");
  // One after another, as in every read that may run inside a write (db/transaction.ts).
  const items = await orderItemsOf(db, facts.order.id);
  const offers = await offersWhere(db, eq(redemptionOffers.bikeRedemptionId, caseId));
  const userPayment = await userPaymentOf(db, caseId);
  const payments = employerSide ? await redemptionPaymentsOfCase(db, caseId) : [];
  const brokerage = await brokerageOf(db, caseId);
  const invoice = admin ? await invoiceOf(db, caseId) : null;
  const events = await eventsOf(db, facts, admin);
  const absence = await absenceFactsOf(db, facts);
  const actsFor = await canActFor(db, viewer, caseId);
  const { redemption, order, agreement, lease } = facts;
  const today = todayOf(now);
  const listRow = toListItem(
    {
      redemption,
      orderNumber: order.orderNumber,
      companyName: facts.companyName,
      firstName: facts.firstName,
      lastName: facts.lastName,
      email: facts.email,
      bikeName: (items.find((i) => i.itemType === "BIKE") ?? items[0])?.name ?? null,
    },
    today,
  );
  const started = await openedAs(db, caseId);
  return {
    ...listRow,
    order: {
      orderId: order.id,
      orderNumber: order.orderNumber,
      orderStatus: order.orderStatus,
      bikeStoreName: facts.bikeStoreName,
      frameSerialNumber: order.frameSerialNumber,
      items,
    },
    openedBy: started ?? (redemption.openedByUserId ? "HELPDESK" : "SYSTEM"),
    early: isEarlyEnd(redemption.reason),
    deadlinePassed: isDecisionDeadlinePassed(redemption.decisionDeadline, today),
    choiceMadeAt: iso(redemption.choiceMadeAt),
    transferToEmail: redemption.transferToEmail,
    returnFeeCents: redemption.returnFeeCents,
    vatPercent: redemption.vatPercent,
    note: redemption.note,
    coveredUntil: absence?.coveredUntil ?? null,
    expectedReturn: absence?.expectedReturn ?? null,
    agreement:
      agreement && lease
        ? {
            id: agreement.id,
            agreementNumber: agreement.agreementNumber,
            leasingCompanyName: facts.leasingCompanyName ?? "",
            startDate: lease.startDate,
            endDate: lease.endDate,
            leaseTimeMonths: agreement.leaseTimeMonths,
            monthlyPaymentCents: agreement.monthlyPaymentCents,
            packagePriceCents: lease.terms.packageCents,
            residualValueCents: lease.terms.residualCents,
            annualInterestPercent: lease.terms.annualInterestPercent,
            monthsPaid: monthsPaidOf(facts),
            rulePriceCents: rulePriceOf(facts),
          }
        : null,
    options: optionsOf(facts, absence),
    priceTable: lease ? redemptionPriceTable(lease.terms, lease.startDate) : [],
    offers,
    userPayment,
    redemptionPayments: payments,
    brokerage,
    leasingCompanyInvoice: invoice,
    events,
    allowedActions: allowedActions({ viewer, facts, userPayment, brokerage, today, actsFor }),
  };
}

/** Who opened the case, as its BIKE_REDEMPTION_STARTED event records it. */
async function openedAs(db: Db, caseId: string): Promise<TBikeRedemptionDetails["openedBy"] | null> {
  const [started] = await db
    .select({ data: eventLog.data })
    .from(eventLog)
    .where(
      and(
        eq(eventLog.entityType, "bikeRedemption"),
        eq(eventLog.entityId, caseId),
        eq(eventLog.type, "BIKE_REDEMPTION_STARTED"),
      ),
    )
    .limit(1);
  const value = (started?.data as { openedAs?: unknown } | undefined)?.openedAs;
  return (REDEMPTION_OPENERS as readonly unknown[]).includes(value)
    ? (value as TBikeRedemptionDetails["openedBy"])
    : null;
}
