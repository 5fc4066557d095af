import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums.ts";
import { CUSTOMER_COMMENT_STATUS } from "./order-state-machine.ts";
import {
  orderLetsStoreBePaid,
  type PayoutApprovalRow,
  PEDAALI_PAYER,
  payoutApprovalCanonical,
  payoutBatchActions,
  payoutBatchRefusal,
  payoutEndToEndId,
  payoutMessageId,
  REMITTANCE_MAX_LENGTH,
  remittanceText,
  storeAccountChanges,
} from "./store-payouts.ts";
import { isValidBic, isValidIban } from "./validation/bank-account.ts";
import { isValidBusinessId } from "./validation/business-id.ts";

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

describe("the approval's canonical form", () => {
  const row = (n: number): PayoutApprovalRow => ({
    payableId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    orderId: `10000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    bikeStoreId: "20000000-0000-4000-8000-000000000001",
    iban: "FI21 1234 5600 0007 85",
    bic: "HELSFIHH",
    netCents: 100_000 + n,
  });
  const rows = fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 12 });

  it("does not depend on the order of the rows, nor on how the account is spaced or cased", () => {
    fc.assert(
      fc.property(rows, fc.nat(), (ns, seed) => {
        const shuffled = [...ns].sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101));
        expect(payoutApprovalCanonical(shuffled.map(row))).toBe(payoutApprovalCanonical(ns.map(row)));
      }),
    );
    const spaced = [{ ...row(1), iban: "fi2112345600000785", bic: "helsfihh" }];
    expect(payoutApprovalCanonical(spaced)).toBe(payoutApprovalCanonical([row(1)]));
  });

  it("changes with any payee, account, amount, order or payable, and with a row gone", () => {
    const changes: ((r: PayoutApprovalRow) => PayoutApprovalRow)[] = [
      (r) => ({ ...r, bikeStoreId: "20000000-0000-4000-8000-000000000002" }),
      (r) => ({ ...r, iban: "FI37 1590 3000 0007 76" }),
      (r) => ({ ...r, iban: null }),
      (r) => ({ ...r, bic: "NDEAFIHH" }),
      (r) => ({ ...r, netCents: r.netCents + 1 }),
      (r) => ({ ...r, orderId: "10000000-0000-4000-8000-999999999999" }),
      (r) => ({ ...r, payableId: "00000000-0000-4000-8000-999999999999" }),
    ];
    fc.assert(
      fc.property(rows, fc.nat(), fc.constantFrom(...changes), (ns, pick, change) => {
        const before = ns.map(row);
        const at = pick % before.length;
        const after = before.map((r, i) => (i === at ? change(r) : r));
        expect(payoutApprovalCanonical(after)).not.toBe(payoutApprovalCanonical(before));
        expect(payoutApprovalCanonical(before.filter((_, i) => i !== at))).not.toBe(
          payoutApprovalCanonical(before),
        );
      }),
    );
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

describe("whether a store's account changes", () => {
  it("is a new IBAN or BIC, never spaces, case or empty text for none", () => {
    const account = { iban: "FI2112345600000785", bic: "HELSFIHH" };
    expect(storeAccountChanges(account, { iban: "fi21 1234 5600 0007 85", bic: "helsfihh" })).toBe(false);
    expect(storeAccountChanges({ iban: null, bic: null }, { iban: "", bic: "" })).toBe(false);
    expect(storeAccountChanges(account, { iban: "FI3715903000000776", bic: "HELSFIHH" })).toBe(true);
    expect(storeAccountChanges(account, { iban: "FI2112345600000785", bic: "NDEAFIHH" })).toBe(true);
    expect(storeAccountChanges(account, { iban: null, bic: null })).toBe(true);
    expect(storeAccountChanges({ iban: null, bic: null }, account)).toBe(true);
  });
});
