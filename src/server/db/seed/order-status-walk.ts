import { eq } from "drizzle-orm";
import type { StoreLinkKind } from "../../../contract/store-links.ts";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import type { RoleName } from "../../../domain/roles.ts";
import type { FileStore } from "../../files/file-store.ts";
import { applyLeasingDecision, decisionActor } from "../../jobs/leasing-sync.ts";
import { matchPurchaseInvoice } from "../../modules/invoices/match-purchase-invoice.ts";
import type { InvoiceClerk } from "../../modules/invoices/queries.ts";
import { createPurchaseInvoice } from "../../modules/invoices/record-purchase-invoice.ts";
import { gatewayRegistry } from "../../modules/leasing/gateway.ts";
import { recordLeasingDecision } from "../../modules/leasing/record-decision.ts";
import { notifyOrderEvent } from "../../modules/notifications/order-events.ts";
import { completeCancellation } from "../../modules/order-cancellations/complete-cancellation.ts";
import { requestCancellation } from "../../modules/order-cancellations/request-cancellation.ts";
import { acceptPackage } from "../../modules/orders/accept-package.ts";
import { billLeasingCompany } from "../../modules/orders/bill-leasing-company.ts";
import { decideForEmployer } from "../../modules/orders/employer-decision.ts";
import { BY_BIKE_STORE, moveOrder, type OrderUser } from "../../modules/orders/lifecycle.ts";
import { processOrder } from "../../modules/orders/process-order.ts";
import { agreementOf } from "../../modules/orders/queries.ts";
import { submitToLeasingCompany } from "../../modules/orders/send-to-leasing-company.ts";
import { signAgreement } from "../../modules/orders/sign-agreement.ts";
import { startLease } from "../../modules/orders/start-lease.ts";
import { sendStoreInvoice } from "../../modules/store-accounts/store-invoice.ts";
import { provideDelivery } from "../../modules/store-links/provide-delivery.ts";
import { providePackage } from "../../modules/store-links/provide-package.ts";
import { issueStoreLink } from "../../modules/store-links/tokens.ts";
import { lockRows } from "../lock-order.ts";
import { orders } from "../schema/index.ts";
import type { Actor, Tx, WriteContext } from "../transaction.ts";
import { DEMO_PUBLIC_URL } from "./demo-data.ts";
import {
  type Line,
  MINUTE_MS,
  PACKAGES,
  STEP_DAY,
  type Step,
  USER_AGENTS,
  type Walk,
} from "./order-status-walks.ts";
import { handOverInDemo, storeAccountUserOf } from "./seed-handover-demo.ts";

/**
 * One demo order walked through the order's main line, in one transaction, by the services' own
 * functions, each step dated by the seed's clock; then the helpdesk's side moves, if the walk has any.
 */

export type Person = { id: string; userId: string; companyId: string; name: string };
export type SeedCtx = {
  now: Date;
  files: FileStore;
  helpdesk: { id: string; roleNames: RoleName[]; scope: { kind: "all" } };
  employerAdmin: Map<string, { userId: string; roleNames: RoleName[] }>;
  stores: Map<string, string>;
};

const EMPLOYEE_ROLES: RoleName[] = ["BIKE_BENEFICIARY"];

/**
 * The store's link of the kind a move issued, as the store opens it from its mail: the seed mints one
 * of its own to walk on (the mail queued with the move mints another if it is sent while the order is
 * still at the link's step).
 */
export async function storeLinkOf(
  ctx: WriteContext,
  orderId: string,
  kind: StoreLinkKind | undefined,
): Promise<string | undefined> {
  return kind ? (await issueStoreLink(ctx, orderId, kind)).token : undefined;
}

/** The last main-line step of a walk: its `until`, or none for NOT_STARTED. */
const STEPS = Object.keys(STEP_DAY) as Step[];

/** Walks one order as `walk` says; answers its id. */
export async function runWalk(
  tx: Tx,
  c: SeedCtx,
  walk: Walk,
  person: Person,
  index: number,
): Promise<string> {
  const last = walk.until ? STEPS.indexOf(walk.until) : -1;
  const lastDay = walk.until ? STEP_DAY[walk.until] : 0;
  const sideDays = walk.side ? walk.side.path.length : walk.cancel ? 1 : 0;
  const createdAt = new Date(c.now.getTime() - (lastDay + sideDays + walk.waitingDays) * DAY_MS);
  const at = (step: Step) =>
    new Date(createdAt.getTime() + STEP_DAY[step] * DAY_MS + STEPS.indexOf(step) * 7 * MINUTE_MS);
  const employee: OrderUser = { kind: "user", userId: person.userId, roleNames: EMPLOYEE_ROLES };
  const helpdeskMover: OrderUser = { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
  const clerk: InvoiceClerk = {
    userId: c.helpdesk.id,
    roleNames: c.helpdesk.roleNames,
    scope: c.helpdesk.scope,
  };
  /** Each step's write context: who takes it, at the step's time on the seed's clock. */
  const by = <A extends Actor>(actor: A, now: Date): WriteContext<A> => ({ tx, actor, now });
  const [order] = await tx
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.id,
      companyId: person.companyId,
      bikeStoreId: c.stores.get(walk.store) ?? null,
      deliveryMethod: walk.delivery ?? (index % 3 === 2 ? "HOME_DELIVERY" : "PICKUP"),
      vatPercent: FINNISH_VAT_PERCENT,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  const orderNumber = order?.orderNumber as number;
  const reached = (step: Step) => STEPS.indexOf(step) <= last;
  const locked = async () => {
    const [row] = await lockRows(
      tx,
      "order",
      tx.select().from(orders).where(eq(orders.id, orderId)).for("update"),
    );
    return row as typeof orders.$inferSelect;
  };

  let link: string | undefined;
  if (reached("start")) {
    const moved = await moveOrder(by(employee, at("start")), { orderId, to: "PENDING" });
    await notifyOrderEvent(tx, orderId, { kind: "created" });
    if (reached("package"))
      link = await storeLinkOf(by(BY_BIKE_STORE, at("start")), orderId, moved.storeLink);
  }
  if (reached("package") && link) {
    const items = PACKAGES[walk.packageKey ?? "tunturiEmax"] as Line[];
    await providePackage(by(BY_BIKE_STORE, at("package")), link, {
      bikeStoreOrderNumber: `MY-${24_000 + orderNumber}`,
      items,
    });
  }
  if (reached("accept")) {
    await acceptPackage(by(employee, at("accept")), await locked(), walk.leaseMonths ?? 36, true);
  }
  if (reached("sign")) {
    const agreement = await agreementOf(tx, orderId, true);
    if (agreement) {
      await signAgreement(by(employee, new Date(at("sign").getTime() + 25 * MINUTE_MS)), c.files, {
        order: await locked(),
        agreement,
        signerName: person.name,
        meta: {
          ipAddress: `192.0.2.${20 + index}`,
          userAgent: USER_AGENTS[index % USER_AGENTS.length] as string,
        },
      });
    }
  }
  if (reached("approve")) {
    const order = await locked();
    const admin = c.employerAdmin.get(order.companyId);
    if (order.employerApprovalRequired && admin) {
      await decideForEmployer(by({ kind: "user" as const, ...admin }, at("approve")), order, {
        approve: true,
      });
    }
  }
  if (reached("send")) {
    await submitToLeasingCompany(by({ userId: c.helpdesk.id }, at("send")), gatewayRegistry(), orderId);
  }
  if (reached("decide")) {
    const agreement = await agreementOf(tx, orderId);
    const decidedAt = at("decide");
    const recorded = await recordLeasingDecision(
      by({ userId: c.helpdesk.id }, decidedAt),
      gatewayRegistry(),
      agreement?.id as string,
      { decision: "ACCEPTED", agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}` },
    );
    // A walk that stops here leaves the decision waiting for the sync (GET /api/last-fetch-time).
    if (walk.until !== "decide") {
      const decision = {
        decisionId: recorded.id,
        leasingAgreementId: agreement?.id as string,
        decision: "ACCEPTED" as const,
        agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}`,
        reason: null,
        decidedByUserId: c.helpdesk.id,
      };
      await applyLeasingDecision(
        by(decisionActor(decision), new Date(decidedAt.getTime() + 10 * MINUTE_MS)),
        decision,
      );
    }
  }
  if (reached("process")) await processOrder(by(helpdeskMover, at("process")), orderId);
  let invoiceId: string | undefined;
  const storeAccount = walk.invoicedFromAccount
    ? await storeAccountUserOf(tx, (await locked()).bikeStoreId)
    : null;
  if (reached("purchaseInvoice") && storeAccount) {
    invoiceId = await sendStoreInvoice(by(storeAccount, at("purchaseInvoice")), await locked(), {
      invoiceNumber: `${walk.store.slice(0, 2).toUpperCase()}-${81_000 + orderNumber}`,
    });
  } else if (reached("purchaseInvoice")) {
    const { totalPriceCents } = await locked();
    const amountCents = netFromGross(totalPriceCents, FINNISH_VAT_PERCENT);
    const issued = at("purchaseInvoice");
    invoiceId = (
      await createPurchaseInvoice(by(clerk, issued), {
        orderId,
        invoiceNumber: `${walk.store.slice(0, 2).toUpperCase()}-${81_000 + orderNumber}`,
        amountCents,
        vatCents: totalPriceCents - amountCents,
        issueDate: toHelsinkiDateString(new Date(issued.getTime() - DAY_MS)),
        dueDate: toHelsinkiDateString(new Date(issued.getTime() + 13 * DAY_MS)),
        description: `Tilaus ${orderNumber}`,
      })
    ).id;
  }
  let deliveryLink: string | undefined;
  if (reached("match") && invoiceId) {
    const kind = await matchPurchaseInvoice(by(clerk, at("match")), invoiceId);
    if (reached("delivery")) deliveryLink = await storeLinkOf(by(clerk, at("match")), orderId, kind);
  }
  if (walk.handedOver && reached("match")) await handOverInDemo(tx, c, orderId, person, at("delivery"));
  if (reached("delivery") && deliveryLink) {
    await provideDelivery(by(BY_BIKE_STORE, at("delivery")), deliveryLink, {
      frameSerialNumber: `WC${String(7_310_000 + orderNumber * 37).padStart(9, "0")}`,
      deliveryDate: toHelsinkiDateString(at("delivery")),
    });
  }
  if (reached("bill")) await billLeasingCompany(by(helpdeskMover, at("bill")), orderId);
  if (reached("startLease"))
    await startLease(by(helpdeskMover, at("startLease")), orderId, {
      publicUrl: DEMO_PUBLIC_URL,
      files: c.files,
    });

  if (walk.side) {
    let when = new Date(at(walk.until ?? "start").getTime() + DAY_MS);
    for (const [step, to] of walk.side.path.entries()) {
      const lastSide = step === walk.side.path.length - 1;
      await moveOrder(by(helpdeskMover, when), {
        orderId,
        to,
        ...(lastSide ? { data: { reason: walk.side.reason } } : {}),
      });
      when = new Date(when.getTime() + DAY_MS);
    }
  }
  if (walk.cancel) {
    const when = new Date(at(walk.until ?? "start").getTime() + DAY_MS);
    const helpdesk = { userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
    const { orderCancellationId } = await requestCancellation(by(helpdesk, when), {
      orderId,
      reason: walk.cancel.reason,
      side: "HELPDESK",
    });
    await completeCancellation(by(helpdesk, new Date(when.getTime() + 30 * MINUTE_MS)), orderCancellationId);
  }
  return orderId;
}
