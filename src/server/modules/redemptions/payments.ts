import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { TRedemptionPayment } from "../../../contract/bike-redemptions.ts";
import type {
  TRedemptionPaymentInput,
  TRedemptionPaymentList,
  TRedemptionPaymentsQuery,
  TRedemptionPaymentUpdate,
} from "../../../contract/redemption-payments.ts";
import type { EventType } from "../../../domain/enums.ts";
import { personName } from "../../../domain/person-name.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import {
  amongPageIds,
  countOf,
  likeContains,
  newestIdsOf,
  readPage,
  rowsOfPage,
  totalOf,
} from "../../db/paging.ts";
import { orderOrEmployeeMatches } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  companies,
  orders,
  redemptionPayments,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import type { Tx, WriteContext } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, newestFirstPage } from "../auth/tenancy.ts";
import { onCase } from "./case-facts.ts";
import { paymentFollowsLedger } from "./errors.ts";

/**
 * A case's redemption payments (docs/data-model.md "Redemption payment"): who paid what towards the bike, in one
 * ledger. The employee's own row (payer EMPLOYEE) is the user payments ledger's and follows their user
 * payment; the helpdesk records the others here (the leasing company's, Pedaali's, an insurer's) and
 * every change is an event on the case.
 */

const columns = {
  payment: redemptionPayments,
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
};

type Row = {
  payment: typeof redemptionPayments.$inferSelect;
  orderId: string;
  orderNumber: number;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(bikeRedemptions, eq(bikeRedemptions.id, redemptionPayments.bikeRedemptionId))
    .innerJoin(orders, eq(orders.id, bikeRedemptions.orderId))
    .innerJoin(companies, eq(companies.id, redemptionPayments.companyId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, bikeRedemptions.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId));
}

function toPayment({ payment: p, ...row }: Row): TRedemptionPayment {
  return {
    id: p.id,
    bikeRedemptionId: p.bikeRedemptionId,
    order: { orderId: row.orderId, orderNumber: row.orderNumber },
    company: { companyId: p.companyId, name: row.companyName },
    employeeName: personName(row.firstName, row.lastName, row.email),
    status: p.status,
    payerType: p.payerType,
    amountCents: p.amountCents,
    referenceNumber: p.referenceNumber,
    dueDate: p.dueDate,
    paidAt: p.paidAt?.toISOString() ?? null,
    note: p.note,
    madeByLedger: p.payerType === "EMPLOYEE",
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withJoins(db.select(columns).from(redemptionPayments).$dynamic())
    .where(amongPageIds(redemptionPayments.id))
    .prepare("redemption_payments_list_rows"),
);

export async function listRedemptionPayments(
  db: Db,
  viewer: Pick<CurrentUser, "scope">,
  query: TRedemptionPaymentsQuery,
): Promise<TRedemptionPaymentList> {
  const search = query.search?.trim();
  const where = and(
    companyScopeWhere(viewer, redemptionPayments.companyId),
    search
      ? (or(
          orderOrEmployeeMatches(
            { orderId: bikeRedemptions.orderId, employeeId: bikeRedemptions.beneficiaryEmployeeId },
            search,
          ),
          ilike(redemptionPayments.referenceNumber, likeContains(search)),
        ) as SQL)
      : undefined,
    query.status ? eq(redemptionPayments.status, query.status) : undefined,
    query.bikeRedemptionId ? eq(redemptionPayments.bikeRedemptionId, query.bikeRedemptionId) : undefined,
  );
  // Without the search (through the case's order and employee) every condition is the payment's own
  // column and every join is to a required row, so the payments alone count the same.
  // The count runs beside the page's ids in their statement (totalOf, decision 012).
  const payments = db.select({ n: count() }).from(redemptionPayments).$dynamic();
  const counted = (search ? withJoins(payments) : payments).where(where);
  const { items, total, page, limit } = await readPage(query, {
    rows: ({ limit, offset }) => {
      const newest = newestFirstPage(
        viewer,
        redemptionPayments,
        where,
        { limit, offset },
        { ownColumns: !search, narrow: !!search },
      );
      return newestIdsOf(
        db,
        redemptionPayments,
        newest.where,
        { limit, offset: newest.offset },
        totalOf(counted),
        search ? withJoins : undefined,
      );
    },
    items: async (found) =>
      (
        await rowsOfPage(
          listRowsStatement(db),
          found.map((row) => row.id),
          (row) => row.payment.id,
        )
      ).map(toPayment),
    countPastEnd: () => countOf(db, counted),
  });
  // docs/api-surface.md: the redemption payments' list counts in totalCount.
  return { items, totalCount: total, page, limit };
}

/** A case's payments, oldest first (the case's details). */
export async function redemptionPaymentsOfCase(db: Db, caseId: string): Promise<TRedemptionPayment[]> {
  const rows = await withJoins(db.select(columns).from(redemptionPayments).$dynamic())
    .where(eq(redemptionPayments.bikeRedemptionId, caseId))
    .orderBy(redemptionPayments.createdAt, redemptionPayments.id);
  return rows.map(toPayment);
}

export async function findRedemptionPayment(db: Db, id: string): Promise<TRedemptionPayment> {
  const [row] = await withJoins(db.select(columns).from(redemptionPayments).$dynamic()).where(
    eq(redemptionPayments.id, id),
  );
  if (!row) throw notFound("Redemption payment");
  return toPayment(row);
}

/** A payment's values: paid (paidAt) from the moment its status says so. */
function values(input: TRedemptionPaymentUpdate, paidAt: Date | null, now: Date) {
  const paid = input.status === "PAID" || input.status === "COMPLETED";
  return {
    payerType: input.payerType,
    amountCents: input.amountCents,
    status: input.status,
    dueDate: input.dueDate ?? null,
    referenceNumber: input.referenceNumber || null,
    note: input.note || null,
    paidAt: paid ? (paidAt ?? now) : null,
    updatedAt: now,
  };
}

/** The event of a payment's change, on its case: which payment, how much, in what status. */
const paymentEvent = (
  type: EventType,
  payment: { id: string; bikeRedemptionId: string; companyId: string; amountCents: number; status: string },
) => ({
  type,
  ...onCase({ id: payment.bikeRedemptionId, companyId: payment.companyId }),
  data: { redemptionPaymentId: payment.id, amountCents: payment.amountCents, status: payment.status },
});

export async function recordRedemptionPayment(ctx: WriteContext, input: TRedemptionPaymentInput) {
  const { tx, now } = ctx;
  const [redemption] = await tx
    .select({ id: bikeRedemptions.id, companyId: bikeRedemptions.companyId })
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.id, input.bikeRedemptionId));
  if (!redemption) throw notFound("Bike redemption");
  const [row] = await tx
    .insert(redemptionPayments)
    .values({
      ...values(input, null, now),
      bikeRedemptionId: redemption.id,
      companyId: redemption.companyId,
      createdAt: now,
    })
    .returning();
  const payment = row as typeof redemptionPayments.$inferSelect;
  await recordEvent(ctx, paymentEvent("REDEMPTION_PAYMENT_RECORDED", payment));
  return payment.id;
}

async function lockedPayment(tx: Tx, id: string) {
  const [payment] = await lockRows(
    tx,
    "redemptionPayment",
    tx.select().from(redemptionPayments).where(eq(redemptionPayments.id, id)).for("update"),
  );
  if (!payment) throw notFound("Redemption payment");
  if (payment.payerType === "EMPLOYEE") throw paymentFollowsLedger();
  return payment;
}

export async function updateRedemptionPayment(
  ctx: WriteContext,
  id: string,
  input: TRedemptionPaymentUpdate,
) {
  const { tx, now } = ctx;
  const payment = await lockedPayment(tx, id);
  const [row] = await tx
    .update(redemptionPayments)
    .set(values(input, payment.paidAt, now))
    .where(eq(redemptionPayments.id, id))
    .returning();
  await recordEvent(ctx, paymentEvent("REDEMPTION_PAYMENT_UPDATED", row as typeof payment));
}

export async function deleteRedemptionPayment(ctx: WriteContext, id: string) {
  const payment = await lockedPayment(ctx.tx, id);
  await ctx.tx.delete(redemptionPayments).where(eq(redemptionPayments.id, id));
  await recordEvent(ctx, paymentEvent("REDEMPTION_PAYMENT_DELETED", payment));
}
