import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildFinvoice, finvoiceTotals } from "./finvoice.ts";
import {
  leaseInvoiceDueDate,
  leaseInvoiceLines,
  leaseInvoiceRow,
  leaseInvoiceTotals,
} from "./lease-invoice.ts";
import { vatAmountCents } from "./money.ts";
import { employee, lease } from "./payroll/test-fixtures.ts";
import { referenceNumber } from "./reference-number.ts";

describe("leaseInvoiceLines", () => {
  const anna = employee("a", { firstName: "Anna", lastName: "Virtanen", employeeNumber: "1001" });
  const ville = employee("v", { firstName: "Ville", lastName: "Aalto", employeeNumber: null });

  it("bills each lease running in the month, by the employee's name", () => {
    const lines = leaseInvoiceLines({
      employees: [anna, ville],
      leases: [
        lease("1", "a", { orderNumber: 10_002, monthlyPaymentCents: 9_900, startDate: "2026-11-01" }),
        lease("2", "v", { orderNumber: 10_001, monthlyPaymentCents: 12_550, startDate: "2026-12-01" }),
      ],
      period: "2026-12",
      vatPercent: 25.5,
    });
    expect(lines.map((l) => [l.orderNumber, l.employeeName, l.monthlyPaymentCents])).toEqual([
      [10_001, "Aalto Ville", 12_550],
      [10_002, "Virtanen Anna", 9_900],
    ]);
    expect(lines[0]).toMatchObject({
      vatExcludedCents: 10_000,
      vatCents: 2_550,
      leaseStartDate: "2026-12-01",
    });
    // 25.5 % of the 178,88 € printed is 45,61 €; line by line it would have been 25,50 + 20,12 €.
    expect(leaseInvoiceTotals(lines)).toEqual({
      vatExcludedCents: 17_888,
      vatCents: 4_561,
      totalCents: 22_449,
    });
  });

  it("leaves out a lease that starts later, one whose term is over and one after the employment ended", () => {
    const leaver = employee("l", { lastWorkingDayDate: "2026-10-15" });
    const lines = leaseInvoiceLines({
      employees: [anna, leaver],
      leases: [
        lease("later", "a", { startDate: "2027-01-01" }),
        lease("over", "a", { startDate: "2023-11-01", leaseTimeMonths: 36 }),
        lease("last", "a", { startDate: "2023-12-01", leaseTimeMonths: 36 }),
        lease("left", "l", { startDate: "2026-01-01" }),
        lease("nobody", "x", { startDate: "2026-01-01" }),
      ],
      period: "2026-11",
      vatPercent: 25.5,
    });
    // The lease started in December 2023 has its 36th month in November 2026.
    expect(lines).toHaveLength(1);
    expect(lines[0]?.leaseStartDate).toBe("2023-12-01");
  });

  it("takes the VAT as the rate of the VAT-free total, the total within the lines' rounding of the payments", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50_000 }), { maxLength: 40 }), (payments) => {
        const lines = leaseInvoiceLines({
          employees: [anna],
          leases: payments.map((cents, i) => lease(`p${i}`, "a", { monthlyPaymentCents: cents })),
          period: "2026-06",
          vatPercent: 25.5,
        });
        const sum = payments.reduce((a, b) => a + b, 0);
        const totals = leaseInvoiceTotals(lines);
        expect(totals.vatCents).toBe(vatAmountCents(totals.vatExcludedCents, 25.5));
        // Each payment's VAT-free part is within half a cent of its exact share.
        expect(Math.abs(totals.totalCents - sum)).toBeLessThanOrEqual(Math.ceil(payments.length * 0.63) + 1);
        // The e-invoice's own totals, from its rows, agree with the invoice's.
        const rows = lines.map((line) => leaseInvoiceRow(line, "2026-06"));
        expect(finvoiceTotals(rows).vatIncludedCents).toBe(totals.totalCents);
      }),
    );
  });
});

describe("the invoice as an e-invoice", () => {
  it("names the month, the order and the employee on each row and breaks down the VAT", () => {
    const lines = leaseInvoiceLines({
      employees: [employee("a", { firstName: "Anna", lastName: "Virtanen" })],
      leases: [lease("1", "a", { orderNumber: 10_023, monthlyPaymentCents: 10_000 })],
      period: "2026-12",
      vatPercent: 25.5,
    });
    const row = leaseInvoiceRow(lines[0] as (typeof lines)[number], "2026-12");
    expect(row.name).toBe("Työsuhdepyörän vuokra 12/2026, tilaus 10023, Virtanen Anna");
    const party = {
      name: "Demo Oy",
      businessId: "1234567-8",
      vatId: "FI12345678",
      address: null,
      eInvoiceAddress: "003712345678",
      eInvoiceOperator: "003723327487",
    };
    const xml = buildFinvoice({
      messageId: "m-1",
      createdAt: new Date("2026-12-01T05:00:00Z"),
      invoiceNumber: "700001",
      invoiceDate: "2026-12-01",
      dueDate: leaseInvoiceDueDate("2026-12-01"),
      referenceNumber: referenceNumber("700001"),
      freeText: null,
      paymentTermsText: "14 päivää netto",
      seller: { ...party, iban: "FI2112345600000785", bic: "NDEAFIHH" },
      buyer: party,
      rows: [row],
    });
    expect(xml).toContain('<InvoiceDueDate Format="CCYYMMDD">20261215</InvoiceDueDate>');
    expect(xml).toContain("<VatRatePercent>25,5</VatRatePercent>");
    expect(xml).toContain('<VatBaseAmount AmountCurrencyIdentifier="EUR">79,68</VatBaseAmount>');
    expect(xml).toContain('<VatRateAmount AmountCurrencyIdentifier="EUR">20,32</VatRateAmount>');
  });
});
