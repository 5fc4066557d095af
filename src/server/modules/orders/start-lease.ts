import { eq } from "drizzle-orm";
import { hasEmploymentEnd } from "../../../domain/employees.ts";
import { leaseEndDate, leaseStartDate } from "../../../domain/lease-dates.ts";
import { recordEvent } from "../../db/event-log.ts";
import { beneficiaryEmployees, leasingAgreements } from "../../db/schema/index.ts";
import type { WriteContext } from "../../db/transaction.ts";
import type { OfferOutput } from "../redemptions/add-offer.ts";
import { openCaseForEndingEmployment } from "../redemptions/employment-end.ts";
import { agreementNotAccepted, deliveryDateMissing } from "./errors.ts";
import { moveOrder, type OrderMover, requireStatus } from "./lifecycle.ts";
import { lockOrder } from "./order-rows.ts";
import { agreementOf } from "./queries.ts";

/**
 * The helpdesk starts the lease once the leasing company is billed: GRENKE_INVOICE_SENT →
 * ACTIVE_LEASING, the agreement running from the first day of the month after the delivery
 * (src/domain/lease-dates.ts) for its lease period, and the event LEASING_STARTED on the agreement.
 * A lease that starts for an employment already set to end before the lease does gets its redemption
 * case at once, as every lease running when the end was set got one: otherwise it would run on in
 * payroll after the last working day with its balance never offered.
 */
export async function startLease(
  ctx: WriteContext<OrderMover>,
  orderId: string,
  output: OfferOutput,
): Promise<void> {
  const { tx, now } = ctx;
  const order = await lockOrder(tx, orderId);
  requireStatus(order, "GRENKE_INVOICE_SENT", "ACTIVE_LEASING");
  if (!order.deliveryDate) throw deliveryDateMissing();
  const agreement = await agreementOf(tx, orderId, true);
  if (agreement?.status !== "ACCEPTED") throw agreementNotAccepted();
  const startDate = leaseStartDate(order.deliveryDate);
  const endDate = leaseEndDate(startDate, agreement.leaseTimeMonths);
  await moveOrder(ctx, { orderId, to: "ACTIVE_LEASING" });
  // The status stays ACCEPTED: that the lease runs is read from its dates (agreementPhase).
  await tx
    .update(leasingAgreements)
    .set({ startDate, endDate, updatedAt: now })
    .where(eq(leasingAgreements.id, agreement.id));
  await recordEvent(ctx, {
    type: "LEASING_STARTED",
    entity: { type: "leasingAgreement", id: agreement.id },
    companyId: order.companyId,
    data: { orderId, startDate, endDate },
  });
  const [employment] = await tx
    .select({ lastWorkingDayDate: beneficiaryEmployees.lastWorkingDayDate })
    .from(beneficiaryEmployees)
    .where(eq(beneficiaryEmployees.id, order.beneficiaryEmployeeId));
  const lastWorkingDay = employment?.lastWorkingDayDate;
  if (lastWorkingDay && hasEmploymentEnd(lastWorkingDay) && lastWorkingDay < endDate) {
    await openCaseForEndingEmployment(ctx, orderId, "SYSTEM", output);
  }
}
