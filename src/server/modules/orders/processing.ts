import { and, asc, count, desc, eq, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type {
  TBulkOrderStatus,
  TBulkOrderStatusResult,
  TOrderStatusMove,
} from "../../../contract/order-processing.ts";
import type { TOrderDetails } from "../../../contract/orders.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { invoiceDueDate, leasingCompanyPayerType } from "../../../domain/invoice-status.ts";
import { leaseEndDate, leaseStartDate } from "../../../domain/lease-dates.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { isGenericAdminMove } from "../../../domain/order-admin-moves.ts";
import { personName } from "../../../domain/person-name.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  invoices,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  systemUsers,
  users,
  vatRates,
} from "../../db/schema/index.ts";
import { AppError, notFound } from "../../errors.ts";
import { purchaseOrderMail } from "../../messaging/purchase-order-mail.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { type GatewayRegistry, gatewayRegistry } from "../leasing/gateway.ts";
import { mailStoreLink } from "../store-links/service.ts";
import type { IssuedStoreLink } from "../store-links/tokens.ts";
import { moveOrder, type OrderMover, orderMoveNotAllowed } from "./lifecycle.ts";
import { createOrdersService } from "./service.ts";

/**
 * The helpdesk's processing of an order (issue 12 points 3 and 6; contract/order-processing.ts): the
 * signed agreement to the leasing company, processing once it accepted (the store's purchase order),
 * the bill to the leasing company, the lease's start, and the moves made by status name, one order or
 * many. Every status change goes through moveOrder in the action's transaction, with what the action
 * writes beside it (the agreement, the invoice, the event rows), so an action is whole or absent.
 * Mails go after the commit; a failed mail is logged and does not undo the action.
 */

const agreementNotSigned = () =>
  new AppError(
    409,
    "AGREEMENT_NOT_SIGNED",
    "The order has no signed agreement to send to the leasing company",
  );
const agreementNotAccepted = () =>
  new AppError(409, "AGREEMENT_NOT_ACCEPTED", "The leasing company has not accepted the order's agreement");

type Agreement = typeof leasingAgreements.$inferSelect;
/** Where a failed mail is logged (the request's logger). */
export type ProcessingLog = Pick<FastifyBaseLogger, "error">;

function moverOf(user: CurrentUser): OrderMover {
  return { kind: "user", userId: user.id, roleNames: user.roleNames };
}

/** The order's row, locked for the action; 404 when there is none. */
async function lockOrder(tx: Db, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("Order");
  return order;
}

function requireStatus(order: { orderStatus: OrderStatus }, status: OrderStatus, to: OrderStatus): void {
  if (order.orderStatus !== status) throw orderMoveNotAllowed(order.orderStatus, to);
}

/** The order's agreement (the latest, should there be several), locked. */
async function lockAgreement(tx: Db, orderId: string): Promise<Agreement | null> {
  const [agreement] = await tx
    .select()
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId))
    .orderBy(desc(leasingAgreements.createdAt), desc(leasingAgreements.id))
    .limit(1)
    .for("update");
  return agreement ?? null;
}

/** The VAT rate of an order: its own, else Finland's in force on the day, else the default. */
async function vatPercentOf(tx: Db, order: { vatPercent: number | null }, today: string): Promise<number> {
  if (order.vatPercent !== null) return order.vatPercent;
  const [rate] = await tx
    .select({ value: vatRates.ratePercent })
    .from(vatRates)
    .where(and(eq(vatRates.countryCode, "FI"), lte(vatRates.validFrom, today)))
    .orderBy(desc(vatRates.validFrom))
    .limit(1);
  return rate?.value ?? FINNISH_VAT_PERCENT;
}

/**
 * The milestone actions on an order, each inside the caller's transaction with its own clock (the
 * service passes the request's time, the demo seed its fixed one): the signed agreement to the
 * leasing company, processing, the bill to the leasing company, the lease's start.
 */
export async function submitToLeasingCompany(
  tx: Db,
  registry: GatewayRegistry,
  by: { userId: string },
  orderId: string,
  now: Date,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  if (order.orderStatus !== "CONFIRMED") {
    throw new AppError(
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
      `Only a CONFIRMED order is sent to its leasing company, not one in ${order.orderStatus}`,
    );
  }
  const agreement = await lockAgreement(tx, orderId);
  if (agreement?.status !== "SIGNED") throw agreementNotSigned();
  const gateway = registry.forLeasingCompany(agreement.leasingCompanyId);
  const { reference } = await gateway.submitAgreement(tx, {
    agreementId: agreement.id,
    orderId,
    orderNumber: order.orderNumber,
    leasingCompanyId: agreement.leasingCompanyId,
    leaseTimeMonths: agreement.leaseTimeMonths,
    monthlyPaymentCents: agreement.monthlyPaymentCents,
    totalPriceCents: agreement.totalPriceCents,
    residualValueCents: agreement.residualValueCents,
    commitmentDate: agreement.commitmentDate,
  });
  await tx
    .update(leasingAgreements)
    .set({ status: "PENDING", updatedAt: now })
    .where(eq(leasingAgreements.id, agreement.id));
  if (order.leasingCompanyId !== agreement.leasingCompanyId) {
    await tx
      .update(orders)
      .set({ leasingCompanyId: agreement.leasingCompanyId, updatedAt: now })
      .where(eq(orders.id, orderId));
  }
  await tx.insert(eventLog).values({
    type: "ORDER_SENT",
    actorUserId: by.userId,
    companyId: order.companyId,
    entityType: "order",
    entityId: orderId,
    data: {
      leasingAgreementId: agreement.id,
      leasingCompanyId: agreement.leasingCompanyId,
      ...(reference ? { reference } : {}),
    },
    createdAt: now,
  });
}

/** CONFIRMED → PROCESSED → WAITING_FOR_INVOICE_MATCH; answers the store link the move issued. */
export async function processOrder(
  tx: Db,
  by: OrderMover,
  orderId: string,
  now: Date,
): Promise<IssuedStoreLink | undefined> {
  const order = await lockOrder(tx, orderId);
  requireStatus(order, "CONFIRMED", "PROCESSED");
  const agreement = await lockAgreement(tx, orderId);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  await moveOrder(tx, { orderId, to: "PROCESSED", by }, now);
  const waiting = await moveOrder(
    tx,
    {
      orderId,
      to: "WAITING_FOR_INVOICE_MATCH",
      by: { kind: "system" },
    },
    now,
  );
  return waiting.storeLink;
}

/** READY_FOR_BILLING → GRENKE_INVOICE_SENT with the invoice to the leasing company. */
export async function billLeasingCompany(tx: Db, by: OrderMover, orderId: string, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId);
  requireStatus(order, "READY_FOR_BILLING", "GRENKE_INVOICE_SENT");
  const agreement = await lockAgreement(tx, orderId);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  const [leasingCompany] = await tx
    .select({ id: leasingCompanies.id, companyName: leasingCompanies.companyName })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.id, agreement.leasingCompanyId));
  if (!leasingCompany) throw notFound("Leasing company");
  const issueDate = toHelsinkiDateString(now);
  const vatPercent = await vatPercentOf(tx, order, issueDate);
  const totalCents = order.totalPriceCents;
  const amountCents = netFromGross(totalCents, vatPercent);
  // One bill per billing of the order; billed again (after a CASE_X) it gets the next number.
  const [earlier] = await tx
    .select({ n: count() })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.leasingCompanyId, leasingCompany.id)));
  const sequence = (earlier?.n ?? 0) + 1;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      invoiceNumber: `PED-L-${order.orderNumber}${sequence > 1 ? `-${sequence}` : ""}`,
      status: "SENT",
      payerType: leasingCompanyPayerType(leasingCompany.companyName),
      companyId: order.companyId,
      orderId,
      leasingCompanyId: leasingCompany.id,
      description: `Order ${order.orderNumber}`,
      amountCents,
      vatCents: totalCents - amountCents,
      totalCents,
      referenceNumber: referenceNumber(`${order.orderNumber}${String(sequence).padStart(2, "0")}`),
      issueDate,
      dueDate: invoiceDueDate(issueDate),
      sentAt: now,
    })
    .returning({ id: invoices.id });
  await moveOrder(tx, { orderId, to: "GRENKE_INVOICE_SENT", by, data: { invoiceId: invoice?.id } }, now);
}

/** GRENKE_INVOICE_SENT → ACTIVE_LEASING, the agreement's start and end from the delivery date. */
export async function startLease(tx: Db, by: OrderMover, orderId: string, now: Date): Promise<void> {
  const order = await lockOrder(tx, orderId);
  requireStatus(order, "GRENKE_INVOICE_SENT", "ACTIVE_LEASING");
  if (!order.deliveryDate)
    throw new AppError(
      409,
      "DELIVERY_DATE_MISSING",
      "The order has no delivery date to start the lease from",
    );
  const agreement = await lockAgreement(tx, orderId);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  const startDate = leaseStartDate(order.deliveryDate);
  const endDate = leaseEndDate(startDate, agreement.leaseTimeMonths);
  await moveOrder(tx, { orderId, to: "ACTIVE_LEASING", by }, now);
  // The status stays ACCEPTED: that the lease runs is read from its dates (agreementPhase).
  await tx
    .update(leasingAgreements)
    .set({ startDate, endDate, updatedAt: now })
    .where(eq(leasingAgreements.id, agreement.id));
  await tx.insert(eventLog).values({
    type: "LEASING_STARTED",
    actorUserId: by.kind === "user" ? by.userId : null,
    companyId: order.companyId,
    entityType: "leasingAgreement",
    entityId: agreement.id,
    data: { orderId, startDate, endDate },
    createdAt: now,
  });
}

export function createOrderProcessingService(ctx: AppContext, registry: GatewayRegistry = gatewayRegistry()) {
  const { db } = ctx.database;
  const reader = createOrdersService(ctx);
  const failureLog = (log: ProcessingLog) => (error: unknown, what: string) =>
    log.error({ err: error }, what);

  async function inTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (txDb) => work(txDb as unknown as Db));
  }

  async function mailLink(link: IssuedStoreLink | undefined, log: ProcessingLog): Promise<void> {
    if (link) await mailStoreLink(ctx, link, failureLog(log));
  }

  async function sendPurchaseOrder(orderId: string, log: ProcessingLog): Promise<void> {
    try {
      const [row] = await db
        .select({
          order: orders,
          storeName: bikeStores.storeName,
          storeEmail: bikeStores.email,
          companyName: companies.name,
          firstName: systemUsers.firstName,
          lastName: systemUsers.lastName,
          email: users.email,
        })
        .from(orders)
        .innerJoin(bikeStores, eq(bikeStores.id, orders.bikeStoreId))
        .innerJoin(companies, eq(companies.id, orders.companyId))
        .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
        .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
        .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
        .where(eq(orders.id, orderId));
      const to = row?.storeEmail?.trim();
      if (!row || !to) return;
      const lines = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.sortOrder), asc(orderItems.createdAt));
      const o = row.order;
      const address =
        o.deliveryMethod === "HOME_DELIVERY"
          ? [o.deliveryStreetAddress, [o.deliveryPostalCode, o.deliveryCity].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ")
          : null;
      const mail = purchaseOrderMail("fi", {
        storeName: row.storeName,
        orderNumber: o.orderNumber,
        bikeStoreOrderNumber: o.bikeStoreOrderNumber,
        customerName: personName(row.firstName, row.lastName, row.email),
        companyName: row.companyName,
        deliveryAddress: address || null,
        lines,
        totalCents: o.totalPriceCents,
      });
      await ctx.messaging.sendMail({ to, ...mail });
    } catch (error) {
      log.error({ err: error, orderId }, "purchase order mail failed");
    }
  }

  /** One move by status name, in its own transaction; answers the store link the move issued. */
  async function moveByStatus(user: CurrentUser, orderId: string, move: TOrderStatusMove) {
    return inTransaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      // A milestone has its own action, which checks what the move needs; by name, only the rest.
      if (!isGenericAdminMove(order.orderStatus, move.to, order.previousStatus))
        throw orderMoveNotAllowed(order.orderStatus, move.to);
      const moved = await moveOrder(tx, {
        orderId,
        to: move.to,
        by: moverOf(user),
        ...(move.note ? { data: { note: move.note } } : {}),
      });
      return moved.storeLink;
    });
  }

  return {
    async sendToLeasingCompany(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await inTransaction(async (tx) => {
        await submitToLeasingCompany(tx, registry, { userId: user.id }, orderId, new Date());
      });
      return reader.details(user, orderId);
    },

    async process(user: CurrentUser, orderId: string, log: ProcessingLog): Promise<TOrderDetails> {
      const link = await inTransaction(async (tx) => {
        return processOrder(tx, moverOf(user), orderId, new Date());
      });
      await mailLink(link, log);
      await sendPurchaseOrder(orderId, log);
      return reader.details(user, orderId);
    },

    async bill(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await inTransaction(async (tx) => {
        await billLeasingCompany(tx, moverOf(user), orderId, new Date());
      });
      return reader.details(user, orderId);
    },

    async startLeasing(user: CurrentUser, orderId: string): Promise<TOrderDetails> {
      await inTransaction(async (tx) => {
        await startLease(tx, moverOf(user), orderId, new Date());
      });
      return reader.details(user, orderId);
    },

    async moveStatus(
      user: CurrentUser,
      orderId: string,
      move: TOrderStatusMove,
      log: ProcessingLog,
    ): Promise<TOrderDetails> {
      await mailLink(await moveByStatus(user, orderId, move), log);
      return reader.details(user, orderId);
    },

    async bulkMoveStatus(
      user: CurrentUser,
      input: TBulkOrderStatus,
      log: ProcessingLog,
    ): Promise<TBulkOrderStatusResult> {
      const results: TBulkOrderStatusResult["results"] = [];
      for (const orderId of input.orderIds) {
        try {
          const link = await moveByStatus(user, orderId, {
            to: input.to,
            ...(input.note ? { note: input.note } : {}),
          });
          await mailLink(link, log);
          results.push({ orderId, ok: true });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ orderId, ok: false, code: error.code });
        }
      }
      return { results };
    },
  };
}
