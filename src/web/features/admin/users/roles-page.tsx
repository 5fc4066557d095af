import { Alert, Anchor, Badge, Button, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type TRole, zCreateRole } from "../../../../contract/roles.ts";
import { isRoleName } from "../../../../domain/roles.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { useAdminNav } from "../admin-nav.ts";
import { roleLabel } from "./badges.tsx";
import { LoginSecurityCard } from "./login-security-card.tsx";
import { ROLES_SEGMENT, useCanManageRoles } from "./user-access.ts";
import { useCreateRole, useDeleteRole, useRoles } from "./users-api.ts";

const roleBody = (values: { name: string; description: string }) => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
});

/** A new role: its name (letters, digits, spaces, _ and -) and what it is for. */
function CreateRoleForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (role: TRole) => void }) {
  const { t } = useTranslation();
  const create = useCreateRole();
  const form = useContractForm({
    initialValues: { name: "", description: "" },
    schema: zCreateRole,
    toBody: roleBody,
    texts: (issue) => (issue.path[0] === "name" ? t("adminRoles.form.nameInvalid") : undefined),
    rules: { name: (value) => (value.trim() ? null : t("forms.required")) },
  });
  const taken = create.error instanceof ApiError && create.error.code === "ROLE_NAME_TAKEN";
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        mutateThen(create, roleBody(values), {
          onSuccess: onCreated,
          onError: (error) => {
            if (error instanceof ApiError && error.code === "ROLE_NAME_TAKEN") {
              form.setFieldError("name", t("errors.ROLE_NAME_TAKEN"));
            }
          },
        }),
      )}
    >
      <Stack gap="md">
        {create.isError && !taken && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {messageForApiError(create.error, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <TextInput
          label={t("adminRoles.form.name")}
          description={t("adminRoles.form.nameHint")}
          required
          data-autofocus
          {...form.getInputProps("name")}
        />
        <Textarea
          label={t("adminRoles.form.description")}
          autosize
          minRows={2}
          {...form.getInputProps("description")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t("adminRoles.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Why a role could not be deleted: in use, built in, or another failure. */
function deleteFailure(error: unknown, t: TFunction, name: string): string {
  if (error instanceof ApiError && error.code === "ROLE_IN_USE") return t("adminRoles.inUse", { name });
  if (error instanceof ApiError && error.code === "ROLE_IS_SYSTEM") return t("adminRoles.isSystem", { name });
  return t("adminRoles.deleteFailed", { name, reason: messageForApiError(error, t) });
}

/**
 * Roles and permissions (/admin/kayttajat/roolit; docs/product.md "Roles" "Admin screens"): every role with how many
 * users hold it and how many permissions it carries; a role opens its permissions and users. Only a
 * user with roles.manage creates and deletes roles (the built-in ones cannot be deleted).
 */
export function RolesPage() {
  const { t } = useTranslation();
  const { go, pathOf } = useAdminNav();
  const canManage = useCanManageRoles();
  const roles = useRoles();
  const remove = useDeleteRole();
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TRole | null>(null);
  const records = roles.data;

  function confirmDelete() {
    const role = deleting;
    if (!role) return;
    mutateThen(remove, role.id, {
      onSuccess: () => status.success(t("adminRoles.deleted", { name: role.name })),
      onError: (error) => status.failure(deleteFailure(error, t, role.name)),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <div>
          <Title order={2} size="h3">
            {t("adminRoles.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {canManage ? t("adminRoles.intro") : t("adminRoles.readOnly")}
          </Text>
        </div>
        {canManage && (
          <Button
            onClick={() => {
              status.clear();
              setCreating(true);
            }}
          >
            {t("adminRoles.add")}
          </Button>
        )}
      </Group>
      {status.element}
      <DataTable<TRole>
        label={t("adminRoles.title")}
        idAccessor="id"
        records={records}
        loading={roles.isPending}
        fetching={roles.isFetching}
        error={roles.isError}
        onRetry={() => void roles.refetch()}
        empty={{ text: t("adminRoles.empty") }}
        page={1}
        pageSize={Math.max(1, records?.length ?? 1)}
        totalRecords={records?.length ?? 0}
        onPageChange={() => {}}
        onRowClick={({ record, event }) => {
          if ((event.target as HTMLElement).closest("a, button")) return;
          go("users", ROLES_SEGMENT, record.id);
        }}
        columns={[
          {
            accessor: "name",
            title: t("adminRoles.name"),
            render: (r) => (
              <Stack gap={2}>
                <Group gap="xs">
                  <Anchor component={Link} to={pathOf("users", ROLES_SEGMENT, r.id)} fw={600} size="sm">
                    {roleLabel(t, r.name)}
                  </Anchor>
                  {r.isSystem && (
                    <Badge size="sm" variant="light" color="gray" style={{ textTransform: "none" }}>
                      {t("adminRoles.builtIn")}
                    </Badge>
                  )}
                </Group>
                {isRoleName(r.name) && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.name}
                  </Text>
                )}
                {r.description && (
                  <Text size="xs" c="dimmed">
                    {r.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: "userCount", title: t("adminRoles.userCount"), textAlign: "right" },
          {
            accessor: "permissionCount",
            title: t("adminRoles.permissionCount"),
            textAlign: "right",
            render: (r) => r.rolePermissions.length,
          },
          ...(canManage
            ? [
                {
                  accessor: "actions",
                  title: t("adminRoles.actions"),
                  render: (r: TRole) =>
                    r.isSystem ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        color="red"
                        aria-label={t("adminRoles.deleteNamed", { name: r.name })}
                        onClick={() => {
                          status.clear();
                          setDeleting(r);
                        }}
                      >
                        {t("adminRoles.delete")}
                      </Button>
                    ),
                },
              ]
            : []),
        ]}
      />
      {canManage && <LoginSecurityCard />}
      <ActionDialog opened={creating} onCancel={() => setCreating(false)} title={t("adminRoles.form.title")}>
        {creating && (
          <CreateRoleForm
            onCancel={() => setCreating(false)}
            onCreated={(role) => {
              setCreating(false);
              status.success(t("adminRoles.created", { name: role.name }));
            }}
          />
        )}
      </ActionDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("adminRoles.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("adminRoles.deleteConfirm")}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t("adminRoles.deleteText")}
      </ConfirmDialog>
    </Stack>
  );
}
