import { and, asc, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type {
  TCreateUserPayment,
  TUserPayment,
  TUserPaymentDetails,
  TUserPaymentPage,
  TUserPaymentsQuery,
} from "../../../contract/user-payments.ts";
import { bankTransferInstructions } from "../../../domain/payment-instructions.ts";
import { personName } from "../../../domain/person-name.ts";
import { isOpenUserPayment, userPaymentMethodAllowed } from "../../../domain/user-payments.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { onHelsinkiDates } from "../../db/helsinki.ts";
import { likeContains, pageEnvelope, pageOffset } from "../../db/paging.ts";
import { personMatches } from "../../db/person-search.ts";
import {
  beneficiaryEmployees,
  companies,
  eventLog,
  orders,
  systemUsers,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { companyScopeWhere, employeeRecordScope } from "../auth/tenancy.ts";
import { mailUserPaymentInvoice } from "./invoice-mail.ts";
import { cancelUserPayment, createUserPayment, markUserPaymentPaid, markUserPaymentSent } from "./ledger.ts";

/**
 * User payments (contract/user-payments.ts): the employee's own list, the helpdesk's and the
 * employer's paged list, one payment with its events, and the helpdesk's changes through the ledger
 * (ledger.ts). Who reads what: the admin tier every payment; user-payments.read or .manage in a
 * company that company's; everyone their own (as the employee the payment is of).
 */

type Viewer = Pick<CurrentUser, "id" | "scope" | "permissions">;
type Log = (error: unknown, what: string) => void;

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
const readable = (viewer: Viewer) =>
  employeeRecordScope(viewer, {
    companyColumn: userPayments.companyId,
    companyPermissions: ["user-payments.read", "user-payments.manage"],
    own: eq(be.userId, viewer.id),
  });

/** Employee name or e-mail, reference number (spaces ignored), description, or an order number. */
function searchCondition(term: string): SQL | undefined {
  const pattern = likeContains(term);
  const digits = term.replace(/\s/g, "");
  return or(
    personMatches(term),
    ilike(userPayments.description, pattern),
    /^\d+$/.test(digits) ? ilike(userPayments.referenceNumber, likeContains(digits)) : undefined,
    /^\d{1,9}$/.test(digits) ? eq(orders.orderNumber, Number(digits)) : undefined,
  );
}

export function createUserPaymentsService(ctx: AppContext) {
  const { db } = ctx.database;

  async function one(viewer: Viewer, id: string, from: Db = db): Promise<TUserPayment> {
    const [row] = await withJoins(from.select(columns).from(userPayments).$dynamic()).where(
      and(eq(userPayments.id, id), readable(viewer)),
    );
    if (!row) throw notFound("User payment");
    return toUserPayment(row);
  }

  /** Runs a ledger change in a transaction, on a payment the viewer may read (else 404). */
  async function change(viewer: Viewer, id: string, act: (tx: Db) => Promise<unknown>) {
    await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      await one(viewer, id, tx);
      await act(tx);
    });
  }

  async function mailIfInvoice(payment: TUserPayment, log: Log) {
    if (payment.paymentMethod === "BATCH" && payment.sentAt)
      await mailUserPaymentInvoice(ctx, payment.id, log);
  }

  return {
    /** Every payment of the caller's employments, newest first. */
    async mine(user: Viewer): Promise<{ items: TUserPayment[] }> {
      const rows = await withJoins(db.select(columns).from(userPayments).$dynamic())
        .where(eq(be.userId, user.id))
        .orderBy(desc(userPayments.createdAt), desc(userPayments.id));
      return { items: rows.map(toUserPayment) };
    },

    async list(viewer: Viewer, query: TUserPaymentsQuery): Promise<TUserPaymentPage> {
      const term = query.searchTerm?.trim();
      const where = and(
        companyScopeWhere(viewer, userPayments.companyId),
        term ? searchCondition(term) : undefined,
        ...onHelsinkiDates(userPayments.createdAt, query.createdFrom, query.createdTo),
        ...onHelsinkiDates(userPayments.sentAt, query.sentFrom, query.sentTo),
        ...onHelsinkiDates(userPayments.paidAt, query.paidFrom, query.paidTo),
        query.isUserPaymentDone === undefined
          ? undefined
          : eq(userPayments.isUserPaymentDone, query.isUserPaymentDone),
      );
      // Without a search every filter is the payment's own column and every join a required row, so
      // the payments alone count the same.
      const counted = db.select({ n: count() }).from(userPayments).$dynamic();
      const [total] = await (term ? withJoins(counted) : counted).where(where);
      const rows = await withJoins(db.select(columns).from(userPayments).$dynamic())
        .where(where)
        .orderBy(desc(userPayments.createdAt), desc(userPayments.id))
        .limit(query.pageSize)
        .offset(pageOffset({ page: query.page, limit: query.pageSize }));
      const { limit, ...envelope } = pageEnvelope(rows.map(toUserPayment), total?.n ?? 0, {
        page: query.page,
        limit: query.pageSize,
      });
      // SPEC §3 names the page's size pageSize.
      return { ...envelope, pageSize: limit };
    },

    /** One payment with its events, oldest first; names of who did what for the admin tier only. */
    async details(viewer: Viewer, id: string): Promise<TUserPaymentDetails> {
      const payment = await one(viewer, id);
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
    },

    /** A payment made by hand for an employee of any company in the viewer's reach. */
    async create(user: CurrentUser, input: TCreateUserPayment, log: Log): Promise<TUserPayment> {
      const now = new Date();
      const id = await db.transaction(async (txDb) => {
        const tx = txDb as unknown as Db;
        const [employment] = await tx
          .select({ id: be.id, companyId: be.companyId, paymentMode: companies.paymentMode })
          .from(be)
          .innerJoin(companies, eq(companies.id, be.companyId))
          .where(and(eq(be.id, input.beneficiaryEmployeeId), companyScopeWhere(user, be.companyId)));
        if (!employment)
          throw badRequest("Unknown employee", [
            { field: "body.beneficiaryEmployeeId", message: "No such employee" },
          ]);
        if (!userPaymentMethodAllowed(employment.paymentMode, input.paymentMethod))
          throw new AppError(
            409,
            "PAYMENT_METHOD_NOT_ALLOWED",
            `The company's payment mode ${employment.paymentMode} does not allow ${input.paymentMethod}`,
          );
        return createUserPayment(
          tx,
          {
            kind: input.kind,
            beneficiaryEmployeeId: employment.id,
            companyId: employment.companyId,
            description: input.description,
            amountCents: input.amountCents,
            paymentMethod: input.paymentMethod,
            dueDate: input.dueDate,
            send: input.send,
          },
          { userId: user.id },
          now,
        );
      });
      const payment = await one(user, id);
      await mailIfInvoice(payment, log);
      return payment;
    },

    /** Asks the employee to pay; a BATCH invoice is mailed the first time only. */
    async send(user: CurrentUser, id: string, log: Log): Promise<TUserPayment> {
      let firstTime = false;
      await change(user, id, async (tx) => {
        const [before] = await tx
          .select({ sentAt: userPayments.sentAt })
          .from(userPayments)
          .where(eq(userPayments.id, id))
          .for("update");
        await markUserPaymentSent(tx, id, { userId: user.id }, new Date());
        firstTime = !before?.sentAt;
      });
      const payment = await one(user, id);
      if (firstTime) await mailIfInvoice(payment, log);
      return payment;
    },

    async pay(user: CurrentUser, id: string): Promise<TUserPayment> {
      await change(user, id, (tx) => markUserPaymentPaid(tx, id, { userId: user.id }, new Date()));
      return one(user, id);
    },

    async cancel(user: CurrentUser, id: string, reason: string): Promise<TUserPayment> {
      await change(user, id, (tx) => cancelUserPayment(tx, id, { userId: user.id }, new Date(), reason));
      return one(user, id);
    },
  };
}
