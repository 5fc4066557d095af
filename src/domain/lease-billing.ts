import type { LeaseInvoiceKind } from "./enums.ts";
import type { LeaseInvoiceLine } from "./lease-invoice.ts";
import { addMonths, periodRange } from "./payroll/period.ts";

/**
 * What Pedaali has billed an employer for a month, and what it must still bill or take back so that
 * the month's invoices name exactly the leases the billing rule names. The rule itself is
 * leaseInvoiceLines' (src/domain/lease-invoice.ts: the leases payroll deducts that month); this module
 * never decides which leases run, it only compares that answer with what the invoices say:
 *
 * - a lease is billed for a month by a line on the month's regular or supplementary invoice, and the
 *   line is taken back by a line of the same order on a credit note of that invoice: a lease's net
 *   count for the month is its lines on invoices less its lines on credit notes;
 * - a lease the rule names and no standing line bills goes on the month's first invoice (REGULAR) or,
 *   when the month already has one, on a supplementary invoice naming it;
 * - a standing line of a lease the rule does not name (its start moved later, it ended or its order
 *   was cancelled) goes on a credit note of the invoice that carries it, one credit note per invoice;
 * - so after a plan is carried out every lease the rule names has a net count of 1 and every other 0.
 *
 * A lease is named on an invoice by its order's number (an order has one lease that runs), which is
 * what the employer reads on the line. The amount billed is the one on the line: a credit note takes
 * back exactly what was billed, and a lease still owed keeps its line as it was billed.
 */

/**
 * How many months back, this one included, the daily run looks for a month to correct. A lease starts
 * the month after its bike's delivery, and a delivery date is taken at most a year back
 * (src/domain/plausible-dates.ts, DELIVERY), so a start recorded late lands within the last twelve
 * months; an end recorded later still is a matter for the helpdesk.
 */
export const BILLING_CORRECTION_MONTHS = 12;

/** What the rule reads of an invoice already issued for the month. */
export type BilledInvoice = {
  id: string;
  kind: LeaseInvoiceKind;
  /** On a credit note, the invoice it credits; the rule reads no other kind's. */
  originalInvoiceId: string | null;
  /** The orders of its lines, as the lines are listed. */
  orderNumbers: readonly number[];
};

/** A lease billed for the month by a line not taken back. */
export type StandingLine = { invoiceId: string; orderNumber: number };

/** What a month needs to bill exactly the leases the rule names. */
export type MonthBillingPlan = {
  /** The lines to bill: owed and billed by no standing line. */
  bill: LeaseInvoiceLine[];
  /** What those lines are billed on: the month's first invoice, or a supplementary one naming it. */
  billAs: { kind: "REGULAR"; originalInvoiceId: null } | { kind: "SUPPLEMENTARY"; originalInvoiceId: string };
  /** Per invoice carrying lines of leases not owed, the orders to credit, one credit note each. */
  credit: { invoiceId: string; orderNumbers: number[] }[];
};

/** Each lease's net count of lines on the month's invoices: lines on invoices less lines on credit notes. */
export function netBilled(invoices: readonly BilledInvoice[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const invoice of invoices) {
    const sign = invoice.kind === "CREDIT_NOTE" ? -1 : 1;
    for (const orderNumber of invoice.orderNumbers) net.set(orderNumber, (net.get(orderNumber) ?? 0) + sign);
  }
  return net;
}

/**
 * The lines of the month's invoices that still bill a lease: every line of a regular or supplementary
 * invoice, less one for each line of the same order on a credit note of that invoice. In the order
 * the invoices are given (the server gives them by number: the regular one first).
 */
export function standingLines(invoices: readonly BilledInvoice[]): StandingLine[] {
  const creditedPerInvoice = new Map<string, Map<number, number>>();
  for (const note of invoices) {
    if (note.kind !== "CREDIT_NOTE" || note.originalInvoiceId === null) continue;
    const credited = creditedPerInvoice.get(note.originalInvoiceId) ?? new Map<number, number>();
    for (const orderNumber of note.orderNumbers)
      credited.set(orderNumber, (credited.get(orderNumber) ?? 0) + 1);
    creditedPerInvoice.set(note.originalInvoiceId, credited);
  }
  const standing: StandingLine[] = [];
  for (const invoice of invoices) {
    if (invoice.kind === "CREDIT_NOTE") continue;
    const credited = creditedPerInvoice.get(invoice.id);
    for (const orderNumber of invoice.orderNumbers) {
      const left = credited?.get(orderNumber) ?? 0;
      if (left > 0) credited?.set(orderNumber, left - 1);
      else standing.push({ invoiceId: invoice.id, orderNumber });
    }
  }
  return standing;
}

/**
 * What the month needs, from the lines the billing rule gives for it now (`owed`, leaseInvoiceLines)
 * and the invoices already issued for it: the owed leases no standing line bills, and the standing
 * lines of leases not owed (or billed twice) to credit. Nothing to do is an empty `bill` and `credit`.
 */
export function monthBillingPlan(input: {
  owed: readonly LeaseInvoiceLine[];
  invoices: readonly BilledInvoice[];
}): MonthBillingPlan {
  const owed = new Set(input.owed.map((line) => line.orderNumber));
  const kept = new Set<number>();
  const credit = new Map<string, number[]>();
  for (const line of standingLines(input.invoices)) {
    if (owed.has(line.orderNumber) && !kept.has(line.orderNumber)) {
      kept.add(line.orderNumber);
      continue;
    }
    const orders = credit.get(line.invoiceId) ?? [];
    orders.push(line.orderNumber);
    credit.set(line.invoiceId, orders);
  }
  const regular = input.invoices.find((invoice) => invoice.kind === "REGULAR");
  return {
    bill: input.owed.filter((line) => !kept.has(line.orderNumber)),
    billAs: regular
      ? { kind: "SUPPLEMENTARY", originalInvoiceId: regular.id }
      : { kind: "REGULAR", originalInvoiceId: null },
    credit: [...credit].map(([invoiceId, orderNumbers]) => ({ invoiceId, orderNumbers })),
  };
}

/** Whether a plan leaves the month as it is. */
export function planIsEmpty(plan: MonthBillingPlan): boolean {
  return plan.bill.length === 0 && plan.credit.length === 0;
}

/** A line taken back: the credited line's figures with the opposite sign (0 stays 0). */
function creditedLine(line: LeaseInvoiceLine): LeaseInvoiceLine {
  return {
    ...line,
    monthlyPaymentCents: 0 - line.monthlyPaymentCents,
    vatExcludedCents: 0 - line.vatExcludedCents,
    vatCents: 0 - line.vatCents,
  };
}

/**
 * A credit note's lines: for each order to credit, a line of the credited invoice with that order,
 * taken back as it was billed. An order the invoice does not carry is a RangeError: a plan credits
 * only the lines it found there.
 */
export function creditNoteLines(
  creditedInvoiceLines: readonly LeaseInvoiceLine[],
  orderNumbers: readonly number[],
): LeaseInvoiceLine[] {
  const left = [...creditedInvoiceLines];
  return orderNumbers.map((orderNumber) => {
    const index = left.findIndex((line) => line.orderNumber === orderNumber);
    const [line] = index >= 0 ? left.splice(index, 1) : [];
    if (!line) throw new RangeError(`The credited invoice has no line of order ${orderNumber}`);
    return creditedLine(line);
  });
}

/**
 * The months the daily run corrects for a company: the last BILLING_CORRECTION_MONTHS up to this one,
 * but none before the company's first invoice (what ran before Pedaali billed it is not Pedaali's to
 * bill now). Empty when the company has no invoice.
 */
export function correctionPeriods(thisPeriod: string, firstInvoicedPeriod: string | null): string[] {
  if (firstInvoicedPeriod === null) return [];
  const windowStart = addMonths(thisPeriod, -(BILLING_CORRECTION_MONTHS - 1));
  return periodRange(firstInvoicedPeriod > windowStart ? firstInvoicedPeriod : windowStart, thisPeriod);
}
