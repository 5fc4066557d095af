import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./enums.ts";
import { notifiesEmployer, orderStatusPriority } from "./order-notifications.ts";

describe("order moves on the employer's bell", () => {
  it("are those that ask the employer something or change payroll", () => {
    const notified = ORDER_STATUSES.filter(notifiesEmployer);
    expect(notified).toEqual(["ALL_INFO_PROVIDED", "CONFIRMED", "ACTIVE_LEASING", "CANCELLED", "REFUNDED"]);
  });

  it("make a cancellation urgent", () => {
    expect(orderStatusPriority("CANCELLED")).toBe("HIGH");
    expect(orderStatusPriority("ACTIVE_LEASING")).toBe("NORMAL");
  });
});
