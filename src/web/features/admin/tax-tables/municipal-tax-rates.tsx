import { Button, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TProvinceTaxTable } from "../../../../contract/tax-tables.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { SourceCell } from "./badges.tsx";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { MunicipalTaxRateForm } from "./municipal-tax-rate-form.tsx";
import { RowActions } from "./row-actions.tsx";
import { useRowEditor } from "./row-editor.ts";
import { MUNICIPAL_PAGE_SIZE, useDeleteTaxRow, useTaxRows } from "./tax-tables-api.ts";

/** The year's municipal (and church) tax rates, searchable by municipality, with add, edit and delete. */
export function MunicipalTaxRates({ year }: { year: number }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const list = useTaxRows("province-tax-table", {
    page,
    limit: MUNICIPAL_PAGE_SIZE,
    year,
    search: debouncedSearch,
  });
  const remove = useDeleteTaxRow("province-tax-table");
  const editor = useRowEditor<TProvinceTaxTable>({ nameOf: (row) => row.provinceName, remove });
  const { status, editing, deleting } = editor;
  const searching = debouncedSearch.trim() !== "";

  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.municipal.title")}
      description={t("adminTaxTables.municipal.description", { year })}
      actions={
        <Button variant="light" onClick={() => editor.openForm("new")}>
          {t("adminTaxTables.municipal.add")}
        </Button>
      }
    >
      <Stack gap="md">
        {status.element}
        <TextInput
          label={t("adminTaxTables.municipal.search")}
          type="search"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={320}
        />
        <DataTable<TProvinceTaxTable>
          label={t("adminTaxTables.municipal.title")}
          idAccessor="id"
          {...pageQueryProps(list)}
          empty={{
            text: t("adminTaxTables.municipal.empty", { year }),
            action: (
              <Button variant="default" onClick={() => editor.openForm("new")}>
                {t("adminTaxTables.municipal.add")}
              </Button>
            ),
          }}
          filtered={{
            active: searching,
            text: t("adminTaxTables.municipal.emptySearch"),
            clearLabel: t("adminTaxTables.municipal.clearSearch"),
            onClear: () => setSearch(""),
          }}
          page={page}
          pageSize={MUNICIPAL_PAGE_SIZE}
          onPageChange={setPage}
          columns={[
            { accessor: "provinceName", title: t("adminTaxTables.municipal.name") },
            {
              accessor: "municipalTaxPercent",
              title: t("adminTaxTables.municipal.municipalTax"),
              textAlign: "right",
              render: (r) => display.percent(r.municipalTaxPercent),
            },
            {
              accessor: "churchTaxPercent",
              title: t("adminTaxTables.municipal.churchTax"),
              textAlign: "right",
              render: (r) => (r.churchTaxPercent == null ? "–" : display.percent(r.churchTaxPercent)),
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
                  name={r.provinceName}
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
            ? t("adminTaxTables.municipal.addTitle", { year })
            : t("adminTaxTables.municipal.editTitle", { name: editing.provinceName, year })
        }
      >
        {editing !== null && (
          <MunicipalTaxRateForm
            year={year}
            row={editing === "new" ? null : editing}
            onCancel={editor.closeForm}
            onSaved={editor.saved}
          />
        )}
      </EditorModal>
      <ConfirmDialog
        opened={deleting !== null}
        title={t("adminTaxTables.municipal.deleteTitle", { name: deleting?.provinceName ?? "", year })}
        confirmLabel={t("adminTaxTables.municipal.deleteConfirm")}
        loading={remove.isPending}
        onCancel={editor.cancelDelete}
        onConfirm={editor.confirmDelete}
      >
        {t("adminTaxTables.municipal.deleteText", { year })}
      </ConfirmDialog>
    </SectionCard>
  );
}
