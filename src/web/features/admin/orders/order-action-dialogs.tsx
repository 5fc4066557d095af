import { NativeSelect, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { zCreateInvoice } from "../../../../contract/invoices.ts";
import { type TLeasingDecisionInput, zLeasingDecisionInput } from "../../../../contract/leasing-decisions.ts";
import { zOrderStatusMove } from "../../../../contract/order-processing.ts";
import type { OrderStatus } from "../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../domain/money.ts";
import {
  ActionDialog,
  type ActionDialogActions,
  type ActionDialogProps,
} from "../../../components/action-dialog.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { STATUS_LABEL_KEYS } from "../../../components/status-labels.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
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
  /** The note's own words where it is more than a note (the question the customer is asked). */
  noteTexts?: { label: string; help: string; required: string };
};

/** What every order dialog takes from the page: its open state and failure, and the call to make. */
export type DialogProps = Pick<ActionDialogProps, "opened" | "onCancel"> &
  Pick<ActionDialogActions, "loading" | "error"> & {
    onRun: (action: OrderAction) => void;
  };

/** A move's body: the target and the note, when there is one. */
function moveBody(values: { to: string; note: string }) {
  const note = values.note.trim();
  return { to: values.to as OrderStatus, ...(note ? { note } : {}) };
}

/** The decision's body: the contract number of an acceptance, the reason of a refusal. */
function decisionBody(values: { decision: string; agreementNumber: string; reason: string }) {
  return values.decision === "ACCEPTED"
    ? { decision: "ACCEPTED", agreementNumber: values.agreementNumber.trim() }
    : { decision: "REJECTED", reason: values.reason.trim() };
}

type InvoiceValues = { invoiceNumber: string; amount: string; vat: string; issueDate: string };

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
  const form = useContractForm({
    initialValues: { to: spec.targets[0] as string, note: "" },
    schema: zOrderStatusMove,
    toBody: moveBody,
    // Which moves need a note is the move's own rule (a special case, a cancellation), not the body's.
    rules: {
      note: (value) =>
        spec.noteRequired && !value.trim()
          ? (spec.noteTexts?.required ?? t("adminOrders.actions.noteRequired"))
          : null,
    },
  });
  const submit = form.onSubmit((values) => props.onRun({ kind: "move", ...moveBody(values) }));
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
          label={spec.noteTexts?.label ?? t("adminOrders.actions.note")}
          description={spec.noteTexts?.help ?? t("adminOrders.actions.noteHelp")}
          required={spec.noteRequired}
          rows={3}
          {...form.getInputProps("note")}
        />
      </Stack>
    </ActionDialog>
  );
}

export function DecisionDialog({ agreementId, ...props }: DialogProps & { agreementId: string }) {
  const { t } = useTranslation();
  const form = useContractForm({
    initialValues: { decision: "ACCEPTED", agreementNumber: "", reason: "" },
    schema: zLeasingDecisionInput,
    toBody: decisionBody,
    // The contract leaves both optional; the decision says which one it needs.
    rules: {
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
    props.onRun({ kind: "decision", agreementId, body: decisionBody(values) as TLeasingDecisionInput }),
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
            {...form.getInputProps("agreementNumber")}
          />
        ) : (
          <Textarea
            label={t("adminOrders.actions.decision.reason")}
            required
            rows={3}
            {...form.getInputProps("reason")}
          />
        )}
      </Stack>
    </ActionDialog>
  );
}

export function InvoiceDialog({ order, ...props }: DialogProps & { order: TAdminOrder }) {
  const { t } = useTranslation();
  const invoiceBody = (values: InvoiceValues) => ({
    orderId: order.orderId,
    invoiceNumber: values.invoiceNumber.trim(),
    // A purchase invoice is never for nothing; an amount that does not read is NaN for the schema.
    amountCents: parseEuroInput(values.amount, { min: 1 }) ?? Number.NaN,
    vatCents: parseEuroInput(values.vat) ?? Number.NaN,
    issueDate: values.issueDate,
  });
  const form = useContractForm<InvoiceValues>({
    initialValues: { invoiceNumber: "", amount: "", vat: "", issueDate: "" },
    schema: zCreateInvoice,
    toBody: invoiceBody,
    fieldOf: { amountCents: "amount", vatCents: "vat" },
    texts: (issue) =>
      ({
        invoiceNumber:
          issue.code === "too_small" ? t("adminOrders.actions.invoice.numberRequired") : undefined,
        amountCents: t("adminOrders.actions.invoice.amountInvalid"),
        vatCents: t("adminOrders.actions.invoice.amountInvalid"),
        issueDate: t("adminOrders.actions.invoice.dateRequired"),
      })[String(issue.path[0])],
  });
  const submit = form.onSubmit((values) => props.onRun({ kind: "addInvoice", body: invoiceBody(values) }));
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
        <DateField
          label={t("adminOrders.actions.invoice.issueDate")}
          required
          {...form.getInputProps("issueDate")}
        />
      </Stack>
    </ActionDialog>
  );
}
