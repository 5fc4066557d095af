import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TBillingTable } from "../../../../contract/billing-tables.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { DefaultBadge } from "./badges.tsx";
import { BillingTableForm } from "./billing-table-form.tsx";
import { useBillingTables, useDeleteBillingTable } from "./billing-tables-api.ts";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { RowActions } from "./row-actions.tsx";
import { useRowEditor } from "./row-editor.ts";

/**
 * The admin's Billing tables tab (docs/api-surface.md "Billing tables"): every laskutustaulukko with its annuity
 * terms and price brackets, the default (which prices the public calculator) first and marked; add,
 * correct and delete. The default table cannot be deleted or lose its flag except to another table
 * (the API's 409), which the tab says in so many words.
 */
export function BillingTablesTab() {
  const { t } = useTranslation();
  const display = useDisplay();
  const list = useBillingTables();
  const remove = useDeleteBillingTable();
  const editor = useRowEditor<TBillingTable>({
    nameOf: (table) => table.name,
    remove,
    // The default table stays until another takes the flag (the API's 409).
    deleteFailure: (table, error) =>
      error instanceof ApiError && error.status === 409
        ? t("adminTaxTables.billing.defaultNotDeleted", { name: table.name })
        : null,
  });
  const { status, editing, deleting } = editor;
  const tables = list.data;

  function validity(table: TBillingTable): string {
    const from = display.date(table.validFrom);
    const to = display.date(table.validTo);
    if (from && to) return t("adminTaxTables.billing.validRange", { from, to });
    if (from) return t("adminTaxTables.billing.validFromOnly", { from });
    if (to) return t("adminTaxTables.billing.validToOnly", { to });
    return t("adminTaxTables.billing.validAlways");
  }

  function bracketText(r: TBillingTable["rows"][number]): string {
    const months = t("adminTaxTables.billing.monthsValue", { n: r.leaseTimeMonths });
    return r.maxTotalCents == null
      ? t("adminTaxTables.billing.bracketOpenValue", { min: display.money(r.minTotalCents), months })
      : t("adminTaxTables.billing.bracketValue", {
          min: display.money(r.minTotalCents),
          max: display.money(r.maxTotalCents),
          months,
        });
  }

  const addButton = (
    <Button variant="light" onClick={() => editor.openForm("new")}>
      {t("adminTaxTables.billing.add")}
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 20rem" }}>
          <Title order={2} size="h3">
            {t("adminTaxTables.billing.title")}
          </Title>
          <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
            {t("adminTaxTables.billing.intro")}
          </Text>
        </div>
        {addButton}
      </Group>
      {status.element}
      <DataTable<TBillingTable>
        label={t("adminTaxTables.billing.title")}
        idAccessor="id"
        records={tables}
        loading={list.isPending}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        empty={{ text: t("adminTaxTables.billing.empty"), action: addButton }}
        page={1}
        pageSize={Math.max(1, tables?.length ?? 1)}
        totalRecords={tables?.length ?? 0}
        onPageChange={() => {}}
        columns={[
          {
            accessor: "name",
            title: t("adminTaxTables.billing.name"),
            render: (r) => (
              <Stack gap={4} align="flex-start">
                <Text size="sm" fw={600}>
                  {r.name}
                </Text>
                {r.isDefault && <DefaultBadge />}
                {r.leasingCompanyName && (
                  <Text size="sm" c="dimmed">
                    {r.leasingCompanyName}
                  </Text>
                )}
              </Stack>
            ),
          },
          { accessor: "validity", title: t("adminTaxTables.billing.validity"), render: validity },
          {
            accessor: "annualInterestPercent",
            title: t("adminTaxTables.billing.interest"),
            textAlign: "right",
            render: (r) => display.percent(r.annualInterestPercent),
          },
          {
            accessor: "residualValuePercent",
            title: t("adminTaxTables.billing.residual"),
            textAlign: "right",
            render: (r) => (r.residualValuePercent == null ? "–" : display.percent(r.residualValuePercent)),
          },
          {
            accessor: "insurancePercentPerYear",
            title: t("adminTaxTables.billing.insurance"),
            textAlign: "right",
            render: (r) => display.percent(r.insurancePercentPerYear),
          },
          {
            accessor: "monthlyMaintenanceCents",
            title: t("adminTaxTables.billing.maintenance"),
            textAlign: "right",
            render: (r) => display.money(r.monthlyMaintenanceCents),
          },
          {
            accessor: "monthlyServiceFeeCents",
            title: t("adminTaxTables.billing.serviceFee"),
            textAlign: "right",
            render: (r) => display.money(r.monthlyServiceFeeCents),
          },
          {
            accessor: "rows",
            title: t("adminTaxTables.billing.bracketsGroup"),
            render: (r) => (
              <Stack gap={2}>
                {r.rows.map((bracket) => (
                  <Text key={bracket.id} size="sm" style={{ whiteSpace: "nowrap" }}>
                    {bracketText(bracket)}
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            accessor: "actions",
            title: t("adminTaxTables.actions"),
            render: (r) => (
              <RowActions
                name={r.name}
                onEdit={() => editor.openForm(r)}
                onDelete={() => editor.askDelete(r)}
              />
            ),
          },
        ]}
      />
      <EditorModal
        opened={editing !== null}
        onClose={editor.closeForm}
        size="xl"
        title={
          editing === "new" || editing === null
            ? t("adminTaxTables.billing.addTitle")
            : t("adminTaxTables.billing.editTitle", { name: editing.name })
        }
      >
        {editing !== null && (
          <BillingTableForm
            row={editing === "new" ? null : editing}
            makeDefault={editing === "new" && (tables?.length ?? 0) === 0}
            onCancel={editor.closeForm}
            onSaved={editor.saved}
          />
        )}
      </EditorModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("adminTaxTables.billing.deleteTitle", { name: deleting?.name ?? "" })}
        confirmLabel={t("adminTaxTables.billing.deleteConfirm")}
        loading={remove.isPending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      >
        {deleting?.isDefault
          ? t("adminTaxTables.billing.deleteDefaultText")
          : t("adminTaxTables.billing.deleteText")}
      </ConfirmDialog>
    </Stack>
  );
}
