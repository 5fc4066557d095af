import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TBillingTable } from "../../../../contract/billing-tables.ts";
import type { TLeasingCompany } from "../../../../contract/leasing-companies.ts";
import { DataTable } from "../../../components/data-table.tsx";
import { ACTIONS_ACCESSOR } from "../../../components/data-table-parts.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { formatDateTime } from "../../../lib/formatters.ts";
import { DefaultBadge } from "../tax-tables/badges.tsx";
import { useBillingTables } from "../tax-tables/billing-tables-api.ts";
import { EInvoiceDialog } from "./e-invoice-dialog.tsx";
import { useLastFetchTime, useLeasingCompanies } from "./leasing-companies-api.ts";

/** Käytössä / Ei käytössä in the status badge's look (design.md "StatusBadge"); the label carries the meaning. */
function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <ToneBadge tone="success">{t("adminLeasingCompanies.active")}</ToneBadge>
  ) : (
    <ToneBadge tone="neutral">{t("adminLeasingCompanies.inactive")}</ToneBadge>
  );
}

function Missing() {
  return (
    <Text size="sm" c="dimmed" component="span">
      –
    </Text>
  );
}

/**
 * The admin's Rahoitusyhtiöt tab (docs/api-surface.md "Leasing"): the leasing companies with
 * their contact details, whether they finance new orders, when their data was last fetched, and their
 * terms: the names of their billing tables, the default marked; the billing tables tab edits the
 * terms. The helpdesk sets here where our e-invoices to each company go, which the sync never fetches.
 */
export function LeasingCompaniesTab() {
  const { t } = useTranslation();
  const list = useLeasingCompanies();
  const tables = useBillingTables();
  const lastFetch = useLastFetchTime();
  const [editing, setEditing] = useState<TLeasingCompany | null>(null);
  const companies = list.data;

  const tablesOf = (company: TLeasingCompany): TBillingTable[] | undefined =>
    tables.data?.filter((table) => table.leasingCompanyId === company.id);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {t("adminLeasingCompanies.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminLeasingCompanies.intro")}
        </Text>
        {lastFetch.isSuccess && (
          <Text size="sm" mt={4}>
            {lastFetch.data
              ? t("adminLeasingCompanies.lastFetch", { time: formatDateTime(lastFetch.data) })
              : t("adminLeasingCompanies.neverFetched")}
          </Text>
        )}
      </div>
      <DataTable<TLeasingCompany>
        label={t("adminLeasingCompanies.title")}
        idAccessor="id"
        records={companies}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        empty={{ text: t("adminLeasingCompanies.empty") }}
        page={1}
        pageSize={Math.max(1, companies?.length ?? 1)}
        totalRecords={companies?.length ?? 0}
        onPageChange={() => {}}
        columns={[
          {
            accessor: "companyName",
            title: t("adminLeasingCompanies.name"),
            render: (r) => (
              <Text size="sm" fw={600}>
                {r.companyName}
              </Text>
            ),
          },
          {
            accessor: "businessId",
            title: t("adminLeasingCompanies.businessId"),
            render: (r) => r.businessId ?? <Missing />,
          },
          {
            accessor: "email",
            title: t("adminLeasingCompanies.email"),
            render: (r) => r.email ?? <Missing />,
          },
          {
            accessor: "phoneNumber",
            title: t("adminLeasingCompanies.phone"),
            render: (r) => r.phoneNumber ?? <Missing />,
          },
          {
            accessor: "eInvoiceAddress",
            title: t("adminLeasingEInvoice.column"),
            render: (r) =>
              r.eInvoiceAddress ? `${r.eInvoiceAddress} / ${r.eInvoiceOperator ?? ""}` : <Missing />,
          },
          {
            accessor: "active",
            title: t("adminLeasingCompanies.status"),
            render: (r) => <ActiveBadge active={r.active} />,
          },
          {
            accessor: "lastFetchedAt",
            title: t("adminLeasingCompanies.lastFetchedAt"),
            render: (r) =>
              r.lastFetchedAt ? (
                <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(r.lastFetchedAt)}</span>
              ) : (
                <Text size="sm" c="dimmed" component="span">
                  {t("adminLeasingCompanies.notFetched")}
                </Text>
              ),
          },
          {
            accessor: "billingTables",
            title: t("adminLeasingCompanies.billingTables"),
            render: (r) => {
              const own = tablesOf(r);
              if (!own) return <Missing />;
              if (own.length === 0) {
                return (
                  <Text size="sm" c="dimmed" component="span">
                    {t("adminLeasingCompanies.noBillingTables")}
                  </Text>
                );
              }
              return (
                <Stack gap={4} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                  {own.map((table) => (
                    <Group key={table.id} component="li" gap="xs" wrap="nowrap">
                      <Text size="sm">{table.name}</Text>
                      {table.isDefault && <DefaultBadge />}
                    </Group>
                  ))}
                </Stack>
              );
            },
          },
          {
            accessor: ACTIONS_ACCESSOR,
            title: t("adminLeasingEInvoice.actions"),
            render: (r) => (
              <Button
                size="xs"
                variant="default"
                onClick={() => setEditing(r)}
                aria-label={t("adminLeasingEInvoice.editFor", { company: r.companyName })}
              >
                {t("adminLeasingEInvoice.edit")}
              </Button>
            ),
          },
        ]}
      />
      <EInvoiceDialog company={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
