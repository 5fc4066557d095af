import { describe, expect, it } from "vitest";
import { isGenericAdminMove } from "./order-admin-moves.ts";

/** Which moves the helpdesk makes by status name, written out by hand. */

describe("the helpdesk's moves by status name", () => {
  it("covers the side state, cancelling, refunding and CASE_X", () => {
    expect(isGenericAdminMove("CONFIRMED", "WAITING_FOR_CUSTOMER_COMMENT")).toBe(true);
    expect(isGenericAdminMove("WAITING_FOR_CUSTOMER_COMMENT", "CONFIRMED", "CONFIRMED")).toBe(true);
    expect(isGenericAdminMove("PROCESSED", "CANCELLED")).toBe(true);
    expect(isGenericAdminMove("CANCELLED", "REFUNDED")).toBe(true);
    expect(isGenericAdminMove("READY_FOR_BILLING", "CASE_X")).toBe(true);
    expect(isGenericAdminMove("CASE_X", "WAITING_FOR_DELIVERY_DATE")).toBe(true);
    expect(isGenericAdminMove("WIX", "CANCELLED")).toBe(true);
  });

  it("leaves the milestones to their own actions, and refuses what the table has not", () => {
    expect(isGenericAdminMove("CONFIRMED", "PROCESSED")).toBe(false);
    expect(isGenericAdminMove("WAITING_FOR_INVOICE_MATCH", "WAITING_FOR_DELIVERY_DATE")).toBe(false);
    expect(isGenericAdminMove("READY_FOR_BILLING", "GRENKE_INVOICE_SENT")).toBe(false);
    expect(isGenericAdminMove("GRENKE_INVOICE_SENT", "ACTIVE_LEASING")).toBe(false);
    expect(isGenericAdminMove("ACTIVE_LEASING", "CANCELLED")).toBe(false);
    expect(isGenericAdminMove("ACTIVE_LEASING", "CASE_X")).toBe(false);
    // The side state returns only where it came from.
    expect(isGenericAdminMove("WAITING_FOR_CUSTOMER_COMMENT", "PROCESSED", "CONFIRMED")).toBe(false);
    expect(isGenericAdminMove("PENDING", "PENDING")).toBe(false);
  });
});
