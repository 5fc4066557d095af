import { Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zEmployerDecision } from "../../../../contract/order-acceptance.ts";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { useEmployerDecision } from "./orders-api.ts";

/** The longest reason the decision takes: a longer one says so at once and is not sent. */
const REASON_MAX = textLimitOf(zEmployerDecision, "reason");

/** Rejecting needs a reason, which the employee sees; the red button names the action. */
export function RejectDialog({ order, onClose }: { order: TOrderListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useEmployerDecision();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason("");
    setError(null);
    decide.reset();
    onClose();
  };
  const confirm = () => {
    if (!order) return;
    if (!reason.trim()) {
      setError(t("employerOrders.rejectReasonRequired"));
      return;
    }
    if (tooLongText(reason, REASON_MAX, t)) return;
    mutateThen(
      decide,
      { order, decision: { approve: false, reason: reason.trim() } },
      { onSuccess: close, onError: (e) => setError(formErrorMessage(e, t)) },
    );
  };
  return (
    <ConfirmDialog
      opened={order !== null}
      title={t("employerOrders.rejectTitle", { name: order?.employee.name ?? "" })}
      confirmLabel={t("employerOrders.rejectConfirm")}
      onConfirm={confirm}
      onCancel={close}
      loading={decide.isPending}
    >
      <Stack gap="sm">
        <Text size="sm">{t("employerOrders.rejectText")}</Text>
        <Textarea
          label={t("employerOrders.rejectReason")}
          required
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={tooLongText(reason, REASON_MAX, t) ?? error}
        />
      </Stack>
    </ConfirmDialog>
  );
}
