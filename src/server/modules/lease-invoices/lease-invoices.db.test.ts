import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPage } from "../../../contract/common.ts";
import { zLeaseInvoice } from "../../../contract/lease-invoices.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { finvoiceAmount } from "../../../domain/finvoice.ts";
import { vatAmountCents } from "../../../domain/money.ts";
import { periodOf } from "../../../domain/payroll/period.ts";
import { isValidReferenceNumber } from "../../../domain/reference-number.ts";
import { companies, leaseInvoices } from "../../db/schema/index.ts";
import { issueMonthlyLeaseInvoices } from "../../jobs/lease-invoices.ts";
import { loadPayrollSources } from "../reporting/payroll-input.ts";
import { companiesWithLeases, issueLeaseInvoice } from "./issue.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const DEMO_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const HELPDESK = "helpdesk@pedaali.test";
const log = { info: () => {}, error: () => {} };
const zList = zPage(zLeaseInvoice);

let demoOyId: string;
let toinenId: string;
const now = new Date();
const period = periodOf(toHelsinkiDateString(now));

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
  toinenId = await companyIdByName(t.database.db, "Toinen Oy");
  // This month's invoices are the job's below, whatever the demo issued.
  await t.database.db.delete(leaseInvoices);
  await issueMonthlyLeaseInvoices(t.database.db, { now, log });
});

const listUrl = (companyId: string) => `/api/companies/${companyId}/lease-invoices`;

async function demoOyInvoice() {
  const [row] = await t.database.db.select().from(leaseInvoices).where(eq(leaseInvoices.companyId, demoOyId));
  if (!row) throw new Error("Demo Oy has no lease invoice");
  return row;
}

describe("the monthly lease invoice", () => {
  it("bills each of the company's running leases once, as the payroll report names them", async () => {
    const invoice = await demoOyInvoice();
    const source = (await loadPayrollSources(t.database.db, demoOyId, period, period)).of(period);
    const billed = invoice.lines.map((l) => l.orderNumber).sort();
    expect(billed.length).toBeGreaterThan(0);
    expect(new Set(billed).size).toBe(billed.length);
    for (const number of billed) expect(source.leases.map((l) => l.orderNumber)).toContain(number);
    // VAT is the rate of the VAT-free total (decision 018), so the total strays from the sum of the
    // monthly payments by at most half a cent a lease.
    const payments = invoice.lines.reduce((sum, l) => sum + l.monthlyPaymentCents, 0);
    expect(Math.abs(invoice.totalCents - payments)).toBeLessThanOrEqual(Math.ceil(invoice.lines.length / 2));
    expect(invoice.vatCents).toBe(vatAmountCents(invoice.amountCents, invoice.vatPercent));
    expect(invoice.amountCents + invoice.vatCents).toBe(invoice.totalCents);
    expect(isValidReferenceNumber(invoice.referenceNumber)).toBe(true);
    expect(invoice.referenceNumber.slice(0, -1)).toBe(String(invoice.invoiceNumber));
    expect(invoice.dueDate > invoice.issueDate).toBe(true);
  });

  it("is issued once a month: the job and a second issue add nothing", async () => {
    const before = await t.database.db.select({ id: leaseInvoices.id }).from(leaseInvoices);
    const run = await issueMonthlyLeaseInvoices(t.database.db, { now, log });
    expect(run).toMatchObject({ issued: 0, failed: 0 });
    // A month already invoiced is not even read again.
    expect(await companiesWithLeases(t.database.db, period)).not.toContain(demoOyId);
    expect(await issueLeaseInvoice(t.database.db, demoOyId, period, toHelsinkiDateString(now))).toBeNull();
    expect(await t.database.db.select({ id: leaseInvoices.id }).from(leaseInvoices)).toHaveLength(
      before.length,
    );
  });

  it("is not issued for a month in which no lease runs", async () => {
    expect(await issueLeaseInvoice(t.database.db, demoOyId, "2001-01", "2001-01-01")).toBeNull();
  });
});

describe("GET /api/companies/{id}/lease-invoices", () => {
  it("lists the company's invoices with their lines to its admin and the helpdesk", async () => {
    for (const who of [DEMO_ADMIN, HELPDESK]) {
      const res = await call("GET", listUrl(demoOyId), who);
      expect(res.statusCode, res.body).toBe(200);
      const page = zList.parse(res.json());
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ period, lines: expect.any(Array) });
    }
  });

  it("answers another company's admin 404, an employee 403, nobody 401 and a bad id 400", async () => {
    expectError(await call("GET", listUrl(demoOyId), TOINEN_ADMIN), 404);
    expectError(await call("GET", listUrl(demoOyId), EMPLOYEE), 403);
    expectError(await call("GET", listUrl(demoOyId), null), 401);
    expectError(await call("GET", listUrl("not-an-id"), DEMO_ADMIN), 400);
    expectError(await call("GET", `${listUrl(demoOyId)}?limit=1000`, DEMO_ADMIN), 400);
  });
});

describe("GET /api/companies/{id}/lease-invoices/{invoiceId}/finvoice.xml", () => {
  it("gives the invoice as a Finvoice with a row per lease and the VAT broken down", async () => {
    const invoice = await demoOyInvoice();
    const res = await call("GET", `${listUrl(demoOyId)}/${invoice.id}/finvoice.xml`, DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("application/xml");
    expect(res.headers["content-disposition"]).toContain(`lasku-${invoice.invoiceNumber}.xml`);
    const xml = res.body;
    expect(xml.match(/<InvoiceRow>/g)).toHaveLength(invoice.lines.length);
    expect(xml).toContain(`<InvoiceNumber>${invoice.invoiceNumber}</InvoiceNumber>`);
    expect(xml).toContain(
      `<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">${finvoiceAmount(invoice.totalCents)}</InvoiceTotalVatIncludedAmount>`,
    );
    expect(xml).toContain(
      `<VatRateAmount AmountCurrencyIdentifier="EUR">${finvoiceAmount(invoice.vatCents)}</VatRateAmount>`,
    );
    expect(xml).toContain("<BuyerOrganisationName>Demo Oy</BuyerOrganisationName>");
  });

  it("asks for the company's e-invoice address when it has none", async () => {
    const invoice = await demoOyInvoice();
    const [before] = await t.database.db.select().from(companies).where(eq(companies.id, demoOyId));
    await t.database.db.update(companies).set({ eInvoiceAddress: null }).where(eq(companies.id, demoOyId));
    try {
      const res = await call("GET", `${listUrl(demoOyId)}/${invoice.id}/finvoice.xml`, DEMO_ADMIN);
      expectError(res, 409, "E_INVOICE_ADDRESS_MISSING");
    } finally {
      await t.database.db
        .update(companies)
        .set({ eInvoiceAddress: before?.eInvoiceAddress ?? null })
        .where(eq(companies.id, demoOyId));
    }
  });

  it("does not give an invoice through another company's address, nor to another company's admin", async () => {
    const invoice = await demoOyInvoice();
    expectError(await call("GET", `${listUrl(toinenId)}/${invoice.id}/finvoice.xml`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `${listUrl(demoOyId)}/${invoice.id}/finvoice.xml`, TOINEN_ADMIN), 404);
    expectError(await call("GET", `${listUrl(demoOyId)}/${invoice.id}/finvoice.xml`, EMPLOYEE), 403);
  });
});
