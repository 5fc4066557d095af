import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { leaseEndDate } from "../../../domain/lease-dates.ts";
import {
  leaseEndPaymentDueDate,
  monthsPaidBy,
  redemptionPriceCents,
  redemptionSchedule,
  returnFeeShares,
} from "../../../domain/redemption.ts";
import { orderStatusChangeNotification } from "../../modules/notifications/texts.ts";
import { createUserPayment } from "../../modules/user-payments/ledger.ts";
import { type beneficiaryEmployees, bikeRedemptions, leasingAgreements, orders } from "../schema/index.ts";
import { write } from "../transaction.ts";
import { DEMO_BILLING_TABLE, DEMO_COMPANIES } from "./demo-data.ts";
import {
  bell,
  type Ctx,
  daysFrom,
  demoOffer,
  demoOwnShare,
  event,
  monthStart,
  packageItems,
} from "./employer-demo-context.ts";
import { DEMO_BIKES, type DemoEmployee } from "./employer-demo-data.ts";

/**
 * The employer portal's running leases: each with its order, package and accepted agreement, the part
 * over the max price paid through payroll, and, for an employment that ended, the bike redeemed
 * through the final pay.
 */

export async function seedLease(
  c: Ctx,
  person: DemoEmployee,
  employee: typeof beneficiaryEmployees.$inferSelect,
  index: number,
  name: string,
  admins: readonly string[],
) {
  if (person.story.kind !== "lease") return;
  const { db, now } = c;
  const bike = DEMO_BIKES[person.story.bike] as (typeof DEMO_BIKES)[number];
  const totalPriceCents = bike.price * 100;
  // Priced as the employee's offer was: the lease finances the package up to the max price.
  const offer = await demoOffer(c, employee, totalPriceCents);
  const months = offer.leaseTimeMonths;
  const payment = { totalCents: offer.monthlyPaymentCents, residualCents: offer.residualValueCents };
  // A lease committed on a date the law names starts the month after next; others started N months ago.
  const committed = person.story.committed;
  const startDate = committed
    ? monthStart(committed, 2)
    : monthStart(toHelsinkiDateString(now), -person.story.startedMonthsAgo);
  const commitmentDate = committed ?? toHelsinkiDateString(daysFrom(new Date(`${startDate}T12:00:00Z`), -35));
  const confirmedAt = new Date(`${commitmentDate}T10:00:00Z`);
  const createdAt = daysFrom(confirmedAt, -6);
  const processedAt = daysFrom(confirmedAt, 4);
  const deliveryDate = toHelsinkiDateString(daysFrom(new Date(`${startDate}T12:00:00Z`), -9));
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      bikeStoreId: c.storeIds[index % c.storeIds.length],
      leasingCompanyId: c.leasingCompanyId,
      billingTableId: c.billingTableId,
      orderStatus: "ACTIVE_LEASING",
      isOrderConfirmed: true,
      deliveryMethod: index % 3 === 0 ? "HOME_DELIVERY" : "PICKUP",
      totalPriceCents,
      userPaymentCents: offer.userPaymentCents,
      vatPercent: 25.5,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      residualValueCents: payment.residualCents,
      frameSerialNumber: `WDB${String(480_000 + index * 7_919).padStart(7, "0")}`,
      deliveryDate,
      confirmedAt,
      processedAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const orderRow = order as typeof orders.$inferSelect;
  await packageItems(c, orderRow.id, bike);
  // A running lease: accepted by the leasing company, from its start to the last day of its last month.
  const endDate = leaseEndDate(startDate, months);
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId: orderRow.id,
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      leasingCompanyId: c.leasingCompanyId,
      status: "ACCEPTED",
      acceptedAt: processedAt,
      agreementNumber: `PED-${startDate.slice(0, 4)}-${String(2001 + index)}`,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      totalPriceCents: offer.leasedCents,
      residualValueCents: payment.residualCents,
      commitmentDate,
      startDate,
      endDate,
      signedAt: daysFrom(confirmedAt, -1),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: leasingAgreements.id });
  const companyId = employee.companyId;
  const onOrder = { type: "order" as const, id: orderRow.id };
  const onAgreement = { type: "leasingAgreement" as const, id: agreement?.id as string };
  event(c, "LEASING_AGREEMENT_SIGNED", daysFrom(confirmedAt, -1), onAgreement, { companyId });
  event(c, "ORDER_CONFIRMED", confirmedAt, onOrder, { companyId });
  event(c, "ORDER_PROCESSED", processedAt, onOrder, { companyId });
  event(c, "SERIAL_NUMBER_UPDATED", new Date(`${deliveryDate}T09:00:00Z`), onOrder, { companyId });
  event(c, "DELIVERY_DATE_UPDATED", new Date(`${deliveryDate}T09:00:00Z`), onOrder, { companyId });
  const started = new Date(`${startDate}T06:00:00Z`);
  event(c, "LEASING_STARTED", started, onAgreement, { companyId });
  if (started > daysFrom(now, -75)) {
    bell(c, admins, started, () => ({
      companyId,
      type: "ORDER_STATUS_CHANGE",
      ...orderStatusChangeNotification("fi", {
        employeeName: name,
        orderNumber: orderRow.orderNumber,
        status: "ACTIVE_LEASING",
      }),
      entityType: "order",
      entityId: orderRow.id,
      data: {
        orderNumber: orderRow.orderNumber,
        beneficiaryEmployeeId: employee.id,
        status: "ACTIVE_LEASING",
      },
    }));
  }

  // The part over the max price: owed from the order's confirmation, as the product owes it.
  await demoOwnShare(c, orderRow, employee.userId, confirmedAt);

  // An employment that ended: the employee resigned and redeems the bike through the final pay, at the
  // price the redemption rules give on the lease's last day (src/domain/redemption.ts), the payment made
  // by the user payments ledger. The case is written as the redemption module writes it, with the
  // seed's own dates (a case opened two weeks before the last working day).
  if (person.ended !== undefined) {
    const lastWorkingDay = employee.lastWorkingDayDate;
    const openedAt = daysFrom(new Date(`${lastWorkingDay}T08:00:00Z`), -14);
    const chosenAt = daysFrom(openedAt, 2);
    const schedule = redemptionSchedule({
      reason: "EMPLOYEE_RESIGNED",
      today: toHelsinkiDateString(openedAt),
      leaseStartDate: startDate,
      termEndDate: leaseEndDate(startDate, months),
      lastWorkingDay,
    });
    const priceCents = redemptionPriceCents(
      {
        packageCents: offer.leasedCents,
        residualCents: payment.residualCents,
        leaseTimeMonths: months,
        annualInterestPercent: DEMO_BILLING_TABLE.annualInterestPercent,
      },
      monthsPaidBy(startDate, months, schedule.leaseEndsOn),
    );
    const opener = c.adminOf.get(person.company) ?? null;
    const [redemption] = await db
      .insert(bikeRedemptions)
      .values({
        orderId: orderRow.id,
        beneficiaryEmployeeId: employee.id,
        companyId,
        leasingAgreementId: agreement?.id,
        reason: "EMPLOYEE_RESIGNED",
        choice: "REDEEM",
        choiceMadeAt: chosenAt,
        choiceByUserId: employee.userId,
        decisionDeadline: schedule.decisionDeadline,
        leaseEndsOn: schedule.leaseEndsOn,
        returnFeeCents: returnFeeShares("EMPLOYEE_RESIGNED", DEMO_COMPANIES[person.company].city)
          .employeeCents,
        openedByUserId: opener,
        paymentMethod: "PAYROLL",
        redemptionPriceCents: priceCents,
        vatPercent: 25.5,
        note: "Työsuhde päättyi; pyörä lunastetaan viimeisestä palkasta.",
        createdAt: openedAt,
        updatedAt: chosenAt,
      })
      .returning({ id: bikeRedemptions.id });
    const on = { type: "bikeRedemption" as const, id: redemption?.id as string };
    event(c, "BIKE_REDEMPTION_STARTED", openedAt, on, {
      actor: opener,
      companyId,
      data: {
        orderId: orderRow.id,
        orderNumber: orderRow.orderNumber,
        reason: "EMPLOYEE_RESIGNED",
        openedAs: "EMPLOYER",
        leaseEndsOn: schedule.leaseEndsOn,
        decisionDeadline: schedule.decisionDeadline,
        amountCents: priceCents,
        lastWorkingDay,
      },
    });
    event(c, "BIKE_REDEMPTION_CHOICE_MADE", chosenAt, on, {
      actor: employee.userId,
      companyId,
      data: { choice: "REDEEM", previousChoice: null, paymentMethod: "PAYROLL" },
    });
    await write(db, { actor: { userId: employee.userId }, now: chosenAt }, (change) =>
      createUserPayment(change, {
        kind: "REDEMPTION",
        beneficiaryEmployeeId: employee.id,
        companyId,
        orderId: orderRow.id,
        bikeRedemptionId: on.id,
        amountCents: priceCents,
        paymentMethod: "PAYROLL",
        dueDate: leaseEndPaymentDueDate("PAYROLL", schedule.leaseEndsOn, toHelsinkiDateString(chosenAt)),
        send: true,
      }),
    );
  }
}
