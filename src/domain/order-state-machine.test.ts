import { describe, expect, it } from "vitest";
import { EVENT_TYPES, type EventType, ORDER_STATUSES, type OrderStatus } from "./enums.ts";
import {
  canTransition,
  isFinalOrderStatus,
  MAIN_LINE_STATUSES,
  nextStatuses,
  ORDER_TRANSITIONS,
  ORDER_WAITING_ON,
  type OrderActor,
} from "./order-state-machine.ts";
import { ROLES } from "./roles.ts";

/**
 * The expected lifecycle is written out here by hand from ADR 004 (docs/decisions/004-order-lifecycle.md)
 * and docs/architecture.md, row by row. Nothing below is derived from the constants or the table of
 * order-state-machine.ts: a test built from the code's own table agrees with any change to it, so a
 * widened move (say, the employee cancelling a CONFIRMED order) would pass unnoticed.
 *
 * Where the ADR names no actor for a main-line move, the row records the current decision (who does the
 * work in docs/architecture.md: the store through its token link, the admins, jobs and imports as SYSTEM); a
 * change of such a decision is a change of this table too, on purpose.
 */

const SA = "SUPER_ADMIN";
const IA = "INTERNAL_ADMIN";
const EMPLOYEE = "BIKE_BENEFICIARY";
const STORE = "BIKE_STORE_TOKEN";
/** A user of the store's account: the same steps as its token link. */
const STORE_USER = "BIKE_STORE";
const SYSTEM = "SYSTEM";

/** Every actor there is: the eight roles, the store's token link and the system. */
const ACTORS: readonly OrderActor[] = [...ROLES, STORE, SYSTEM];

type Allowed = {
  from: OrderStatus;
  to: OrderStatus;
  actors: readonly OrderActor[];
  /** Only for moves out of WAITING_FOR_CUSTOMER_COMMENT: allowed only when the order came from this state. */
  previous?: OrderStatus;
};

const move = (
  from: OrderStatus,
  to: OrderStatus,
  actors: readonly OrderActor[],
  previous?: OrderStatus,
): Allowed => (previous ? { from, to, actors, previous } : { from, to, actors });

const WFCC = "WAITING_FOR_CUSTOMER_COMMENT";
/** The employer's roles that decide on orders (approve, refuse, cancel); reporting users only read. */
const DECIDERS = ["EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_GROUP_ADMIN"] as const;

const ALLOWED: readonly Allowed[] = [
  // The main line, one step at a time.
  move("NOT_STARTED", "PENDING", [EMPLOYEE, SA, IA]),
  move("PENDING", "PACKAGE_PROVIDED", [STORE, STORE_USER, SA, IA]),
  move("PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", [EMPLOYEE, SA, IA]),
  // Signed by the employee, approved by the employer where policy asks: the last of them confirms.
  move("ALL_INFO_PROVIDED", "CONFIRMED", [
    EMPLOYEE,
    "EMPLOYER_ADMIN",
    "EMPLOYER_EDITOR",
    "EMPLOYER_GROUP_ADMIN",
    SA,
    IA,
    SYSTEM,
  ]),
  move("CONFIRMED", "PROCESSED", [SA, IA]),
  move("PROCESSED", "WAITING_FOR_INVOICE_MATCH", [SA, IA, SYSTEM]),
  move("WAITING_FOR_INVOICE_MATCH", "WAITING_FOR_DELIVERY_DATE", [SA, IA, SYSTEM]),
  move("WAITING_FOR_DELIVERY_DATE", "READY_FOR_BILLING", [STORE, STORE_USER, EMPLOYEE, SA, IA]),
  move("READY_FOR_BILLING", "GRENKE_INVOICE_SENT", [SA, IA, SYSTEM]),
  move("GRENKE_INVOICE_SENT", "ACTIVE_LEASING", [SA, IA, SYSTEM]),

  // Imported online-shop orders: only to PROCESSED, CANCELLED or CASE_X.
  move("WIX", "PROCESSED", [SA, IA, SYSTEM]),
  move("WIX", "CANCELLED", [SA, IA, SYSTEM]),
  move("WIX", "CASE_X", [SA, IA]),

  // Cancelled from any pre-leasing state: admins always; the employee and the employer's deciders (not
  // reporting users) until ALL_INFO_PROVIDED, before the order is confirmed (ADR 004; the employer's
  // refusal where the bike policy asks for their approval is one of these).
  move("NOT_STARTED", "CANCELLED", [EMPLOYEE, ...DECIDERS, SA, IA]),
  move("PENDING", "CANCELLED", [EMPLOYEE, ...DECIDERS, SA, IA]),
  move("PACKAGE_PROVIDED", "CANCELLED", [EMPLOYEE, ...DECIDERS, SA, IA]),
  move("ALL_INFO_PROVIDED", "CANCELLED", [EMPLOYEE, ...DECIDERS, SA, IA]),
  move("CONFIRMED", "CANCELLED", [SA, IA]),
  move("PROCESSED", "CANCELLED", [SA, IA]),
  move("WAITING_FOR_INVOICE_MATCH", "CANCELLED", [SA, IA]),
  move("WAITING_FOR_DELIVERY_DATE", "CANCELLED", [SA, IA]),
  move("READY_FOR_BILLING", "CANCELLED", [SA, IA]),
  move("GRENKE_INVOICE_SENT", "CANCELLED", [SA, IA]),
  // A paused order is still pre-leasing; the employee's and the employer's right follows the state it
  // was paused in.
  move(WFCC, "CANCELLED", [SA, IA]),
  move(WFCC, "CANCELLED", [EMPLOYEE, ...DECIDERS], "NOT_STARTED"),
  move(WFCC, "CANCELLED", [EMPLOYEE, ...DECIDERS], "PENDING"),
  move(WFCC, "CANCELLED", [EMPLOYEE, ...DECIDERS], "PACKAGE_PROVIDED"),
  move(WFCC, "CANCELLED", [EMPLOYEE, ...DECIDERS], "ALL_INFO_PROVIDED"),
  // Then REFUNDED where money moved.
  move("CANCELLED", "REFUNDED", [SA, IA, SYSTEM]),

  // The side state: admins enter it from any pre-leasing state; it returns only where it came from
  // (an admin moves it back once the customer has answered).
  move("NOT_STARTED", WFCC, [SA, IA]),
  move("PENDING", WFCC, [SA, IA]),
  move("PACKAGE_PROVIDED", WFCC, [SA, IA]),
  move("ALL_INFO_PROVIDED", WFCC, [SA, IA]),
  move("CONFIRMED", WFCC, [SA, IA]),
  move("PROCESSED", WFCC, [SA, IA]),
  move("WAITING_FOR_INVOICE_MATCH", WFCC, [SA, IA]),
  move("WAITING_FOR_DELIVERY_DATE", WFCC, [SA, IA]),
  move("READY_FOR_BILLING", WFCC, [SA, IA]),
  move("GRENKE_INVOICE_SENT", WFCC, [SA, IA]),
  move(WFCC, "NOT_STARTED", [SA, IA], "NOT_STARTED"),
  move(WFCC, "PENDING", [SA, IA], "PENDING"),
  move(WFCC, "PACKAGE_PROVIDED", [SA, IA], "PACKAGE_PROVIDED"),
  move(WFCC, "ALL_INFO_PROVIDED", [SA, IA], "ALL_INFO_PROVIDED"),
  move(WFCC, "CONFIRMED", [SA, IA], "CONFIRMED"),
  move(WFCC, "PROCESSED", [SA, IA], "PROCESSED"),
  move(WFCC, "WAITING_FOR_INVOICE_MATCH", [SA, IA], "WAITING_FOR_INVOICE_MATCH"),
  move(WFCC, "WAITING_FOR_DELIVERY_DATE", [SA, IA], "WAITING_FOR_DELIVERY_DATE"),
  move(WFCC, "READY_FOR_BILLING", [SA, IA], "READY_FOR_BILLING"),
  move(WFCC, "GRENKE_INVOICE_SENT", [SA, IA], "GRENKE_INVOICE_SENT"),

  // CASE_X, the admins' manual exception: in from any non-final state (WIX is above)...
  move("NOT_STARTED", "CASE_X", [SA, IA]),
  move("PENDING", "CASE_X", [SA, IA]),
  move("PACKAGE_PROVIDED", "CASE_X", [SA, IA]),
  move("ALL_INFO_PROVIDED", "CASE_X", [SA, IA]),
  move("CONFIRMED", "CASE_X", [SA, IA]),
  move("PROCESSED", "CASE_X", [SA, IA]),
  move("WAITING_FOR_INVOICE_MATCH", "CASE_X", [SA, IA]),
  move("WAITING_FOR_DELIVERY_DATE", "CASE_X", [SA, IA]),
  move("READY_FOR_BILLING", "CASE_X", [SA, IA]),
  move("GRENKE_INVOICE_SENT", "CASE_X", [SA, IA]),
  move(WFCC, "CASE_X", [SA, IA]),
  move("CANCELLED", "CASE_X", [SA, IA]),
  // ...and out to wherever the case is settled: a main-line state or CANCELLED.
  move("CASE_X", "NOT_STARTED", [SA, IA]),
  move("CASE_X", "PENDING", [SA, IA]),
  move("CASE_X", "PACKAGE_PROVIDED", [SA, IA]),
  move("CASE_X", "ALL_INFO_PROVIDED", [SA, IA]),
  move("CASE_X", "CONFIRMED", [SA, IA]),
  move("CASE_X", "PROCESSED", [SA, IA]),
  move("CASE_X", "WAITING_FOR_INVOICE_MATCH", [SA, IA]),
  move("CASE_X", "WAITING_FOR_DELIVERY_DATE", [SA, IA]),
  move("CASE_X", "READY_FOR_BILLING", [SA, IA]),
  move("CASE_X", "GRENKE_INVOICE_SENT", [SA, IA]),
  move("CASE_X", "ACTIVE_LEASING", [SA, IA]),
  move("CASE_X", "CANCELLED", [SA, IA]),
];

/** ADR 004: the milestone moves write their own event type; every other move writes ORDER_STATUS_UPDATED. */
const MILESTONES: Readonly<Record<string, EventType>> = {
  "ALL_INFO_PROVIDED→CONFIRMED": "ORDER_CONFIRMED",
  "CONFIRMED→PROCESSED": "ORDER_PROCESSED",
  "WIX→PROCESSED": "ORDER_PROCESSED",
  "READY_FOR_BILLING→GRENKE_INVOICE_SENT": "ORDER_GRENKE_INVOICE_SENT",
};

function expectedAllowed(from: OrderStatus, to: OrderStatus, actor: OrderActor, previous?: OrderStatus) {
  return ALLOWED.some(
    (a) =>
      a.from === from &&
      a.to === to &&
      a.actors.includes(actor) &&
      (a.previous === undefined || a.previous === previous),
  );
}

/** Every previous status an order could carry, and none (only the side state keeps one). */
const PREVIOUS: readonly (OrderStatus | undefined)[] = [undefined, ...ORDER_STATUSES];

describe("the order lifecycle against ADR 004's hand-written table", () => {
  it("allows exactly the listed (from, to, actor) moves and refuses every other of all statuses × statuses × actors", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        for (const actor of ACTORS) {
          for (const previous of PREVIOUS) {
            checked++;
            const expected = expectedAllowed(from, to, actor, previous);
            const result = canTransition({ from, to, actor, previousStatus: previous });
            const label = `${from} → ${to} by ${actor}${previous ? ` (paused in ${previous})` : ""}`;
            if (result.ok !== expected) {
              wrong.push(`${label}: expected ${expected ? "allowed" : "refused"}`);
            } else if (result.ok) {
              const eventType = MILESTONES[`${from}→${to}`] ?? "ORDER_STATUS_UPDATED";
              if (result.eventType !== eventType) wrong.push(`${label}: writes ${result.eventType}`);
            }
          }
        }
      }
    }
    expect(checked).toBe(16 * 16 * 10 * 17);
    expect(wrong).toEqual([]);
  });

  it("offers in nextStatuses exactly the statuses the table allows for that actor", () => {
    const wrong: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const actor of ACTORS) {
        for (const previous of PREVIOUS) {
          const expected = ORDER_STATUSES.filter((to) => expectedAllowed(from, to, actor, previous));
          const offered = nextStatuses(from, actor, previous);
          if (JSON.stringify([...offered].sort()) !== JSON.stringify([...expected].sort())) {
            wrong.push(`${from} by ${actor} (${previous ?? "-"}): ${offered.join(",")}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("lets the employer's deciders, and not reporting users, cancel an order until it is confirmed", () => {
    for (const actor of DECIDERS) {
      for (const from of ["NOT_STARTED", "PENDING", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED"] as const) {
        expect(canTransition({ from, to: "CANCELLED", actor }).ok, `${from} by ${actor}`).toBe(true);
        expect(canTransition({ from: WFCC, to: "CANCELLED", actor, previousStatus: from }).ok).toBe(true);
      }
      for (const from of ["CONFIRMED", "PROCESSED", "WAITING_FOR_DELIVERY_DATE", "CASE_X", "WIX"] as const) {
        expect(canTransition({ from, to: "CANCELLED", actor }).ok, `${from} by ${actor}`).toBe(false);
      }
      expect(canTransition({ from: WFCC, to: "CANCELLED", actor, previousStatus: "CONFIRMED" })).toEqual({
        ok: false,
        reason: "previousStatusMismatch",
      });
    }
    expect(
      canTransition({ from: "ALL_INFO_PROVIDED", to: "CANCELLED", actor: "EMPLOYER_REPORTING" }),
    ).toEqual({
      ok: false,
      reason: "actorNotAllowed",
    });
  });

  it("never lets the employee cancel a confirmed or later order", () => {
    for (const from of [
      "CONFIRMED",
      "PROCESSED",
      "WAITING_FOR_INVOICE_MATCH",
      "WAITING_FOR_DELIVERY_DATE",
      "READY_FOR_BILLING",
      "GRENKE_INVOICE_SENT",
      "ACTIVE_LEASING",
    ] as const) {
      expect(canTransition({ from, to: "CANCELLED", actor: EMPLOYEE }).ok, from).toBe(false);
      expect(
        canTransition({ from: WFCC, to: "CANCELLED", actor: EMPLOYEE, previousStatus: from }).ok,
        `paused in ${from}`,
      ).toBe(false);
    }
  });

  it("knows the final states: ACTIVE_LEASING and REFUNDED, not CANCELLED", () => {
    const finals = ORDER_STATUSES.filter((s) => isFinalOrderStatus(s));
    expect(finals.sort()).toEqual(["ACTIVE_LEASING", "REFUNDED"]);
  });
});

describe("refusal reasons", () => {
  it("names a move nobody may make, and a move this actor may not make", () => {
    expect(canTransition({ from: "ACTIVE_LEASING", to: "CANCELLED", actor: SA })).toEqual({
      ok: false,
      reason: "noSuchTransition",
    });
    expect(canTransition({ from: "PENDING", to: "PACKAGE_PROVIDED", actor: EMPLOYEE })).toEqual({
      ok: false,
      reason: "actorNotAllowed",
    });
  });

  it("asks where a paused order came from, and refuses a return elsewhere", () => {
    expect(canTransition({ from: WFCC, to: "PENDING", actor: SA })).toEqual({
      ok: false,
      reason: "previousStatusRequired",
    });
    expect(canTransition({ from: WFCC, to: "PENDING", actor: SA, previousStatus: "CONFIRMED" })).toEqual({
      ok: false,
      reason: "previousStatusMismatch",
    });
    expect(
      canTransition({ from: WFCC, to: "CANCELLED", actor: EMPLOYEE, previousStatus: "PROCESSED" }),
    ).toEqual({ ok: false, reason: "previousStatusMismatch" });
    expect(canTransition({ from: WFCC, to: "CANCELLED", actor: EMPLOYEE })).toEqual({
      ok: false,
      reason: "previousStatusRequired",
    });
  });
});

describe("event-log types", () => {
  it("writes ORDER_STATUS_UPDATED on a return to a milestone state, so a milestone is logged once", () => {
    const back = canTransition({ from: WFCC, to: "CONFIRMED", actor: SA, previousStatus: "CONFIRMED" });
    expect(back).toMatchObject({ ok: true, eventType: "ORDER_STATUS_UPDATED" });
    const settled = canTransition({ from: "CASE_X", to: "PROCESSED", actor: IA });
    expect(settled).toMatchObject({ ok: true, eventType: "ORDER_STATUS_UPDATED" });
  });

  it("uses only event types of the spec", () => {
    for (const t of ORDER_TRANSITIONS) expect(EVENT_TYPES).toContain(t.eventType);
  });

  it("names the event of the row it allowed", () => {
    expect(canTransition({ from: "NOT_STARTED", to: "PENDING", actor: EMPLOYEE })).toEqual({
      ok: true,
      event: "startOrder",
      eventType: "ORDER_STATUS_UPDATED",
    });
    expect(canTransition({ from: "ALL_INFO_PROVIDED", to: "CONFIRMED", actor: "EMPLOYER_EDITOR" })).toEqual({
      ok: true,
      event: "confirmOrder",
      eventType: "ORDER_CONFIRMED",
    });
  });
});

describe("whom an order waits for", () => {
  it("names nobody exactly in the final statuses and CANCELLED, and a party in every other", () => {
    for (const status of ORDER_STATUSES) {
      const done = isFinalOrderStatus(status) || status === "CANCELLED";
      expect(ORDER_WAITING_ON[status] === null, status).toBe(done);
    }
  });

  it("names the store where only the store's link (or the helpdesk) moves the order on", () => {
    const storeMoves = ORDER_TRANSITIONS.filter((t) => t.actors.includes("BIKE_STORE_TOKEN")).map(
      (t) => t.from,
    );
    for (const status of storeMoves) expect(ORDER_WAITING_ON[status], status).toBe("BIKE_STORE");
  });

  it("names the employee where the employee's own step moves the order along the main line", () => {
    for (const status of ["NOT_STARTED", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED"] as const) {
      const next = ORDER_TRANSITIONS.find(
        (t) => t.from === status && MAIN_LINE_STATUSES.includes(t.to as never),
      );
      expect(next?.actors, status).toContain("BIKE_BENEFICIARY");
      expect(ORDER_WAITING_ON[status]).toBe("EMPLOYEE");
    }
  });
});
