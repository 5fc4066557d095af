import { eq } from "drizzle-orm";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { applyLeasingDecision } from "../../jobs/leasing-sync.ts";
import { createPurchaseInvoice, matchPurchaseInvoice } from "../../modules/invoices/service.ts";
import { recordLeasingDecision } from "../../modules/leasing/decisions.ts";
import { gatewayRegistry } from "../../modules/leasing/gateway.ts";
import { notifyOrderEvent } from "../../modules/notifications/order-events.ts";
import { acceptPackage } from "../../modules/orders/acceptance.ts";
import { moveOrder, type OrderMover } from "../../modules/orders/lifecycle.ts";
import {
  billLeasingCompany,
  processOrder,
  startLease,
  submitToLeasingCompany,
} from "../../modules/orders/processing.ts";
import { agreementOf, decideForEmployer, signAgreement } from "../../modules/orders/signing.ts";
import { provideDelivery, providePackage } from "../../modules/store-links/service.ts";
import { orders } from "../schema/index.ts";
import type { Tx } from "../transaction.ts";
import {
  DAY_MS,
  type Line,
  MINUTE_MS,
  PACKAGES,
  STEP_DAY,
  type Step,
  USER_AGENTS,
  type Walk,
} from "./order-status-walks.ts";

/**
 * One demo order walked through the order's main line, in one transaction, by the services' own
 * functions, each step dated by the seed's clock; then the helpdesk's side moves, if the walk has any.
 */

export type Person = { id: string; userId: string; companyId: string; name: string };
export type SeedCtx = {
  now: Date;
  helpdesk: { id: string; roleNames: RoleName[]; scope: { kind: "all" } };
  employerAdmin: Map<string, { userId: string; roleNames: RoleName[] }>;
  stores: Map<string, string>;
};

const EMPLOYEE_ROLES: RoleName[] = ["BIKE_BENEFICIARY"];

/** The last main-line step of a walk: its `until`, or none for NOT_STARTED. */
const STEPS = Object.keys(STEP_DAY) as Step[];

export async function runWalk(tx: Tx, c: SeedCtx, walk: Walk, person: Person, index: number): Promise<void> {
  const last = walk.until ? STEPS.indexOf(walk.until) : -1;
  const lastDay = walk.until ? STEP_DAY[walk.until] : 0;
  const sideDays = walk.side ? walk.side.path.length : 0;
  const createdAt = new Date(c.now.getTime() - (lastDay + sideDays + walk.waitingDays) * DAY_MS);
  const at = (step: Step) =>
    new Date(createdAt.getTime() + STEP_DAY[step] * DAY_MS + STEPS.indexOf(step) * 7 * MINUTE_MS);
  const employee: OrderMover = { kind: "user", userId: person.userId, roleNames: EMPLOYEE_ROLES };
  const helpdeskMover: OrderMover = { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
  const [order] = await tx
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.id,
      companyId: person.companyId,
      bikeStoreId: c.stores.get(walk.store) ?? null,
      deliveryMethod: index % 3 === 2 ? "HOME_DELIVERY" : "PICKUP",
      vatPercent: FINNISH_VAT_PERCENT,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  const orderNumber = order?.orderNumber as number;
  const reached = (step: Step) => STEPS.indexOf(step) <= last;
  const locked = async () => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    return row as typeof orders.$inferSelect;
  };

  let link: string | undefined;
  if (reached("start")) {
    const moved = await moveOrder(tx, { orderId, to: "PENDING", by: employee }, at("start"));
    await notifyOrderEvent(tx, orderId, { kind: "created" });
    link = moved.storeLink?.token;
  }
  if (reached("package") && link) {
    const items = PACKAGES[walk.packageKey ?? "tunturiEmax"] as Line[];
    await providePackage(
      tx,
      link,
      { bikeStoreOrderNumber: `MY-${24_000 + orderNumber}`, items },
      at("package"),
    );
  }
  if (reached("accept")) {
    await acceptPackage(
      tx,
      await locked(),
      { id: person.userId, roleNames: EMPLOYEE_ROLES },
      walk.leaseMonths ?? 36,
      at("accept"),
    );
  }
  if (reached("sign")) {
    const agreement = await agreementOf(tx, orderId, true);
    if (agreement) {
      await signAgreement(
        tx,
        await locked(),
        agreement,
        { userId: person.userId, name: person.name, roleNames: EMPLOYEE_ROLES },
        { ipAddress: `192.0.2.${20 + index}`, userAgent: USER_AGENTS[index % USER_AGENTS.length] as string },
        new Date(at("sign").getTime() + 25 * MINUTE_MS),
      );
    }
  }
  if (reached("approve")) {
    const order = await locked();
    const admin = c.employerAdmin.get(order.companyId);
    if (order.employerApprovalRequired && admin) {
      await decideForEmployer(tx, order, admin, { approve: true }, at("approve"));
    }
  }
  if (reached("send")) {
    await submitToLeasingCompany(tx, gatewayRegistry(), { userId: c.helpdesk.id }, orderId, at("send"));
  }
  if (reached("decide")) {
    const agreement = await agreementOf(tx, orderId);
    const decidedAt = at("decide");
    const recorded = await recordLeasingDecision(
      tx,
      gatewayRegistry(),
      { userId: c.helpdesk.id },
      agreement?.id as string,
      { decision: "ACCEPTED", agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}` },
      decidedAt,
    );
    // A walk that stops here leaves the decision waiting for the sync (GET /api/last-fetch-time).
    if (walk.until !== "decide") {
      await applyLeasingDecision(
        tx,
        {
          decisionId: recorded.id,
          leasingAgreementId: agreement?.id as string,
          decision: "ACCEPTED",
          agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}`,
          reason: null,
          decidedByUserId: c.helpdesk.id,
        },
        new Date(decidedAt.getTime() + 10 * MINUTE_MS),
      );
    }
  }
  if (reached("process")) await processOrder(tx, helpdeskMover, orderId, at("process"));
  let invoiceId: string | undefined;
  if (reached("purchaseInvoice")) {
    const { totalPriceCents } = await locked();
    const amountCents = netFromGross(totalPriceCents, FINNISH_VAT_PERCENT);
    const issued = at("purchaseInvoice");
    invoiceId = (
      await createPurchaseInvoice(
        tx,
        c.helpdesk,
        {
          orderId,
          invoiceNumber: `${walk.store.slice(0, 2).toUpperCase()}-${81_000 + orderNumber}`,
          amountCents,
          vatCents: totalPriceCents - amountCents,
          issueDate: toHelsinkiDateString(new Date(issued.getTime() - DAY_MS)),
          dueDate: toHelsinkiDateString(new Date(issued.getTime() + 13 * DAY_MS)),
          description: `Tilaus ${orderNumber}`,
        },
        issued,
      )
    ).id;
  }
  let deliveryLink: string | undefined;
  if (reached("match") && invoiceId) {
    deliveryLink = (await matchPurchaseInvoice(tx, c.helpdesk, invoiceId, at("match")))?.token;
  }
  if (reached("delivery") && deliveryLink) {
    await provideDelivery(
      tx,
      deliveryLink,
      {
        frameSerialNumber: `WC${String(7_310_000 + orderNumber * 37).padStart(9, "0")}`,
        deliveryDate: toHelsinkiDateString(at("delivery")),
      },
      at("delivery"),
    );
  }
  if (reached("bill")) await billLeasingCompany(tx, helpdeskMover, orderId, at("bill"));
  if (reached("startLease")) await startLease(tx, helpdeskMover, orderId, at("startLease"));

  if (walk.side) {
    let when = new Date(at(walk.until ?? "start").getTime() + DAY_MS);
    for (const [step, to] of walk.side.path.entries()) {
      const lastSide = step === walk.side.path.length - 1;
      await moveOrder(
        tx,
        { orderId, to, by: helpdeskMover, ...(lastSide ? { data: { reason: walk.side.reason } } : {}) },
        when,
      );
      when = new Date(when.getTime() + DAY_MS);
    }
  }
}
