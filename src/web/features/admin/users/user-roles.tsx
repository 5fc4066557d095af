import { Alert, Button, Group, List, MultiSelect, NativeSelect, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zAssignUserRole } from "../../../../contract/roles.ts";
import type { TSystemUserDetails } from "../../../../contract/system-users.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { isGlobalRole, roleLabel } from "./badges.tsx";
import { useRoleAssignment } from "./user-access.ts";
import { useAssignRole, useCompanyNames, useRemoveRole, useRoles } from "./users-api.ts";

type Assignment = TSystemUserDetails["userRoles"][number];
type RoleRow = { roleId: string; roleName: string; assignments: Assignment[] };

/** The assignments grouped by role, in the order the server gave them. */
function rowsOf(userRoles: readonly Assignment[]): RoleRow[] {
  const rows = new Map<string, RoleRow>();
  for (const assignment of userRoles) {
    const row = rows.get(assignment.roleId) ?? {
      roleId: assignment.roleId,
      roleName: assignment.roleName,
      assignments: [],
    };
    row.assignments.push(assignment);
    rows.set(assignment.roleId, row);
  }
  return [...rows.values()];
}

/** "Lisää rooli": a role and the companies it is held in (the admin tier's roles: none, global). */
function AddRoleForm({
  userId,
  onCancel,
  onAdded,
}: {
  userId: string;
  onCancel: () => void;
  onAdded: (text: string) => void;
}) {
  const { t } = useTranslation();
  const roles = useRoles();
  const companies = useCompanyNames();
  const assign = useAssignRole(userId);
  const { mayGrant } = useRoleAssignment();
  const form = useContractForm({
    initialValues: { roleId: "", companyIds: [] as string[] },
    schema: zAssignUserRole,
    // The role is the address's, and whether it needs companies the role's own rule.
    rules: {
      roleId: (value) => (value ? null : t("forms.required")),
      companyIds: (value, values) => {
        const role = roles.data?.find((r) => r.id === values.roleId);
        return role && !isGlobalRole(role.name) && value.length === 0
          ? t("adminUsers.roles.companiesRequired")
          : null;
      },
    },
  });
  const role = roles.data?.find((r) => r.id === form.values.roleId);
  const global = role ? isGlobalRole(role.name) : false;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!role) return;
        mutateThen(
          assign,
          { roleId: values.roleId, companyIds: global ? [] : values.companyIds },
          { onSuccess: () => onAdded(t("adminUsers.roles.added", { role: roleLabel(t, role.name) })) },
        );
      })}
    >
      <Stack gap="md">
        {assign.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {messageForApiError(assign.error, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <NativeSelect
          label={t("adminUsers.form.role")}
          required
          data={[
            { value: "", label: t("adminUsers.form.chooseRole") },
            ...(roles.data ?? [])
              .filter((r) => mayGrant(r.name))
              .map((r) => ({ value: r.id, label: roleLabel(t, r.name) })),
          ]}
          {...form.getInputProps("roleId")}
        />
        <MultiSelect
          label={t("adminUsers.roles.companies")}
          description={global ? t("adminUsers.form.globalRoleHint") : t("adminUsers.roles.companiesHint")}
          required={!global}
          disabled={global}
          data={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
          searchable
          nothingFoundMessage={t("adminUsers.noCompanyFound")}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("companyIds")}
          value={global ? [] : form.values.companyIds}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={assign.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={assign.isPending}>
            {t("adminUsers.roles.add")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The user's roles per company (docs/product.md "Roles": a role is held in one or more companies; the admin tier's
 * globally). Only a user with roles.manage changes them; the others see them.
 */
export function UserRoles({ user }: { user: TSystemUserDetails }) {
  const { t } = useTranslation();
  const { canAssign: canManage } = useRoleAssignment();
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const remove = useRemoveRole(user.userId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Assignment | null>(null);
  const rows = rowsOf(user.userRoles);
  const name = `${user.firstName} ${user.lastName}`;
  const where = (a: Assignment) => a.companyName ?? t("adminUsers.roles.global");

  function confirmRemove() {
    if (!removing) return;
    const texts = { role: roleLabel(t, removing.roleName), company: where(removing) };
    mutateThen(
      remove,
      { roleId: removing.roleId, companyId: removing.companyId },
      {
        onSuccess: () => status.success(t("adminUsers.roles.removed", texts)),
        onError: (error) => status.failure(messageForApiError(error, t)),
        onSettled: () => setRemoving(null),
      },
    );
  }

  return (
    <SectionCard
      title={t("adminUsers.roles.title")}
      description={canManage ? undefined : t("adminUsers.roles.readOnly")}
      headingOrder={3}
      actions={
        canManage && (
          <Button
            size="xs"
            onClick={() => {
              status.clear();
              setAdding(true);
            }}
          >
            {t("adminUsers.roles.add")}
          </Button>
        )
      }
    >
      <Stack gap="md">
        {status.element}
        {rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {canManage ? t("adminUsers.roles.emptyManage") : t("adminUsers.roles.empty")}
          </Text>
        ) : (
          // Two columns fit a phone when a long company name lets its remove button wrap below it.
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing="xs" withTableBorder>
              <Table.Caption>{t("adminUsers.roles.caption", { name })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t("adminUsers.form.role")}</Table.Th>
                  <Table.Th scope="col">{t("adminUsers.roles.companies")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.roleId}>
                    <Table.Th scope="row" fw={600}>
                      {roleLabel(t, row.roleName)}
                    </Table.Th>
                    <Table.Td>
                      <List listStyleType="none" spacing={4}>
                        {row.assignments.map((a) => (
                          <List.Item key={a.companyId ?? "global"}>
                            <Group gap="xs" wrap="wrap">
                              <Text size="sm">{where(a)}</Text>
                              {canManage && (
                                <Button
                                  size="compact-xs"
                                  variant="subtle"
                                  color="red"
                                  aria-label={t("adminUsers.roles.removeNamed", {
                                    role: roleLabel(t, a.roleName),
                                    company: where(a),
                                  })}
                                  onClick={() => {
                                    status.clear();
                                    setRemoving(a);
                                  }}
                                >
                                  {t("adminUsers.roles.remove")}
                                </Button>
                              )}
                            </Group>
                          </List.Item>
                        ))}
                      </List>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <ActionDialog
        opened={adding}
        onCancel={() => setAdding(false)}
        title={t("adminUsers.roles.addTitle", { name })}
      >
        {adding && (
          <AddRoleForm
            userId={user.userId}
            onCancel={() => setAdding(false)}
            onAdded={(text) => {
              setAdding(false);
              status.success(text);
            }}
          />
        )}
      </ActionDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={
          removing
            ? t("adminUsers.roles.removeTitle", {
                role: roleLabel(t, removing.roleName),
                company: where(removing),
              })
            : ""
        }
        confirmLabel={t("adminUsers.roles.removeConfirm")}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      >
        {t("adminUsers.roles.removeText", { name })}
      </ConfirmDialog>
    </SectionCard>
  );
}
