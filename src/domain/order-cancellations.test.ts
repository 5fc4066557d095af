import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_CANCELLATION_REQUESTERS, ORDER_STATUSES, type OrderStatus } from "./enums.ts";
import {
  cancelsAtOnce,
  heldByOpenCancellation,
  isCancellableBeforeDelivery,
  movableByNameWhileCancellationOpen,
} from "./order-cancellations.ts";

/** Who cancels at once and who asks, by the order's status, written out by hand from the brief. */

const WFCC = "WAITING_FOR_CUSTOMER_COMMENT";
const BEFORE_SIGNING: readonly OrderStatus[] = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
];
const SIGNED_NOT_DELIVERED: readonly OrderStatus[] = [
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
];
const DELIVERED_OR_CLOSED: readonly OrderStatus[] = [
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
  "CANCELLED",
  "REFUNDED",
];

describe("isCancellableBeforeDelivery", () => {
  it("allows every status before the store gives the delivery details, CASE_X and WIX", () => {
    for (const status of [...BEFORE_SIGNING, ...SIGNED_NOT_DELIVERED, "CASE_X", "WIX"] as const)
      expect(isCancellableBeforeDelivery(status, null), status).toBe(true);
  });

  it("refuses a delivered, leasing, cancelled or refunded order", () => {
    for (const status of DELIVERED_OR_CLOSED)
      expect(isCancellableBeforeDelivery(status, null), status).toBe(false);
  });

  it("judges a paused order by the status it was paused in", () => {
    for (const previous of [...BEFORE_SIGNING, ...SIGNED_NOT_DELIVERED])
      expect(isCancellableBeforeDelivery(WFCC, previous), previous).toBe(true);
    for (const previous of ["READY_FOR_BILLING", "GRENKE_INVOICE_SENT"] as const)
      expect(isCancellableBeforeDelivery(WFCC, previous), previous).toBe(false);
    expect(isCancellableBeforeDelivery(WFCC, null)).toBe(false);
  });
});

describe("cancelsAtOnce", () => {
  it("cancels the employee's and the employer's order at once before signing, paused there too", () => {
    for (const side of ["EMPLOYEE", "EMPLOYER"] as const) {
      for (const status of BEFORE_SIGNING) {
        expect(cancelsAtOnce(side, status, null), `${side} ${status}`).toBe(true);
        expect(cancelsAtOnce(side, WFCC, status), `${side} paused in ${status}`).toBe(true);
      }
    }
  });

  it("makes theirs a request once the order is confirmed, paused or a special case", () => {
    for (const side of ["EMPLOYEE", "EMPLOYER"] as const) {
      for (const status of [...SIGNED_NOT_DELIVERED, "CASE_X", "WIX"] as const)
        expect(cancelsAtOnce(side, status, null), `${side} ${status}`).toBe(false);
      for (const status of SIGNED_NOT_DELIVERED)
        expect(cancelsAtOnce(side, WFCC, status), `${side} paused in ${status}`).toBe(false);
    }
  });

  it("lets the helpdesk cancel at once from every status an order can be cancelled in", () => {
    for (const status of [...BEFORE_SIGNING, ...SIGNED_NOT_DELIVERED, "CASE_X", "WIX"] as const)
      expect(cancelsAtOnce("HELPDESK", status, null), status).toBe(true);
    for (const status of [...BEFORE_SIGNING, ...SIGNED_NOT_DELIVERED])
      expect(cancelsAtOnce("HELPDESK", WFCC, status), `paused in ${status}`).toBe(true);
  });

  it("never cancels at once what cannot be cancelled, whoever asks (property)", () => {
    const status = fc.constantFrom(...ORDER_STATUSES);
    const previous = fc.option(fc.constantFrom(...ORDER_STATUSES.filter((s) => s !== WFCC)), { nil: null });
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_CANCELLATION_REQUESTERS),
        status,
        previous,
        (side, from, before) => {
          // The side state keeps where it came from; other statuses keep none.
          const previousStatus = from === WFCC ? before : null;
          if (cancelsAtOnce(side, from, previousStatus) && side !== "HELPDESK")
            expect(isCancellableBeforeDelivery(from, previousStatus)).toBe(true);
          // What the employee may do at once, the employer may too, and the helpdesk always.
          if (cancelsAtOnce("EMPLOYEE", from, previousStatus)) {
            expect(cancelsAtOnce("EMPLOYER", from, previousStatus)).toBe(true);
            expect(cancelsAtOnce("HELPDESK", from, previousStatus)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("heldByOpenCancellation", () => {
  it("holds every move along the main line, the customer's answer back into it too", () => {
    for (const to of [...BEFORE_SIGNING, ...SIGNED_NOT_DELIVERED, ...DELIVERED_OR_CLOSED.slice(0, 3)])
      expect(heldByOpenCancellation(to), to).toBe(true);
  });

  it("lets the order be cancelled, refunded, paused or marked a special case", () => {
    for (const to of ["CANCELLED", "REFUNDED", WFCC, "CASE_X", "WIX"] as const)
      expect(heldByOpenCancellation(to), to).toBe(false);
  });
});

describe("movableByNameWhileCancellationOpen", () => {
  it("leaves the helpdesk the pause and the special case, and cancelling to the request's completion", () => {
    expect(ORDER_STATUSES.filter(movableByNameWhileCancellationOpen)).toEqual(
      expect.arrayContaining([WFCC, "CASE_X"]),
    );
    for (const to of ["CANCELLED", "CONFIRMED", "PROCESSED"] as const)
      expect(movableByNameWhileCancellationOpen(to), to).toBe(false);
  });
});
