import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TMunicipalRateImportResult } from "../../../../contract/municipal-rate-import.ts";
import type { TTaxTable } from "../../../../contract/tax-tables.ts";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { useFilterParams } from "../../../lib/filter-params.ts";
import { EditorModal } from "./editor-form.tsx";
import { MunicipalTaxRates } from "./municipal-tax-rates.tsx";
import { PayrollParameters } from "./payroll-parameters.tsx";
import { PayrollParametersForm } from "./payroll-parameters-form.tsx";
import { StateIncomeTaxScale } from "./state-income-tax-scale.tsx";
import { useMunicipalRateYears, useTaxYears } from "./tax-tables-api.ts";
import { TaxpayerDeductions } from "./taxpayer-deductions.tsx";
import { VatRates } from "./vat-rates.tsx";

/** The year shown first: the one chosen, else the current calendar year, else the newest. */
function shownYear(years: readonly number[], chosen: number | null): number | null {
  if (chosen !== null && years.includes(chosen)) return chosen;
  const thisYear = new Date().getFullYear();
  return years.includes(thisYear) ? thisYear : (years[0] ?? null);
}

/**
 * The admin's Tax tables tab (docs/api-surface.md "Tax tables: full CRUD"): the calculator's tax data of one
 * year at a time (the year in the address), the years being those with payroll parameters or municipal
 * rates (a year's list of municipal rates is often imported before its payroll parameters are known).
 * For the chosen year: the payroll parameters, the state income tax scale, the three deductions and
 * the municipal tax rates; every row names its source and is marked when no authoritative source
 * confirmed it, for the admin to check and correct. A new year starts from its payroll parameters or
 * from the import of its municipal rates.
 */
export function TaxTablesTab() {
  const { t } = useTranslation();
  const list = useTaxYears();
  const municipalYears = useMunicipalRateYears();
  const { params, update } = useFilterParams<"year">();
  const chosen = Number(params.get("year")) || null;
  const [adding, setAdding] = useState<number | null>(null);
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));

  const rows = list.data?.items ?? [];
  const years = [
    ...new Set([...rows.map((r) => r.year), ...(municipalYears.data?.items ?? []).map((y) => y.year)]),
  ].sort((a, b) => b - a);
  const year = shownYear(years, chosen);
  const row = rows.find((r) => r.year === year);
  const latest = rows.reduce<TTaxTable | null>((best, r) => (best && best.year >= r.year ? best : r), null);
  const suggestedYear = latest ? latest.year + 1 : new Date().getFullYear();
  const choose = (next: number) => update({ year: String(next) });

  function startAdding(newYear = suggestedYear) {
    status.clear();
    setAdding(newYear);
  }

  function imported(result: TMunicipalRateImportResult) {
    choose(result.year);
    status.success(t("adminTaxTables.import.done", { year: result.year, count: result.written }));
  }

  let content: ReactNode;
  if (list.isPending || municipalYears.isPending) {
    content = (
      <div aria-busy="true">
        <VisuallyHidden role="status">{t("ds.table.loading")}</VisuallyHidden>
        <Skeleton height={240} radius="md" />
      </div>
    );
  } else if (list.isError) {
    content = (
      <EmptyState
        icon={<AlertIcon size={24} />}
        text={<span role="alert">{t("adminTaxTables.loadError")}</span>}
        action={
          <Button variant="default" onClick={() => void list.refetch()}>
            {t("ds.table.retry")}
          </Button>
        }
      />
    );
  } else if (year === null) {
    content = (
      <EmptyState
        text={t("adminTaxTables.noYears")}
        action={<Button onClick={() => startAdding()}>{t("adminTaxTables.addFirstYear")}</Button>}
      />
    );
  } else {
    content = (
      <>
        <Group align="end" gap="md" wrap="wrap">
          <NativeSelect
            label={t("adminTaxTables.year")}
            description={t("adminTaxTables.yearHelp")}
            value={String(year)}
            onChange={(event) => choose(Number(event.currentTarget.value))}
            data={years.map(String)}
            miw={160}
          />
          <Button variant="default" onClick={() => startAdding()}>
            {t("adminTaxTables.addYear")}
          </Button>
        </Group>
        {row ? (
          <PayrollParameters key={`payroll-${year}`} row={row} />
        ) : (
          <Alert color="yellow" variant="light">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("adminTaxTables.payrollMissing", { year })}</Text>
              <Button variant="default" size="xs" onClick={() => startAdding(year)}>
                {t("adminTaxTables.addPayrollFor", { year })}
              </Button>
            </Stack>
          </Alert>
        )}
        <StateIncomeTaxScale key={`scale-${year}`} year={year} />
        <TaxpayerDeductions key={`deductions-${year}`} year={year} />
        <MunicipalTaxRates key={`municipal-${year}`} year={year} onImported={imported} />
        <VatRates />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} size="h3">
          {t("adminTaxTables.title")}
        </Title>
        <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
          {t("adminTaxTables.intro")}
        </Text>
      </div>
      {status.element}
      {content}
      <EditorModal
        opened={adding !== null}
        onClose={() => setAdding(null)}
        size="xl"
        title={t("adminTaxTables.payroll.addTitle")}
      >
        {adding !== null && (
          <PayrollParametersForm
            row={null}
            template={latest}
            newYear={adding}
            onCancel={() => setAdding(null)}
            onSaved={(saved) => {
              setAdding(null);
              choose(saved.year);
              status.success(t("adminTaxTables.yearAdded", { year: saved.year }));
            }}
          />
        )}
      </EditorModal>
    </Stack>
  );
}
