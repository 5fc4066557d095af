import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  employeeOrderNotification,
  orderStatusChangeNotification,
} from "../../modules/notifications/texts.ts";
import { type beneficiaryEmployees, leasingAgreements, orders } from "../schema/index.ts";
import {
  bell,
  type Ctx,
  daysFrom,
  demoOffer,
  demoOwnShare,
  event,
  packageItems,
} from "./employer-demo-context.ts";
import { DEMO_BIKES } from "./employer-demo-data.ts";

/** The employer portal's orders on their way: waiting for a package, accepted, or signed and confirmed. */

export async function seedOrder(
  c: Ctx,
  employee: typeof beneficiaryEmployees.$inferSelect,
  index: number,
  story: { status: OrderStatus; daysAgo: number; bike: number },
  name: string,
  admins: readonly string[],
) {
  const { db, now } = c;
  const bike = DEMO_BIKES[story.bike] as (typeof DEMO_BIKES)[number];
  const createdAt = daysFrom(now, -story.daysAgo);
  const priced = story.status !== "PENDING";
  const totalPriceCents = priced ? bike.price * 100 : 0;
  // Priced as the employee's offer prices it: the lease finances the package up to the max price.
  const offer = priced ? await demoOffer(c, employee, totalPriceCents) : null;
  const months = offer?.leaseTimeMonths ?? 0;
  const payment = offer
    ? { totalCents: offer.monthlyPaymentCents, residualCents: offer.residualValueCents }
    : null;
  const accepted = story.status === "ALL_INFO_PROVIDED" || story.status === "CONFIRMED";
  const confirmed = story.status === "CONFIRMED";
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      bikeStoreId: c.storeIds[index % c.storeIds.length],
      leasingCompanyId: c.leasingCompanyId,
      billingTableId: c.billingTableId,
      orderStatus: story.status,
      isOrderConfirmed: confirmed,
      deliveryMethod: "PICKUP",
      totalPriceCents,
      userPaymentCents: accepted && offer ? offer.userPaymentCents : 0,
      vatPercent: 25.5,
      leaseTimeMonths: accepted && payment ? months : null,
      monthlyPaymentCents: accepted && payment ? payment.totalCents : null,
      residualValueCents: accepted && payment ? payment.residualCents : null,
      confirmedAt: confirmed ? daysFrom(createdAt, 4) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const orderRow = order as typeof orders.$inferSelect;
  if (priced) await packageItems(c, orderRow.id, bike);
  const companyId = employee.companyId;
  // The own share above the max price is owed from the confirmation, four days after the order; an
  // order accepted but not confirmed owes none yet.
  if (confirmed) await demoOwnShare(c, orderRow, employee.userId, daysFrom(createdAt, 4));
  if (accepted && !confirmed && payment) {
    // Accepted, not signed yet: the agreement waits for the employee's signature.
    await db.insert(leasingAgreements).values({
      orderId: orderRow.id,
      beneficiaryEmployeeId: employee.id,
      companyId,
      leasingCompanyId: c.leasingCompanyId,
      status: null,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      totalPriceCents: offer?.leasedCents ?? 0,
      residualValueCents: payment.residualCents,
      createdAt: daysFrom(createdAt, 3),
      updatedAt: daysFrom(createdAt, 3),
    });
  }
  if (confirmed && payment) {
    const confirmedAt = daysFrom(createdAt, 4);
    const [agreement] = await db
      .insert(leasingAgreements)
      .values({
        orderId: orderRow.id,
        beneficiaryEmployeeId: employee.id,
        companyId,
        leasingCompanyId: c.leasingCompanyId,
        status: "SIGNED",
        leaseTimeMonths: months,
        monthlyPaymentCents: payment.totalCents,
        totalPriceCents: offer?.leasedCents ?? 0,
        residualValueCents: payment.residualCents,
        commitmentDate: toHelsinkiDateString(confirmedAt),
        signedAt: daysFrom(confirmedAt, -1),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: leasingAgreements.id });
    event(
      c,
      "LEASING_AGREEMENT_SIGNED",
      daysFrom(confirmedAt, -1),
      { type: "leasingAgreement", id: agreement?.id as string },
      {
        companyId,
      },
    );
    event(c, "ORDER_CONFIRMED", confirmedAt, { type: "order", id: orderRow.id }, { companyId });
    bell(c, admins, confirmedAt, () => ({
      companyId,
      type: "ORDER_STATUS_CHANGE",
      ...orderStatusChangeNotification("fi", {
        employeeName: name,
        orderNumber: orderRow.orderNumber,
        status: "CONFIRMED",
      }),
      entityType: "order",
      entityId: orderRow.id,
      data: { orderNumber: orderRow.orderNumber, beneficiaryEmployeeId: employee.id, status: "CONFIRMED" },
    }));
  }
  bell(c, admins, createdAt, () => ({
    companyId,
    type: "EMPLOYEE_ORDER",
    ...employeeOrderNotification("fi", {
      employeeName: name,
      orderNumber: orderRow.orderNumber,
      storeName: null,
    }),
    entityType: "order",
    entityId: orderRow.id,
    data: { orderNumber: orderRow.orderNumber, beneficiaryEmployeeId: employee.id },
  }));
}
