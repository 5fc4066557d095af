import { Button, Group, NativeSelect, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TTaxTable } from "../../../../contract/tax-tables.ts";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { EditorModal } from "./editor-form.tsx";
import { MunicipalTaxRates } from "./municipal-tax-rates.tsx";
import { PayrollParameters } from "./payroll-parameters.tsx";
import { PayrollParametersForm } from "./payroll-parameters-form.tsx";
import { StateIncomeTaxScale } from "./state-income-tax-scale.tsx";
import { useTaxYears } from "./tax-tables-api.ts";
import { TaxpayerDeductions } from "./taxpayer-deductions.tsx";
import { VatRates } from "./vat-rates.tsx";

/** The year shown first: the one chosen, else the current calendar year, else the newest. */
function shownYear(years: readonly number[], chosen: number | null): number | null {
  if (chosen !== null && years.includes(chosen)) return chosen;
  const thisYear = new Date().getFullYear();
  return years.includes(thisYear) ? thisYear : (years[0] ?? null);
}

/**
 * The admin's Tax tables tab (SPEC §7 "Tax tables: full CRUD"): the calculator's tax data of one
 * year at a time, the years being those with payroll parameters. For the chosen year: the payroll
 * parameters, the state income tax scale, the three deductions and the municipal tax rates; every
 * row names its source and is marked when no authoritative source confirmed it, for the admin to
 * check and correct. A new year starts from its payroll parameters.
 */
export function TaxTablesTab() {
  const { t } = useTranslation();
  const list = useTaxYears();
  const [chosen, setChosen] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));

  const rows = list.data?.items ?? [];
  const years = [...new Set(rows.map((r) => r.year))].sort((a, b) => b - a);
  const year = shownYear(years, chosen);
  const row = rows.find((r) => r.year === year);
  const latest = rows.reduce<TTaxTable | null>((best, r) => (best && best.year >= r.year ? best : r), null);
  const suggestedYear = latest ? latest.year + 1 : new Date().getFullYear();

  function startAdding() {
    status.clear();
    setAdding(true);
  }

  let content: ReactNode;
  if (list.isPending) {
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
        action={<Button onClick={startAdding}>{t("adminTaxTables.addFirstYear")}</Button>}
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
            onChange={(event) => setChosen(Number(event.currentTarget.value))}
            data={years.map(String)}
            miw={160}
          />
          <Button variant="default" onClick={startAdding}>
            {t("adminTaxTables.addYear")}
          </Button>
        </Group>
        {row && <PayrollParameters key={`payroll-${year}`} row={row} />}
        <StateIncomeTaxScale key={`scale-${year}`} year={year} />
        <TaxpayerDeductions key={`deductions-${year}`} year={year} />
        <MunicipalTaxRates key={`municipal-${year}`} year={year} />
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
        opened={adding}
        onClose={() => setAdding(false)}
        size="xl"
        title={t("adminTaxTables.payroll.addTitle")}
      >
        {adding && (
          <PayrollParametersForm
            row={null}
            template={latest}
            newYear={suggestedYear}
            onCancel={() => setAdding(false)}
            onSaved={(saved) => {
              setAdding(false);
              setChosen(saved.year);
              status.success(t("adminTaxTables.yearAdded", { year: saved.year }));
            }}
          />
        )}
      </EditorModal>
    </Stack>
  );
}
