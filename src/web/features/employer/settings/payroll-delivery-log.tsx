import { Badge, Button, Table, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { payrollDeliveryApi as api } from "../../../../contract/payroll-delivery.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";

/**
 * The log of the company's payroll deliveries, newest first, each with where it went, whether it
 * arrived and why not, and a re-send of the very same file through today's settings.
 */
export function PayrollDeliveryLog({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) =>
    t(`employerSettings.payrollDelivery.log.${key}`, values);
  const queryClient = useQueryClient();
  const list = useEndpointQuery(api.deliveries, { params: { id: companyId } });
  const resend = useMutation({
    mutationFn: (deliveryId: string) => callEndpoint(api.resend, { params: { id: companyId, deliveryId } }),
    onSuccess: (delivery) => {
      void queryClient.invalidateQueries({ queryKey: endpointKey(api.deliveries) });
      if (delivery.status === "DELIVERED") showSuccessToast(k("resent"));
    },
  });
  if (list.isPending) return <Text size="sm">{t("ds.table.loading")}</Text>;
  const items = list.data?.items ?? [];
  if (items.length === 0) return <EmptyState text={k("empty")} />;
  return (
    <Table aria-label={k("title")}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{k("period")}</Table.Th>
          <Table.Th>{k("target")}</Table.Th>
          <Table.Th>{k("status")}</Table.Th>
          <Table.Th>{k("started")}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>
              {d.period} · {k(`kinds.${d.kind}`)}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{d.target}</Text>
              <Text size="xs" c="dimmed">
                {d.fileName} · {k("rows", { count: d.rowCount })}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={d.status === "DELIVERED" ? "green" : d.status === "FAILED" ? "red" : "gray"}>
                {k(`statuses.${d.status}`)}
              </Badge>
              {d.error && (
                <Text size="xs" c="red">
                  {d.error}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {formatDateTime(d.startedAt)} · {k("attempts", { count: d.attempts })}
            </Table.Td>
            <Table.Td>
              <Button
                size="compact-sm"
                variant="default"
                loading={resend.isPending && resend.variables === d.id}
                disabled={d.status === "SENDING"}
                onClick={() => resend.mutate(d.id)}
              >
                {k("resend")}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
