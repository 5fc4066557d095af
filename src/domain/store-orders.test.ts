import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums.ts";
import { DELIVERY_EDITABLE, PACKAGE_EDITABLE, storeNextStep } from "./store-orders.ts";

describe("the bike store's next step", () => {
  it("is the package while the order waits for it, and the delivery once the invoice is matched", () => {
    expect(storeNextStep("PENDING", false)).toBe("PACKAGE");
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", false)).toBe("DELIVERY");
  });

  it("is nothing while a replaceable package waits for the employee, or a cancellation holds the delivery", () => {
    expect(storeNextStep("PACKAGE_PROVIDED", false)).toBeNull();
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", true)).toBeNull();
    expect(storeNextStep("ACTIVE_LEASING", false)).toBeNull();
  });

  it("is nothing once the store has recorded the handover: it waits for the employee's signature", () => {
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", false, false)).toBe("DELIVERY");
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", false, true)).toBeNull();
  });

  it("only ever asks for a step the store may take", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.boolean(), (status, cancelling) => {
        const step = storeNextStep(status, cancelling);
        if (step === "PACKAGE") return PACKAGE_EDITABLE.includes(status);
        if (step === "DELIVERY") return DELIVERY_EDITABLE.includes(status);
        return true;
      }),
    );
  });
});
