import { Text, Timeline } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderDetails, TOrderEvent } from "../../contract/orders.ts";
import type { OrderStatus } from "../../domain/enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  MAIN_LINE_STATUSES,
  type OrderParty,
} from "../../domain/order-state-machine.ts";
import { formatDateTime } from "../lib/formatters.ts";
import { StatusBadge } from "./status-badge.tsx";
import { STATUS_LABEL_KEYS } from "./status-labels.ts";

/** What the timeline reads of an order: GET /api/orders/{id} (and every list that answers the same). */
export type OrderTimelineOrder = Pick<
  TOrderDetails,
  "orderStatus" | "previousStatus" | "waitingOn" | "statusSince" | "createdAt"
> & { events: readonly Pick<TOrderEvent, "id" | "from" | "to" | "createdAt">[] };

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
  status: OrderStatus;
  state: "done" | "current" | "side" | "future";
  /** When the order entered the state (done and side steps). */
  at: string | null;
  /** A side state's explanation. */
  note?: ReactNode;
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
export function reachedMainIndex(order: OrderTimelineOrder): number {
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

function buildSteps(order: OrderTimelineOrder, stepLabel: (status: OrderStatus) => string, t: TFunction) {
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
  // A cancelled or refunded order goes no further; any other still has the rest of the main line ahead.
  if (status !== "CANCELLED" && status !== "REFUNDED") {
    for (let i = reached + 1; i < MAIN.length; i++) {
      const s = MAIN[i] as OrderStatus;
      steps.push({ key: s, status: s, state: "future", at: null });
    }
  }
  return steps;
}

/**
 * An order's way through the lifecycle of DESIGN.md §5, the same for the employee, the employer and the
 * helpdesk: the main-line steps as a vertical timeline, the steps done with the time the order reached
 * them (Europe/Helsinki), the current one with who must act and since when, and a side state (waiting
 * for the customer's reply, a special case, cancelled, refunded) as its own marked step.
 */
export function OrderTimeline({ order, label }: { order: OrderTimelineOrder; label?: string }) {
  const { t } = useTranslation();
  const stepLabel = (status: OrderStatus) => t(STATUS_LABEL_KEYS.order[status] ?? status);
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
              step.state === "side" ? (
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
              <Text size="sm" mt={2} data-testid="order-timeline-waiting">
                {order.waitingOn
                  ? t("ds.orderTimeline.waitingOn", { party: t(PARTY_KEYS[order.waitingOn]) })
                  : t("ds.orderTimeline.nobody")}
                {" · "}
                <time dateTime={order.statusSince}>
                  {t("ds.orderTimeline.since", { date: formatDateTime(order.statusSince) })}
                </time>
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
