import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums.ts";
import { DELIVERY_EDITABLE, INVOICE_EDITABLE, PACKAGE_EDITABLE, storeNextStep } from "./store-orders.ts";

describe("the bike store's next step", () => {
  it("is the package while the order waits for it, and the delivery once the invoice is matched", () => {
    expect(storeNextStep("PENDING", { cancellationRequested: false })).toBe("PACKAGE");
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", { cancellationRequested: false })).toBe("DELIVERY");
  });

  it("is nothing while a replaceable package waits for the employee, or a cancellation holds the delivery", () => {
    expect(storeNextStep("PACKAGE_PROVIDED", { cancellationRequested: false })).toBeNull();
    expect(storeNextStep("WAITING_FOR_DELIVERY_DATE", { cancellationRequested: true })).toBeNull();
    expect(storeNextStep("ACTIVE_LEASING", { cancellationRequested: false })).toBeNull();
  });

  it("is the invoice once Pedaali has ordered the bike, until the store's invoice has reached Pedaali", () => {
    expect(storeNextStep("WAITING_FOR_INVOICE_MATCH", { cancellationRequested: false })).toBe("INVOICE");
    expect(
      storeNextStep("WAITING_FOR_INVOICE_MATCH", { cancellationRequested: false, invoiceRecorded: true }),
    ).toBeNull();
    expect(storeNextStep("WAITING_FOR_INVOICE_MATCH", { cancellationRequested: true })).toBeNull();
  });

  it("is nothing once the store has recorded the handover: it waits for the employee's signature", () => {
    expect(
      storeNextStep("WAITING_FOR_DELIVERY_DATE", { cancellationRequested: false, handoverRecorded: false }),
    ).toBe("DELIVERY");
    expect(
      storeNextStep("WAITING_FOR_DELIVERY_DATE", { cancellationRequested: false, handoverRecorded: true }),
    ).toBeNull();
  });

  it("only ever asks for a step the store may take", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ORDER_STATUSES), fc.boolean(), (status, cancelling) => {
        const step = storeNextStep(status, { cancellationRequested: cancelling });
        if (step === "PACKAGE") return PACKAGE_EDITABLE.includes(status);
        if (step === "INVOICE") return INVOICE_EDITABLE.includes(status);
        if (step === "DELIVERY") return DELIVERY_EDITABLE.includes(status);
        return true;
      }),
    );
  });
});
