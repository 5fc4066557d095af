import type { EventType, OrderStatus } from "./enums.ts";
import { ADMIN_ROLES, type RoleName } from "./roles.ts";

/**
 * The order lifecycle of docs/architecture.md as one transition table. The spec lists the statuses but not the
 * moves; every move the server makes is checked here, and each row names the event-log type it writes.
 *
 * Main line: NOT_STARTED → PENDING → PACKAGE_PROVIDED → ALL_INFO_PROVIDED → CONFIRMED → PROCESSED →
 * WAITING_FOR_INVOICE_MATCH → WAITING_FOR_DELIVERY_DATE → READY_FOR_BILLING → GRENKE_INVOICE_SENT →
 * ACTIVE_LEASING. Beside it: the WAITING_FOR_CUSTOMER_COMMENT side state, CANCELLED → REFUNDED,
 * CASE_X for manual exceptions, and WIX, the entry state of imported online-shop orders.
 */

/** Who makes a move: a user's role, the bike store through its token link, or the system (jobs, imports). */
export type OrderActor = RoleName | "BIKE_STORE_TOKEN" | "SYSTEM";

export type OrderTransitionEvent =
  | "startOrder"
  | "providePackage"
  | "acceptPackage"
  | "confirmOrder"
  | "processOrder"
  | "awaitInvoiceMatch"
  | "matchInvoice"
  | "provideDeliveryDetails"
  | "sendGrenkeInvoice"
  | "startLeasing"
  | "processOnlineOrder"
  | "requestCustomerComment"
  | "resumeAfterCustomerComment"
  | "cancelOrder"
  | "refundOrder"
  | "markCaseX"
  | "resolveCaseX";

export type OrderTransition = {
  from: OrderStatus;
  to: OrderStatus;
  event: OrderTransitionEvent;
  actors: readonly OrderActor[];
  /** The event-log row the move writes (docs/product.md "States" event types), in the same transaction. */
  eventType: EventType;
  /**
   * Only on moves out of WAITING_FOR_CUSTOMER_COMMENT: the move is allowed only when the order's
   * previous status (the state it came from) is one of these.
   */
  previousStatusIn?: readonly OrderStatus[];
};

export const MAIN_LINE_STATUSES = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
] as const satisfies readonly OrderStatus[];

/** Main-line states before leasing starts: the ones an order can be cancelled or paused in. */
const PRE_LEASING_STATUSES: readonly OrderStatus[] = MAIN_LINE_STATUSES.slice(0, -1);

/**
 * Until the order is confirmed nothing binds anyone (the agreement is signed and approved in the last of
 * these), so the employee and the employer's deciders may cancel the order themselves; afterwards their
 * cancellation is a request the helpdesk carries out (ADR 004).
 */
const EMPLOYEE_CANCELLABLE_STATUSES: readonly OrderStatus[] = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
];

/**
 * No move leaves these. ACTIVE_LEASING ends the order's lifecycle: what follows (redemption, insurance,
 * lease end) is tracked on the leasing agreement. CANCELLED is not final because a refund may follow.
 */
const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ["ACTIVE_LEASING", "REFUNDED"];

export const CUSTOMER_COMMENT_STATUS = "WAITING_FOR_CUSTOMER_COMMENT" satisfies OrderStatus;

const ADMINS: readonly OrderActor[] = ADMIN_ROLES;
const EMPLOYEE = "BIKE_BENEFICIARY" satisfies RoleName;
/** The bike store gives the package and the delivery: by its token link, or as a user of its account. */
const BIKE_STORE: readonly OrderActor[] = ["BIKE_STORE_TOKEN", "BIKE_STORE"];
/** The employer approves on the /tyonantaja screens; reporting users only read. */
const EMPLOYER_DECIDERS: readonly OrderActor[] = [
  "EMPLOYER_ADMIN",
  "EMPLOYER_EDITOR",
  "EMPLOYER_GROUP_ADMIN",
];

/**
 * The milestone moves write their own event type; every other move (side state, cancellation, refund,
 * CASE_X, and returns from the side state even into a milestone state) writes ORDER_STATUS_UPDATED, so a
 * milestone event is logged once per real milestone.
 */
const MILESTONE_EVENT_TYPES: Partial<Record<OrderTransitionEvent, EventType>> = {
  confirmOrder: "ORDER_CONFIRMED",
  processOrder: "ORDER_PROCESSED",
  processOnlineOrder: "ORDER_PROCESSED",
  sendGrenkeInvoice: "ORDER_GRENKE_INVOICE_SENT",
};

function row(
  from: OrderStatus,
  to: OrderStatus,
  event: OrderTransitionEvent,
  actors: readonly OrderActor[],
  previousStatusIn?: readonly OrderStatus[],
): OrderTransition {
  const eventType = MILESTONE_EVENT_TYPES[event] ?? "ORDER_STATUS_UPDATED";
  return previousStatusIn
    ? { from, to, event, actors, eventType, previousStatusIn }
    : { from, to, event, actors, eventType };
}

function buildTransitions(): readonly OrderTransition[] {
  const rows: OrderTransition[] = [
    row("NOT_STARTED", "PENDING", "startOrder", [EMPLOYEE, ...ADMINS]),
    row("PENDING", "PACKAGE_PROVIDED", "providePackage", [...BIKE_STORE, ...ADMINS]),
    row("PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "acceptPackage", [EMPLOYEE, ...ADMINS]),
    // The last of the two signatures (employee's agreement, employer's approval where policy asks)
    // confirms; the server knows which one is last, the table allows both sides.
    row("ALL_INFO_PROVIDED", "CONFIRMED", "confirmOrder", [
      EMPLOYEE,
      ...EMPLOYER_DECIDERS,
      ...ADMINS,
      "SYSTEM",
    ]),
    row("CONFIRMED", "PROCESSED", "processOrder", ADMINS),
    row("PROCESSED", "WAITING_FOR_INVOICE_MATCH", "awaitInvoiceMatch", [...ADMINS, "SYSTEM"]),
    row("WAITING_FOR_INVOICE_MATCH", "WAITING_FOR_DELIVERY_DATE", "matchInvoice", [...ADMINS, "SYSTEM"]),
    // The store gives the delivery (its link, or its handover); a handover the employee signs last is
    // completed by that signature, so the employee's side is in the table too.
    row("WAITING_FOR_DELIVERY_DATE", "READY_FOR_BILLING", "provideDeliveryDetails", [
      ...BIKE_STORE,
      EMPLOYEE,
      ...ADMINS,
    ]),
    row("READY_FOR_BILLING", "GRENKE_INVOICE_SENT", "sendGrenkeInvoice", [...ADMINS, "SYSTEM"]),
    row("GRENKE_INVOICE_SENT", "ACTIVE_LEASING", "startLeasing", [...ADMINS, "SYSTEM"]),

    // Imported online-shop orders arrive paid and agreed; they only need processing or cancelling.
    row("WIX", "PROCESSED", "processOnlineOrder", [...ADMINS, "SYSTEM"]),
    row("WIX", "CANCELLED", "cancelOrder", [...ADMINS, "SYSTEM"]),

    row("CANCELLED", "REFUNDED", "refundOrder", [...ADMINS, "SYSTEM"]),
  ];

  for (const status of PRE_LEASING_STATUSES) {
    rows.push(row(status, CUSTOMER_COMMENT_STATUS, "requestCustomerComment", ADMINS));
    // The side state returns only to where it came from. The customer's answer does not move the order:
    // the helpdesk asked because it needs something before the order goes on, and after reading the
    // answer it decides (back to the step, another question, a special case, a cancellation), so the
    // answered order waits for the helpdesk (timeline.ts orderWaitingOn, the task strip).
    rows.push(row(CUSTOMER_COMMENT_STATUS, status, "resumeAfterCustomerComment", ADMINS, [status]));
    rows.push(row(status, "CANCELLED", "cancelOrder", ADMINS));
  }
  // Before confirmation the employee and the employer cancel themselves (the employer's refusal of an
  // accepted order where the policy asks for their approval is one such cancellation).
  const beforeConfirmation: readonly OrderActor[] = [EMPLOYEE, ...EMPLOYER_DECIDERS];
  for (const status of EMPLOYEE_CANCELLABLE_STATUSES)
    rows.push(row(status, "CANCELLED", "cancelOrder", beforeConfirmation));
  rows.push(row(CUSTOMER_COMMENT_STATUS, "CANCELLED", "cancelOrder", ADMINS));
  rows.push(
    row(
      CUSTOMER_COMMENT_STATUS,
      "CANCELLED",
      "cancelOrder",
      beforeConfirmation,
      EMPLOYEE_CANCELLABLE_STATUSES,
    ),
  );

  // CASE_X is the admins' escape hatch: in from any non-final state, out to wherever the case is settled.
  const nonFinal = [...PRE_LEASING_STATUSES, CUSTOMER_COMMENT_STATUS, "CANCELLED", "WIX"] as const;
  for (const status of nonFinal) rows.push(row(status, "CASE_X", "markCaseX", ADMINS));
  for (const status of [...MAIN_LINE_STATUSES, "CANCELLED"] as const) {
    rows.push(row("CASE_X", status, "resolveCaseX", ADMINS));
  }
  return rows;
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = buildTransitions();

export type CanTransitionInput = {
  from: OrderStatus;
  to: OrderStatus;
  actor: OrderActor;
  /** The state the order was in before WAITING_FOR_CUSTOMER_COMMENT; needed only when leaving it. */
  previousStatus?: OrderStatus | null;
};

type TransitionRefusal =
  /** No row leads from `from` to `to` for anyone. */
  | "noSuchTransition"
  /** A row exists but not for this actor. */
  | "actorNotAllowed"
  /** Leaving the side state needs the status it was entered from. */
  | "previousStatusRequired"
  /** The side state returns only to where it came from (and the employee cancels only early orders). */
  | "previousStatusMismatch";

export type CanTransitionResult =
  | { ok: true; event: OrderTransitionEvent; eventType: EventType }
  | { ok: false; reason: TransitionRefusal };

/** Checks one move against the table; the server calls this before every status change. */
export function canTransition({ from, to, actor, previousStatus }: CanTransitionInput): CanTransitionResult {
  const candidates = ORDER_TRANSITIONS.filter((t) => t.from === from && t.to === to);
  if (candidates.length === 0) return { ok: false, reason: "noSuchTransition" };
  const forActor = candidates.filter((t) => t.actors.includes(actor));
  if (forActor.length === 0) return { ok: false, reason: "actorNotAllowed" };
  const allowed = forActor.find(
    (t) => !t.previousStatusIn || (previousStatus && t.previousStatusIn.includes(previousStatus)),
  );
  if (allowed) return { ok: true, event: allowed.event, eventType: allowed.eventType };
  return { ok: false, reason: previousStatus ? "previousStatusMismatch" : "previousStatusRequired" };
}

/** The statuses this actor may move the order to; pass previousStatus when the order is in the side state. */
export function nextStatuses(
  from: OrderStatus,
  actor: OrderActor,
  previousStatus?: OrderStatus | null,
): OrderStatus[] {
  const result: OrderStatus[] = [];
  for (const t of ORDER_TRANSITIONS) {
    if (t.from !== from || result.includes(t.to)) continue;
    if (canTransition({ from, to: t.to, actor, previousStatus }).ok) result.push(t.to);
  }
  return result;
}

export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

/** Who an order waits for, as the shared timeline names them: every side sees the same. */
export type OrderParty = "EMPLOYEE" | "EMPLOYER" | "BIKE_STORE" | "HELPDESK" | "LEASING_COMPANY";

/**
 * Whose move the order waits for in each status; null when nothing is left to do. ALL_INFO_PROVIDED
 * waits for the employee's signature first (the employer's approval, where the policy asks for it,
 * comes after; the server knows which is missing), GRENKE_INVOICE_SENT for the leasing company to
 * start the lease. A cancelled order waits for nobody: a refund, when money moved, is its
 * cancellation's own case.
 */
export const ORDER_WAITING_ON: Record<OrderStatus, OrderParty | null> = {
  NOT_STARTED: "EMPLOYEE",
  PENDING: "BIKE_STORE",
  PACKAGE_PROVIDED: "EMPLOYEE",
  ALL_INFO_PROVIDED: "EMPLOYEE",
  CONFIRMED: "HELPDESK",
  PROCESSED: "HELPDESK",
  WAITING_FOR_INVOICE_MATCH: "HELPDESK",
  WAITING_FOR_DELIVERY_DATE: "BIKE_STORE",
  READY_FOR_BILLING: "HELPDESK",
  GRENKE_INVOICE_SENT: "LEASING_COMPANY",
  ACTIVE_LEASING: null,
  WAITING_FOR_CUSTOMER_COMMENT: "EMPLOYEE",
  CANCELLED: null,
  CASE_X: "HELPDESK",
  WIX: "HELPDESK",
  REFUNDED: null,
};
