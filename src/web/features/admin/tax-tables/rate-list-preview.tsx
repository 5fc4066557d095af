import { Alert, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type {
  TMunicipalRate,
  TMunicipalRateChanges,
  TMunicipalRateImportPreview,
  TRateListProblem,
} from "../../../../contract/municipal-rate-import.ts";
import type { ComparedField } from "../../../../domain/tax/municipal-rates/rate-list-changes.ts";
import { ListTable } from "../../../components/list-table.tsx";
import { useDisplay } from "./display-format.ts";
import { fieldLabel, problemText } from "./rate-list-texts.ts";

/**
 * What an imported list would do, before anything is saved: its problems with row and reason, or its
 * changes against the year before (new, changed with old → new, removed). A long list shows its first
 * rows and how many more there are.
 */

/** The most rows a part of the preview lists (the first import of a year lists every municipality as new). */
const SHOWN_ROWS = 100;

export function RateListProblems({ preview }: { preview: TMunicipalRateImportPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" role="alert" title={t("adminTaxTables.import.problemsTitle")}>
        {t("adminTaxTables.import.problemsText", { count: preview.problemCount })}
        {preview.problemCount > preview.problems.length &&
          ` ${t("adminTaxTables.import.problemsShown", { shown: preview.problems.length })}`}
      </Alert>
      <ListTable<TRateListProblem & { key: string }>
        label={t("adminTaxTables.import.problemsLabel")}
        rows={preview.problems.map((p, i) => ({ ...p, key: `${p.row}-${i}` }))}
        rowKey={(p) => p.key}
        columns={[
          {
            accessor: "row",
            title: t("adminTaxTables.import.row"),
            textAlign: "right",
            render: (p) => p.row,
          },
          {
            accessor: "problem",
            title: t("adminTaxTables.import.problem"),
            render: (p) => problemText(t, p),
          },
        ]}
      />
    </Stack>
  );
}

function MoreRows({ total }: { total: number }) {
  const { t } = useTranslation();
  if (total <= SHOWN_ROWS) return null;
  return (
    <Text size="sm" c="dimmed">
      {t("adminTaxTables.import.more", { count: total - SHOWN_ROWS })}
    </Text>
  );
}

/** "Helsinki (091)" */
const named = (r: TMunicipalRate) => (r.code ? `${r.municipality} (${r.code})` : r.municipality);

function useValueText() {
  const { t } = useTranslation();
  const display = useDisplay();
  return (field: ComparedField, value: string | number | boolean | null) => {
    if (value === null || value === "") return t("adminTaxTables.import.empty");
    if (typeof value === "boolean")
      return value ? t("adminTaxTables.import.yes") : t("adminTaxTables.import.no");
    if (typeof value === "number" && field.endsWith("Percent")) return display.percent(value);
    return String(value);
  };
}

function ChangedRows({ changed }: { changed: TMunicipalRateChanges["changed"] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const label = t("adminTaxTables.import.changedTitle", { count: changed.length });
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {label}
      </Title>
      <ListTable<(typeof changed)[number]>
        label={label}
        rows={changed.slice(0, SHOWN_ROWS)}
        rowKey={(c) => c.after.code ?? c.after.municipality}
        columns={[
          {
            accessor: "municipality",
            title: t("adminTaxTables.municipal.name"),
            render: (c) => named(c.after),
          },
          {
            accessor: "change",
            title: t("adminTaxTables.import.change"),
            render: (c) => (
              <Stack gap={2}>
                {c.fields.map((field) => (
                  <Text key={field} size="sm">
                    {t("adminTaxTables.import.changeLine", {
                      field: fieldLabel(t, field),
                      from: valueText(field, c.before[field]),
                      to: valueText(field, c.after[field]),
                    })}
                  </Text>
                ))}
              </Stack>
            ),
          },
        ]}
      />
      <MoreRows total={changed.length} />
    </Stack>
  );
}

function RateRows({ title, rows }: { title: string; rows: TMunicipalRate[] }) {
  const { t } = useTranslation();
  const display = useDisplay();
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {title}
      </Title>
      <ListTable<TMunicipalRate>
        label={title}
        rows={rows.slice(0, SHOWN_ROWS)}
        rowKey={(r) => r.code ?? r.municipality}
        columns={[
          { accessor: "municipality", title: t("adminTaxTables.municipal.name"), render: named },
          {
            accessor: "municipalPercent",
            title: t("adminTaxTables.municipal.municipalTax"),
            textAlign: "right",
            render: (r) => display.percent(r.municipalPercent),
          },
          {
            accessor: "churchPercent",
            title: t("adminTaxTables.municipal.churchTax"),
            textAlign: "right",
            render: (r) => display.percent(r.churchPercent),
          },
          {
            accessor: "orthodoxPercent",
            title: t("adminTaxTables.municipal.orthodoxTax"),
            textAlign: "right",
            render: (r) => display.percent(r.orthodoxPercent),
          },
        ]}
      />
      <MoreRows total={rows.length} />
    </Stack>
  );
}

export function RateListChanges({ preview }: { preview: TMunicipalRateImportPreview }) {
  const { t } = useTranslation();
  const changes = preview.changes;
  if (!changes) return null;
  const previous = preview.comparedWith;
  const nothing = changes.added.length + changes.changed.length + changes.removed.length === 0;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm">
          {previous === null
            ? t("adminTaxTables.import.summaryFirst", { rows: preview.rowCount })
            : t("adminTaxTables.import.summary", {
                rows: preview.rowCount,
                previous,
                added: changes.added.length,
                changed: changes.changed.length,
                removed: changes.removed.length,
                unchanged: changes.unchanged,
              })}
        </Text>
        {previous !== null && (
          <Text size="sm">
            {nothing
              ? t("adminTaxTables.import.noChanges", { previous })
              : t("adminTaxTables.import.raisedLowered", {
                  raised: changes.municipalRaised,
                  lowered: changes.municipalLowered,
                })}
          </Text>
        )}
      </Stack>
      {changes.changed.length > 0 && <ChangedRows changed={changes.changed} />}
      {changes.added.length > 0 && (
        <RateRows
          title={t("adminTaxTables.import.addedTitle", { count: changes.added.length })}
          rows={changes.added}
        />
      )}
      {changes.removed.length > 0 && (
        <RateRows
          title={t("adminTaxTables.import.removedTitle", { count: changes.removed.length })}
          rows={changes.removed}
        />
      )}
    </Stack>
  );
}
