import { describe, expect, it } from "vitest";
import { INVOICE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES, REQUEST_STATUSES_WITH_SIGNED } from "./enums.ts";
import { STATUS_FAMILY_TONES, STATUS_TONES, statusTone } from "./status-tones.ts";

const FAMILIES = {
  order: ORDER_STATUSES,
  request: REQUEST_STATUSES_WITH_SIGNED,
  payment: PAYMENT_STATUSES,
  invoice: INVOICE_STATUSES,
} as const;

describe("status tones", () => {
  it.each(Object.entries(FAMILIES))(
    "give every %s status of enums.ts a tone, and no other value",
    (family, values) => {
      const tones = STATUS_FAMILY_TONES[family as keyof typeof FAMILIES] as Record<string, string>;
      expect(Object.keys(tones).sort()).toEqual([...values].sort());
      for (const value of values) expect(STATUS_TONES).toContain(tones[value]);
    },
  );

  it("read the same through statusTone", () => {
    expect(statusTone("order", "ACTIVE_LEASING")).toBe("success");
    expect(statusTone("order", "WAITING_FOR_CUSTOMER_COMMENT")).toBe("warning");
    expect(statusTone("request", "REJECTED")).toBe("danger");
    expect(statusTone("payment", "NOT_PAID")).toBe("warning");
    expect(statusTone("invoice", "PAYMENT_DENIED")).toBe("danger");
  });

  it("keep the meaning of a shared word: a finished payment or invoice is a success, a cancellation is closed, not failed", () => {
    expect([
      statusTone("payment", "PAID"),
      statusTone("invoice", "PAID"),
      statusTone("payment", "COMPLETED"),
    ]).toEqual(["success", "success", "success"]);
    expect([statusTone("order", "CANCELLED"), statusTone("payment", "CANCELLED")]).toEqual([
      "neutral",
      "neutral",
    ]);
  });
});
