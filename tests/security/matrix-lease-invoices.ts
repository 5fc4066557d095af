import { and, eq } from "drizzle-orm";
import { referenceNumber } from "../../src/domain/reference-number.ts";
import { companies, leaseInvoices } from "../../src/server/db/schema/index.ts";
import type { Fixtures, MatrixRow } from "./access-matrix.ts";
import { settingsManagers } from "./matrix-payroll-delivery.ts";

/**
 * Pedaali's monthly lease invoices to an employer. Rows read as those of access-matrix.ts (see its
 * header). They are company-settings.manage in Demo Oy (its admin, its group's admin, the admin tier),
 * as the payroll delivery's are; another tenant's admin gets 404.
 */

/** An invoice of Demo Oy for a month of its own, with an e-invoice address to send it to. */
async function demoOyInvoice(f: Fixtures): Promise<string> {
  const period = "2031-01-01";
  await f.db
    .update(companies)
    .set({ eInvoiceAddress: "003712345671", eInvoiceOperator: "003723327487" })
    .where(eq(companies.id, f.demoCompanyId));
  await f.db
    .insert(leaseInvoices)
    .values({
      companyId: f.demoCompanyId,
      period,
      issueDate: period,
      dueDate: "2031-01-15",
      referenceNumber: "",
      vatPercent: 25.5,
      lines: [
        {
          orderNumber: 10_001,
          employeeName: "Virtanen Anna",
          employeeNumber: "1001",
          leaseStartDate: "2030-12-01",
          monthlyPaymentCents: 10_000,
          vatPercent: 25.5,
          vatExcludedCents: 7_968,
          vatCents: 2_032,
        },
      ],
      amountCents: 7_968,
      vatCents: 2_032,
      totalCents: 10_000,
    })
    .onConflictDoNothing();
  const [row] = await f.db
    .select({ id: leaseInvoices.id, number: leaseInvoices.invoiceNumber })
    .from(leaseInvoices)
    .where(and(eq(leaseInvoices.companyId, f.demoCompanyId), eq(leaseInvoices.period, period)));
  if (!row) throw new Error("no lease invoice");
  // The reference number follows from the number the sequence gave.
  await f.db
    .update(leaseInvoices)
    .set({ referenceNumber: referenceNumber(row.number) })
    .where(eq(leaseInvoices.id, row.id));
  return row.id;
}

export const LEASE_INVOICE_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/companies/{id}/lease-invoices",
    call: (f) => ({ params: { id: f.demoCompanyId } }),
    expect: settingsManagers,
  },
  {
    operation: "GET /api/companies/{id}/lease-invoices/{invoiceId}/finvoice.xml",
    call: async (f) => ({ params: { id: f.demoCompanyId, invoiceId: await demoOyInvoice(f) } }),
    expect: settingsManagers,
  },
];
