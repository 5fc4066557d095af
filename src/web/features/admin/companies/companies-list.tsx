import { Anchor, Badge, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { TCompanyListItem } from "../../../../contract/companies.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { useDisplay } from "../tax-tables/display-format.ts";
import { type CompanyListFilters, PAGE_SIZE, useCompanies, useGroupCompanyOptions } from "./companies-api.ts";

const KINDS = ["", "grouped", "standalone"] as const;

/** The list's filters from the address, so a reload or a shared link keeps them. */
function filtersOf(params: URLSearchParams): CompanyListFilters {
  const kind = params.get("kind") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: params.get("q") ?? "",
    groupCompanyId: params.get("group") ?? "",
    kind: (KINDS as readonly string[]).includes(kind) ? (kind as CompanyListFilters["kind"]) : "",
  };
}

/**
 * The companies (docs/api-surface.md "Companies"), 20 a page from the API: name, business ID, group, city,
 * employees, active leases, max price and previous provider; search by name or business ID, filter by
 * group or by standalone / in a group. A row opens the company's page.
 */
export function CompaniesList() {
  const { t } = useTranslation();
  const display = useDisplay();
  const { go, pathOf } = useAdminNav();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.search);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const groups = useGroupCompanyOptions();
  const list = useCompanies(filters);

  function update(change: Partial<Record<"q" | "group" | "kind" | "page", string>>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(change)) {
          if (value && !(key === "page" && value === "1")) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts from the first page.
        if (!("page" in change)) next.delete("page");
        return next;
      },
      { replace: true },
    );
  }

  // The typed search reaches the address (and the API) once typing pauses.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a changed search text updates the address.
  useEffect(() => {
    if (debouncedSearch.trim() !== filters.search.trim()) update({ q: debouncedSearch.trim() });
  }, [debouncedSearch]);

  const filtered = filters.search !== "" || filters.groupCompanyId !== "" || filters.kind !== "";
  function clearFilters() {
    setSearch("");
    setParams({}, { replace: true });
  }

  return (
    <Stack gap="md">
      <Group align="end" gap="md" wrap="wrap">
        <TextInput
          label={t("adminCompanies.list.search")}
          placeholder={t("adminCompanies.list.searchPlaceholder")}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          miw={240}
        />
        <NativeSelect
          label={t("adminCompanies.list.groupFilter")}
          value={filters.groupCompanyId}
          onChange={(event) => update({ group: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminCompanies.list.allGroups") },
            ...(groups.data ?? []).map((g) => ({ value: g.groupCompanyId, label: g.name })),
          ]}
        />
        <NativeSelect
          label={t("adminCompanies.list.kindFilter")}
          value={filters.kind}
          onChange={(event) => update({ kind: event.currentTarget.value })}
          data={[
            { value: "", label: t("adminCompanies.list.kindAll") },
            { value: "standalone", label: t("adminCompanies.list.kindStandalone") },
            { value: "grouped", label: t("adminCompanies.list.kindGrouped") },
          ]}
        />
      </Group>
      <DataTable<TCompanyListItem>
        label={t("adminCompanies.list.title")}
        idAccessor="id"
        {...pageQueryProps(list)}
        empty={{
          text: t("adminCompanies.list.empty"),
          action: (
            <Button component={Link} to={pathOf("addCompany")}>
              {t("adminShell.tabs.addCompany")}
            </Button>
          ),
        }}
        filtered={{
          active: filtered,
          text: t("adminCompanies.list.emptyFiltered"),
          clearLabel: t("adminCompanies.list.clearFilters"),
          onClear: clearFilters,
        }}
        page={filters.page}
        pageSize={PAGE_SIZE}
        onPageChange={(page) => update({ page: String(page) })}
        onRowClick={({ record }) => go("companies", record.id)}
        columns={[
          {
            accessor: "name",
            title: t("adminCompanies.fields.name"),
            render: (r) => (
              <Anchor
                component={Link}
                to={pathOf("companies", r.id)}
                size="sm"
                fw={600}
                // The row opens the page too; the link is for the keyboard and for opening in a new tab.
                onClick={(event) => event.stopPropagation()}
              >
                {r.name}
              </Anchor>
            ),
          },
          {
            accessor: "hasBillingAddress",
            title: t("adminCompanies.fields.billingAddress"),
            // Without one the monthly lease invoice reaches no one: the helpdesk asks the company for it.
            render: (r) =>
              r.hasBillingAddress ? (
                t("adminCompanies.list.billingAddressGiven")
              ) : (
                <Badge color="red" variant="light">
                  {t("adminCompanies.list.billingAddressMissing")}
                </Badge>
              ),
          },
          {
            accessor: "businessId",
            title: t("adminCompanies.fields.businessId"),
            render: (r) => r.businessId ?? "–",
          },
          {
            accessor: "groupCompanyName",
            title: t("adminCompanies.fields.group"),
            render: (r) =>
              r.groupCompanyName ?? (
                <Text size="sm" c="dimmed" component="span">
                  {t("adminCompanies.list.standalone")}
                </Text>
              ),
          },
          { accessor: "city", title: t("adminCompanies.fields.city"), render: (r) => r.city ?? "–" },
          { accessor: "employeeCount", title: t("adminCompanies.fields.employees"), textAlign: "right" },
          {
            accessor: "activeLeaseCount",
            title: t("adminCompanies.fields.activeLeases"),
            textAlign: "right",
          },
          {
            accessor: "maxPrice",
            title: t("adminCompanies.fields.maxPrice"),
            textAlign: "right",
            render: (r) => (r.maxPrice == null ? "–" : display.money(Math.round(r.maxPrice * 100))),
          },
          {
            accessor: "previousProvider",
            title: t("adminCompanies.fields.previousProvider"),
            render: (r) => r.previousProvider ?? "–",
          },
        ]}
      />
    </Stack>
  );
}
