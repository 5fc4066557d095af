import { Badge, Button, Table, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { payrollDeliveryApi as api, type TPayrollDelivery } from "../../../../contract/payroll-delivery.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(api.deliveries) }),
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
      <Table aria-label={t("employerSettings.payrollDelivery.log.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("employerSettings.payrollDelivery.log.period")}</Table.Th>
            <Table.Th>{t("employerSettings.payrollDelivery.log.target")}</Table.Th>
            <Table.Th>{t("employerSettings.payrollDelivery.log.status")}</Table.Th>
            <Table.Th>{t("employerSettings.payrollDelivery.log.started")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                {d.period} · {kindLabel[d.kind]}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.target}</Text>
                <Text size="xs" c="dimmed">
                  {d.fileName} · {t("employerSettings.payrollDelivery.log.rows", { count: d.rowCount })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={d.status === "DELIVERED" ? "green" : d.status === "FAILED" ? "red" : "gray"}>
                  {statusLabel[d.status]}
                </Badge>
                {d.error && (
                  <Text size="xs" c="red">
                    {d.error}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {formatDateTime(d.startedAt)} ·{" "}
                {t("employerSettings.payrollDelivery.log.attempts", { count: d.attempts })}
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={d.status === "SENDING"}
                  onClick={() => dialog.open(d)}
                >
                  {t("employerSettings.payrollDelivery.log.resend")}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
