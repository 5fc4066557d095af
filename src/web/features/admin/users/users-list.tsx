import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type TSystemUserItem, zSystemUsersQuery } from "../../../../contract/system-users.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { filtersFromAddress } from "../../../lib/filter-params.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { useAdminNav } from "../admin-nav.ts";
import { RoleBadges, UserStatusBadge } from "./badges.tsx";
import { useCanManageUsers } from "./user-access.ts";
import { useUserRows } from "./user-columns.tsx";
import { CreateUserDialog } from "./user-form.tsx";
import { PAGE_SIZE, type UserFilters, useCompanyNames, useSystemUsers } from "./users-api.ts";

const TEXT_FILTERS = ["firstName", "lastName", "email", "phoneNumber"] as const;
const NO_FILTERS: UserFilters = { firstName: "", lastName: "", email: "", phoneNumber: "", companyId: "" };

/**
 * The filters and the page live in the address, so a reload or the back button keeps them; they are
 * read through the list's query schema, so what the API would refuse is left out.
 */
function filtersOf(params: URLSearchParams): { filters: UserFilters; page: number } {
  const { query, values } = filtersFromAddress(zSystemUsersQuery, params);
  const text = (value: string | undefined) => value ?? "";
  return {
    filters: {
      firstName: text(query.firstName),
      lastName: text(query.lastName),
      email: text(query.email),
      phoneNumber: text(query.phoneNumber),
      companyId: text(query.companyId),
    },
    page: values.page,
  };
}

/**
 * The system users (docs/api-surface.md "GET /api/system-users?isForList=true"): filtered by name, e-mail, phone
 * and company, 20 a page; a row opens the user's page. "Lisää käyttäjä" creates one.
 */
export function UsersList() {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const userRows = useUserRows<TSystemUserItem>();
  const canManage = useCanManageUsers();
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersOf(params);
  const [creating, setCreating] = useState(false);

  // The text fields are drafts: the address (and so the query) follows them once typing pauses.
  const [draft, setDraft] = useState(filters);
  const [settled] = useDebouncedValue(draft, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled draft writes the address.
  useEffect(() => {
    if (TEXT_FILTERS.every((key) => settled[key] === filters[key])) return;
    update(Object.fromEntries(TEXT_FILTERS.map((key) => [key, settled[key]])));
  }, [settled]);

  /** Writes filters to the address; a filter change starts from page 1. */
  function update(changes: Partial<UserFilters> & { page?: number }) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          const text = String(value ?? "").trim();
          if (text && !(key === "page" && text === "1")) next.set(key, text);
          else next.delete(key);
        }
        if (!("page" in changes)) next.delete("page");
        return next;
      },
      { replace: !("page" in changes) },
    );
  }

  const list = useSystemUsers(filters, page);
  const companies = useCompanyNames();
  const filtered = Object.values(filters).some((value) => value.trim() !== "");

  function clearFilters() {
    setDraft(NO_FILTERS);
    update(NO_FILTERS);
  }

  const addButton = canManage && <Button onClick={() => setCreating(true)}>{t("adminUsers.add")}</Button>;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {t("adminUsers.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {t("adminUsers.intro")}
          </Text>
        </div>
        {addButton}
      </Group>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 5 }}
        spacing="md"
        role="search"
        aria-label={t("adminUsers.filters")}
      >
        {TEXT_FILTERS.map((key) => (
          <TextInput
            key={key}
            label={
              {
                firstName: t("adminUsers.firstName"),
                lastName: t("adminUsers.lastName"),
                email: t("adminUsers.email"),
                phoneNumber: t("adminUsers.phone"),
              }[key]
            }
            type="search"
            value={draft[key]}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDraft((previous) => ({ ...previous, [key]: value }));
            }}
          />
        ))}
        <Select
          label={t("adminUsers.company")}
          placeholder={t("adminUsers.allCompanies")}
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          value={filters.companyId || null}
          onChange={(value) => {
            setDraft((previous) => ({ ...previous, companyId: value ?? "" }));
            update({ companyId: value ?? "" });
          }}
          searchable
          clearable
          nothingFoundMessage={t("adminUsers.noCompanyFound")}
          comboboxProps={{ withinPortal: false }}
        />
      </SimpleGrid>
      <DataTable<TSystemUserItem>
        label={t("adminUsers.title")}
        idAccessor="userId"
        {...pageQueryProps(list)}
        empty={{ text: t("adminUsers.empty"), action: addButton }}
        filtered={{
          active: filtered,
          text: t("adminUsers.emptyFiltered"),
          clearLabel: t("adminUsers.clearFilters"),
          onClear: clearFilters,
        }}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: next })}
        onRowClick={userRows.onRowClick}
        columns={[
          userRows.nameColumn,
          {
            accessor: "workEmail",
            title: t("adminUsers.email"),
            render: (r) => <span style={{ overflowWrap: "anywhere" }}>{r.workEmail}</span>,
          },
          { accessor: "phoneNumber", title: t("adminUsers.phone"), render: (r) => r.phoneNumber ?? "–" },
          {
            accessor: "companyName",
            title: t("adminUsers.company"),
            render: (r) => r.companyName ?? t("adminUsers.noCompany"),
          },
          {
            accessor: "roles",
            title: t("adminUsers.rolesColumn"),
            render: (r) => <RoleBadges roles={r.roles} />,
          },
          {
            accessor: "deactivated",
            title: t("adminUsers.status"),
            render: (r) => <UserStatusBadge deactivated={r.deactivated} />,
          },
          {
            accessor: "lastLoginAt",
            title: t("adminUsers.lastLogin"),
            render: (r) =>
              r.lastLoginAt ? (
                <span style={{ whiteSpace: "nowrap" }}>{formatDateTime(r.lastLoginAt)}</span>
              ) : (
                <Text size="sm" c="dimmed" component="span">
                  {t("adminUsers.neverLoggedIn")}
                </Text>
              ),
          },
        ]}
      />
      <CreateUserDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          go("users", user.userId);
        }}
      />
    </Stack>
  );
}
