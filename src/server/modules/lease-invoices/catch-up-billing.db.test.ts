import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { sendQueuedMessages } from "../../../../tests/helpers/outbox.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPage } from "../../../contract/common.ts";
import { zLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { finvoiceAmount } from "../../../domain/finvoice.ts";
import { leaseEndDate } from "../../../domain/lease-dates.ts";
import { vatAmountCents } from "../../../domain/money.ts";
import { addMonths, firstDayOf, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { isValidReferenceNumber, referenceNumber } from "../../../domain/reference-number.ts";
import { companies, leaseInvoices, leasingAgreements, orders, outbox } from "../../db/schema/index.ts";
import { issueMonthlyLeaseInvoices } from "../../jobs/lease-invoices.ts";
import { activeLease, type TestLease } from "../redemptions/test-kit.ts";

/**
 * Billing that catches up, through the daily job: a lease started or back-dated after its month was
 * invoiced is billed on a supplementary invoice naming the month's regular one, and a lease billed for
 * a month it turned out not to run (its order cancelled, its end or its start moved) is taken back on
 * a credit note of the invoice that billed it; each with its own number and reference number, sent as
 * the company's invoices are, listed with its kind, and as an e-invoice of its type. The demo has
 * invoiced Demo Oy for last month and this month; each test makes its own leases and reads only the
 * invoices that name them, so the tests hold in any order.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const db = () => t.database.db;

const DEMO_ADMIN = "employer.admin@demo.test";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYEE = "employee@demo.test";
const log = { info: () => {}, error: () => {} };
const zList = zPage(zLeaseInvoice);

const thisMonth = () => periodOf(toHelsinkiDateString(new Date()));
const lastMonth = () => addMonths(thisMonth(), -1);
const runJob = () => issueMonthlyLeaseInvoices(db(), { now: new Date(), log });

let demoOyId: string;
beforeAll(async () => {
  demoOyId = await companyIdByName(db(), "Demo Oy");
});

type Invoice = typeof leaseInvoices.$inferSelect;

/** The invoices (of any kind) with a line of the order, by number. */
async function invoicesNaming(orderNumber: number): Promise<Invoice[]> {
  return db()
    .select()
    .from(leaseInvoices)
    .where(sql`${leaseInvoices.lines} @> ${JSON.stringify([{ orderNumber }])}::jsonb`)
    .orderBy(asc(leaseInvoices.invoiceNumber));
}

async function regularOf(companyId: string, period: string): Promise<Invoice> {
  const [row] = await db()
    .select()
    .from(leaseInvoices)
    .where(
      and(
        eq(leaseInvoices.companyId, companyId),
        eq(leaseInvoices.period, firstDayOf(period)),
        eq(leaseInvoices.kind, "REGULAR"),
      ),
    );
  if (!row) throw new Error(`no regular invoice for ${period}`);
  return row;
}

/** The lease's net count of lines in each month: its lines on invoices less its lines on credit notes. */
async function netPerMonth(orderNumber: number): Promise<Record<string, number>> {
  const net: Record<string, number> = {};
  for (const invoice of await invoicesNaming(orderNumber)) {
    const month = periodOf(invoice.period);
    net[month] = (net[month] ?? 0) + (invoice.kind === "CREDIT_NOTE" ? -1 : 1);
  }
  return net;
}

const paymentOf = async (lease: TestLease) => {
  const [row] = await db()
    .select({ cents: leasingAgreements.monthlyPaymentCents })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.id, lease.agreementId));
  return row?.cents as number;
};

function expectNumberedAndSummed(invoice: Invoice) {
  expect(invoice.referenceNumber).toBe(referenceNumber(invoice.invoiceNumber));
  expect(isValidReferenceNumber(invoice.referenceNumber)).toBe(true);
  expect(invoice.vatCents).toBe(vatAmountCents(invoice.amountCents, invoice.vatPercent));
  expect(invoice.totalCents).toBe(invoice.amountCents + invoice.vatCents);
  expect(invoice.amountCents).toBe(invoice.lines.reduce((sum, l) => sum + l.vatExcludedCents, 0));
}

const cancel = (lease: TestLease) =>
  db().update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, lease.orderId));

describe("a lease started after its month was invoiced", () => {
  it("is billed on a supplementary invoice of each month it runs, naming the month's regular invoice", async () => {
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 1 });
    expect(await invoicesNaming(lease.orderNumber)).toEqual([]);
    const run = await runJob();
    expect(run.failed).toBe(0);
    expect(run.supplementary).toBeGreaterThanOrEqual(2);
    const billed = await invoicesNaming(lease.orderNumber);
    expect(billed.map((i) => [periodOf(i.period), i.kind])).toEqual([
      [lastMonth(), "SUPPLEMENTARY"],
      [thisMonth(), "SUPPLEMENTARY"],
    ]);
    const payment = await paymentOf(lease);
    for (const invoice of billed) {
      const regular = await regularOf(demoOyId, periodOf(invoice.period));
      expect(invoice.originalInvoiceId).toBe(regular.id);
      expect(invoice.invoiceNumber).toBeGreaterThan(regular.invoiceNumber);
      expect(invoice.referenceNumber).not.toBe(regular.referenceNumber);
      expectNumberedAndSummed(invoice);
      const line = invoice.lines.find((l) => l.orderNumber === lease.orderNumber);
      expect(line).toMatchObject({ monthlyPaymentCents: payment, leaseStartDate: firstDayOf(lastMonth()) });
      // Sent as the company's invoices go: Demo Oy takes e-invoices.
      expect(invoice.sendBy).toBe("E_INVOICE");
    }
    // The next morning's run finds the months billed.
    await runJob();
    expect(await netPerMonth(lease.orderNumber)).toEqual({ [lastMonth()]: 1, [thisMonth()]: 1 });
    expect(await invoicesNaming(lease.orderNumber)).toHaveLength(2);
  });

  it("is not billed for a month before the company's first invoice", async () => {
    // Demo Oy's first invoice is last month's: three months ago was not Pedaali's to bill.
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 3 });
    await runJob();
    expect(await netPerMonth(lease.orderNumber)).toEqual({ [lastMonth()]: 1, [thisMonth()]: 1 });
  });
});

describe("a lease billed for a month it did not run", () => {
  it("is credited on a credit note of each invoice that billed it when its order is cancelled", async () => {
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 1 });
    await runJob();
    const billed = await invoicesNaming(lease.orderNumber);
    await cancel(lease);
    const run = await runJob();
    expect(run.creditNotes).toBeGreaterThanOrEqual(2);
    const notes = (await invoicesNaming(lease.orderNumber)).filter((i) => i.kind === "CREDIT_NOTE");
    expect(notes).toHaveLength(2);
    for (const note of notes) {
      const credited = billed.find((i) => i.id === note.originalInvoiceId) as Invoice;
      expect(credited, "a credit note names the invoice that billed the lease").toBeDefined();
      expect(note.period).toBe(credited.period);
      expect(note.invoiceNumber).toBeGreaterThan(credited.invoiceNumber);
      expectNumberedAndSummed(note);
      const billedLine = credited.lines.find((l) => l.orderNumber === lease.orderNumber);
      expect(note.lines).toEqual([
        {
          ...billedLine,
          monthlyPaymentCents: -(billedLine?.monthlyPaymentCents ?? 0),
          vatExcludedCents: -(billedLine?.vatExcludedCents ?? 0),
          vatCents: -(billedLine?.vatCents ?? 0),
        },
      ]);
      expect(note.totalCents).toBeLessThan(0);
      expect(note.sendBy).toBe("E_INVOICE");
    }
    expect(await netPerMonth(lease.orderNumber)).toEqual({ [lastMonth()]: 0, [thisMonth()]: 0 });
    await runJob();
    expect(await invoicesNaming(lease.orderNumber)).toHaveLength(4);
  });

  it("credits the months after an early end, then the month its start moved out of", async () => {
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 1 });
    await runJob();
    // The lease ended at last month's end: this month is taken back, last month stays billed.
    await db()
      .update(leasingAgreements)
      .set({ endDate: lastDayOf(lastMonth()) })
      .where(eq(leasingAgreements.id, lease.agreementId));
    await runJob();
    expect(await netPerMonth(lease.orderNumber)).toEqual({ [lastMonth()]: 1, [thisMonth()]: 0 });
    // Its start turns out to be next month: last month is taken back too.
    const start = firstDayOf(addMonths(thisMonth(), 1));
    await db()
      .update(leasingAgreements)
      .set({ startDate: start, endDate: leaseEndDate(start, 36) })
      .where(eq(leasingAgreements.id, lease.agreementId));
    await runJob();
    expect(await netPerMonth(lease.orderNumber)).toEqual({ [lastMonth()]: 0, [thisMonth()]: 0 });
    // Each credit note credits the invoice that billed that month.
    for (const note of (await invoicesNaming(lease.orderNumber)).filter((i) => i.kind === "CREDIT_NOTE")) {
      const [original] = await db()
        .select()
        .from(leaseInvoices)
        .where(eq(leaseInvoices.id, note.originalInvoiceId as string));
      expect(original?.period).toBe(note.period);
      expect(original?.kind).toBe("SUPPLEMENTARY");
    }
  });
});

describe("the corrections as the company reads them", () => {
  it("lists each with its kind and the invoice it names, to the employer and the helpdesk", async () => {
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 0 });
    await runJob();
    await cancel(lease);
    await runJob();
    const [supplementary, note] = await invoicesNaming(lease.orderNumber);
    const regular = await regularOf(demoOyId, thisMonth());
    for (const who of [DEMO_ADMIN, HELPDESK]) {
      const res = await call("GET", `/api/companies/${demoOyId}/lease-invoices?limit=100`, who);
      expect(res.statusCode, res.body).toBe(200);
      const items = zList.parse(res.json()).items;
      expect(items.find((i) => i.id === supplementary?.id)).toMatchObject({
        kind: "SUPPLEMENTARY",
        originalInvoiceNumber: regular.invoiceNumber,
        period: thisMonth(),
      });
      expect(items.find((i) => i.id === note?.id)).toMatchObject({
        kind: "CREDIT_NOTE",
        originalInvoiceNumber: supplementary?.invoiceNumber,
        totalCents: note?.totalCents,
      });
      expect(items.find((i) => i.id === regular.id)).toMatchObject({
        kind: "REGULAR",
        originalInvoiceNumber: null,
      });
    }
  });

  it("gives a credit note as Finvoice's credit note naming the credited invoice, a supplementary one as an invoice", async () => {
    const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 0 });
    await runJob();
    await cancel(lease);
    await runJob();
    const [supplementary, note] = await invoicesNaming(lease.orderNumber);
    if (!supplementary || !note) throw new Error("no supplementary invoice and credit note");
    const regular = await regularOf(demoOyId, thisMonth());
    const month = `${Number(thisMonth().slice(5))}/${thisMonth().slice(0, 4)}`;
    const xmlOf = async (invoice: Invoice) => {
      const res = await call(
        "GET",
        `/api/companies/${demoOyId}/lease-invoices/${invoice.id}/finvoice.xml`,
        DEMO_ADMIN,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    const credit = await xmlOf(note);
    expect(credit).toContain("<InvoiceTypeCode>INV02</InvoiceTypeCode>");
    expect(credit).toContain("<InvoiceTypeText>HYVITYSLASKU</InvoiceTypeText>");
    expect(credit).toContain(`<InvoiceNumber>${note.invoiceNumber}</InvoiceNumber>`);
    expect(credit).toContain(`<OriginalInvoiceNumber>${supplementary.invoiceNumber}</OriginalInvoiceNumber>`);
    expect(credit).toContain(
      `<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">${finvoiceAmount(note.totalCents)}</InvoiceTotalVatIncludedAmount>`,
    );
    expect(note.totalCents).toBeLessThan(0);
    expect(credit).toContain(`>${note.referenceNumber}</EpiRemittanceInfoIdentifier>`);
    expect(credit).toContain(
      `<InvoiceFreeText>Hyvityslasku laskuun ${supplementary.invoiceNumber}: työsuhdepyörien vuokrat ${month}</InvoiceFreeText>`,
    );
    const extra = await xmlOf(supplementary);
    expect(extra).toContain("<InvoiceTypeCode>INV01</InvoiceTypeCode>");
    expect(extra).not.toContain("OriginalInvoiceNumber");
    expect(extra).toContain(`>${supplementary.referenceNumber}</EpiRemittanceInfoIdentifier>`);
    expect(extra).toContain(
      `<InvoiceFreeText>Lisälasku laskuun ${regular.invoiceNumber}: työsuhdepyörien vuokrat ${month}</InvoiceFreeText>`,
    );
  });

  it("mails a supplementary invoice and a credit note to a billing e-mail, saying what each is", async () => {
    const [before] = await db().select().from(companies).where(eq(companies.id, demoOyId));
    const address = {
      billingEmail: "reskontra.lisa@demo.test",
      eInvoiceAddress: null,
      eInvoiceOperator: null,
    };
    await db().update(companies).set(address).where(eq(companies.id, demoOyId));
    try {
      const lease = await activeLease(db(), { email: EMPLOYEE, startedMonthsAgo: 0 });
      await runJob();
      await cancel(lease);
      await runJob();
      const [supplementary, note] = await invoicesNaming(lease.orderNumber);
      expect(supplementary).toMatchObject({ sendBy: "EMAIL", sentTo: "reskontra.lisa@demo.test" });
      expect(note).toMatchObject({ kind: "CREDIT_NOTE", sendBy: "EMAIL" });
      await sendQueuedMessages(t.database);
      const mails = await db().select().from(outbox).where(eq(outbox.recipient, "reskontra.lisa@demo.test"));
      const extra = mails.find((m) => m.subject?.includes(String(supplementary?.invoiceNumber)));
      expect(extra?.subject).toContain("Pedaalin lisälasku");
      expect(extra?.bodyText).toContain(
        `puuttuivat laskulta ${(await regularOf(demoOyId, thisMonth())).invoiceNumber}`,
      );
      const credit = mails.find((m) => m.subject?.includes(String(note?.invoiceNumber)));
      expect(credit?.subject).toContain("Pedaalin hyvityslasku");
      expect(credit?.bodyText).toContain(`laskulta ${supplementary?.invoiceNumber}`);
      expect(credit?.bodyText).toContain("Hyvityslaskua ei makseta.");
    } finally {
      await db()
        .update(companies)
        .set({
          billingEmail: before?.billingEmail ?? null,
          eInvoiceAddress: before?.eInvoiceAddress ?? null,
          eInvoiceOperator: before?.eInvoiceOperator ?? null,
        })
        .where(eq(companies.id, demoOyId));
    }
  });
});
