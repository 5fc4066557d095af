import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type TGroupCompany, zGroupCompaniesQuery } from "../../../../contract/companies.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { textLimitOf } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { PayrollRecipientsEditor } from "../../companies/index.ts";
import { useAdminNav } from "../admin-nav.ts";
import { EditorModal } from "../tax-tables/editor-form.tsx";
import { RowActions } from "../tax-tables/row-actions.tsx";
import { PAGE_SIZE, useDeleteGroupCompany, useGroupCompanies } from "./companies-api.ts";
import { companyErrorText, FLOW_CODES } from "./company-messages.ts";
import { GroupCompanyForm } from "./group-companies-form.tsx";

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zGroupCompaniesQuery, "search"));

/**
 * The group companies (docs/api-surface.md "Group companies"): each with its companies; create, rename, delete
 * (its companies stay, without a group) and the group's payroll report recipients. The search and the
 * page are in the address.
 */
export function GroupCompaniesList() {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const { params, update } = useFilterParams<"search">();
  const { values } = filtersFromAddress(zGroupCompaniesQuery, params);
  const { page } = values;
  const searched = values.search ?? "";
  const search = useSearchText(searched, (value) => update({ search: value }), searchMax());
  const list = useGroupCompanies(page, searched);
  const remove = useDeleteGroupCompany();
  const [editing, setEditing] = useState<TGroupCompany | "new" | null>(null);
  const [deleting, setDeleting] = useState<TGroupCompany | null>(null);
  const [recipientsOf, setRecipientsOf] = useState<TGroupCompany | null>(null);

  function confirmDelete() {
    const group = deleting;
    if (!group) return;
    mutateThen(remove, group.groupCompanyId, {
      onSuccess: () => status.success(t(FLOW_CODES.GROUP_COMPANY_DELETED, { name: group.name })),
      onError: (error) =>
        status.failure(
          t("adminGroupCompanies.deleteFailed", { name: group.name, reason: companyErrorText(error, t) }),
        ),
      onSettled: () => setDeleting(null),
    });
  }

  const addButton = (
    <Button
      variant="light"
      onClick={() => {
        status.clear();
        setEditing("new");
      }}
    >
      {t("adminGroupCompanies.add")}
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" gap="md" wrap="wrap">
        <TextInput label={t("adminGroupCompanies.search")} type="search" {...search.input} miw={240} />
        {addButton}
      </Group>
      {status.element}
      <DataTable<TGroupCompany>
        label={t("adminGroupCompanies.title")}
        idAccessor="groupCompanyId"
        {...pageQueryProps(list)}
        empty={
          searched
            ? { text: t("adminGroupCompanies.emptyFiltered") }
            : { text: t("adminGroupCompanies.empty"), action: addButton }
        }
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={(next) => update({ page: String(next) })}
        columns={[
          {
            accessor: "name",
            title: t("adminGroupCompanies.name"),
            render: (r) => (
              <Text size="sm" fw={600}>
                {r.name}
              </Text>
            ),
          },
          {
            accessor: "businessId",
            title: t("adminCompanies.fields.businessId"),
            render: (r) => r.businessId ?? "–",
          },
          {
            accessor: "companies",
            title: t("adminGroupCompanies.companies"),
            render: (r) =>
              r.companies.length === 0 ? (
                <Text size="sm" c="dimmed" component="span">
                  {t("adminGroupCompanies.noCompanies")}
                </Text>
              ) : (
                <Stack gap={2} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
                  {r.companies.map((c) => (
                    <li key={c.id}>
                      <Anchor component={Link} to={pathOf("companies", c.id)} size="sm">
                        {c.name}
                      </Anchor>
                    </li>
                  ))}
                </Stack>
              ),
          },
          {
            accessor: "actions",
            title: t("adminGroupCompanies.actions"),
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={t("adminGroupCompanies.recipientsNamed", { name: r.name })}
                  onClick={() => setRecipientsOf(r)}
                >
                  {t("adminGroupCompanies.recipients")}
                </Button>
                <RowActions
                  name={r.name}
                  onEdit={() => {
                    status.clear();
                    setEditing(r);
                  }}
                  onDelete={() => {
                    status.clear();
                    setDeleting(r);
                  }}
                />
              </Group>
            ),
          },
        ]}
      />
      <EditorModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="md"
        title={
          editing === "new" || editing === null
            ? t("adminGroupCompanies.addTitle")
            : t("adminGroupCompanies.renameTitle", { name: editing.name })
        }
      >
        {editing !== null && (
          <GroupCompanyForm
            group={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(group) => {
              setEditing(null);
              status.success(t("adminGroupCompanies.saved", { name: group.name }));
            }}
          />
        )}
      </EditorModal>
      <EditorModal
        opened={recipientsOf !== null}
        onClose={() => setRecipientsOf(null)}
        size="lg"
        title={t("adminGroupCompanies.recipientsTitle", { name: recipientsOf?.name ?? "" })}
      >
        {recipientsOf && (
          <PayrollRecipientsEditor
            owner={{ kind: "group", id: recipientsOf.groupCompanyId }}
            companies={recipientsOf.companies}
          />
        )}
      </EditorModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("adminGroupCompanies.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("adminGroupCompanies.deleteConfirm")}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        {t("adminGroupCompanies.deleteText", { count: deleting?.companies.length ?? 0 })}
      </ConfirmDialog>
    </Stack>
  );
}
