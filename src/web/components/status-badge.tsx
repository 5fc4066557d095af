import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../domain/enums.ts";
import { type StatusFamily, type StatusOf, type StatusTone, statusTone } from "../../domain/status-tones.ts";
import { type OrderAudience, orderStepWordKey } from "./order-step-words.ts";
import classes from "./status-badge.module.css";
import { STATUS_LABEL_KEYS } from "./status-labels.ts";

type Pair = { fg: string; bg: string };

/**
 * The colour of each tone, text on its background, in both schemes. Every pair is at least 4.5:1
 * (WCAG AA for small text); status-badge.test.tsx computes it, so a new colour cannot slip under.
 */
export const TONE_COLOURS: Record<StatusTone, { light: Pair; dark: Pair }> = {
  neutral: { light: { fg: "#343a40", bg: "#f1f3f5" }, dark: { fg: "#dee2e6", bg: "#3b3b3b" } },
  info: { light: { fg: "#1864ab", bg: "#e7f5ff" }, dark: { fg: "#a5d8ff", bg: "#10304f" } },
  progress: { light: { fg: "#5f3dc4", bg: "#f3f0ff" }, dark: { fg: "#d0bfff", bg: "#2f2458" } },
  success: { light: { fg: "#17623a", bg: "#eafcf0" }, dark: { fg: "#a6e8bc", bg: "#143a25" } },
  warning: { light: { fg: "#8f4200", bg: "#fff4e6" }, dark: { fg: "#ffd8a8", bg: "#4a2c05" } },
  danger: { light: { fg: "#c92a2a", bg: "#fff5f5" }, dark: { fg: "#ffc9c9", bg: "#511b1b" } },
};

export type StatusBadgeProps = {
  [F in StatusFamily]: { family: F; status: StatusOf<F> };
}[StatusFamily];

/**
 * A badge of a tone with the given label, in the status badge's look: for states outside docs/product.md "States"
 * families (a user's Käytössä, a row's Vahvistamaton). The label carries the meaning (WCAG 1.4.1).
 */
export function ToneBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  const { light, dark } = TONE_COLOURS[tone];
  const style = {
    "--tone-fg-light": light.fg,
    "--tone-bg-light": light.bg,
    "--tone-fg-dark": dark.fg,
    "--tone-bg-dark": dark.bg,
  } as CSSProperties;
  return (
    <span className={classes.badge} style={style} data-tone={tone} data-status-badge>
      {children}
    </span>
  );
}

/** A status of docs/product.md "States" (order, request, payment, invoice) as its translated label in its tone's colour. */
export function StatusBadge({ family, status }: StatusBadgeProps) {
  const { t } = useTranslation();
  const tone = statusTone(family, status as never);
  const key = STATUS_LABEL_KEYS[family][status];
  return <ToneBadge tone={tone}>{key ? t(key) : status}</ToneBadge>;
}

/**
 * An order's status, and beside it the open cancellation request that holds the order where it is:
 * the same on every list and page that shows an order, so no side misses the request.
 */
export function OrderStatusBadges({
  order,
  audience = "HELPDESK",
}: {
  order: { orderStatus: OrderStatus; cancellationOpen: boolean };
  audience?: OrderAudience;
}) {
  const { t } = useTranslation();
  return (
    <span className={classes.group}>
      <OrderStatusBadge status={order.orderStatus} audience={audience} />
      {order.cancellationOpen && <ToneBadge tone="warning">{t("ds.orderCancellationOpen")}</ToneBadge>}
    </span>
  );
}

/** An order's status in its reader's words: the employee's own (order-step-words.ts), else its name. */
export function OrderStatusBadge({ status, audience }: { status: OrderStatus; audience: OrderAudience }) {
  const { t } = useTranslation();
  if (audience !== "EMPLOYEE") return <StatusBadge family="order" status={status} />;
  return <ToneBadge tone={statusTone("order", status)}>{t(orderStepWordKey(status, audience))}</ToneBadge>;
}
