import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, ORDER_STATUSES, type OrderStatus } from "./enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  canTransition,
  EMPLOYEE_CANCELLABLE_STATUSES,
  FINAL_ORDER_STATUSES,
  isFinalOrderStatus,
  MAIN_LINE_STATUSES,
  nextStatuses,
  ORDER_TRANSITIONS,
  type OrderActor,
  PRE_LEASING_STATUSES,
} from "./order-state-machine.ts";
import { ROLES } from "./roles.ts";

const ACTORS: readonly OrderActor[] = [...ROLES, "BIKE_STORE_TOKEN", "SYSTEM"];
const ADMIN_ACTORS: readonly OrderActor[] = ["SUPER_ADMIN", "INTERNAL_ADMIN"];

function reachableFrom(starts: readonly OrderStatus[]): Set<OrderStatus> {
  const seen = new Set<OrderStatus>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const current = queue.shift() as OrderStatus;
    for (const t of ORDER_TRANSITIONS) {
      if (t.from === current && !seen.has(t.to)) {
        seen.add(t.to);
        queue.push(t.to);
      }
    }
  }
  return seen;
}

describe("the order transition table", () => {
  it("reaches every status from NOT_STARTED or WIX", () => {
    expect([...reachableFrom(["NOT_STARTED", "WIX"])].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it("reaches every main-line status from NOT_STARTED in order, one step at a time", () => {
    for (const [i, status] of MAIN_LINE_STATUSES.entries()) {
      const next = MAIN_LINE_STATUSES[i + 1];
      if (next) expect(ORDER_TRANSITIONS.some((t) => t.from === status && t.to === next)).toBe(true);
    }
  });

  it("has no move out of REFUNDED or ACTIVE_LEASING", () => {
    for (const final of FINAL_ORDER_STATUSES) {
      expect(ORDER_TRANSITIONS.filter((t) => t.from === final)).toEqual([]);
      for (const actor of ACTORS) expect(nextStatuses(final, actor)).toEqual([]);
    }
    expect(isFinalOrderStatus("REFUNDED")).toBe(true);
    expect(isFinalOrderStatus("CANCELLED")).toBe(false);
  });

  it("reaches REFUNDED only from CANCELLED", () => {
    expect(ORDER_TRANSITIONS.filter((t) => t.to === "REFUNDED").map((t) => t.from)).toEqual(["CANCELLED"]);
  });

  it("sends WIX orders only to PROCESSED, CANCELLED or the CASE_X escape hatch", () => {
    const targets = ORDER_TRANSITIONS.filter((t) => t.from === "WIX").map((t) => t.to);
    expect(new Set(targets)).toEqual(new Set(["PROCESSED", "CANCELLED", "CASE_X"]));
    expect(ORDER_TRANSITIONS.some((t) => t.to === "WIX")).toBe(false);
  });

  it("lets admins move every non-final state to CASE_X and nobody else", () => {
    for (const status of ORDER_STATUSES) {
      if (isFinalOrderStatus(status) || status === "CASE_X") continue;
      for (const actor of ACTORS) {
        expect(canTransition({ from: status, to: "CASE_X", actor }).ok).toBe(ADMIN_ACTORS.includes(actor));
      }
    }
  });

  it("lets admins cancel in every pre-leasing state and never after leasing starts", () => {
    for (const status of [...PRE_LEASING_STATUSES, "WIX", "CASE_X", CUSTOMER_COMMENT_STATUS] as const) {
      expect(canTransition({ from: status, to: "CANCELLED", actor: "SUPER_ADMIN" }).ok).toBe(true);
      expect(canTransition({ from: status, to: "CANCELLED", actor: "INTERNAL_ADMIN" }).ok).toBe(true);
    }
    expect(canTransition({ from: "ACTIVE_LEASING", to: "CANCELLED", actor: "SUPER_ADMIN" })).toEqual({
      ok: false,
      reason: "noSuchTransition",
    });
  });

  it("lets the employee cancel only from NOT_STARTED to ALL_INFO_PROVIDED", () => {
    for (const status of ORDER_STATUSES) {
      const result = canTransition({ from: status, to: "CANCELLED", actor: "BIKE_BENEFICIARY" });
      expect(result.ok).toBe(EMPLOYEE_CANCELLABLE_STATUSES.includes(status));
    }
  });

  it("lets the employee cancel from the side state only when the order came from an early state", () => {
    const cancel = (previousStatus: OrderStatus | undefined) =>
      canTransition({
        from: CUSTOMER_COMMENT_STATUS,
        to: "CANCELLED",
        actor: "BIKE_BENEFICIARY",
        previousStatus,
      });
    expect(cancel("PACKAGE_PROVIDED").ok).toBe(true);
    expect(cancel("PROCESSED")).toEqual({ ok: false, reason: "previousStatusMismatch" });
    expect(cancel(undefined)).toEqual({ ok: false, reason: "previousStatusRequired" });
  });

  it("does not let the employee skip a step", () => {
    for (const [i, status] of MAIN_LINE_STATUSES.entries()) {
      const allowed = new Set<OrderStatus>(["CANCELLED"]);
      const next = MAIN_LINE_STATUSES[i + 1];
      if (next) allowed.add(next);
      for (const to of nextStatuses(status, "BIKE_BENEFICIARY")) expect(allowed.has(to)).toBe(true);
    }
    expect(
      canTransition({ from: "NOT_STARTED", to: "ALL_INFO_PROVIDED", actor: "BIKE_BENEFICIARY" }).ok,
    ).toBe(false);
    expect(canTransition({ from: "PENDING", to: "PACKAGE_PROVIDED", actor: "BIKE_BENEFICIARY" })).toEqual({
      ok: false,
      reason: "actorNotAllowed",
    });
  });

  it("lets the bike store act only through its token link, on the package and on the delivery details", () => {
    const storeMoves = ORDER_TRANSITIONS.filter((t) => t.actors.includes("BIKE_STORE_TOKEN")).map(
      (t) => `${t.from}→${t.to}`,
    );
    expect(storeMoves).toEqual(["PENDING→PACKAGE_PROVIDED", "WAITING_FOR_DELIVERY_DATE→READY_FOR_BILLING"]);
  });

  it("gives employer reporting users no move at all", () => {
    expect(ORDER_TRANSITIONS.some((t) => t.actors.includes("EMPLOYER_REPORTING"))).toBe(false);
  });

  it("lets only admins process a confirmed order", () => {
    for (const actor of ACTORS) {
      expect(canTransition({ from: "CONFIRMED", to: "PROCESSED", actor }).ok).toBe(
        ADMIN_ACTORS.includes(actor),
      );
    }
  });
});

describe("the WAITING_FOR_CUSTOMER_COMMENT side state", () => {
  it("is entered from every pre-leasing state", () => {
    for (const status of PRE_LEASING_STATUSES) {
      expect(canTransition({ from: status, to: CUSTOMER_COMMENT_STATUS, actor: "INTERNAL_ADMIN" }).ok).toBe(
        true,
      );
    }
  });

  it("returns only to the state it came from", () => {
    for (const previousStatus of PRE_LEASING_STATUSES) {
      const returns = nextStatuses(CUSTOMER_COMMENT_STATUS, "BIKE_BENEFICIARY", previousStatus).filter(
        (s) => s !== "CANCELLED",
      );
      expect(returns).toEqual([previousStatus]);
      for (const other of PRE_LEASING_STATUSES) {
        if (other === previousStatus) continue;
        expect(
          canTransition({ from: CUSTOMER_COMMENT_STATUS, to: other, actor: "SUPER_ADMIN", previousStatus }),
        ).toEqual({
          ok: false,
          reason: "previousStatusMismatch",
        });
      }
    }
  });

  it("refuses to return without knowing where it came from", () => {
    expect(canTransition({ from: CUSTOMER_COMMENT_STATUS, to: "PENDING", actor: "SUPER_ADMIN" })).toEqual({
      ok: false,
      reason: "previousStatusRequired",
    });
  });
});

describe("event-log types", () => {
  const eventTypeOf = (from: OrderStatus, to: OrderStatus, previousStatus?: OrderStatus) => {
    const result = canTransition({ from, to, actor: "SUPER_ADMIN", previousStatus });
    return result.ok ? result.eventType : null;
  };

  it("writes the milestone types on the milestone moves", () => {
    expect(eventTypeOf("ALL_INFO_PROVIDED", "CONFIRMED")).toBe("ORDER_CONFIRMED");
    expect(eventTypeOf("CONFIRMED", "PROCESSED")).toBe("ORDER_PROCESSED");
    expect(eventTypeOf("WIX", "PROCESSED")).toBe("ORDER_PROCESSED");
    expect(eventTypeOf("READY_FOR_BILLING", "GRENKE_INVOICE_SENT")).toBe("ORDER_GRENKE_INVOICE_SENT");
  });

  it("writes ORDER_STATUS_UPDATED on every other move, including a return to a milestone state", () => {
    expect(eventTypeOf("PENDING", "PACKAGE_PROVIDED")).toBe("ORDER_STATUS_UPDATED");
    expect(eventTypeOf("PENDING", "CANCELLED")).toBe("ORDER_STATUS_UPDATED");
    expect(eventTypeOf(CUSTOMER_COMMENT_STATUS, "CONFIRMED", "CONFIRMED")).toBe("ORDER_STATUS_UPDATED");
  });

  it("uses only event types of the spec", () => {
    for (const t of ORDER_TRANSITIONS) expect(EVENT_TYPES).toContain(t.eventType);
  });
});

describe("canTransition", () => {
  const status = fc.constantFrom(...ORDER_STATUSES);
  const actor = fc.constantFrom(...ACTORS);

  it("agrees with the table for any status pair, actor and previous status", () => {
    fc.assert(
      fc.property(
        status,
        status,
        actor,
        fc.option(status, { nil: undefined }),
        (from, to, who, previousStatus) => {
          const inTable = ORDER_TRANSITIONS.some(
            (t) =>
              t.from === from &&
              t.to === to &&
              t.actors.includes(who) &&
              (!t.previousStatusIn ||
                (previousStatus !== undefined && t.previousStatusIn.includes(previousStatus))),
          );
          const result = canTransition({ from, to, actor: who, previousStatus });
          expect(result.ok).toBe(inTable);
          if (result.ok) expect(nextStatuses(from, who, previousStatus)).toContain(to);
          else expect(nextStatuses(from, who, previousStatus)).not.toContain(to);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("names the event of the row it allowed", () => {
    expect(canTransition({ from: "NOT_STARTED", to: "PENDING", actor: "BIKE_BENEFICIARY" })).toEqual({
      ok: true,
      event: "startOrder",
      eventType: "ORDER_STATUS_UPDATED",
    });
  });
});
