import { Button, Group, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TEmployee } from "../../../../contract/employees.ts";
import { canDecide } from "../../../../domain/employees.ts";
import { DataTable, type DataTableColumn, pageQueryProps } from "../../../components/data-table.tsx";
import { useFilterParams } from "../../../lib/filter-params.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { useSession } from "../../../lib/session.ts";
import { AcceptDialog, RejectDialog } from "./decide-dialogs.tsx";
import { EmployeeStatusBadge, fullName } from "./employee-labels.tsx";
import { tabSearch } from "./employee-nav.ts";
import { PAGE_SIZE, PENDING_REQUESTS, useEmployeesList } from "./employees-api.ts";

/**
 * The accept tab (the default of /tyonantaja): the join requests waiting in every company of the user,
 * newest first, 10 a page. Each is accepted with the employee's payroll fields or rejected with an
 * optional reason; the decided row shows its new status at once and leaves with the next fetch.
 */
export function AcceptTab() {
  const { t } = useTranslation();
  const { user } = useSession();
  const severalCompanies = (user?.companies.length ?? 0) > 1;
  const { params, update } = useFilterParams<never>();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = useEmployeesList(PENDING_REQUESTS, page);
  const [accepting, setAccepting] = useState<TEmployee | null>(null);
  const [rejecting, setRejecting] = useState<TEmployee | null>(null);

  // The last request of a later page decided: back to the first page.
  const emptyPage = list.data?.items.length === 0 && page > 1 && !list.isFetching;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an emptied page moves back.
  useEffect(() => {
    if (emptyPage) update({ page: "" });
  }, [emptyPage]);

  const columns: DataTableColumn<TEmployee>[] = [
    {
      accessor: "name",
      title: t("employerEmployees.columns.name"),
      render: (r) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {fullName(r)}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            {r.systemUser.workEmail}
          </Text>
        </Stack>
      ),
    },
    ...(severalCompanies
      ? [
          {
            accessor: "companyName",
            title: t("employerEmployees.columns.company"),
          } as DataTableColumn<TEmployee>,
        ]
      : []),
    {
      accessor: "createdAt",
      title: t("employerEmployees.columns.joined"),
      render: (r) => (
        <time dateTime={r.createdAt} style={{ whiteSpace: "nowrap" }}>
          {formatDateTime(r.createdAt)}
        </time>
      ),
    },
    {
      accessor: "status",
      title: t("employerEmployees.columns.status"),
      render: (r) => <EmployeeStatusBadge status={r.status} />,
    },
    {
      accessor: "actions",
      title: t("employerEmployees.columns.actions"),
      render: (r) =>
        canDecide(r.status) ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={() => setAccepting(r)}
              aria-label={t("employerEmployees.accept.buttonNamed", { name: fullName(r) })}
            >
              {t("employerEmployees.accept.button")}
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red"
              onClick={() => setRejecting(r)}
              aria-label={t("employerEmployees.reject.buttonNamed", { name: fullName(r) })}
            >
              {t("employerEmployees.reject.button")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("employerEmployees.accept.decided")}
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw="var(--pd-measure)">
        {t("employerEmployees.accept.tabIntro")}
      </Text>
      <DataTable<TEmployee>
        label={t("employerEmployees.accept.tableLabel")}
        idAccessor="beneficiaryEmployeeId"
        {...pageQueryProps(list)}
        empty={{
          text: t("employerEmployees.accept.empty"),
          action: (
            <Button component={Link} to={tabSearch("add")} variant="light">
              {t("employerEmployees.accept.emptyAction")}
            </Button>
          ),
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: next > 1 ? String(next) : "" })}
        columns={columns}
      />
      <AcceptDialog employee={accepting} onClose={() => setAccepting(null)} />
      <RejectDialog employee={rejecting} onClose={() => setRejecting(null)} />
    </Stack>
  );
}
