import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES, PAYER_TYPES, PAYMENT_STATUSES, USER_PAYMENT_KINDS } from "./enums.ts";
import {
  type RefundInvoice,
  type RefundUserPayment,
  refundProblems,
  storedRefund,
  suggestRefund,
} from "./order-refunds.ts";

/** Who refunds whom, checked against the three rules of the brief written out by hand. */

const STORE = "b5b5b5b5-b5b5-4b5b-8b5b-b5b5b5b5b5b1";
const ownShare = (amountCents: number, paymentStatus: RefundUserPayment["paymentStatus"] = "PAID") => ({
  kind: "OWN_SHARE" as const,
  paymentStatus,
  amountCents,
});
const storeInvoice = (totalCents: number, status: RefundInvoice["status"] = "PAID"): RefundInvoice => ({
  payerType: "PEDAALI",
  bikeStoreId: STORE,
  status,
  totalCents,
});

describe("suggestRefund", () => {
  it("refunds the employee's paid own share from Pedaali first, even when the store has been paid", () => {
    expect(suggestRefund({ userPayments: [ownShare(42_000)], invoices: [storeInvoice(342_000)] })).toEqual({
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
      refundAmountCents: 42_000,
    });
  });

  it("adds up several paid own-share payments and ignores unpaid, cancelled and other kinds", () => {
    const payments: RefundUserPayment[] = [
      ownShare(10_000),
      ownShare(5_500),
      ownShare(9_900, "PENDING"),
      ownShare(7_000, "CANCELLED"),
      { kind: "REDEMPTION", paymentStatus: "PAID", amountCents: 60_000 },
      { kind: "DEDUCTIBLE", paymentStatus: "PAID", amountCents: 24_000 },
    ];
    expect(suggestRefund({ userPayments: payments, invoices: [] })).toEqual({
      payerType: "PEDAALI",
      refundToType: "EMPLOYEE",
      refundAmountCents: 15_500,
    });
  });

  it("has the store refund Pedaali the paid purchase invoice's total when the employee paid nothing", () => {
    for (const status of ["PAID", "MARKED_PAID", "PAYMENT_SENT_TO_BANK"] as const) {
      expect(
        suggestRefund({
          userPayments: [ownShare(9_000, "PENDING")],
          invoices: [storeInvoice(249_900, status)],
        }),
        status,
      ).toEqual({ payerType: "BIKE_STORE", refundToType: "PEDAALI", refundAmountCents: 249_900 });
    }
  });

  it("ignores invoices not yet paid, our own bills and invoices from no store", () => {
    const invoices: RefundInvoice[] = [
      storeInvoice(249_900, "RECEIVED"),
      storeInvoice(249_900, "APPROVED"),
      storeInvoice(249_900, "PAYMENT_QUEUED"),
      { payerType: "GRENKE", bikeStoreId: null, status: "PAID", totalCents: 260_000 },
      { payerType: "PEDAALI", bikeStoreId: null, status: "PAID", totalCents: 12_000 },
    ];
    expect(suggestRefund({ userPayments: [], invoices })).toBeNull();
  });

  it("suggests nothing for an order where no money moved", () => {
    expect(suggestRefund({ userPayments: [], invoices: [] })).toBeNull();
    expect(storedRefund(null)).toEqual({ refundAmountCents: 0, payerType: null, refundToType: null });
  });

  it("always answers one of the three rules, with the amount of the money that moved (property)", () => {
    const payment = fc.record({
      kind: fc.constantFrom(...USER_PAYMENT_KINDS),
      paymentStatus: fc.constantFrom(...PAYMENT_STATUSES),
      amountCents: fc.integer({ min: 0, max: 1_000_000 }),
    });
    const invoice = fc.record({
      payerType: fc.constantFrom(...PAYER_TYPES),
      bikeStoreId: fc.option(fc.constant(STORE), { nil: null }),
      status: fc.constantFrom(...INVOICE_STATUSES),
      totalCents: fc.integer({ min: 0, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(payment, { maxLength: 6 }),
        fc.array(invoice, { maxLength: 6 }),
        (userPayments, invoices) => {
          const paidOwnShare = userPayments
            .filter((p) => p.kind === "OWN_SHARE" && p.paymentStatus === "PAID")
            .reduce((sum, p) => sum + p.amountCents, 0);
          const paidToStore = invoices
            .filter(
              (i) =>
                i.payerType === "PEDAALI" &&
                i.bikeStoreId !== null &&
                ["PAID", "MARKED_PAID", "PAYMENT_SENT_TO_BANK"].includes(i.status),
            )
            .reduce((sum, i) => sum + i.totalCents, 0);
          const refund = suggestRefund({ userPayments, invoices });
          if (paidOwnShare > 0)
            expect(refund).toEqual({
              payerType: "PEDAALI",
              refundToType: "EMPLOYEE",
              refundAmountCents: paidOwnShare,
            });
          else if (paidToStore > 0)
            expect(refund).toEqual({
              payerType: "BIKE_STORE",
              refundToType: "PEDAALI",
              refundAmountCents: paidToStore,
            });
          else expect(refund).toBeNull();
          // Whatever it suggests, the helpdesk could have set it: the suggestion passes its own check.
          expect(refundProblems(storedRefund(refund))).toEqual({});
        },
      ),
    );
  });
});

describe("refundProblems", () => {
  it("wants both parties for an amount above 0", () => {
    expect(refundProblems({ refundAmountCents: 1_000, payerType: null, refundToType: null })).toEqual({
      payerType: "payerTypeRequired",
      refundToType: "refundToTypeRequired",
    });
    expect(refundProblems({ refundAmountCents: 1_000, payerType: "PEDAALI", refundToType: null })).toEqual({
      refundToType: "refundToTypeRequired",
    });
  });

  it("refuses a party refunding itself, and allows parties without an amount yet", () => {
    expect(
      refundProblems({ refundAmountCents: 1_000, payerType: "PEDAALI", refundToType: "PEDAALI" }),
    ).toEqual({ refundToType: "samePayerAndRecipient" });
    expect(
      refundProblems({ refundAmountCents: 0, payerType: "BIKE_STORE", refundToType: "PEDAALI" }),
    ).toEqual({});
    expect(refundProblems({ refundAmountCents: 0, payerType: null, refundToType: null })).toEqual({});
  });
});
