import {
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type TPermission, type TRole, type TRoleUser, zRoleUsersQuery } from "../../../../contract/roles.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { textLimitOf } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { useAdminNav } from "../admin-nav.ts";
import { roleLabel, UserStatusBadge } from "./badges.tsx";
import { ROLES_SEGMENT, useCanManageRoles } from "./user-access.ts";
import { useUserRows } from "./user-columns.tsx";
import { PAGE_SIZE, usePermissions, useRoles, useRoleUsers, useTogglePermission } from "./users-api.ts";

/** The permission that lets the super admin change roles: taking it away would lock everyone out. */
const LOCKED = { role: "SUPER_ADMIN", permission: "roles.manage" } as const;

/** Permissions grouped by their area, the part of the name before the dot (`orders.read` → orders). */
function groupsOf(permissions: readonly TPermission[]): [string, TPermission[]][] {
  const groups = new Map<string, TPermission[]>();
  for (const permission of permissions) {
    const area = permission.name.split(".")[0] ?? permission.name;
    groups.set(area, [...(groups.get(area) ?? []), permission]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/**
 * The role's permissions as a checklist grouped by area. A tick is saved at once: the box changes
 * before the answer and turns back, with the reason, when the server refuses.
 */
function RolePermissions({ role }: { role: TRole }) {
  const { t } = useTranslation();
  const canManage = useCanManageRoles();
  const permissions = usePermissions();
  const toggle = useTogglePermission();
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const granted = new Set(role.rolePermissions.map((rp) => rp.permissionId));

  function change(permission: TPermission, checked: boolean) {
    status.clear();
    mutateThen(
      toggle,
      { role, permission: { id: permission.id, name: permission.name }, granted: checked },
      {
        onError: (error) =>
          status.failure(
            t("adminRoles.permissions.failed", {
              permission: permission.name,
              reason: messageForApiError(error, t),
            }),
          ),
      },
    );
  }

  return (
    <SectionCard
      title={t("adminRoles.permissions.title")}
      description={canManage ? t("adminRoles.permissions.intro") : t("adminRoles.readOnly")}
      headingOrder={3}
    >
      <Stack gap="md">
        {status.element}
        {permissions.isPending ? (
          <Skeleton height={120} />
        ) : permissions.isError ? (
          <EmptyState
            text={<span role="alert">{t("ds.table.loadError")}</span>}
            action={
              <Button variant="default" onClick={() => void permissions.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
            {groupsOf(permissions.data).map(([area, items]) => (
              <Fieldset key={area} legend={area} variant="filled">
                <Stack gap="xs">
                  {items.map((permission) => {
                    const locked = role.name === LOCKED.role && permission.name === LOCKED.permission;
                    return (
                      <Checkbox
                        key={permission.id}
                        label={permission.name}
                        description={
                          locked ? t("adminRoles.permissions.locked") : (permission.description ?? undefined)
                        }
                        checked={granted.has(permission.id)}
                        disabled={!canManage || locked}
                        onChange={(event) => change(permission, event.currentTarget.checked)}
                      />
                    );
                  })}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The longest search the role's users list takes. */
const searchMax = onFirstUse(() => textLimitOf(zRoleUsersQuery, "search"));

/**
 * The users holding the role, 20 a page, searchable, each a link to the user's page. The search and
 * the page are in the address.
 */
function RoleUsers({ role }: { role: TRole }) {
  const { t } = useTranslation();
  const userRows = useUserRows<TRoleUser>();
  const { params, update } = useFilterParams<"search">();
  const { values } = filtersFromAddress(zRoleUsersQuery, params);
  const { page } = values;
  const settled = values.search ?? "";
  const search = useSearchText(settled, (value) => update({ search: value }), searchMax());
  const users = useRoleUsers(role.id, page, settled);
  return (
    <SectionCard title={t("adminRoles.users.title")} headingOrder={3}>
      <Stack gap="md">
        <TextInput
          label={t("adminRoles.users.search")}
          placeholder={t("adminRoles.users.searchPlaceholder")}
          type="search"
          {...search.input}
          maw={360}
        />
        <DataTable<TRoleUser>
          label={t("adminRoles.users.tableLabel", { role: roleLabel(t, role.name) })}
          idAccessor="userId"
          {...pageQueryProps(users)}
          empty={{ text: settled ? t("adminRoles.users.emptyFiltered") : t("adminRoles.users.empty") }}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(next) => update({ page: String(next) })}
          onRowClick={userRows.onRowClick}
          columns={[
            userRows.nameColumn,
            {
              accessor: "email",
              title: t("adminUsers.email"),
              render: (r) => <span style={{ overflowWrap: "anywhere" }}>{r.email}</span>,
            },
            {
              accessor: "companies",
              title: t("adminUsers.roles.companies"),
              render: (r) =>
                r.global
                  ? t("adminUsers.roles.global")
                  : r.companies.map((company) => company.name).join(", ") || "–",
            },
            {
              accessor: "deactivated",
              title: t("adminUsers.status"),
              render: (r) => <UserStatusBadge deactivated={r.deactivated} />,
            },
          ]}
        />
      </Stack>
    </SectionCard>
  );
}

/**
 * One role (/admin/kayttajat/roolit/<roleId>): its permissions and the users who hold it. The role
 * comes from the roles list (a short reference list), so a toggle updates the list's counts too.
 */
export function RolePage({ roleId }: { roleId: string }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const roles = useRoles();
  const role = roles.data?.find((r) => r.id === roleId);
  const back = (
    <Anchor component={Link} to={pathOf("users", ROLES_SEGMENT)} size="sm">
      {t("adminRoles.backToList")}
    </Anchor>
  );
  if (roles.isPending) return <Skeleton height={200} />;
  if (!role) {
    return (
      <Stack gap="md">
        {back}
        <EmptyState
          text={
            <span role="alert">
              {roles.isError ? messageForApiError(roles.error, t) : t("adminRoles.notFound")}
            </span>
          }
          action={
            <Button component={Link} to={pathOf("users", ROLES_SEGMENT)} variant="default">
              {t("adminRoles.backToList")}
            </Button>
          }
        />
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={2} size="h3">
          {roleLabel(t, role.name)}
        </Title>
        {role.description && (
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {role.description}
          </Text>
        )}
      </div>
      <RolePermissions role={role} />
      <RoleUsers role={role} />
    </Stack>
  );
}
