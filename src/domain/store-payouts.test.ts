import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums.ts";
import { CUSTOMER_COMMENT_STATUS } from "./order-state-machine.ts";
import {
  orderLetsStoreBePaid,
  PEDAALI_PAYER,
  payableAmounts,
  payoutBatchActions,
  payoutBatchRefusal,
  payoutEndToEndId,
  payoutMessageId,
  REMITTANCE_MAX_LENGTH,
  remittanceText,
} from "./store-payouts.ts";
import { isValidBic, isValidIban } from "./validation/bank-account.ts";
import { isValidBusinessId } from "./validation/business-id.ts";

describe("payableAmounts", () => {
  it("pays the whole price when the store has no commission", () => {
    expect(payableAmounts(250_000, null)).toEqual({
      grossCents: 250_000,
      commissionCents: 0,
      netCents: 250_000,
    });
    expect(payableAmounts(250_000, 0)).toEqual({
      grossCents: 250_000,
      commissionCents: 0,
      netCents: 250_000,
    });
  });

  it("keeps the commission rounded to the cent: 2 499,99 € at 8.33 % is 208,25 €", () => {
    expect(payableAmounts(249_999, 8.33)).toEqual({
      grossCents: 249_999,
      commissionCents: 20_825,
      netCents: 229_174,
    });
  });

  it("always has net + commission = gross, neither negative", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000 }), fc.integer({ min: 0, max: 5_000 }), (gross, bp) => {
        const a = payableAmounts(gross, bp / 100);
        expect(a.netCents + a.commissionCents).toBe(gross);
        expect(a.commissionCents).toBeGreaterThanOrEqual(0);
        expect(a.netCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("payout batch rules", () => {
  const made = { status: "CREATED" as const, createdByUserId: "maker" };

  it("lets a second person approve a made batch, never its maker (four eyes)", () => {
    expect(payoutBatchRefusal(made, "APPROVE", "other")).toBeNull();
    expect(payoutBatchRefusal(made, "APPROVE", "maker")).toBe("SAME_PERSON");
    expect(payoutBatchActions(made, "maker")).toEqual(["DISCARD"]);
    expect(payoutBatchActions(made, "other")).toEqual(["APPROVE", "DISCARD"]);
  });

  it("approves once, pays only after approval, and gives the file only once approved", () => {
    const approved = { ...made, status: "APPROVED" as const };
    const paid = { ...made, status: "PAID" as const };
    expect(payoutBatchRefusal(approved, "APPROVE", "other")).toBe("STATUS");
    expect(payoutBatchRefusal(made, "MARK_PAID", "other")).toBe("STATUS");
    expect(payoutBatchRefusal(made, "DOWNLOAD_FILE", "other")).toBe("STATUS");
    expect(payoutBatchActions(approved, "maker")).toEqual(["DOWNLOAD_FILE", "MARK_PAID"]);
    expect(payoutBatchActions(paid, "other")).toEqual(["DOWNLOAD_FILE"]);
  });

  it("discards a batch only before its approval, by its maker or anyone else", () => {
    expect(payoutBatchRefusal(made, "DISCARD", "maker")).toBeNull();
    expect(payoutBatchRefusal({ ...made, status: "APPROVED" }, "DISCARD", "other")).toBe("STATUS");
    expect(payoutBatchRefusal({ ...made, status: "PAID" }, "DISCARD", "maker")).toBe("STATUS");
  });
});

describe("remittanceText", () => {
  it("lists the batch and its order numbers in order", () => {
    expect(remittanceText(1001, [10_007, 10_003])).toBe("Pedaali tilitys 1001, tilaukset 10003, 10007");
  });

  it("never passes 140 characters and says how many orders it left out", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 10_001, max: 9_999_999 }), { minLength: 1, maxLength: 60 }),
        (numbers) => {
          const text = remittanceText(123_456, numbers);
          expect(text.length).toBeLessThanOrEqual(REMITTANCE_MAX_LENGTH);
          const shown = text.split("tilaukset ")[1]?.split(" (+")[0]?.split(", ").filter(Boolean) ?? [];
          const more = Number(/\(\+(\d+)\)$/.exec(text)?.[1] ?? 0);
          expect(shown.length + more).toBe(numbers.length);
        },
      ),
    );
  });
});

describe("the file's ids and Pedaali as the payer", () => {
  it("keeps ids within 35 characters", () => {
    expect(payoutMessageId(2_147_483_647).length).toBeLessThanOrEqual(35);
    expect(payoutEndToEndId(2_147_483_647, 9_999).length).toBeLessThanOrEqual(35);
  });

  it("has a valid business id, IBAN and BIC", () => {
    expect(isValidBusinessId(PEDAALI_PAYER.businessId)).toBe(true);
    expect(isValidIban(PEDAALI_PAYER.iban)).toBe(true);
    expect(isValidBic(PEDAALI_PAYER.bic)).toBe(true);
  });
});

describe("orderLetsStoreBePaid", () => {
  const paid = (
    orderStatus: (typeof ORDER_STATUSES)[number],
    previousStatus: typeof orderStatus | null = null,
  ) => orderLetsStoreBePaid({ orderStatus, previousStatus });

  it("pays the store once its invoice is matched and the order goes on along the main line", () => {
    for (const status of [
      "WAITING_FOR_DELIVERY_DATE",
      "READY_FOR_BILLING",
      "GRENKE_INVOICE_SENT",
      "ACTIVE_LEASING",
    ] as const)
      expect(paid(status), status).toBe(true);
  });

  it("never pays for a cancelled, refunded or CASE_X order, nor one not yet matched", () => {
    for (const status of [
      "CANCELLED",
      "REFUNDED",
      "CASE_X",
      "WIX",
      "NOT_STARTED",
      "PROCESSED",
      "WAITING_FOR_INVOICE_MATCH",
    ] as const)
      expect(paid(status), status).toBe(false);
  });

  it("judges an order paused for the customer's comment by where it was paused", () => {
    expect(paid(CUSTOMER_COMMENT_STATUS, "READY_FOR_BILLING")).toBe(true);
    expect(paid(CUSTOMER_COMMENT_STATUS, "PROCESSED")).toBe(false);
    expect(paid(CUSTOMER_COMMENT_STATUS, null)).toBe(false);
  });

  it("answers the same for a status and for the pause in it, whatever the status", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), (status) => {
        if (status === CUSTOMER_COMMENT_STATUS) return;
        expect(paid(CUSTOMER_COMMENT_STATUS, status)).toBe(paid(status));
      }),
    );
  });
});
