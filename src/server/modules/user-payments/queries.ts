import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TUserPayment,
  TUserPaymentDetails,
  TUserPaymentPage,
  TUserPaymentsQuery,
} from "../../../contract/user-payments.ts";
import { bankTransferInstructions } from "../../../domain/payment-instructions.ts";
import { personName } from "../../../domain/person-name.ts";
import { isOpenUserPayment } from "../../../domain/user-payments.ts";
import type { Db } from "../../db/client.ts";
import { onHelsinkiDates } from "../../db/helsinki.ts";
import {
  amongPageIds,
  countOf,
  likeContains,
  newestIdsOf,
  readPage,
  rowsOfPage,
  totalOf,
} from "../../db/paging.ts";
import { employeeMatches, orderNumberIs, orderNumberOf } from "../../db/person-search.ts";
import { preparedPerDatabase } from "../../db/prepared.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  orders,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, employeeRecordScope, keptRowCount } from "../auth/tenancy.ts";
import { kindsNamedBy } from "./kind-words.ts";

/**
 * Reading user payments (contract/user-payments.ts): the employee's own list, the helpdesk's and the
 * employer's paged list, and one payment with its events. Who reads what: the admin tier every payment;
 * user-payments.read or .manage in a company that company's; everyone their own (as the employee the
 * payment is of).
 */

export type PaymentViewer = Pick<CurrentUser, "id" | "scope" | "permissions">;

const be = beneficiaryEmployees;

const columns = {
  payment: userPayments,
  orderNumber: orders.orderNumber,
  companyName: companies.name,
  firstName: systemUsers.firstName,
  lastName: systemUsers.lastName,
  email: users.email,
};

type Row = {
  payment: typeof userPayments.$inferSelect;
  orderNumber: number | null;
  companyName: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
};

function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(companies, eq(companies.id, userPayments.companyId))
    .innerJoin(be, eq(be.id, userPayments.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .leftJoin(orders, eq(orders.id, userPayments.orderId));
}

function toUserPayment({ payment: p, ...row }: Row): TUserPayment {
  const unpaidInvoice = p.paymentMethod === "BATCH" && isOpenUserPayment(p) && p.referenceNumber;
  return {
    id: p.id,
    kind: p.kind,
    description: p.description,
    orderId: p.orderId,
    orderNumber: row.orderNumber,
    bikeRedemptionId: p.bikeRedemptionId,
    insuranceClaimId: p.insuranceClaimId,
    employee: {
      beneficiaryEmployeeId: p.beneficiaryEmployeeId,
      name: personName(row.firstName, row.lastName, row.email),
      email: row.email,
    },
    company: { companyId: p.companyId, name: row.companyName },
    amountCents: p.amountCents,
    paymentMethod: p.paymentMethod,
    paymentStatus: p.paymentStatus,
    referenceNumber: p.referenceNumber,
    dueDate: p.dueDate,
    sentAt: p.sentAt?.toISOString() ?? null,
    paidAt: p.paidAt?.toISOString() ?? null,
    isUserPaymentDone: p.isUserPaymentDone,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    bankTransfer: unpaidInvoice
      ? bankTransferInstructions({
          amountCents: p.amountCents,
          referenceNumber: unpaidInvoice,
          dueDate: p.dueDate,
        })
      : null,
  };
}

/** The payments the viewer may read one of: their companies' (with the permissions) and their own. */
const readable = (viewer: PaymentViewer) =>
  employeeRecordScope(viewer, {
    companyColumn: userPayments.companyId,
    companyPermissions: ["user-payments.read", "user-payments.manage"],
    own: eq(be.userId, viewer.id),
  });

/**
 * Employee name or e-mail, reference number (spaces ignored), description, the kind's name in any
 * language (a payment Pedaali makes has no description of its own), or an order number.
 */
function searchCondition(term: string): SQL | undefined {
  const pattern = likeContains(term);
  const digits = term.replace(/\s/g, "");
  const orderNumber = orderNumberOf(digits);
  const kinds = kindsNamedBy(term);
  return or(
    employeeMatches(userPayments.beneficiaryEmployeeId, term),
    ilike(userPayments.description, pattern),
    kinds.length > 0 ? inArray(userPayments.kind, kinds) : undefined,
    /^\d+$/.test(digits) ? ilike(userPayments.referenceNumber, likeContains(digits)) : undefined,
    orderNumber === null ? undefined : orderNumberIs(userPayments.orderId, orderNumber),
  );
}

/** One payment the viewer may read (in `db`, or in a change's transaction); 404 otherwise. */
export async function paymentOf(db: Db, viewer: PaymentViewer, id: string): Promise<TUserPayment> {
  const [row] = await withJoins(db.select(columns).from(userPayments).$dynamic()).where(
    and(eq(userPayments.id, id), readable(viewer)),
  );
  if (!row) throw notFound("User payment");
  return toUserPayment(row);
}

/** Every payment of the caller's employments, newest first. */
export async function myPayments(db: Db, user: PaymentViewer): Promise<{ items: TUserPayment[] }> {
  const rows = await withJoins(db.select(columns).from(userPayments).$dynamic())
    .where(eq(be.userId, user.id))
    .orderBy(desc(userPayments.createdAt), desc(userPayments.id));
  return { items: rows.map(toUserPayment) };
}

/** The list's rows of a page's ids (amongPageIds, read by rowsOfPage). */
const listRowsStatement = preparedPerDatabase((db) =>
  withJoins(db.select(columns).from(userPayments).$dynamic())
    .where(amongPageIds(userPayments.id))
    .prepare("user_payments_list_rows"),
);

export async function listPayments(
  db: Db,
  viewer: PaymentViewer,
  query: TUserPaymentsQuery,
): Promise<TUserPaymentPage> {
  const term = query.searchTerm?.trim();
  const narrowing = [
    term ? searchCondition(term) : undefined,
    ...onHelsinkiDates(userPayments.createdAt, query.createdFrom, query.createdTo),
    ...onHelsinkiDates(userPayments.sentAt, query.sentFrom, query.sentTo),
    ...onHelsinkiDates(userPayments.paidAt, query.paidFrom, query.paidTo),
    query.isUserPaymentDone === undefined
      ? undefined
      : eq(userPayments.isUserPaymentDone, query.isUserPaymentDone),
  ].filter((condition) => condition !== undefined);
  const where = and(companyScopeWhere(viewer, userPayments.companyId), ...narrowing);
  // Only the caller's companies: the counts kept per company. Else every condition is the payment's
  // own column (the search's subqueries too) and every join a required row (or a left join), so the
  // payments alone count the same.
  // docs/data-model.md names the page's size pageSize in the query; the answer is the default page.
  // Either count runs beside the page's ids in their statement (totalOf, decision 012).
  const counted =
    narrowing.length === 0
      ? keptRowCount(viewer, userPayments)
      : db.select({ n: count() }).from(userPayments).where(where);
  return readPage(
    { page: query.page, limit: query.pageSize },
    {
      rows: (slice) => newestIdsOf(db, userPayments, where, slice, totalOf(counted)),
      items: async (found) =>
        (
          await rowsOfPage(
            listRowsStatement(db),
            found.map((row) => row.id),
            (row) => row.payment.id,
          )
        ).map(toUserPayment),
      countPastEnd: () => countOf(db, counted),
    },
  );
}

/** One payment with its events, oldest first; names of who did what for the admin tier only. */
export async function paymentDetails(
  db: Db,
  viewer: PaymentViewer,
  id: string,
): Promise<TUserPaymentDetails> {
  const payment = await paymentOf(db, viewer, id);
  const events = await db
    .select({
      id: eventLog.id,
      type: eventLog.type,
      data: eventLog.data,
      createdAt: eventLog.createdAt,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
    })
    .from(eventLog)
    .leftJoin(users, eq(users.id, eventLog.actorUserId))
    .leftJoin(systemUsers, eq(systemUsers.userId, eventLog.actorUserId))
    .where(and(eq(eventLog.entityType, "userPayment"), eq(eventLog.entityId, id)))
    .orderBy(asc(eventLog.createdAt), asc(eventLog.id));
  const showNames = viewer.scope.kind === "all";
  return {
    ...payment,
    events: events.map((e) => {
      const reason = (e.data as Record<string, unknown> | null)?.reason;
      return {
        id: e.id,
        type: e.type,
        actorName: showNames && e.email ? personName(e.firstName, e.lastName, e.email) : null,
        reason: typeof reason === "string" ? reason : null,
        createdAt: e.createdAt.toISOString(),
      };
    }),
  };
}
