import { Button, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TStateIncomeTaxTable } from "../../../../contract/tax-tables.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { SourceCell } from "./badges.tsx";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { RowActions } from "./row-actions.tsx";
import { useRowEditor } from "./row-editor.ts";
import { StateIncomeTaxForm } from "./state-income-tax-form.tsx";
import { useDeleteTaxRow, useTaxRows, YEAR_PAGE_SIZE } from "./tax-tables-api.ts";

/** The year's state income tax scale (valtion tuloveroasteikko), lowest bracket first, with add, edit and delete. */
export function StateIncomeTaxScale({ year }: { year: number }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const list = useTaxRows("state-income-tax-table", { page: 1, limit: YEAR_PAGE_SIZE, year });
  const remove = useDeleteTaxRow("state-income-tax-table");
  const rows = list.data?.items;

  /** A bracket by its income range: "22 000,00 € – 32 600,00 €", the top one "150 000,00 € –". */
  const bracketName = (r: TStateIncomeTaxTable) =>
    r.upperLimitCents == null
      ? t("adminTaxTables.scale.bracketOpen", { lower: display.money(r.lowerLimitCents) })
      : t("adminTaxTables.scale.bracket", {
          lower: display.money(r.lowerLimitCents),
          upper: display.money(r.upperLimitCents),
        });
  const editor = useRowEditor<TStateIncomeTaxTable>({ nameOf: bracketName, remove });
  const { status, editing, deleting } = editor;

  const addButton = (
    <Button variant="light" onClick={() => editor.openForm("new")}>
      {t("adminTaxTables.scale.add")}
    </Button>
  );

  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.scale.title")}
      description={t("adminTaxTables.scale.description", { year })}
      actions={addButton}
    >
      <Stack gap="md">
        {status.element}
        <DataTable<TStateIncomeTaxTable>
          label={t("adminTaxTables.scale.title")}
          idAccessor="id"
          records={rows}
          loading={list.isPending}
          fetching={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          empty={{ text: t("adminTaxTables.scale.empty", { year }), action: addButton }}
          page={1}
          pageSize={YEAR_PAGE_SIZE}
          totalRecords={list.data?.total ?? 0}
          onPageChange={() => {}}
          columns={[
            {
              accessor: "lowerLimitCents",
              title: t("adminTaxTables.scale.lowerLimit"),
              textAlign: "right",
              render: (r) => display.money(r.lowerLimitCents),
            },
            {
              accessor: "upperLimitCents",
              title: t("adminTaxTables.scale.upperLimit"),
              textAlign: "right",
              render: (r) =>
                r.upperLimitCents == null
                  ? t("adminTaxTables.scale.noUpper")
                  : display.money(r.upperLimitCents),
            },
            {
              accessor: "baseTaxCents",
              title: t("adminTaxTables.scale.baseTax"),
              textAlign: "right",
              render: (r) => display.money(r.baseTaxCents),
            },
            {
              accessor: "marginalPercent",
              title: t("adminTaxTables.scale.marginal"),
              textAlign: "right",
              render: (r) => display.percent(r.marginalPercent),
            },
            {
              accessor: "source",
              title: t("adminTaxTables.source"),
              render: (r) => <SourceCell source={r.source} confirmed={r.confirmed} />,
            },
            {
              accessor: "actions",
              title: t("adminTaxTables.actions"),
              render: (r) => (
                <RowActions
                  name={bracketName(r)}
                  onEdit={() => editor.openForm(r)}
                  onDelete={() => editor.askDelete(r)}
                />
              ),
            },
          ]}
        />
      </Stack>
      <EditorModal
        opened={editing !== null}
        onClose={editor.closeForm}
        size="md"
        title={
          editing === "new" || editing === null
            ? t("adminTaxTables.scale.addTitle", { year })
            : t("adminTaxTables.scale.editTitle", { name: bracketName(editing), year })
        }
      >
        {editing !== null && (
          <StateIncomeTaxForm
            year={year}
            row={editing === "new" ? null : editing}
            onCancel={editor.closeForm}
            onSaved={editor.saved}
          />
        )}
      </EditorModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("adminTaxTables.scale.deleteTitle", { name: deleting ? bracketName(deleting) : "", year })}
        confirmLabel={t("adminTaxTables.scale.deleteConfirm")}
        loading={remove.isPending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      >
        {t("adminTaxTables.scale.deleteText", { year })}
      </ConfirmDialog>
    </SectionCard>
  );
}
