import { Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { zEmployerDecision } from "../../../../contract/order-acceptance.ts";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { useEmployerDecision } from "./orders-api.ts";

/** Rejecting needs a reason, which the employee sees; the red button names the action. */
export function RejectDialog({ order, onClose }: { order: TOrderListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useEmployerDecision();
  // The decision's own schema: the reason's longest length is said at once, and a longer one is not
  // sent; rejecting needs a reason, in the dialog's own words.
  const form = useContractForm({
    initialValues: { reason: "" },
    schema: zEmployerDecision,
    toBody: (values) => ({ approve: false, reason: values.reason.trim() }),
    rules: { reason: (reason) => (reason.trim() ? null : t("employerOrders.rejectReasonRequired")) },
  });
  const close = () => {
    form.reset();
    decide.reset();
    onClose();
  };
  const confirm = form.onSubmit(({ reason }) => {
    if (!order) return;
    mutateThen(
      decide,
      { order, decision: { approve: false, reason: reason.trim() } },
      { onSuccess: close, onError: (e) => form.setFieldError("reason", formErrorMessage(e, t)) },
    );
  });
  return (
    <ConfirmDialog
      opened={order !== null}
      title={t("employerOrders.rejectTitle", { name: order?.employee.name ?? "" })}
      confirmLabel={t("employerOrders.rejectConfirm")}
      onConfirm={() => confirm()}
      onCancel={close}
      loading={decide.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t("employerOrders.rejectText")}</Text>
        <Textarea
          label={t("employerOrders.rejectReason")}
          required
          rows={3}
          {...form.getInputProps("reason")}
        />
      </Stack>
    </ConfirmDialog>
  );
}
