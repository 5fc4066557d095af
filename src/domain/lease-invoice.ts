import type { LeaseInvoiceKind } from "./enums.ts";
import type { FinvoiceRow } from "./finvoice.ts";
import { invoiceVat, vatSplitOfGross } from "./money.ts";
import { benefitReportedIn } from "./payroll/report.ts";
import type { PayrollEmployee, PayrollLease } from "./payroll/types.ts";
import { addDays } from "./user-payments.ts";

/**
 * The employer's monthly invoice for its bike leases: Pedaali bills the company, once a month, the
 * monthly payment of every lease that runs that month. A lease runs in the months payroll deducts it
 * (benefitReportedIn: from its start month for its term, up to the month the employment ends), so the
 * invoice and the payroll report always name the same leases. The monthly payment includes VAT (it is
 * what the employee's gross salary is reduced by); each line carries its VAT-excluded part, and the
 * invoice's VAT is the company's rate taken once on the lines' VAT-excluded total (invoiceVat), so the
 * VAT printed is the rate of the VAT-free total printed. The total can stand a cent or so beside the sum
 * of the monthly payments, the rounding of each payment's VAT-free part.
 */

/** Days from the invoice's date to its due date. */
const LEASE_INVOICE_PAYMENT_TERM_DAYS = 14;

export type LeaseInvoiceLine = {
  orderNumber: number;
  employeeName: string;
  employeeNumber: string | null;
  /** The lease's first day. */
  leaseStartDate: string;
  /** The monthly payment as agreed, VAT included; its VAT-free part and that part's VAT at the rate. */
  monthlyPaymentCents: number;
  vatPercent: number;
  vatExcludedCents: number;
  vatCents: number;
};

export type LeaseInvoiceTotals = { vatExcludedCents: number; vatCents: number; totalCents: number };

/** The lines of a company's invoice for `period` (YYYY-MM): its running leases, by name then order. */
export function leaseInvoiceLines(input: {
  employees: readonly PayrollEmployee[];
  leases: readonly PayrollLease[];
  period: string;
  vatPercent: number;
}): LeaseInvoiceLine[] {
  const employees = new Map(input.employees.map((e) => [e.beneficiaryEmployeeId, e]));
  const lines: LeaseInvoiceLine[] = [];
  for (const lease of input.leases) {
    const employee = employees.get(lease.beneficiaryEmployeeId);
    if (!employee || !benefitReportedIn(lease, employee.lastWorkingDayDate, input.period)) continue;
    lines.push({
      orderNumber: lease.orderNumber,
      employeeName: `${employee.lastName} ${employee.firstName}`,
      employeeNumber: employee.employeeNumber,
      leaseStartDate: lease.startDate,
      monthlyPaymentCents: lease.monthlyPaymentCents,
      vatPercent: input.vatPercent,
      ...vatSplitOfGross(lease.monthlyPaymentCents, input.vatPercent),
    });
  }
  return lines.sort(
    (a, b) => a.employeeName.localeCompare(b.employeeName, "fi") || a.orderNumber - b.orderNumber,
  );
}

export function leaseInvoiceTotals(lines: readonly LeaseInvoiceLine[]): LeaseInvoiceTotals {
  const { vatExcludedCents, vatCents } = invoiceVat(lines);
  return { vatExcludedCents, vatCents, totalCents: vatExcludedCents + vatCents };
}

export function leaseInvoiceDueDate(issueDate: string): string {
  return addDays(issueDate, LEASE_INVOICE_PAYMENT_TERM_DAYS);
}

/** The month billed as the invoice writes it: "2026-12" → "12/2026". */
export function billedMonthText(period: string): string {
  const [year, month] = period.split("-");
  return `${Number(month)}/${year}`;
}

/**
 * The invoice's line of free text: the month's rents, and on a supplementary invoice or a credit note
 * the invoice it goes with ("Hyvityslasku laskuun 700012: työsuhdepyörien vuokrat 12/2026").
 */
export function leaseInvoiceFreeText(
  kind: LeaseInvoiceKind,
  period: string,
  originalInvoiceNumber: number | null,
): string {
  const month = billedMonthText(period);
  if (kind === "REGULAR" || originalInvoiceNumber === null) return `Työsuhdepyörien vuokrat ${month}`;
  const document = kind === "SUPPLEMENTARY" ? "Lisälasku" : "Hyvityslasku";
  return `${document} laskuun ${originalInvoiceNumber}: työsuhdepyörien vuokrat ${month}`;
}

/** A line as an e-invoice row: "Työsuhdepyörän vuokra 12/2026, tilaus 10023, Virtanen Matti". */
export function leaseInvoiceRow(line: LeaseInvoiceLine, period: string): FinvoiceRow {
  return {
    name: `Työsuhdepyörän vuokra ${billedMonthText(period)}, tilaus ${line.orderNumber}, ${line.employeeName}`,
    quantity: 1,
    vatPercent: line.vatPercent,
    vatExcludedCents: line.vatExcludedCents,
  };
}
