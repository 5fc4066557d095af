import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TTaxpayerDeductionsTable } from "../../../../contract/tax-tables.ts";
import { TAX_DEDUCTION_TYPES, type TaxDeductionType } from "../../../../domain/tax/tax-year.ts";
import { DataTable } from "../../../components/data-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { SourceCell } from "./badges.tsx";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { RowActions } from "./row-actions.tsx";
import { useTaxRows, YEAR_PAGE_SIZE } from "./tax-tables-api.ts";
import { TaxpayerDeductionForm } from "./taxpayer-deduction-form.tsx";

/** The deductions by name, spelled out so that the catalogue check sees every key used. */
const DEDUCTION_NAMES: Record<TaxDeductionType, string> = {
  INCOME_EXPENSES_DEDUCTION: "adminTaxTables.deductions.INCOME_EXPENSES_DEDUCTION",
  BASIC_DEDUCTION: "adminTaxTables.deductions.BASIC_DEDUCTION",
  WORK_INCOME_DEDUCTION: "adminTaxTables.deductions.WORK_INCOME_DEDUCTION",
};

/** One line of the table: each of the three deductions, with its row of the year when there is one. */
type Entry = { deductionType: TaxDeductionType; row: TTaxpayerDeductionsTable | undefined };

/**
 * The year's three deductions (tulonhankkimisvähennys, perusvähennys, työtulovähennys), always all
 * three: one the year lacks is added from its line, the others are corrected in place.
 */
export function TaxpayerDeductions({ year }: { year: number }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const list = useTaxRows("taxpayer-deductions-table", { page: 1, limit: YEAR_PAGE_SIZE, year });
  const [editing, setEditing] = useState<Entry | null>(null);
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const entries: Entry[] | undefined = list.data
    ? TAX_DEDUCTION_TYPES.map((deductionType) => ({
        deductionType,
        row: list.data.items.find((r) => r.deductionType === deductionType),
      }))
    : undefined;
  const nameOf = (type: TaxDeductionType) => t(DEDUCTION_NAMES[type]);

  function openForm(entry: Entry) {
    status.clear();
    setEditing(entry);
  }

  /** "6,11 % of income above 25 000,00 €", with the second rate when there is one. */
  function phaseOut(r: TTaxpayerDeductionsTable): string {
    if (r.phaseOutStartCents == null || r.phaseOutPercent == null)
      return t("adminTaxTables.deductions.noPhaseOut");
    const first = t("adminTaxTables.deductions.phaseOutValue", {
      percent: display.percent(r.phaseOutPercent),
      start: display.money(r.phaseOutStartCents),
    });
    if (r.phaseOutEndCents == null || r.secondPhaseOutPercent == null) return first;
    return `${first}; ${t("adminTaxTables.deductions.phaseOutValue", {
      percent: display.percent(r.secondPhaseOutPercent),
      start: display.money(r.phaseOutEndCents),
    })}`;
  }

  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.deductions.title")}
      description={t("adminTaxTables.deductions.description", { year })}
    >
      <Stack gap="md">
        {status.element}
        <DataTable<Entry>
          label={t("adminTaxTables.deductions.title")}
          idAccessor="deductionType"
          records={entries}
          loading={list.isPending}
          fetching={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          empty={{ text: t("adminTaxTables.deductions.missing", { year }) }}
          page={1}
          pageSize={TAX_DEDUCTION_TYPES.length}
          totalRecords={TAX_DEDUCTION_TYPES.length}
          onPageChange={() => {}}
          columns={[
            {
              accessor: "deductionType",
              title: t("adminTaxTables.deductions.name"),
              render: (e) => (
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {nameOf(e.deductionType)}
                  </Text>
                  {e.row?.description && (
                    <Text size="sm" c="dimmed">
                      {e.row.description}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: "rate",
              title: t("adminTaxTables.deductions.rate"),
              textAlign: "right",
              render: (e) => (e.row ? display.percent(e.row.ratePercent) : "–"),
            },
            {
              accessor: "max",
              title: t("adminTaxTables.deductions.max"),
              textAlign: "right",
              render: (e) => (e.row ? display.money(e.row.maxDeductionCents) : "–"),
            },
            {
              accessor: "threshold",
              title: t("adminTaxTables.deductions.threshold"),
              textAlign: "right",
              render: (e) => (e.row ? display.money(e.row.incomeThresholdCents) : "–"),
            },
            {
              accessor: "phaseOut",
              title: t("adminTaxTables.deductions.phaseOut"),
              render: (e) => (e.row ? phaseOut(e.row) : "–"),
            },
            {
              accessor: "source",
              title: t("adminTaxTables.source"),
              render: (e) =>
                e.row ? (
                  <SourceCell source={e.row.source} confirmed={e.row.confirmed} />
                ) : (
                  <Text size="sm">{t("adminTaxTables.deductions.missing", { year })}</Text>
                ),
            },
            {
              accessor: "actions",
              title: t("adminTaxTables.actions"),
              render: (e) =>
                e.row ? (
                  <RowActions name={nameOf(e.deductionType)} onEdit={() => openForm(e)} />
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => openForm(e)}
                    aria-label={t("adminTaxTables.addNamed", { name: nameOf(e.deductionType) })}
                  >
                    {t("adminTaxTables.add")}
                  </Button>
                ),
            },
          ]}
        />
      </Stack>
      <EditorModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing
            ? t(editing.row ? "adminTaxTables.deductions.editTitle" : "adminTaxTables.deductions.addTitle", {
                name: nameOf(editing.deductionType),
                year,
              })
            : ""
        }
      >
        {editing !== null && (
          <TaxpayerDeductionForm
            year={year}
            deductionType={editing.deductionType}
            row={editing.row ?? null}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              status.success(t("adminTaxTables.saved", { name: nameOf(editing.deductionType) }));
            }}
          />
        )}
      </EditorModal>
    </SectionCard>
  );
}
