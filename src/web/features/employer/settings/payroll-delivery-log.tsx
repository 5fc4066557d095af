import { Button, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { payrollDeliveryApi as api, type TPayrollDelivery } from "../../../../contract/payroll-delivery.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { refreshEmployerSettings } from "./settings-api.ts";

/** Delivered reads as done, a failure as a problem, a send under way as in progress. */
const STATUS_TONES: Record<TPayrollDelivery["status"], StatusTone> = {
  SENDING: "progress",
  DELIVERED: "success",
  FAILED: "danger",
};

/**
 * The log of the company's payroll deliveries, newest first, each with where it went, whether it
 * arrived and why not, and a re-send of the very same file through today's settings. A re-send puts
 * the file in payroll's hands again, so it asks first.
 */
export function PayrollDeliveryLog({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useEndpointQuery(api.deliveries, { params: { id: companyId } });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => callEndpoint(api.resend, { params: { id: companyId, deliveryId } }),
    meta: { silent: true },
    onSuccess: () => refreshEmployerSettings(queryClient, "deliveries"),
  });
  const dialog = useActionDialog<TPayrollDelivery>(resend);
  const kindLabel: Record<TPayrollDelivery["kind"], string> = {
    FULL: t("employerSettings.payrollDelivery.log.kinds.FULL"),
    DELTA: t("employerSettings.payrollDelivery.log.kinds.DELTA"),
  };
  const statusLabel: Record<TPayrollDelivery["status"], string> = {
    SENDING: t("employerSettings.payrollDelivery.log.statuses.SENDING"),
    DELIVERED: t("employerSettings.payrollDelivery.log.statuses.DELIVERED"),
    FAILED: t("employerSettings.payrollDelivery.log.statuses.FAILED"),
  };

  if (list.isPending) return <Text size="sm">{t("ds.table.loading")}</Text>;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <EmptyState text={t("employerSettings.payrollDelivery.log.empty")} />;
  return (
    <>
      <ListTable
        label={t("employerSettings.payrollDelivery.log.title")}
        rows={items}
        rowKey={(d) => d.id}
        minWidth={640}
        columns={[
          {
            accessor: "period",
            title: t("employerSettings.payrollDelivery.log.period"),
            render: (d) => `${d.period} · ${kindLabel[d.kind]}`,
          },
          {
            accessor: "target",
            title: t("employerSettings.payrollDelivery.log.target"),
            render: (d) => (
              <>
                <Text size="sm">{d.target}</Text>
                <Text size="xs" c="dimmed">
                  {d.fileName} · {t("employerSettings.payrollDelivery.log.rows", { count: d.rowCount })}
                </Text>
              </>
            ),
          },
          {
            accessor: "status",
            title: t("employerSettings.payrollDelivery.log.status"),
            render: (d) => (
              <>
                <ToneBadge tone={STATUS_TONES[d.status]}>{statusLabel[d.status]}</ToneBadge>
                {d.error && <Text size="xs">{d.error}</Text>}
              </>
            ),
          },
          {
            accessor: "startedAt",
            title: t("employerSettings.payrollDelivery.log.started"),
            render: (d) =>
              `${formatDateTime(d.startedAt)} · ${t("employerSettings.payrollDelivery.log.attempts", { count: d.attempts })}`,
          },
          {
            accessor: "actions",
            title: t("employerSettings.payrollDelivery.log.resend"),
            render: (d) => (
              <Button
                size="compact-sm"
                variant="default"
                disabled={d.status === "SENDING"}
                onClick={() => dialog.open(d)}
              >
                {t("employerSettings.payrollDelivery.log.resend")}
              </Button>
            ),
          },
        ]}
      />
      <ActionDialog
        {...dialog.props(dialog.current !== null)}
        title={t("employerSettings.payrollDelivery.log.resendTitle")}
        confirmLabel={t("employerSettings.payrollDelivery.log.resend")}
        onConfirm={() =>
          dialog.current &&
          dialog.run(dialog.current.id, (delivery) => {
            if (delivery.status === "DELIVERED") {
              showSuccessToast(t("employerSettings.payrollDelivery.log.resent"));
            }
          })
        }
      >
        {t("employerSettings.payrollDelivery.log.resendText", {
          fileName: dialog.current?.fileName ?? "",
        })}
      </ActionDialog>
    </>
  );
}
