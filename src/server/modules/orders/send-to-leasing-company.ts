import { eq } from "drizzle-orm";
import { recordEvent } from "../../db/event-log.ts";
import { leasingAgreements } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { GatewayRegistry } from "../leasing/gateway.ts";
import { hasOpenCancellation } from "../order-cancellations/queries.ts";
import { agreementNotSigned, orderHeldByCancellation, orderTransitionNotAllowed } from "./errors.ts";
import { lockOrder, setOrderLeasingCompany } from "./order-rows.ts";
import { agreementOf } from "./queries.ts";

/**
 * The helpdesk sends a CONFIRMED order's signed agreement to its leasing company through the company's
 * gateway: the agreement waits for the decision (PENDING), the order names the leasing company the
 * agreement went to, and the event ORDER_SENT keeps the gateway's reference. No status change: the
 * order stays CONFIRMED until the leasing company decides and the helpdesk processes it. An order
 * whose cancellation request is open is not sent: it holds until the request is settled.
 */
export async function submitToLeasingCompany(
  ctx: WriteContext,
  registry: GatewayRegistry,
  orderId: string,
): Promise<void> {
  const { tx, now } = ctx;
  const order = await lockOrder(tx, orderId);
  if (order.orderStatus !== "CONFIRMED") {
    throw orderTransitionNotAllowed(
      `Only a CONFIRMED order is sent to its leasing company, not one in ${order.orderStatus}`,
    );
  }
  if (await hasOpenCancellation(tx, orderId)) throw orderHeldByCancellation();
  const agreement = await agreementOf(tx, orderId, true);
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
    await setOrderLeasingCompany(ctx, orderId, agreement.leasingCompanyId);
  }
  await recordEvent(ctx, {
    type: "ORDER_SENT",
    entity: { type: "order", id: orderId },
    companyId: order.companyId,
    data: {
      leasingAgreementId: agreement.id,
      leasingCompanyId: agreement.leasingCompanyId,
      ...(reference ? { reference } : {}),
    },
  });
}
