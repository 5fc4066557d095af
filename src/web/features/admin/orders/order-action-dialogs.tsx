import { NativeSelect, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../domain/money.ts";
import { ActionDialog, type ActionDialogProps } from "../../../components/action-dialog.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import type { OrderAction, TAdminOrder } from "./orders-api.ts";

/** A dialog that asks before one call: its texts, and whether the call is final. */
export type Confirm = {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  action: OrderAction;
};

/** A move by status name, with a note (required or not). */
export type Move = {
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  /** One target, or a choice among several (resolving a special case). */
  targets: OrderStatus[];
  noteRequired: boolean;
};

/** What every order dialog takes from the page: its open state and failure, and the call to make. */
export type DialogProps = Pick<ActionDialogProps, "opened" | "onCancel" | "loading" | "error"> & {
  onRun: (action: OrderAction) => void;
};

function useShared({ onRun: _onRun, ...shared }: DialogProps) {
  const { t } = useTranslation();
  return { ...shared, errorTitle: t("adminOrders.actions.failed") };
}

export function ConfirmActionDialog({ spec, ...props }: DialogProps & { spec: Confirm }) {
  return (
    <ActionDialog
      {...useShared(props)}
      title={spec.title}
      confirmLabel={spec.confirmLabel}
      danger={spec.danger === true}
      onConfirm={() => props.onRun(spec.action)}
    >
      <Text>{spec.text}</Text>
    </ActionDialog>
  );
}

export function MoveDialog({ spec, ...props }: DialogProps & { spec: Move }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { to: spec.targets[0] as string, note: "" },
    validate: {
      note: (value) => (spec.noteRequired && !value.trim() ? t("adminOrders.actions.noteRequired") : null),
    },
  });
  const submit = form.onSubmit((values) => {
    const note = values.note.trim();
    props.onRun({ kind: "move", to: values.to as OrderStatus, ...(note ? { note } : {}) });
  });
  return (
    <ActionDialog
      {...useShared(props)}
      title={spec.title}
      confirmLabel={spec.confirmLabel}
      danger={spec.danger === true}
      onConfirm={submit}
    >
      <Stack gap="md">
        <Text>{spec.text}</Text>
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
      </Stack>
    </ActionDialog>
  );
}

export function DecisionDialog({ agreementId, ...props }: DialogProps & { agreementId: string }) {
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
    props.onRun({
      kind: "decision",
      agreementId,
      body:
        values.decision === "ACCEPTED"
          ? { decision: "ACCEPTED", agreementNumber: values.agreementNumber.trim() }
          : { decision: "REJECTED", reason: values.reason.trim() },
    }),
  );
  return (
    <ActionDialog
      {...useShared(props)}
      title={t("adminOrders.actions.decision.title")}
      confirmLabel={t("adminOrders.actions.decision.save")}
      danger={!accepted}
      onConfirm={submit}
    >
      <Stack gap="md">
        <Text>{t("adminOrders.actions.decision.text")}</Text>
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
      </Stack>
    </ActionDialog>
  );
}

export function InvoiceDialog({ order, ...props }: DialogProps & { order: TAdminOrder }) {
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
    props.onRun({
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
    <ActionDialog
      {...useShared(props)}
      title={t("adminOrders.actions.invoice.title")}
      confirmLabel={t("adminOrders.actions.invoice.save")}
      danger={false}
      onConfirm={submit}
    >
      <Stack gap="md">
        <Text>{t("adminOrders.actions.invoice.text")}</Text>
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
      </Stack>
    </ActionDialog>
  );
}
