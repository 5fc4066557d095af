import { Button, Group, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { payrollDeliveryApi as api } from "../../../../contract/payroll-delivery.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { callEndpoint } from "../../../lib/endpoint-client.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { refreshEmployerSettings } from "./settings-api.ts";

/**
 * "Deliver now": this month's report through the saved settings at once, rather than at the job's run
 * on the cut-off day's morning (the server refuses it before the cut-off day and once the month has
 * gone, and the dialog says why). Unsaved changes would not be in the file, so it waits for a save.
 * The delivery shows in the log below, arrived or failed with its reason.
 */
export function PayrollDeliverNow({ companyId, unsaved }: { companyId: string; unsaved: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deliver = useMutation({
    mutationFn: () => callEndpoint(api.deliverNow, { params: { id: companyId } }),
    meta: { silent: true },
    onSettled: () => refreshEmployerSettings(queryClient, "deliveries"),
  });
  const dialog = useActionDialog<"deliver">(deliver);

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" disabled={unsaved} onClick={() => dialog.open("deliver")}>
          {t("employerSettings.payrollDelivery.deliverNow.button")}
        </Button>
        <Text size="sm" c="dimmed">
          {unsaved
            ? t("employerSettings.payrollDelivery.deliverNow.unsaved")
            : t("employerSettings.payrollDelivery.deliverNow.help")}
        </Text>
      </Group>
      <ActionDialog
        {...dialog.props(dialog.current !== null)}
        title={t("employerSettings.payrollDelivery.deliverNow.title")}
        confirmLabel={t("employerSettings.payrollDelivery.deliverNow.confirm")}
        errorTitle={t("employerSettings.payrollDelivery.failedTitle")}
        danger={false}
        onConfirm={() =>
          dialog.run(undefined, (delivery) => {
            if (delivery.status === "DELIVERED") {
              showSuccessToast(t("employerSettings.payrollDelivery.deliverNow.done"));
            }
          })
        }
      >
        {t("employerSettings.payrollDelivery.deliverNow.text")}
      </ActionDialog>
    </>
  );
}
