import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../tests/helpers/test-db.ts";
import { nextDay, periodOf, periodRange } from "../../../domain/payroll/period.ts";
import {
  beneficiaryEmployees,
  companies,
  employeeAbsences,
  leaseInvoices,
  leasingAgreements,
  leasingCompanies,
  orders,
} from "../../db/schema/index.ts";
import { issueMonthlyLeaseInvoices } from "../../jobs/lease-invoices.ts";
import { markedReport } from "../reporting/payroll.ts";
import { employee, freshCompany, lease } from "../reporting/test-fixtures.ts";

/**
 * The payroll report and the lease invoices name the same leases for each month, through a year of
 * what happens to a company's leases: leases started on time, started late by the helpdesk, back-dated
 * across month boundaries, a lease cancelled after its month was billed, an employment whose end was
 * recorded late, an early end recorded after the month's invoice, a start moved a month later, a
 * parental leave (the benefit runs on, unpaid), an employment ending mid-month. The daily invoice job
 * runs on the 1st, on the 15th and the day after each change; on each 15th the month's payroll report
 * is taken as payroll takes it then and compared with the month's invoices net of credit notes; after
 * the year every month's report, computed again, is compared once more. The company is the database's
 * only one, so the job bills nothing else.
 */

let database: TestDatabase;
const db = () => database.db;
const log = { info: () => {}, error: () => {} };

const YEAR = "2027";
const months = periodRange(`${YEAR}-01`, `${YEAR}-12`);

type Who = typeof beneficiaryEmployees.$inferSelect;
type Lease = Awaited<ReturnType<typeof lease>>;

let companyId: string;
const people: Record<string, Who> = {};
const leases: Record<string, Lease> = {};

/** 05:30 in Helsinki on a winter or summer day: the job's morning run. */
const morningOf = (date: string) => new Date(`${date}T02:30:00Z`);

async function startLease(key: string, who: string, start: string, months: number, cents: number) {
  leases[key] = await lease(db(), people[who] as Who, {
    monthlyPaymentCents: cents,
    start,
    months,
    committed: start,
  });
}

const agreementOf = (key: string) => (leases[key] as Lease).agreement.id;

/** What happens, by the day it is recorded (after that morning's run). */
const CHANGES: Record<string, () => Promise<unknown>> = {
  // The helpdesk starts a lease delivered in December only after January's invoice went out.
  [`${YEAR}-01-10`]: () => startLease("C", "c", `${YEAR}-01-01`, 24, 6_490),
  // A lease from January recorded in the middle of February: back-dated over a month boundary.
  [`${YEAR}-02-12`]: () => startLease("D", "d", `${YEAR}-01-01`, 36, 10_950),
  [`${YEAR}-02-25`]: () => startLease("E", "e", `${YEAR}-03-01`, 24, 8_000),
  // E's order turns out cancelled after March was billed.
  [`${YEAR}-03-20`]: () =>
    db()
      .update(orders)
      .set({ orderStatus: "CANCELLED" })
      .where(eq(orders.id, (leases.E as Lease).order.id)),
  // A's employment ended at April's end; the employer records it after May's invoice.
  [`${YEAR}-05-10`]: () =>
    db()
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: `${YEAR}-04-30` })
      .where(eq(beneficiaryEmployees.id, (people.a as Who).id)),
  [`${YEAR}-06-25`]: () => startLease("F", "f", `${YEAR}-07-01`, 24, 7_990),
  // B's lease ended early at June's end, recorded after July's invoice.
  [`${YEAR}-07-03`]: () =>
    db()
      .update(leasingAgreements)
      .set({ endDate: `${YEAR}-06-30` })
      .where(eq(leasingAgreements.id, agreementOf("B"))),
  // F's bike came a month late: its start moves from July to August.
  [`${YEAR}-07-20`]: () =>
    db()
      .update(leasingAgreements)
      .set({ startDate: `${YEAR}-08-01` })
      .where(eq(leasingAgreements.id, agreementOf("F"))),
  // G goes on parental leave for two months: the bike stays, the benefit runs on, its payment deferred.
  [`${YEAR}-08-20`]: () =>
    db()
      .insert(employeeAbsences)
      .values({
        beneficiaryEmployeeId: (people.g as Who).id,
        companyId,
        reason: "PARENTAL_LEAVE",
        startDate: `${YEAR}-09-01`,
        endDate: `${YEAR}-10-31`,
      }),
  // H's lease from February is found unstarted in October and started from its first day.
  [`${YEAR}-10-05`]: () => startLease("H", "h", `${YEAR}-02-01`, 36, 9_250),
  // C's employment ends in the middle of December: December is still billed and deducted.
  [`${YEAR}-12-05`]: () =>
    db()
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: `${YEAR}-12-15` })
      .where(eq(beneficiaryEmployees.id, (people.c as Who).id)),
};

/** The days the job runs: each month's 1st and 15th, and the day after each change. */
const runDays = new Set([
  ...months.flatMap((m) => [`${m}-01`, `${m}-15`]),
  ...Object.keys(CHANGES).map(nextDay),
  `${Number(YEAR) + 1}-01-01`,
]);
/** Every day something happens, in order. */
const days = [...new Set([...runDays, ...Object.keys(CHANGES)])].sort();

/** The orders the month's payroll report deducts a running lease of. */
async function payrollOrders(period: string): Promise<number[]> {
  const report = await markedReport(db(), companyId, period);
  return report.rows
    .filter((row) => row.leaseRunning && row.orderNumber !== null)
    .map((row) => row.orderNumber as number)
    .sort((a, b) => a - b);
}

/** The orders the month's invoices bill, net of credit notes (each must net to 0 or 1). */
async function invoicedOrders(period: string): Promise<number[]> {
  const rows = await db()
    .select({ kind: leaseInvoices.kind, lines: leaseInvoices.lines })
    .from(leaseInvoices)
    .where(and(eq(leaseInvoices.companyId, companyId), eq(leaseInvoices.period, `${period}-01`)));
  const net = new Map<number, number>();
  for (const row of rows) {
    for (const line of row.lines) {
      net.set(line.orderNumber, (net.get(line.orderNumber) ?? 0) + (row.kind === "CREDIT_NOTE" ? -1 : 1));
    }
  }
  for (const [order, count] of net) expect([0, 1], `order ${order} in ${period}`).toContain(count);
  return [...net]
    .filter(([, count]) => count === 1)
    .map(([order]) => order)
    .sort((a, b) => a - b);
}

const orderOf = (key: string) => (leases[key] as Lease).order.orderNumber;

beforeAll(async () => {
  database = await createTestDatabase();
  await db().insert(leasingCompanies).values({ companyName: "Vuosileasing Oy" });
  companyId = await freshCompany(db());
  await db()
    .update(companies)
    .set({ eInvoiceAddress: "003712345671", eInvoiceOperator: "003723327487" })
    .where(eq(companies.id, companyId));
  for (const who of ["a", "b", "c", "d", "e", "f", "g", "h"])
    people[who] = await employee(db(), companyId, `Vuosi-${who}`);
  await startLease("A", "a", `${YEAR}-01-01`, 24, 8_990);
  await startLease("B", "b", `${YEAR}-01-01`, 12, 12_000);
  // G's lease began before Pedaali billed the company: its earlier months are not Pedaali's to bill.
  await startLease("G", "g", `${Number(YEAR) - 1}-10-01`, 36, 7_500);
});

afterAll(async () => {
  await database?.close();
});

describe("a year of leases", () => {
  it("keeps the payroll report and the invoices naming the same leases each month", async () => {
    const comparedOn15th: string[] = [];
    const changed: string[] = [];
    for (const day of days) {
      if (runDays.has(day)) {
        const run = await issueMonthlyLeaseInvoices(db(), { now: morningOf(day), log });
        expect(run.failed, day).toBe(0);
      }
      if (day.endsWith("-15")) {
        const period = periodOf(day);
        expect(await invoicedOrders(period), `${period} as payroll takes it on the 15th`).toEqual(
          await payrollOrders(period),
        );
        comparedOn15th.push(period);
      }
      const change = CHANGES[day];
      if (change) {
        await change();
        changed.push(day);
      }
    }
    expect(comparedOn15th).toEqual(months);
    expect(changed).toEqual(Object.keys(CHANGES).sort());

    // Every month again, from what the database says at the year's end.
    for (const period of months) {
      expect(await invoicedOrders(period), `${period} at the year's end`).toEqual(
        await payrollOrders(period),
      );
    }

    // The corrections the year needed, each where it belongs.
    const invoices = await db().select().from(leaseInvoices).where(eq(leaseInvoices.companyId, companyId));
    const kindsNaming = (key: string, kind: string) =>
      invoices
        .filter((i) => i.kind === kind && i.lines.some((l) => l.orderNumber === orderOf(key)))
        .map((i) => periodOf(i.period))
        .sort();
    expect(kindsNaming("C", "SUPPLEMENTARY")).toEqual([`${YEAR}-01`]);
    expect(kindsNaming("D", "SUPPLEMENTARY")).toEqual([`${YEAR}-01`, `${YEAR}-02`]);
    expect(kindsNaming("E", "CREDIT_NOTE")).toEqual([`${YEAR}-03`]);
    expect(kindsNaming("A", "CREDIT_NOTE")).toEqual([`${YEAR}-05`]);
    expect(kindsNaming("B", "CREDIT_NOTE")).toEqual([`${YEAR}-07`]);
    expect(kindsNaming("F", "CREDIT_NOTE")).toEqual([`${YEAR}-07`]);
    expect(kindsNaming("H", "SUPPLEMENTARY")).toEqual(periodRange(`${YEAR}-02`, `${YEAR}-10`));
    expect(kindsNaming("C", "CREDIT_NOTE")).toEqual([]);
    // Nothing before the company's first invoice, in January.
    expect(invoices.every((i) => i.period >= `${YEAR}-01-01`)).toBe(true);
    // One regular invoice a month, and every supplementary one names its month's.
    for (const period of months) {
      expect(invoices.filter((i) => i.kind === "REGULAR" && periodOf(i.period) === period)).toHaveLength(1);
    }
    for (const i of invoices.filter((i) => i.kind === "SUPPLEMENTARY")) {
      const original = invoices.find((o) => o.id === i.originalInvoiceId);
      expect(original).toMatchObject({ kind: "REGULAR", period: i.period });
    }
  });
});
