import { and, eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionDetails, zBikeRedemptionSaved } from "../../../contract/bike-redemptions.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import { leaseEndDate } from "../../../domain/lease-dates.ts";
import { addMonths, firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  billingTables,
  companies,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  userPayments,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { markUserPaymentPaid } from "../user-payments/ledger.ts";

/**
 * Running leases for the redemption tests and the authorization matrix: an order in ACTIVE_LEASING with
 * its package and an ACCEPTED agreement that started `startedMonthsAgo` months ago (its first day of
 * the month), priced by the demo billing table (4.9 %, residual 5 %) as the acceptance prices it.
 * A 3 000 € package over 36 months, the example of src/domain/redemption.test.ts.
 */

export type LeaseOptions = {
  /** The employee's login e-mail (their employment in `company`). */
  email: string;
  company?: string;
  months?: number;
  startedMonthsAgo?: number;
  packageCents?: number;
  /** Price with the default billing table (its interest); false: no billing table (0 %). */
  billingTable?: boolean;
  deliveryCity?: string | null;
};

export type TestLease = {
  orderId: string;
  agreementId: string;
  employmentId: string;
  companyId: string;
  orderNumber: number;
};

async function employmentOf(db: Db, email: string, company = "Demo Oy") {
  const [row] = await db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId, userId: users.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .where(and(eq(users.email, email), eq(companies.name, company)));
  if (!row) throw new Error(`no employment of ${email} in ${company}`);
  return row;
}

/** A lease that started `startedMonthsAgo` months ago and runs `months` months. */
export async function activeLease(db: Db, options: LeaseOptions, now = new Date()): Promise<TestLease> {
  const months = options.months ?? 36;
  const packageCents = options.packageCents ?? 300_000;
  const employment = await employmentOf(db, options.email, options.company);
  const [table] = await db.select().from(billingTables).where(eq(billingTables.isDefault, true));
  const [leasing] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  const priced = options.billingTable !== false && table;
  const payment = monthlyLeasePayment(packageCents, months, {
    annualInterestPercent: priced ? table.annualInterestPercent : 0,
    insurancePercentPerYear: priced ? table.insurancePercentPerYear : 0,
    monthlyMaintenanceCents: priced ? table.monthlyMaintenanceCents : 0,
    monthlyServiceFeeCents: priced ? table.monthlyServiceFeeCents : 0,
    residualValuePercent: 5,
  });
  const startDate = firstDayOf(
    addMonths(periodOf(toHelsinkiDateString(now)), -(options.startedMonthsAgo ?? 12)),
  );
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employment.id,
      companyId: employment.companyId,
      leasingCompanyId: leasing?.id,
      billingTableId: priced ? table.id : null,
      orderStatus: "ACTIVE_LEASING",
      isOrderConfirmed: true,
      deliveryMethod: options.deliveryCity ? "HOME_DELIVERY" : "PICKUP",
      deliveryCity: options.deliveryCity ?? null,
      totalPriceCents: packageCents,
      vatPercent: 25.5,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      residualValueCents: payment.residualCents,
      frameSerialNumber: "WTU123456789",
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  await db.insert(orderItems).values([
    {
      orderId,
      itemType: "BIKE",
      name: "Tunturi eMAX 28",
      brand: "Tunturi",
      model: "eMAX 28",
      frameSize: "50 cm",
      unitPriceCents: packageCents - 10_000,
      sortOrder: 0,
    },
    { orderId, itemType: "ACCESSORY", name: "Runkolukko Abus", unitPriceCents: 10_000, sortOrder: 1 },
  ]);
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId,
      beneficiaryEmployeeId: employment.id,
      companyId: employment.companyId,
      leasingCompanyId: leasing?.id as string,
      status: "ACCEPTED",
      agreementNumber: `TEST-${order?.orderNumber}`,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      totalPriceCents: packageCents,
      residualValueCents: payment.residualCents,
      commitmentDate: startDate,
      startDate,
      endDate: leaseEndDate(startDate, months),
    })
    .returning({ id: leasingAgreements.id });
  return {
    orderId,
    agreementId: agreement?.id as string,
    employmentId: employment.id,
    companyId: employment.companyId,
    orderNumber: order?.orderNumber as number,
  };
}

/** A lease whose term ends at the end of this month: the 8-week offer window has it. */
export const endingLease = (db: Db, options: LeaseOptions, now = new Date()) =>
  activeLease(
    db,
    { ...options, months: options.months ?? 24, startedMonthsAgo: (options.months ?? 24) - 1 },
    now,
  );

/**
 * The redemption API tests (open-case, case-details, choose, helpdesk-steps, payments and term-end-flow
 * .db.test.ts): the demo people who act on a case, dates counted from today, and each file's steps on its
 * own app: opening a case as the helpdesk, reading it, the employee's choice and paying its user payment.
 */

export const HELPDESK = "helpdesk@pedaali.test";
export const EMPLOYER = "employer.admin@demo.test";
export const EDITOR = "employer.editor@demo.test";
export const REPORTING = "reporting@demo.test";
export const EMPLOYEE = "employee@demo.test";
export const COLLEAGUE = "aino.koivula@demo.test";
export const OTHER_TENANT = "employer.admin@toinen.test";
export const LOGISTICS_EMPLOYEE = "jari.lindholm@demo.test";
export const MISSING = "00000000-0000-4000-8000-00000000dead";

export const today = () => toHelsinkiDateString(new Date());
export const monthEnd = (offset = 0) => lastDayOf(addMonths(periodOf(today()), offset));
export const addDaysTo = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The calls and steps of a redemption test file, on the app its setupTestApp built. */
export function redemptionKit(t: TestApp) {
  const { call, as } = apiCaller(t);
  const db = () => t.database.db;

  beforeAll(async () => {
    // Demo Oy lets its employees pay by payroll or by invoice (the demo seed sets it so too).
    await db().update(companies).set({ paymentMode: "ALL" }).where(eq(companies.name, "Demo Oy"));
  });

  const lease = (options: Partial<LeaseOptions> = {}) => activeLease(db(), { email: EMPLOYEE, ...options });

  async function open(orderId: string, who = HELPDESK, extra: Record<string, unknown> = {}) {
    const res = await call("POST", "/api/bike-redemption", who, {
      orderId,
      reason: "LEASE_TERM_ENDS",
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return zBikeRedemptionSaved.parse(res.json()).bikeRedemption;
  }

  async function details(id: string, who = HELPDESK) {
    const res = await call("GET", `/api/bike-redemption/${id}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return zBikeRedemptionDetails.parse(res.json());
  }

  async function choose(id: string, body: Record<string, unknown>, who = EMPLOYEE) {
    return call("POST", `/api/bike-redemption/${id}/choice`, who, body);
  }

  /** The helpdesk marks the case's user payment paid through the ledger. */
  async function pay(caseId: string) {
    const [payment] = await db()
      .select({ id: userPayments.id })
      .from(userPayments)
      .where(and(eq(userPayments.bikeRedemptionId, caseId), eq(userPayments.paymentStatus, "PENDING")));
    await write(db(), { actor: { userId: null } }, (ctx) => markUserPaymentPaid(ctx, payment?.id as string));
  }

  async function caseRow(id: string) {
    const [row] = await db().select().from(bikeRedemptions).where(eq(bikeRedemptions.id, id));
    return row as typeof bikeRedemptions.$inferSelect;
  }

  return { call, as, db, lease, open, details, choose, pay, caseRow };
}
