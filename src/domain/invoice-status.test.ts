import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES, type InvoiceStatus } from "./enums.ts";
import {
  canMoveInvoice,
  eInvoiceObstacle,
  FINAL_INVOICE_STATUSES,
  invoiceDueDate,
  invoiceSender,
  isFinalInvoiceStatus,
  leasingCompanyPayerType,
  nextInvoiceStatuses,
} from "./invoice-status.ts";

/** The invoice status moves, written out by hand (not derived from the table under test). */

describe("invoice status moves", () => {
  it("runs a store's purchase invoice from received to paid", () => {
    const road: InvoiceStatus[] = [
      "RECEIVED",
      "VERIFIED",
      "APPROVED",
      "PAYMENT_QUEUED",
      "PAYMENT_SENT_TO_BANK",
      "PAID",
    ];
    for (let i = 0; i + 1 < road.length; i++) {
      expect(canMoveInvoice(road[i] as InvoiceStatus, road[i + 1] as InvoiceStatus), `${road[i]}`).toBe(true);
    }
    // No skipping: an unverified invoice is not approved, an unapproved one not queued.
    expect(canMoveInvoice("RECEIVED", "APPROVED")).toBe(false);
    expect(canMoveInvoice("VERIFIED", "PAYMENT_QUEUED")).toBe(false);
    expect(canMoveInvoice("RECEIVED", "PAID")).toBe(false);
    // A payment the bank returns is queued again.
    expect(canMoveInvoice("PAYMENT_SENT_TO_BANK", "PAYMENT_TRANSACTION_REMOVED")).toBe(true);
    expect(canMoveInvoice("PAYMENT_TRANSACTION_REMOVED", "PAYMENT_QUEUED")).toBe(true);
  });

  it("settles an invoice we sent as paid, partly paid or denied", () => {
    expect(canMoveInvoice("NOT_SENT", "SENT")).toBe(true);
    for (const to of ["PAID", "PARTLY_PAID", "PAYMENT_DENIED", "MARKED_PAID"] as const) {
      expect(canMoveInvoice("SENT", to), to).toBe(true);
    }
    expect(canMoveInvoice("PARTLY_PAID", "PAID")).toBe(true);
    expect(canMoveInvoice("PAYMENT_DENIED", "SENT")).toBe(true);
    expect(canMoveInvoice("SENT", "VERIFIED")).toBe(false);
    expect(canMoveInvoice("SENT", "NOT_SENT")).toBe(false);
  });

  it("invalidates anything before money moves, deletes only drafts", () => {
    for (const from of ["RECEIVED", "VERIFIED", "APPROVED", "PAYMENT_QUEUED", "SENT", "NOT_SENT"] as const) {
      expect(canMoveInvoice(from, "INVALIDATED"), from).toBe(true);
    }
    for (const from of ["PAYMENT_SENT_TO_BANK", "PARTLY_PAID", "PAID", "MARKED_PAID"] as const) {
      expect(canMoveInvoice(from, "INVALIDATED"), from).toBe(false);
    }
    expect(canMoveInvoice("UNFINISHED", "DELETED")).toBe(true);
    expect(canMoveInvoice("SENT", "DELETED")).toBe(false);
    expect(canMoveInvoice("RECEIVED", "DELETED")).toBe(false);
  });

  it("leaves a final status never, and never moves to the same status", () => {
    expect([...FINAL_INVOICE_STATUSES].sort()).toEqual(
      ["DELETED", "INVALIDATED", "MARKED_PAID", "OVERRIDDEN", "PAID"].sort(),
    );
    for (const from of INVOICE_STATUSES) {
      expect(isFinalInvoiceStatus(from)).toBe(nextInvoiceStatuses(from).length === 0);
      expect(canMoveInvoice(from, from), from).toBe(false);
      for (const to of INVOICE_STATUSES) {
        if (isFinalInvoiceStatus(from)) expect(canMoveInvoice(from, to)).toBe(false);
      }
    }
  });

  it("reaches a final status from every status", () => {
    for (const start of INVOICE_STATUSES) {
      const seen = new Set<InvoiceStatus>([start]);
      const queue: InvoiceStatus[] = [start];
      while (queue.length > 0) {
        for (const next of nextInvoiceStatuses(queue.shift() as InvoiceStatus)) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
      expect([...seen].some(isFinalInvoiceStatus), start).toBe(true);
    }
  });
});

describe("our invoices' terms and payers", () => {
  it("is due 14 days after issue, across month and year ends", () => {
    expect(invoiceDueDate("2026-03-10")).toBe("2026-03-24");
    expect(invoiceDueDate("2026-12-25")).toBe("2027-01-08");
    expect(invoiceDueDate("2028-02-20")).toBe("2028-03-05");
  });

  it("names the leasing company's payer type", () => {
    expect(leasingCompanyPayerType("Grenkeleasing Oy")).toBe("GRENKE");
    expect(leasingCompanyPayerType("LeasePlus OÜ")).toBe("LEASE_PLUS");
    expect(leasingCompanyPayerType("Pedaali Oy")).toBe("PEDAALI");
    expect(leasingCompanyPayerType("Svea Bank AB")).toBe("SVEA");
    expect(leasingCompanyPayerType("Uusi Rahoitus Oy")).toBe("OTHER");
  });

  it("names who sent an invoice by what it is about, not by who pays it", () => {
    const none = { leasingCompanyId: null, bikeRedemptionId: null };
    expect(invoiceSender(none)).toBe("BIKE_STORE");
    // Our bill to the leasing company, whoever the lessor is (Pedaali Oy pays it as PEDAALI).
    expect(invoiceSender({ ...none, leasingCompanyId: "lc" })).toBe("PEDAALI");
    expect(invoiceSender({ leasingCompanyId: "lc", bikeRedemptionId: "r" })).toBe("LEASING_COMPANY");
  });
});

describe("which invoices go out as e-invoices", () => {
  const bill = {
    status: "SENT" as InvoiceStatus,
    payerType: "GRENKE" as const,
    leasingCompanyId: "0b8a8b8e-0000-4000-8000-000000000001",
    invoiceNumber: "PED-L-10042",
    issueDate: "2026-03-02",
    dueDate: "2026-03-16",
    referenceNumber: "1004201",
  };

  it("sends our bill to a leasing company, whatever it is on its way to", () => {
    for (const status of ["NOT_SENT", "SENT", "PAID", "PAYMENT_DENIED"] as const)
      expect(eInvoiceObstacle({ ...bill, status })).toBeNull();
    for (const payerType of ["LEASE_PLUS", "SVEA", "OTHER"] as const)
      expect(eInvoiceObstacle({ ...bill, payerType })).toBeNull();
  });

  it("leaves the seller to send what we pay, and sends nothing to a store or an employee", () => {
    for (const payerType of ["PEDAALI", "BIKE_STORE", "EMPLOYEE"] as const)
      expect(eInvoiceObstacle({ ...bill, payerType })).toBe("NOT_OUR_BILL_TO_A_LEASING_COMPANY");
    expect(eInvoiceObstacle({ ...bill, leasingCompanyId: null })).toBe("NOT_OUR_BILL_TO_A_LEASING_COMPANY");
  });

  it("never sends a withdrawn invoice, nor one without what a payment needs", () => {
    for (const status of ["INVALIDATED", "OVERRIDDEN", "DELETED"] as const)
      expect(eInvoiceObstacle({ ...bill, status })).toBe("WITHDRAWN");
    for (const missing of ["invoiceNumber", "issueDate", "dueDate", "referenceNumber"] as const)
      expect(eInvoiceObstacle({ ...bill, [missing]: null })).toBe("INCOMPLETE");
  });
});
