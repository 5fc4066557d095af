import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../domain/money.ts";
import { CUSTOMER_COMMENT_STATUS, nextStatuses } from "../../../../domain/order-state-machine.ts";
import { EuroInput } from "../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import {
  type OrderAction,
  type OrderActionResult,
  type StoreLinkKind,
  type TAdminOrder,
  type TStoreLink,
  useOrderAction,
} from "./orders-api.ts";

/** The admin tier's roles share the table's rows (ADMINS), so one stands for both. */
const ADMIN_ACTOR = "INTERNAL_ADMIN";

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

/** A dialog that asks before one call: its texts, and whether it takes a note (required or not). */
type Confirm = {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  action: OrderAction;
};
type Move = {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** One target, or a choice among several (resolving a special case). */
  targets: OrderStatus[];
  noteRequired: boolean;
};
type Dialog =
  | { kind: "confirm"; spec: Confirm }
  | { kind: "move"; spec: Move }
  | { kind: "decision"; agreementId: string }
  | { kind: "invoice" };

/** The statuses the helpdesk moves to by POST /status; forward milestones have their own calls. */
function genericMoves(order: TAdminOrder): OrderStatus[] {
  return nextStatuses(order.orderStatus, ADMIN_ACTOR, order.previousStatus);
}

/**
 * The actions the order's status allows the admin (ADR 004, api.md): the next step of the main line
 * as its own call (send to the leasing company, its decision and the sync, process, the store's invoice
 * and its match, billing, the lease's start), a fresh store link while the store has something to fill
 * in, and the side moves of the transition table (ask the customer, resume, special case, cancel,
 * refund). Each asks first where it matters; the result shows as a toast and the order refreshes.
 */
export function OrderActions({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const action = useOrderAction(order.orderId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [storeLink, setStoreLink] = useState<TStoreLink | null>(null);
  const status = order.orderStatus;
  const agreement = order.agreement;
  const moves = genericMoves(order);
  const statusLabel = (s: OrderStatus) => t(STATUS_LABEL_KEYS.order[s] ?? s);

  function run(next: OrderAction, onSuccess?: () => void) {
    action.mutate(next, {
      onSuccess: (result: OrderActionResult) => {
        if (result.storeLink) setStoreLink(result.storeLink);
        onSuccess?.();
        showSuccessToast(t(DONE_KEYS[result.kind]));
      },
    });
  }
  function open(next: Dialog) {
    action.reset();
    setDialog(next);
  }
  function close() {
    if (action.isPending) return;
    action.reset();
    setDialog(null);
  }

  const buttons: { key: string; label: string; onClick: () => void; variant?: string; color?: string }[] = [];
  const confirm = (key: string, spec: Confirm, variant = "filled") =>
    buttons.push({ key, label: spec.confirmLabel, variant, onClick: () => open({ kind: "confirm", spec }) });

  if (status === "CONFIRMED" && agreement?.status === "SIGNED")
    confirm("send", {
      title: t("adminOrders.actions.send.title"),
      text: t("adminOrders.actions.send.text"),
      confirmLabel: t("adminOrders.actions.send.label"),
      action: { kind: "sendToLeasingCompany" },
    });
  if (status === "CONFIRMED" && agreement?.status === "PENDING") {
    const agreementId = agreement.id;
    buttons.push({
      key: "decision",
      label: t("adminOrders.actions.decision.label"),
      onClick: () => open({ kind: "decision", agreementId }),
    });
    buttons.push({
      key: "sync",
      label: t("adminOrders.actions.sync"),
      variant: "default",
      onClick: () => run({ kind: "sync" }),
    });
  }
  if ((status === "CONFIRMED" && agreement?.status === "ACCEPTED") || status === "WIX")
    confirm("process", {
      title: t("adminOrders.actions.process.title"),
      text: t("adminOrders.actions.process.text"),
      confirmLabel: t("adminOrders.actions.process.label"),
      action: { kind: "process" },
    });
  if (status === "WAITING_FOR_INVOICE_MATCH")
    buttons.push({
      key: "invoice",
      label: t("adminOrders.actions.invoice.label"),
      onClick: () => open({ kind: "invoice" }),
    });
  const linkKind: StoreLinkKind | null =
    status === "PENDING" ? "package" : status === "WAITING_FOR_DELIVERY_DATE" ? "delivery" : null;
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
  if (status === "READY_FOR_BILLING")
    confirm("bill", {
      title: t("adminOrders.actions.bill.title"),
      text: t("adminOrders.actions.bill.text"),
      confirmLabel: t("adminOrders.actions.bill.label"),
      action: { kind: "bill" },
    });
  if (status === "GRENKE_INVOICE_SENT")
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

  const inlineError = !dialog && action.isError;

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
              loading={!dialog && action.isPending && (button.key === "sync" || button.key === "link")}
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
      <Modal
        opened={dialog !== null}
        onClose={close}
        title={
          dialog?.kind === "confirm" || dialog?.kind === "move"
            ? dialog.spec.title
            : dialog?.kind === "decision"
              ? t("adminOrders.actions.decision.title")
              : dialog?.kind === "invoice"
                ? t("adminOrders.actions.invoice.title")
                : ""
        }
        centered
        closeButtonProps={{ "aria-label": t("common.close") }}
      >
        {dialog && (
          <DialogBody
            dialog={dialog}
            order={order}
            pending={action.isPending}
            error={action.isError ? action.error : null}
            onCancel={close}
            onRun={(next) => run(next, () => setDialog(null))}
          />
        )}
      </Modal>
    </Stack>
  );
}

function DialogError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={t("adminOrders.actions.failed")}>
      {messageForApiError(error, t)}
    </Alert>
  );
}

function DialogButtons({
  confirmLabel,
  danger,
  pending,
  onCancel,
}: {
  confirmLabel: string;
  danger?: boolean | undefined;
  pending: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
        {t("ds.confirm.cancel")}
      </Button>
      <Button type="submit" loading={pending} {...(danger ? { color: "red.9" } : {})}>
        {confirmLabel}
      </Button>
    </Group>
  );
}

type BodyProps = {
  order: TAdminOrder;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onRun: (action: OrderAction) => void;
};

function DialogBody({ dialog, ...props }: BodyProps & { dialog: Dialog }) {
  switch (dialog.kind) {
    case "confirm":
      return <ConfirmBody spec={dialog.spec} {...props} />;
    case "move":
      return <MoveBody spec={dialog.spec} {...props} />;
    case "decision":
      return <DecisionBody agreementId={dialog.agreementId} {...props} />;
    case "invoice":
      return <InvoiceBody {...props} />;
  }
}

function ConfirmBody({ spec, pending, error, onCancel, onRun }: BodyProps & { spec: Confirm }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onRun(spec.action);
      }}
    >
      <Stack gap="md">
        <Text>{spec.text}</Text>
        <DialogError error={error} />
        <DialogButtons
          confirmLabel={spec.confirmLabel}
          danger={spec.danger}
          pending={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function MoveBody({ spec, pending, error, onCancel, onRun }: BodyProps & { spec: Move }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { to: spec.targets[0] as string, note: "" },
    validate: {
      note: (value) => (spec.noteRequired && !value.trim() ? t("adminOrders.actions.noteRequired") : null),
    },
  });
  const submit = form.onSubmit((values) => {
    const note = values.note.trim();
    onRun({ kind: "move", to: values.to as OrderStatus, ...(note ? { note } : {}) });
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{spec.text}</Text>
        <DialogError error={error} />
        {spec.noteRequired && <RequiredFieldsNote />}
        {spec.targets.length > 1 && (
          <NativeSelect
            label={t("adminOrders.actions.resolve.target")}
            data={spec.targets.map((s) => ({ value: s, label: t(STATUS_LABEL_KEYS.order[s] ?? s) }))}
            {...form.getInputProps("to")}
          />
        )}
        <Textarea
          label={t("adminOrders.actions.note")}
          description={t("adminOrders.actions.noteHelp")}
          required={spec.noteRequired}
          rows={3}
          maxLength={1000}
          {...form.getInputProps("note")}
        />
        <DialogButtons
          confirmLabel={spec.confirmLabel}
          danger={spec.danger}
          pending={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function DecisionBody({ agreementId, pending, error, onCancel, onRun }: BodyProps & { agreementId: string }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { decision: "ACCEPTED", agreementNumber: "", reason: "" },
    validate: {
      agreementNumber: (value, values) =>
        values.decision === "ACCEPTED" && !value.trim()
          ? t("adminOrders.actions.decision.numberRequired")
          : null,
      reason: (value, values) =>
        values.decision === "REJECTED" && !value.trim()
          ? t("adminOrders.actions.decision.reasonRequired")
          : null,
    },
  });
  const accepted = form.values.decision === "ACCEPTED";
  const submit = form.onSubmit((values) =>
    onRun({
      kind: "decision",
      agreementId,
      body:
        values.decision === "ACCEPTED"
          ? { decision: "ACCEPTED", agreementNumber: values.agreementNumber.trim() }
          : { decision: "REJECTED", reason: values.reason.trim() },
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t("adminOrders.actions.decision.text")}</Text>
        <DialogError error={error} />
        <RequiredFieldsNote />
        <Radio.Group label={t("adminOrders.actions.decision.choice")} {...form.getInputProps("decision")}>
          <Stack gap="xs" mt="xs">
            <Radio value="ACCEPTED" label={t("adminOrders.actions.decision.accept")} />
            <Radio value="REJECTED" label={t("adminOrders.actions.decision.reject")} />
          </Stack>
        </Radio.Group>
        {accepted ? (
          <TextInput
            label={t("adminOrders.actions.decision.agreementNumber")}
            required
            maxLength={100}
            {...form.getInputProps("agreementNumber")}
          />
        ) : (
          <Textarea
            label={t("adminOrders.actions.decision.reason")}
            required
            rows={3}
            maxLength={1000}
            {...form.getInputProps("reason")}
          />
        )}
        <DialogButtons
          confirmLabel={t("adminOrders.actions.decision.save")}
          danger={!accepted}
          pending={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function InvoiceBody({ order, pending, error, onCancel, onRun }: BodyProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { invoiceNumber: "", amount: "", vat: "", issueDate: "" },
    validate: {
      invoiceNumber: (value) => (value.trim() ? null : t("adminOrders.actions.invoice.numberRequired")),
      amount: (value) =>
        parseEuroInput(value, { min: 1 }) === null ? t("adminOrders.actions.invoice.amountInvalid") : null,
      vat: (value) =>
        parseEuroInput(value) === null ? t("adminOrders.actions.invoice.amountInvalid") : null,
      issueDate: (value) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t("adminOrders.actions.invoice.dateRequired"),
    },
  });
  const submit = form.onSubmit((values) =>
    onRun({
      kind: "addInvoice",
      body: {
        orderId: order.orderId,
        invoiceNumber: values.invoiceNumber.trim(),
        amountCents: eurosToCents(values.amount),
        vatCents: eurosToCents(values.vat),
        issueDate: values.issueDate,
      },
    }),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t("adminOrders.actions.invoice.text")}</Text>
        <DialogError error={error} />
        <RequiredFieldsNote />
        <TextInput
          label={t("adminOrders.actions.invoice.number")}
          required
          maxLength={100}
          {...form.getInputProps("invoiceNumber")}
        />
        <EuroInput
          euroInLabel
          label={t("adminOrders.actions.invoice.amount")}
          required
          {...form.getInputProps("amount")}
        />
        <EuroInput
          euroInLabel
          label={t("adminOrders.actions.invoice.vat")}
          required
          {...form.getInputProps("vat")}
        />
        <TextInput
          label={t("adminOrders.actions.invoice.issueDate")}
          required
          type="date"
          {...form.getInputProps("issueDate")}
        />
        <DialogButtons
          confirmLabel={t("adminOrders.actions.invoice.save")}
          pending={pending}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

/** The fresh store link, to pass on by hand when the store lost its mail. */
function StoreLinkNotice({ link }: { link: TStoreLink }) {
  const { t } = useTranslation();
  return (
    <Alert
      color={link.mailed ? "pedaali" : "yellow"}
      variant="light"
      title={
        link.mailed ? t("adminOrders.actions.storeLink.title") : t("adminOrders.actions.storeLink.notMailed")
      }
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="store-link-url">
          {link.url}
        </Text>
        <Text size="sm" c="dimmed">
          {t("adminOrders.actions.storeLink.expires", { time: formatDateTime(link.expiresAt) })}
        </Text>
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} style={{ alignSelf: "flex-start" }}>
              {copied ? t("adminOrders.actions.storeLink.copied") : t("adminOrders.actions.storeLink.copy")}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}
