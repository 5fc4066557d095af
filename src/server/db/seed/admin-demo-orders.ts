import { and, asc, eq, inArray } from "drizzle-orm";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { EventEntityType, EventType } from "../../../domain/enums.ts";
import { leasingCompanyPayerType } from "../../../domain/invoice-status.ts";
import { leaseEndDate, leaseStartDate } from "../../../domain/lease-dates.ts";
import { vatSplitOfGross } from "../../../domain/money.ts";
import { referenceNumber } from "../../../domain/reference-number.ts";
import type { Db } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  billingTables,
  invoices,
  leasingAgreements,
  leasingCompanies,
  orders,
  users,
} from "../schema/index.ts";
import { addMonths, DEMO_ORDERS, daysAgo, LEASING_STATUSES } from "./admin-demo-data.ts";
import { DEMO_BILLING_TABLE, DEMO_LEASE_TERMS } from "./demo-data.ts";

type EventFn = (
  type: EventType,
  at: Date,
  entity: { type: EventEntityType; id: string },
  extra?: { actor?: string | null; companyId?: string | null; data?: Record<string, unknown> },
) => void;

/** The year of orders, their leasing agreements, invoices to the leasing company and their events. */
export async function seedDemoOrders(db: Db, now: Date, event: EventFn): Promise<void> {
  const employees = await db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId, email: users.email })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(beneficiaryEmployees.status, "ACCEPTED"))
    .orderBy(asc(users.email));
  const stores = new Map(
    (await db.select({ id: bikeStores.id, name: bikeStores.storeName }).from(bikeStores)).map((s) => [
      s.name,
      s.id,
    ]),
  );
  const [leasing] = await db
    .select({ id: leasingCompanies.id, companyName: leasingCompanies.companyName })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, DEMO_BILLING_TABLE.leasingCompany));
  const [table] = await db
    .select({ id: billingTables.id })
    .from(billingTables)
    .where(and(eq(billingTables.isDefault, true)));
  const processor = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ["helpdesk@pedaali.test"]));
  const actor = processor[0]?.id ?? null;
  if (employees.length === 0 || !leasing || !table) return;

  for (const [i, [monthsAgo, status, euros, store]] of DEMO_ORDERS.entries()) {
    const employee = employees[i % employees.length] as (typeof employees)[number];
    const createdAt = addMonths(daysAgo(now, 3 + (i % 4) * 5), -monthsAgo);
    const totalPriceCents = euros * 100;
    const deliveryDate = toHelsinkiDateString(daysAgo(createdAt, -14));
    // The longest period the demo companies' bike policy allows (12–36 months).
    const months = 36;
    const payment =
      totalPriceCents > 0 ? monthlyLeasePayment(totalPriceCents, months, DEMO_LEASE_TERMS) : null;
    const confirmed = !["PENDING", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "CANCELLED"].includes(status);
    const leasingNow = LEASING_STATUSES.includes(status);
    const [order] = await db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employee.id,
        companyId: employee.companyId,
        bikeStoreId: stores.get(store) ?? null,
        leasingCompanyId: leasing.id,
        billingTableId: table.id,
        orderStatus: status,
        isOrderConfirmed: confirmed,
        deliveryMethod: "PICKUP",
        totalPriceCents,
        vatPercent: 25.5,
        leaseTimeMonths: payment ? months : null,
        monthlyPaymentCents: payment?.totalCents ?? null,
        residualValueCents: payment?.residualCents ?? null,
        // Delivered two weeks after the order, with the frame's serial number; the lease starts the
        // first day of the next month (startDate below).
        frameSerialNumber: leasingNow ? `WTU${String(915_000 + i * 4_271).padStart(8, "0")}` : null,
        deliveryDate: leasingNow ? deliveryDate : null,
        confirmedAt: confirmed ? addMonths(createdAt, 0) : null,
        processedAt: confirmed && status !== "CONFIRMED" ? daysAgo(createdAt, -7) : null,
        cancelledAt: status === "CANCELLED" ? daysAgo(createdAt, -10) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const orderId = order?.id as string;
    const on = { type: "order" as const, id: orderId };
    const company = { actor, companyId: employee.companyId };
    if (confirmed) event("ORDER_CONFIRMED", daysAgo(createdAt, -3), on, { companyId: employee.companyId });
    if (confirmed && status !== "CONFIRMED") event("ORDER_PROCESSED", daysAgo(createdAt, -7), on, company);
    if (status === "CANCELLED") {
      event("ORDER_STATUS_UPDATED", daysAgo(createdAt, -10), on, { ...company, data: { to: "CANCELLED" } });
    }
    if (!leasingNow || !payment) continue;

    const startDate = leaseStartDate(deliveryDate);
    const [agreement] = await db
      .insert(leasingAgreements)
      .values({
        orderId,
        beneficiaryEmployeeId: employee.id,
        companyId: employee.companyId,
        leasingCompanyId: leasing.id,
        // Delivered and billed: the leasing company accepted the signed agreement before processing.
        status: "ACCEPTED",
        agreementNumber: `PED-${toHelsinkiDateString(createdAt).slice(0, 4)}-${String(1001 + i)}`,
        leaseTimeMonths: months,
        monthlyPaymentCents: payment.totalCents,
        totalPriceCents,
        residualValueCents: payment.residualCents,
        commitmentDate: toHelsinkiDateString(createdAt),
        startDate,
        endDate: leaseEndDate(startDate, months),
        signedAt: daysAgo(createdAt, -2),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: leasingAgreements.id });
    const agreementOn = { type: "leasingAgreement" as const, id: agreement?.id as string };
    event("LEASING_AGREEMENT_SIGNED", daysAgo(createdAt, -2), agreementOn, { companyId: employee.companyId });
    if (status === "ACTIVE_LEASING") {
      event("LEASING_STARTED", daysAgo(createdAt, -15), agreementOn, company);
    }
    if (status !== "READY_FOR_BILLING") {
      // Billed as billLeasingCompany bills: its VAT the rate of its VAT-free amount, the payer the
      // leasing company's kind, the reference number the order's first bill's.
      const { vatExcludedCents, vatCents } = vatSplitOfGross(totalPriceCents, 25.5);
      const billedCents = vatExcludedCents + vatCents;
      const paid = status === "ACTIVE_LEASING";
      await db.insert(invoices).values({
        invoiceNumber: `PED-L-${String(5001 + i)}`,
        status: paid ? "PAID" : "SENT",
        payerType: leasingCompanyPayerType(leasing.companyName),
        companyId: employee.companyId,
        orderId,
        leasingCompanyId: leasing.id,
        amountCents: vatExcludedCents,
        vatCents,
        totalCents: billedCents,
        paidAmountCents: paid ? billedCents : 0,
        referenceNumber: referenceNumber(`${order?.orderNumber}01`),
        issueDate: toHelsinkiDateString(daysAgo(createdAt, -14)),
        dueDate: toHelsinkiDateString(daysAgo(createdAt, -28)),
        sentAt: daysAgo(createdAt, -14),
        paidAt: paid ? daysAgo(createdAt, -25) : null,
        createdAt,
      });
      event("ORDER_GRENKE_INVOICE_SENT", daysAgo(createdAt, -14), on, company);
    }
  }
}
