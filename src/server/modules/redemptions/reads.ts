import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  RedemptionAction,
  TBikeRedemptionDetails,
  TBikeRedemptionEvent,
  TBikeRedemptionList,
  TBikeRedemptionListItem,
  TBikeRedemptionsQuery,
  TLeaseEndUserPayment,
  TRedemptionOffer,
} from "../../../contract/bike-redemptions.ts";
import { REDEMPTION_OPENERS } from "../../../contract/bike-redemptions.ts";
import type { TStoredFileRef } from "../../../contract/uploads.ts";
import { LEASE_END_CHOICES, type LeaseEndChoice } from "../../../domain/enums.ts";
import { isEarlyEnd, redemptionPriceTable } from "../../../domain/lease-end.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { pageOffset } from "../../db/paging.ts";
import { orderOrPersonMatches } from "../../db/person-search.ts";
import {
  beneficiaryEmployees,
  bikeBrokerages,
  bikeRedemptions,
  companies,
  eventLog,
  files,
  invoices,
  orders,
  redemptionOffers,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { employeeRecordScope } from "../auth/tenancy.ts";
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

/**
 * Reading lease-end cases (contract/bike-redemptions.ts): the list, filtered and paged in SQL, and one
 * case with everything its screens show. Who sees what is decided here, once: the admin tier every
 * case; an employer-side user their companies' (orders.read to read, employees.manage to act); the
 * employee their own (own-order.manage). Another tenant's or another employee's case is 404.
 */

export type Viewer = Pick<CurrentUser, "id" | "scope" | "permissions">;

const be = beneficiaryEmployees;
const has = (viewer: Viewer, permission: string) => viewer.permissions.includes(permission);

/** The caller's own employments' cases. */
const ownCases = (viewer: Viewer) =>
  inArray(
    bikeRedemptions.beneficiaryEmployeeId,
    sql`(select ${be.id} from ${be} where ${be.userId} = ${viewer.id})`,
  );

/**
 * The cases the caller reaches with `employerPermission` (orders.read to read, employees.manage to
 * act) or as the employee: undefined for the admin tier (all), `false` for none.
 */
export function caseScope(
  viewer: Viewer,
  employerPermission: "orders.read" | "employees.manage",
): SQL | undefined {
  return employeeRecordScope(viewer, {
    companyColumn: bikeRedemptions.companyId,
    companyPermissions: [employerPermission],
    own: ownCases(viewer),
  });
}

const listColumns = {
  redemption: bikeRedemptions,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
  bikeName: sql<string | null>`(select oi.name from order_items oi where oi.order_id = ${orders.id}
    order by (oi.item_type <> 'BIKE'), oi.sort_order limit 1)`,
};

type ListRow = {
  redemption: typeof bikeRedemptions.$inferSelect;
  orderNumber: number;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  bikeName: string | null;
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

function toListItem({ redemption: r, ...row }: ListRow): TBikeRedemptionListItem {
  return {
    id: r.id,
    status: r.status,
    reason: r.reason,
    choice: r.choice,
    paymentMethod: r.paymentMethod,
    redemptionPriceCents: r.redemptionPriceCents,
    decisionDeadline: r.decisionDeadline,
    leaseEndsOn: r.leaseEndsOn,
    order: { orderId: r.orderId, orderNumber: row.orderNumber },
    employee: {
      beneficiaryEmployeeId: r.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
    },
    company: { companyId: r.companyId, name: row.companyName },
    bikeName: row.bikeName,
    userPaymentSentAt: iso(r.userPaymentSentAt),
    userPaymentPaidAt: iso(r.userPaymentPaidAt),
    leasingCompanyInvoiceSentAt: iso(r.leasingCompanyInvoiceSentAt),
    completedAt: iso(r.completedAt),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function withListJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(orders, eq(orders.id, bikeRedemptions.orderId))
    .innerJoin(companies, eq(companies.id, bikeRedemptions.companyId))
    .innerJoin(be, eq(be.id, bikeRedemptions.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId));
}

export async function listCases(
  db: Db,
  viewer: Viewer,
  query: TBikeRedemptionsQuery,
): Promise<TBikeRedemptionList> {
  const search = query.search?.trim();
  const where = and(
    caseScope(viewer, "orders.read"),
    search ? orderOrPersonMatches(search) : undefined,
    query.status ? eq(bikeRedemptions.status, query.status) : undefined,
    query.paymentMethod ? eq(bikeRedemptions.paymentMethod, query.paymentMethod) : undefined,
    query.reason ? eq(bikeRedemptions.reason, query.reason) : undefined,
  );
  const [[total], rows] = await Promise.all([
    withListJoins(db.select({ n: count() }).from(bikeRedemptions).$dynamic()).where(where),
    withListJoins(db.select(listColumns).from(bikeRedemptions).$dynamic())
      .where(where)
      .orderBy(desc(bikeRedemptions.createdAt), desc(bikeRedemptions.id))
      .limit(query.limit)
      .offset(pageOffset(query)),
  ]);
  return { items: rows.map(toListItem), totalCount: total?.n ?? 0, page: query.page, limit: query.limit };
}

// ---- One case ------------------------------------------------------------------------------------

/** The offers of a case (or the one offer), oldest first, each with its file and link. */
async function offersWhere(db: Db, where: SQL): Promise<TRedemptionOffer[]> {
  const rows = await db
    .select({ offer: redemptionOffers, mimeType: files.mimeType, sizeBytes: files.sizeBytes })
    .from(redemptionOffers)
    .innerJoin(files, eq(files.id, redemptionOffers.fileId))
    .where(where)
    .orderBy(asc(redemptionOffers.createdAt), asc(redemptionOffers.id));
  return rows.map(({ offer, mimeType, sizeBytes }) => ({
    id: offer.id,
    bikeRedemptionId: offer.bikeRedemptionId,
    offerPriceCents: offer.offerPriceCents,
    validUntil: offer.validUntil,
    file: {
      id: offer.fileId,
      fileName: offer.fileName,
      mimeType: mimeType as TStoredFileRef["mimeType"],
      sizeBytes,
      createdAt: offer.createdAt.toISOString(),
    },
    fileUrl: `/api/redemption-offers/${offer.id}/file`,
    createdAt: offer.createdAt.toISOString(),
  }));
}

/** A stored offer, as the case's details list it. */
export async function offerOf(db: Db, offerId: string): Promise<TRedemptionOffer> {
  const [offer] = await offersWhere(db, eq(redemptionOffers.id, offerId));
  if (!offer) throw notFound("Redemption offer");
  return offer;
}

/** The employee's latest payment of the case that is not cancelled. */
async function userPaymentOf(db: Db, caseId: string): Promise<TLeaseEndUserPayment | null> {
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

const CHOICES: readonly string[] = LEASE_END_CHOICES;

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
          ? (data.choice as LeaseEndChoice)
          : null,
      amountCents: typeof data.amountCents === "number" ? data.amountCents : null,
      createdAt: event.createdAt.toISOString(),
    };
  });
}

export type ActionContext = {
  viewer: Viewer;
  facts: CaseFacts;
  userPayment: TLeaseEndUserPayment | null;
  brokerage: TBikeRedemptionDetails["brokerage"];
  today: string;
  /** The caller may act for the employee (the employee themself, their employer, the helpdesk). */
  actsFor: boolean;
};

/** What the caller may do next; the server checks each again when it is done. */
export function allowedActions(c: ActionContext): RedemptionAction[] {
  const { redemption } = c.facts;
  const helpdesk = c.viewer.scope.kind === "all" && has(c.viewer, "redemptions.manage");
  const open = redemption.status === "PENDING";
  const paid = c.userPayment?.paymentStatus === "PAID";
  const listed = c.brokerage?.listedAt != null;
  const deadlinePassed = !!redemption.decisionDeadline && c.today > redemption.decisionDeadline;
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
  viewer: Viewer,
  caseId: string,
  now: Date,
): Promise<TBikeRedemptionDetails> {
  const facts = await loadCaseFacts(db, caseId, caseScope(viewer, "orders.read"));
  const admin = viewer.scope.kind === "all";
  const employerSide = admin || has(viewer, "orders.read");
  const [items, offers, userPayment, payments, brokerage, invoice, events, absence, actsFor] =
    await Promise.all([
      orderItemsOf(db, facts.order.id),
      offersWhere(db, eq(redemptionOffers.bikeRedemptionId, caseId)),
      userPaymentOf(db, caseId),
      employerSide ? redemptionPaymentsOfCase(db, caseId) : [],
      brokerageOf(db, caseId),
      admin ? invoiceOf(db, caseId) : null,
      eventsOf(db, facts, admin),
      absenceFactsOf(db, facts),
      canActFor(db, viewer, caseId),
    ]);
  const { redemption, order, agreement, lease } = facts;
  const today = todayOf(now);
  const listRow = toListItem({
    redemption,
    orderNumber: order.orderNumber,
    companyName: facts.companyName,
    firstName: facts.firstName,
    lastName: facts.lastName,
    email: facts.email,
    bikeName: (items.find((i) => i.itemType === "BIKE") ?? items[0])?.name ?? null,
  });
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
    deadlinePassed: !!redemption.decisionDeadline && today > redemption.decisionDeadline,
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

/** Whether the caller may act for the case's employee (choose): within `caseScope(…, employees.manage)`. */
export async function canActFor(db: Db, viewer: Viewer, caseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bikeRedemptions.id })
    .from(bikeRedemptions)
    .where(and(eq(bikeRedemptions.id, caseId), caseScope(viewer, "employees.manage")));
  return !!row;
}
