import { Button, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TTaxTable } from "../../../../contract/tax-tables.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { ConfirmationBadge } from "./badges.tsx";
import { useDisplay } from "./display-format.ts";
import { EditorModal } from "./editor-form.tsx";
import { PayrollParametersForm } from "./payroll-parameters-form.tsx";

/** The year's payroll parameters (the tax-table row) as details, with Edit opening the form. */
export function PayrollParameters({ row }: { row: TTaxTable }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const [editing, setEditing] = useState(false);
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const rateAges = (rate: number, from: number, to: number) =>
    t("adminTaxTables.payroll.rateAges", { rate: display.percent(rate), from, to });
  const age = (value: number) => t("adminTaxTables.payroll.age", { age: value });

  const items = [
    {
      label: t("adminTaxTables.payroll.employeePension"),
      value: rateAges(row.employeePensionPercent, row.pensionFromAge, row.pensionToAge),
    },
    {
      label: t("adminTaxTables.payroll.olderPension"),
      value:
        row.olderEmployeePensionPercent != null &&
        row.olderPensionFromAge != null &&
        row.olderPensionToAge != null
          ? rateAges(row.olderEmployeePensionPercent, row.olderPensionFromAge, row.olderPensionToAge)
          : null,
    },
    {
      label: t("adminTaxTables.payroll.unemployment"),
      value: rateAges(row.unemploymentInsurancePercent, row.unemploymentFromAge, row.unemploymentToAge),
    },
    {
      label: t("adminTaxTables.payroll.dailyAllowance"),
      value: rateAges(
        row.healthInsuranceDailyAllowancePercent,
        row.dailyAllowanceFromAge,
        row.dailyAllowanceToAge,
      ),
    },
    {
      label: t("adminTaxTables.payroll.dailyAllowanceThreshold"),
      value: display.money(row.dailyAllowanceThresholdCents),
    },
    {
      label: t("adminTaxTables.payroll.medicalCare"),
      value: display.percent(row.healthInsuranceMedicalCarePercent),
    },
    { label: t("adminTaxTables.payroll.broadcasting"), value: display.percent(row.broadcastingTaxPercent) },
    {
      label: t("adminTaxTables.payroll.broadcastingThreshold"),
      value: display.money(row.broadcastingTaxThresholdCents),
    },
    { label: t("adminTaxTables.payroll.broadcastingMax"), value: display.money(row.broadcastingTaxMaxCents) },
    { label: t("adminTaxTables.payroll.broadcastingFromAge"), value: age(row.broadcastingTaxFromAge) },
    { label: t("adminTaxTables.payroll.bikeLimit"), value: display.money(row.bikeBenefitTaxFreeLimitCents) },
    {
      label: t("adminTaxTables.payroll.sharedLimit"),
      value: display.money(row.taxFreeBenefitsSharedLimitCents),
    },
    {
      label: t("adminTaxTables.payroll.grandfatheredLimit"),
      value: display.money(row.bikeBenefitGrandfatheredLimitCents),
    },
    {
      label: t("adminTaxTables.payroll.grandfatheredUntil"),
      value: display.date(row.bikeBenefitGrandfatheredUntil),
    },
    {
      label: t("adminTaxTables.payroll.averageMunicipal"),
      value: row.averageMunicipalTaxPercent === null ? "–" : display.percent(row.averageMunicipalTaxPercent),
    },
    { label: t("adminTaxTables.source"), value: row.source },
    {
      label: t("adminTaxTables.state"),
      value: <ConfirmationBadge confirmed={row.confirmed} showConfirmed />,
    },
  ];

  return (
    <SectionCard
      headingOrder={3}
      title={t("adminTaxTables.payroll.title")}
      description={t("adminTaxTables.payroll.description", { year: row.year })}
      actions={
        <Button
          variant="light"
          onClick={() => {
            status.clear();
            setEditing(true);
          }}
        >
          {t("adminTaxTables.payroll.edit")}
        </Button>
      }
    >
      <Stack gap="md">
        {status.element}
        <DetailsList items={items} />
      </Stack>
      <EditorModal
        opened={editing}
        onClose={() => setEditing(false)}
        size="xl"
        title={t("adminTaxTables.payroll.editTitle", { year: row.year })}
      >
        {editing && (
          <PayrollParametersForm
            row={row}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              status.success(t("adminTaxTables.saved", { name: t("adminTaxTables.payroll.title") }));
            }}
          />
        )}
      </EditorModal>
    </SectionCard>
  );
}
