import { Button, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TMunicipalRateImportResult } from "../../../../contract/municipal-rate-import.ts";
import { PROVINCE_LIST_SHOWS, zProvinceTaxTablesQuery } from "../../../../contract/tax-table-queries.ts";
import type { TProvinceTaxTable, TProvinceTaxTableItem } from "../../../../contract/tax-tables.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DataTable, pageQueryProps } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { textLimitOf } from "../../../lib/contract-form.ts";
import { filtersFromAddress, useFilterParams, useSearchText } from "../../../lib/filter-params.ts";
import { SourceCell } from "./badges.tsx";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { MunicipalRateImport } from "./municipal-rate-import.tsx";
import { MunicipalTaxRateForm } from "./municipal-tax-rate-form.tsx";
import { RowActions } from "./row-actions.tsx";
import { useRowEditor } from "./row-editor.ts";
import { MUNICIPAL_PAGE_SIZE, useDeleteTaxRow, useMunicipalRateYears, useTaxRows } from "./tax-tables-api.ts";

/** The longest search the list's query takes. */
const searchMax = onFirstUse(() => textLimitOf(zProvinceTaxTablesQuery, "search"));

type Show = (typeof PROVINCE_LIST_SHOWS)[number];
const SHOW_LABELS: Record<Show, string> = {
  all: "adminTaxTables.municipal.showAll",
  changed: "adminTaxTables.municipal.showChanged",
  unconfirmed: "adminTaxTables.municipal.showUnconfirmed",
};
type Rate = "municipalTaxPercent" | "churchTaxPercent" | "orthodoxChurchTaxPercent";

/** A rate, and beneath it the year before's when it was another (or the municipality was not there). */
function RateCell({ row, rate }: { row: TProvinceTaxTableItem; rate: Rate }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const value = row[rate];
  const before = row.previous;
  return (
    <>
      {value == null ? "–" : display.percent(value)}
      {before && before[rate] !== value && (
        <Text size="xs" c="dimmed">
          {t("adminTaxTables.municipal.previous", {
            year: before.year,
            value: before[rate] == null ? "–" : display.percent(before[rate]),
          })}
        </Text>
      )}
    </>
  );
}

/**
 * The year's municipal (and church) tax rates: searched by the Finnish or Swedish name or the code,
 * narrowed to those changed from the year before or unconfirmed (the filters and the page in the
 * address), 50 a page from the server; each rate shows the year before's where it changed. Rows are
 * added, edited and deleted one by one, or the whole year imported from the Tax Administration's list.
 */
export function MunicipalTaxRates({
  year,
  onImported,
}: {
  year: number;
  onImported: (result: TMunicipalRateImportResult) => void;
}) {
  const { t } = useTranslation();
  const { params, update } = useFilterParams<"search" | "show">();
  const { values } = filtersFromAddress(zProvinceTaxTablesQuery, params);
  const filter = { search: values.search ?? "", show: values.show, page: values.page };
  const search = useSearchText(filter.search, (value) => update({ search: value }), searchMax());
  const list = useTaxRows("province-tax-table", { ...filter, limit: MUNICIPAL_PAGE_SIZE, year });
  const remove = useDeleteTaxRow("province-tax-table");
  const editor = useRowEditor<TProvinceTaxTable>({ nameOf: (row) => row.provinceName, remove });
  const { status, editing, deleting } = editor;
  const years = useMunicipalRateYears();
  const [importing, setImporting] = useState(false);
  const latest = years.data?.items[0]?.year ?? year;
  const filtered = filter.search !== "" || filter.show !== "all";

  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.municipal.title")}
      description={t("adminTaxTables.municipal.description", { year })}
      actions={
        <>
          <Button variant="light" onClick={() => setImporting(true)}>
            {t("adminTaxTables.municipal.import")}
          </Button>
          <Button variant="light" onClick={() => editor.openForm("new")}>
            {t("adminTaxTables.municipal.add")}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {status.element}
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing="md"
          role="search"
          aria-label={t("adminTaxTables.municipal.filters")}
          maw={720}
        >
          <TextInput
            label={t("adminTaxTables.municipal.search")}
            placeholder={t("adminTaxTables.municipal.searchPlaceholder")}
            type="search"
            {...search.input}
          />
          <NativeSelect
            label={t("adminTaxTables.municipal.show")}
            value={filter.show}
            onChange={(event) =>
              update({ show: event.currentTarget.value === "all" ? "" : event.currentTarget.value })
            }
            data={PROVINCE_LIST_SHOWS.map((value) => ({ value, label: t(SHOW_LABELS[value]) }))}
          />
        </SimpleGrid>
        <DataTable<TProvinceTaxTableItem>
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
            active: filtered,
            text: t("adminTaxTables.municipal.emptySearch"),
            clearLabel: t("adminTaxTables.municipal.clearSearch"),
            onClear: () => {
              search.clear();
              update({ search: "", show: "" });
            },
          }}
          page={filter.page}
          pageSize={MUNICIPAL_PAGE_SIZE}
          onPageChange={(page) => update({ page: page > 1 ? String(page) : "" })}
          columns={[
            {
              accessor: "provinceName",
              title: t("adminTaxTables.municipal.name"),
              render: (r) => (
                <>
                  {r.provinceName}
                  {(r.municipalityCode || (r.provinceNameSv && r.provinceNameSv !== r.provinceName)) && (
                    <Text size="xs" c="dimmed">
                      {[r.municipalityCode, r.provinceNameSv !== r.provinceName ? r.provinceNameSv : null]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  )}
                </>
              ),
            },
            {
              accessor: "municipalTaxPercent",
              title: t("adminTaxTables.municipal.municipalTax"),
              textAlign: "right",
              render: (r) => <RateCell row={r} rate="municipalTaxPercent" />,
            },
            {
              accessor: "churchTaxPercent",
              title: t("adminTaxTables.municipal.churchTax"),
              textAlign: "right",
              render: (r) => <RateCell row={r} rate="churchTaxPercent" />,
            },
            {
              accessor: "orthodoxChurchTaxPercent",
              title: t("adminTaxTables.municipal.orthodoxTax"),
              textAlign: "right",
              render: (r) => <RateCell row={r} rate="orthodoxChurchTaxPercent" />,
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
      {importing && (
        <MunicipalRateImport
          opened
          suggestedYear={latest + 1}
          onClose={() => setImporting(false)}
          onImported={onImported}
        />
      )}
    </SectionCard>
  );
}
