import { Text, Timeline } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderAfterSales, TOrderDetails, TOrderEvent } from "../../contract/orders.ts";
import type { OrderStatus, RedemptionChoice } from "../../domain/enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  MAIN_LINE_STATUSES,
  type OrderParty,
} from "../../domain/order-state-machine.ts";
import { formatDate, formatDateTime } from "../lib/formatters.ts";
import { money } from "../lib/money.ts";
import { employeeWaitingKey, type OrderAudience, orderStepWordKey } from "./order-step-words.ts";
import { StatusBadge } from "./status-badge.tsx";

/** What the timeline reads of an order: GET /api/orders/{id} (and every list that answers the same). */
export type OrderTimelineOrder = Pick<
  TOrderDetails,
  "orderStatus" | "previousStatus" | "waitingOn" | "statusSince" | "createdAt"
> & {
  events: readonly Pick<TOrderEvent, "id" | "from" | "to" | "createdAt">[];
  /**
   * The lease's end, once a redemption case is open: a step after the lease; an open cancellation
   * request: the order holds at its current step until the helpdesk has handled it.
   */
  afterSales?: {
    redemption: TOrderAfterSales["redemption"];
    cancellation?: Pick<NonNullable<TOrderAfterSales["cancellation"]>, "status" | "createdAt"> | null;
  };
};

type Redemption = NonNullable<TOrderAfterSales["redemption"]>;

/** The redemption step's title and what it says, by the case's state and the employee's choice. */
const REDEMPTION_DONE_KEYS: Record<RedemptionChoice, string> = {
  REDEEM: "ds.orderTimeline.redemption.done.REDEEM",
  RETURN: "ds.orderTimeline.redemption.done.RETURN",
  BROKERAGE: "ds.orderTimeline.redemption.done.BROKERAGE",
  TRANSFER: "ds.orderTimeline.redemption.done.TRANSFER",
  CONTINUE: "ds.orderTimeline.redemption.done.CONTINUE",
};
const REDEMPTION_CHOSEN_KEYS: Record<RedemptionChoice, string> = {
  REDEEM: "ds.orderTimeline.redemption.chosen.REDEEM",
  RETURN: "ds.orderTimeline.redemption.chosen.RETURN",
  BROKERAGE: "ds.orderTimeline.redemption.chosen.BROKERAGE",
  TRANSFER: "ds.orderTimeline.redemption.chosen.TRANSFER",
  CONTINUE: "ds.orderTimeline.redemption.chosen.CONTINUE",
};

function redemptionNote(redemption: Redemption, t: TFunction): string {
  if (redemption.status === "CANCELLED") return t("ds.orderTimeline.redemption.cancelled");
  if (redemption.status === "COMPLETED" && redemption.choice)
    return t(REDEMPTION_DONE_KEYS[redemption.choice]);
  if (!redemption.choice) {
    const price = money(redemption.redemptionPriceCents);
    return redemption.decisionDeadline
      ? t("ds.orderTimeline.redemption.offer", { price, date: formatDate(redemption.decisionDeadline) })
      : t("ds.orderTimeline.redemption.offerNoDeadline", { price });
  }
  if (redemption.choice === "REDEEM")
    return t(
      redemption.userPaymentPaidAt
        ? "ds.orderTimeline.redemption.paid"
        : "ds.orderTimeline.redemption.awaitingPayment",
    );
  return t(REDEMPTION_CHOSEN_KEYS[redemption.choice]);
}

/** An open case waits for the employee's choice (and a redemption for their payment), then the helpdesk. */
function redemptionWaiting(redemption: Redemption): { party: OrderParty; since: string } {
  if (!redemption.choice) return { party: "EMPLOYEE", since: redemption.createdAt };
  const since = redemption.choiceMadeAt ?? redemption.createdAt;
  if (redemption.choice === "REDEEM" && !redemption.userPaymentPaidAt) return { party: "EMPLOYEE", since };
  return { party: "HELPDESK", since: redemption.userPaymentPaidAt ?? since };
}

/** Who must act, in the reader's language; spelled out so every key is seen in use. */
const PARTY_KEYS: Record<OrderParty, string> = {
  EMPLOYEE: "ds.orderTimeline.parties.EMPLOYEE",
  EMPLOYER: "ds.orderTimeline.parties.EMPLOYER",
  BIKE_STORE: "ds.orderTimeline.parties.BIKE_STORE",
  HELPDESK: "ds.orderTimeline.parties.HELPDESK",
  LEASING_COMPANY: "ds.orderTimeline.parties.LEASING_COMPANY",
};

const MAIN: readonly OrderStatus[] = MAIN_LINE_STATUSES;

type Step = {
  key: string;
  /** A lifecycle status, or the lease's end after it. */
  status: OrderStatus | "REDEMPTION";
  state: "done" | "current" | "side" | "future";
  /** When the order entered the state (done and side steps). */
  at: string | null;
  /** A side state's explanation. */
  note?: ReactNode;
  /** Who the step waits for and since when, when not the order's own (the lease's end). */
  waiting?: { party: OrderParty | null; since: string };
};

/** The latest time the order entered a status, from its event log. */
function enteredAt(order: OrderTimelineOrder, status: OrderStatus): string | null {
  let at: string | null = null;
  for (const event of order.events)
    if (event.to === status && (!at || event.createdAt > at)) at = event.createdAt;
  return at;
}

/**
 * How far along the main line the order got: its own status there; from the side state, the status it
 * returns to; otherwise (cancelled, CASE_X, refunded) the furthest main-line status its moves touched.
 */
function reachedMainIndex(order: OrderTimelineOrder): number {
  const own = MAIN.indexOf(order.orderStatus);
  if (own >= 0) return own;
  if (order.orderStatus === CUSTOMER_COMMENT_STATUS && order.previousStatus) {
    const previous = MAIN.indexOf(order.previousStatus);
    if (previous >= 0) return previous;
  }
  let furthest = order.orderStatus === "WIX" ? -1 : 0;
  for (const event of order.events) {
    for (const status of [event.from, event.to]) {
      if (status) furthest = Math.max(furthest, MAIN.indexOf(status));
    }
  }
  return furthest;
}

function buildSteps(
  order: OrderTimelineOrder,
  stepLabel: (status: OrderStatus | "REDEMPTION") => string,
  t: TFunction,
) {
  const status = order.orderStatus;
  const reached = reachedMainIndex(order);
  const onMainLine = MAIN.includes(status);
  const steps: Step[] = [];
  const doneAt = (s: OrderStatus, i: number) => enteredAt(order, s) ?? (i === 0 ? order.createdAt : null);
  for (let i = 0; i <= reached; i++) {
    const s = MAIN[i] as OrderStatus;
    const current = onMainLine && i === reached;
    steps.push({ key: s, status: s, state: current ? "current" : "done", at: doneAt(s, i) });
  }
  if (!onMainLine) {
    const back = order.previousStatus ? stepLabel(order.previousStatus) : "";
    if (status === "REFUNDED") {
      steps.push({
        key: "CANCELLED",
        status: "CANCELLED",
        state: "done",
        at: enteredAt(order, "CANCELLED"),
        note: t("ds.orderTimeline.side.CANCELLED"),
      });
    }
    const notes: Partial<Record<OrderStatus, string>> = {
      WAITING_FOR_CUSTOMER_COMMENT: back
        ? t("ds.orderTimeline.side.customerCommentBack", { step: back })
        : t("ds.orderTimeline.side.WAITING_FOR_CUSTOMER_COMMENT"),
      CASE_X: t("ds.orderTimeline.side.CASE_X"),
      CANCELLED: t("ds.orderTimeline.side.CANCELLED"),
      REFUNDED: t("ds.orderTimeline.side.REFUNDED"),
      WIX: t("ds.orderTimeline.side.WIX"),
    };
    steps.push({ key: status, status, state: "side", at: order.statusSince, note: notes[status] });
  }
  // The lease's end follows the lease: the lease step is then done, and the case is the current step
  // until it is closed.
  const redemption = order.afterSales?.redemption;
  if (status === "ACTIVE_LEASING" && redemption) {
    const last = steps[steps.length - 1];
    if (last) last.state = "done";
    const closed = redemption.status !== "PENDING";
    steps.push({
      key: "REDEMPTION",
      status: "REDEMPTION",
      state: closed ? "done" : "current",
      at: closed ? (redemption.completedAt ?? redemption.createdAt) : redemption.createdAt,
      note: redemptionNote(redemption, t),
      ...(closed ? {} : { waiting: redemptionWaiting(redemption) }),
    });
  }
  // A cancellation request holds the order where it stands: every side reads it on the current step.
  const cancellation = order.afterSales?.cancellation;
  if (cancellation?.status === "PENDING") {
    const held = steps.findLast((step) => step.state === "current" || step.state === "side");
    if (held) {
      const asked = t("ds.orderTimeline.cancellationOpen", { date: formatDateTime(cancellation.createdAt) });
      held.note = held.note ? `${held.note} ${asked}` : asked;
    }
  }
  // A cancelled or refunded order goes no further; any other still has the rest of the main line ahead.
  if (status !== "CANCELLED" && status !== "REFUNDED") {
    for (let i = reached + 1; i < MAIN.length; i++) {
      const s = MAIN[i] as OrderStatus;
      steps.push({ key: s, status: s, state: "future", at: null });
    }
  }
  return steps;
}

/** Who the current step waits for, and since when; the employee reads it in their own words. */
function WaitingLine({
  party,
  since,
  audience,
}: {
  party: OrderParty | null;
  since: string;
  audience: OrderAudience;
}) {
  const { t } = useTranslation();
  const waiting =
    audience === "EMPLOYEE" && party
      ? t(employeeWaitingKey(party))
      : party
        ? t("ds.orderTimeline.waitingOn", { party: t(PARTY_KEYS[party]) })
        : t("ds.orderTimeline.nobody");
  return (
    <Text size="sm" mt={2} data-testid="order-timeline-waiting">
      {waiting}
      {" · "}
      <time dateTime={since}>{t("ds.orderTimeline.since", { date: formatDateTime(since) })}</time>
    </Text>
  );
}

/**
 * An order's way through the lifecycle of docs/architecture.md, the same for the employee, the employer and the
 * helpdesk: the main-line steps as a vertical timeline, the steps done with the time the order reached
 * them (Europe/Helsinki), the current one with who must act and since when, and a side state (waiting
 * for the customer's reply, a special case, cancelled, refunded) as its own marked step. Once a lease
 * has its redemption case, the lease's end is a step after the lease: what the employee was
 * offered or chose, and when it was done, the same for every side. Each step is named in the words of
 * its reader (order-step-words.ts): the employee reads what happens to them, never an internal status.
 */
export function OrderTimeline({
  order,
  label,
  audience = "HELPDESK",
}: {
  order: OrderTimelineOrder;
  label?: string;
  audience?: OrderAudience;
}) {
  const { t } = useTranslation();
  const stepLabel = (status: OrderStatus | "REDEMPTION") => t(orderStepWordKey(status, audience));
  const steps = buildSteps(order, stepLabel, t);
  const lastActive = steps.reduce((last, step, i) => (step.state === "future" ? last : i), 0);
  const finished = order.waitingOn === null;
  return (
    <Timeline
      role="list"
      aria-label={label ?? t("ds.orderTimeline.label")}
      bulletSize={16}
      lineWidth={2}
      active={lastActive}
    >
      {steps.map((step) => {
        const highlighted = step.state === "current" || (step.state === "side" && !finished);
        return (
          <Timeline.Item
            key={step.key}
            role="listitem"
            aria-current={highlighted ? "step" : undefined}
            color={step.state === "side" ? (finished ? "gray" : "yellow") : undefined}
            lineVariant={step.state === "future" ? "dashed" : "solid"}
            title={
              step.state === "side" && step.status !== "REDEMPTION" && audience !== "EMPLOYEE" ? (
                <StatusBadge family="order" status={step.status} />
              ) : (
                <Text
                  component="span"
                  fw={highlighted ? 700 : 500}
                  c={step.state === "future" ? "dimmed" : undefined}
                >
                  {stepLabel(step.status)}
                </Text>
              )
            }
          >
            {step.note && (
              <Text size="sm" mt={2}>
                {step.note}
              </Text>
            )}
            {step.at && !highlighted && (
              <Text size="sm" c="dimmed" mt={2}>
                <time dateTime={step.at}>{formatDateTime(step.at)}</time>
              </Text>
            )}
            {highlighted && (
              <WaitingLine
                party={step.waiting ? step.waiting.party : order.waitingOn}
                since={step.waiting ? step.waiting.since : order.statusSince}
                audience={audience}
              />
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
