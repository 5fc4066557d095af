import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { CUSTOMER_COMMENT_STATUS } from "../../../../domain/order-state-machine.ts";
import { useActionDialog } from "../../../components/action-dialog.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import {
  type Confirm,
  ConfirmActionDialog,
  DecisionDialog,
  InvoiceDialog,
  type Move,
  MoveDialog,
} from "./order-action-dialogs.tsx";
import { StoreLinkNotice } from "./order-store-link.tsx";
import {
  type OrderAction,
  type OrderActionResult,
  type StoreLinkKind,
  type TAdminOrder,
  type TStoreLink,
  useOrderAction,
} from "./orders-api.ts";

/** The success line of each action, spelled out so that the catalogue check sees every key. */
const DONE_KEYS: Record<OrderAction["kind"], string> = {
  sendToLeasingCompany: "adminOrders.actions.done.sendToLeasingCompany",
  decision: "adminOrders.actions.done.decision",
  sync: "adminOrders.actions.done.sync",
  process: "adminOrders.actions.done.process",
  addInvoice: "adminOrders.actions.done.addInvoice",
  matchInvoice: "adminOrders.actions.done.matchInvoice",
  storeLink: "adminOrders.actions.done.storeLink",
  bill: "adminOrders.actions.done.bill",
  startLeasing: "adminOrders.actions.done.startLeasing",
  move: "adminOrders.actions.done.move",
};

type Dialog =
  | { kind: "confirm"; spec: Confirm }
  | { kind: "move"; spec: Move }
  | { kind: "decision"; agreementId: string }
  | { kind: "invoice" };

/**
 * The actions the server says the admin may take now (the order's allowedActions and allowedMoves,
 * ADR 004, api.md): the next step of the main line as its own call (send to the leasing company, its
 * decision and the sync, process, the store's invoice and its match, billing, the lease's start), a
 * fresh store link while the store has something to fill in, and the side moves of the transition
 * table (ask the customer, resume, special case, cancel, refund). Each asks first where it matters; the
 * result shows as a toast and the order refreshes.
 */
export function OrderActions({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const action = useOrderAction(order.orderId);
  const dialog = useActionDialog<Dialog>(action);
  const [storeLink, setStoreLink] = useState<TStoreLink | null>(null);
  const status = order.orderStatus;
  const agreement = order.agreement;
  const allowed = new Set(order.allowedActions);
  const moves = order.allowedMoves;
  const statusLabel = (s: OrderStatus) => t(STATUS_LABEL_KEYS.order[s] ?? s);

  function done(result: OrderActionResult) {
    if (result.storeLink) setStoreLink(result.storeLink);
    showSuccessToast(t(DONE_KEYS[result.kind]));
  }
  /** The actions without a dialog (the sync, a fresh store link) say their failure beside the buttons. */
  const run = (next: OrderAction) => mutateThen(action, next, { onSuccess: done });
  const open = dialog.open;

  const buttons: { key: string; label: string; onClick: () => void; variant?: string; color?: string }[] = [];
  const confirm = (key: string, spec: Confirm, variant = "filled") =>
    buttons.push({ key, label: spec.confirmLabel, variant, onClick: () => open({ kind: "confirm", spec }) });

  if (allowed.has("SEND_TO_LEASING_COMPANY"))
    confirm("send", {
      title: t("adminOrders.actions.send.title"),
      text: t("adminOrders.actions.send.text"),
      confirmLabel: t("adminOrders.actions.send.label"),
      action: { kind: "sendToLeasingCompany" },
    });
  if (allowed.has("RECORD_LEASING_DECISION") && agreement) {
    const agreementId = agreement.id;
    buttons.push({
      key: "decision",
      label: t("adminOrders.actions.decision.label"),
      onClick: () => open({ kind: "decision", agreementId }),
    });
  }
  if (allowed.has("SYNC_LEASING_DECISIONS"))
    buttons.push({
      key: "sync",
      label: t("adminOrders.actions.sync"),
      variant: "default",
      onClick: () => run({ kind: "sync" }),
    });
  if (allowed.has("PROCESS"))
    confirm("process", {
      title: t("adminOrders.actions.process.title"),
      text: t("adminOrders.actions.process.text"),
      confirmLabel: t("adminOrders.actions.process.label"),
      action: { kind: "process" },
    });
  if (allowed.has("MATCH_INVOICE"))
    buttons.push({
      key: "invoice",
      label: t("adminOrders.actions.invoice.label"),
      onClick: () => open({ kind: "invoice" }),
    });
  const linkKind: StoreLinkKind | null = allowed.has("PACKAGE_LINK")
    ? "package"
    : allowed.has("DELIVERY_LINK")
      ? "delivery"
      : null;
  if (linkKind)
    buttons.push({
      key: "link",
      label:
        linkKind === "package"
          ? t("adminOrders.actions.storeLink.package")
          : t("adminOrders.actions.storeLink.delivery"),
      variant: "default",
      onClick: () => run({ kind: "storeLink", linkKind }),
    });
  if (allowed.has("BILL"))
    confirm("bill", {
      title: t("adminOrders.actions.bill.title"),
      text: t("adminOrders.actions.bill.text"),
      confirmLabel: t("adminOrders.actions.bill.label"),
      action: { kind: "bill" },
    });
  if (allowed.has("START_LEASING"))
    confirm("start", {
      title: t("adminOrders.actions.start.title"),
      text: t("adminOrders.actions.start.text"),
      confirmLabel: t("adminOrders.actions.start.label"),
      action: { kind: "startLeasing" },
    });

  const move = (key: string, spec: Move, variant = "default", color?: string) =>
    buttons.push({
      key,
      label: spec.confirmLabel,
      variant,
      ...(color ? { color } : {}),
      onClick: () => open({ kind: "move", spec }),
    });
  if (status === CUSTOMER_COMMENT_STATUS && order.previousStatus && moves.includes(order.previousStatus))
    move(
      "resume",
      {
        title: t("adminOrders.actions.resume.title"),
        text: t("adminOrders.actions.resume.text", { status: statusLabel(order.previousStatus) }),
        confirmLabel: t("adminOrders.actions.resume.label"),
        targets: [order.previousStatus],
        noteRequired: false,
      },
      "filled",
    );
  if (status === "CASE_X") {
    const targets = moves.filter((s) => s !== "CASE_X");
    if (targets.length > 0)
      move(
        "resolve",
        {
          title: t("adminOrders.actions.resolve.title"),
          text: t("adminOrders.actions.resolve.text"),
          confirmLabel: t("adminOrders.actions.resolve.label"),
          targets,
          noteRequired: true,
        },
        "filled",
      );
  }
  if (moves.includes(CUSTOMER_COMMENT_STATUS))
    move("comment", {
      title: t("adminOrders.actions.comment.title"),
      text: t("adminOrders.actions.comment.text"),
      confirmLabel: t("adminOrders.actions.comment.label"),
      targets: [CUSTOMER_COMMENT_STATUS],
      noteRequired: true,
      // The note is the question the employee reads on /mybike and in their mail.
      noteTexts: {
        label: t("adminOrders.actions.comment.question"),
        help: t("adminOrders.actions.comment.questionHelp"),
        required: t("adminOrders.actions.comment.questionRequired"),
      },
    });
  if (moves.includes("CASE_X"))
    move("caseX", {
      title: t("adminOrders.actions.caseX.title"),
      text: t("adminOrders.actions.caseX.text"),
      confirmLabel: t("adminOrders.actions.caseX.label"),
      targets: ["CASE_X"],
      noteRequired: true,
    });
  if (moves.includes("REFUNDED"))
    move("refund", {
      title: t("adminOrders.actions.refund.title"),
      text: t("adminOrders.actions.refund.text"),
      confirmLabel: t("adminOrders.actions.refund.label"),
      targets: ["REFUNDED"],
      noteRequired: false,
    });
  if (moves.includes("CANCELLED") && status !== "CASE_X")
    move(
      "cancel",
      {
        title: t("adminOrders.actions.cancel.title"),
        text: t("adminOrders.actions.cancel.text"),
        confirmLabel: t("adminOrders.actions.cancel.label"),
        targets: ["CANCELLED"],
        noteRequired: true,
        danger: true,
      },
      // Light, not outline: red.9 text on the dark scheme's background fails contrast.
      "light",
      "red",
    );

  const inlineError = !dialog.current && action.isError;
  const current = dialog.current;
  const shared = { ...dialog.props(true), onRun: (next: OrderAction) => dialog.run(next, done) };

  return (
    <Stack gap="sm">
      {buttons.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("adminOrders.actions.none")}
        </Text>
      ) : (
        <Group gap="sm" wrap="wrap">
          {buttons.map((button) => (
            <Button
              key={button.key}
              variant={button.variant ?? "filled"}
              {...(button.color ? { color: button.color } : {})}
              onClick={button.onClick}
              loading={!current && action.isPending && (button.key === "sync" || button.key === "link")}
            >
              {button.label}
            </Button>
          ))}
        </Group>
      )}
      {inlineError && (
        <Alert color="red" variant="light" role="alert" title={t("adminOrders.actions.failed")}>
          {messageForApiError(action.error, t)}
        </Alert>
      )}
      {storeLink && <StoreLinkNotice link={storeLink} />}
      {current?.kind === "confirm" && <ConfirmActionDialog spec={current.spec} {...shared} />}
      {current?.kind === "move" && <MoveDialog spec={current.spec} {...shared} />}
      {current?.kind === "decision" && <DecisionDialog agreementId={current.agreementId} {...shared} />}
      {current?.kind === "invoice" && <InvoiceDialog order={order} {...shared} />}
    </Stack>
  );
}
