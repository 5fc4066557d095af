import { Fieldset, SimpleGrid } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TTaxTable, zTaxTableInput } from "../../../../contract/tax-tables.ts";
import { DateField } from "../../../components/date-field.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm, isFieldRefusal } from "./editor-form.tsx";
import { AgeField, NumberField, PercentField, SourceFields } from "./fields.tsx";
import { createReader, type Reader, tableChecks } from "./form-validation.ts";
import { centsToText, integerToText, percentToText } from "./number-text.ts";
import { useSaveTaxRow } from "./tax-tables-api.ts";

type Values = {
  year: string;
  employeePensionPercent: string;
  pensionFromAge: string;
  pensionToAge: string;
  olderEmployeePensionPercent: string;
  olderPensionFromAge: string;
  olderPensionToAge: string;
  unemploymentInsurancePercent: string;
  unemploymentFromAge: string;
  unemploymentToAge: string;
  healthInsuranceDailyAllowancePercent: string;
  dailyAllowanceThresholdCents: string;
  dailyAllowanceFromAge: string;
  dailyAllowanceToAge: string;
  healthInsuranceMedicalCarePercent: string;
  broadcastingTaxPercent: string;
  broadcastingTaxThresholdCents: string;
  broadcastingTaxMaxCents: string;
  broadcastingTaxFromAge: string;
  bikeBenefitTaxFreeLimitCents: string;
  bikeBenefitGrandfatheredLimitCents: string;
  bikeBenefitGrandfatheredUntil: string;
  taxFreeBenefitsSharedLimitCents: string;
  averageMunicipalTaxPercent: string;
  source: string;
  confirmed: boolean;
};

type Field = keyof Values;

function buildBody(v: Values, read: Reader) {
  return {
    year: read.year("year", v.year),
    employeePensionPercent: read.percent("employeePensionPercent", v.employeePensionPercent),
    pensionFromAge: read.age("pensionFromAge", v.pensionFromAge),
    pensionToAge: read.age("pensionToAge", v.pensionToAge),
    olderEmployeePensionPercent: read.percent(
      "olderEmployeePensionPercent",
      v.olderEmployeePensionPercent,
      false,
    ),
    olderPensionFromAge: read.age("olderPensionFromAge", v.olderPensionFromAge, false),
    olderPensionToAge: read.age("olderPensionToAge", v.olderPensionToAge, false),
    unemploymentInsurancePercent: read.percent(
      "unemploymentInsurancePercent",
      v.unemploymentInsurancePercent,
    ),
    unemploymentFromAge: read.age("unemploymentFromAge", v.unemploymentFromAge),
    unemploymentToAge: read.age("unemploymentToAge", v.unemploymentToAge),
    healthInsuranceDailyAllowancePercent: read.percent(
      "healthInsuranceDailyAllowancePercent",
      v.healthInsuranceDailyAllowancePercent,
    ),
    dailyAllowanceThresholdCents: read.euros("dailyAllowanceThresholdCents", v.dailyAllowanceThresholdCents),
    dailyAllowanceFromAge: read.age("dailyAllowanceFromAge", v.dailyAllowanceFromAge),
    dailyAllowanceToAge: read.age("dailyAllowanceToAge", v.dailyAllowanceToAge),
    healthInsuranceMedicalCarePercent: read.percent(
      "healthInsuranceMedicalCarePercent",
      v.healthInsuranceMedicalCarePercent,
    ),
    broadcastingTaxPercent: read.percent("broadcastingTaxPercent", v.broadcastingTaxPercent),
    broadcastingTaxThresholdCents: read.euros(
      "broadcastingTaxThresholdCents",
      v.broadcastingTaxThresholdCents,
    ),
    broadcastingTaxMaxCents: read.euros("broadcastingTaxMaxCents", v.broadcastingTaxMaxCents),
    broadcastingTaxFromAge: read.age("broadcastingTaxFromAge", v.broadcastingTaxFromAge),
    bikeBenefitTaxFreeLimitCents: read.euros("bikeBenefitTaxFreeLimitCents", v.bikeBenefitTaxFreeLimitCents),
    bikeBenefitGrandfatheredLimitCents: read.euros(
      "bikeBenefitGrandfatheredLimitCents",
      v.bikeBenefitGrandfatheredLimitCents,
    ),
    bikeBenefitGrandfatheredUntil: v.bikeBenefitGrandfatheredUntil.trim() || null,
    taxFreeBenefitsSharedLimitCents: read.euros(
      "taxFreeBenefitsSharedLimitCents",
      v.taxFreeBenefitsSharedLimitCents,
    ),
    averageMunicipalTaxPercent: read.percent(
      "averageMunicipalTaxPercent",
      v.averageMunicipalTaxPercent,
      false,
    ),
    source: read.text("source", v.source),
    confirmed: v.confirmed,
  };
}

/** The form's values from a row: the row itself (edit), or a template for a new year (its values, unconfirmed). */
function initialValues(
  row: TTaxTable | null,
  year: number | null,
  lang: Parameters<typeof centsToText>[1],
): Values {
  // A sum as the field holds it for editing, not as a screen shows it.
  const fieldText = (cents: number | undefined) => centsToText(cents, lang);
  const percent = (value: number | null | undefined) => percentToText(value, lang);
  return {
    year: year === null ? "" : String(year),
    employeePensionPercent: percent(row?.employeePensionPercent),
    pensionFromAge: integerToText(row?.pensionFromAge ?? 17),
    pensionToAge: integerToText(row?.pensionToAge ?? 67),
    olderEmployeePensionPercent: percent(row?.olderEmployeePensionPercent),
    olderPensionFromAge: integerToText(row?.olderPensionFromAge),
    olderPensionToAge: integerToText(row?.olderPensionToAge),
    unemploymentInsurancePercent: percent(row?.unemploymentInsurancePercent),
    unemploymentFromAge: integerToText(row?.unemploymentFromAge ?? 18),
    unemploymentToAge: integerToText(row?.unemploymentToAge ?? 64),
    healthInsuranceDailyAllowancePercent: percent(row?.healthInsuranceDailyAllowancePercent),
    dailyAllowanceThresholdCents: fieldText(row?.dailyAllowanceThresholdCents ?? 0),
    dailyAllowanceFromAge: integerToText(row?.dailyAllowanceFromAge ?? 16),
    dailyAllowanceToAge: integerToText(row?.dailyAllowanceToAge ?? 67),
    healthInsuranceMedicalCarePercent: percent(row?.healthInsuranceMedicalCarePercent),
    broadcastingTaxPercent: percent(row?.broadcastingTaxPercent ?? 0),
    broadcastingTaxThresholdCents: fieldText(row?.broadcastingTaxThresholdCents ?? 0),
    broadcastingTaxMaxCents: fieldText(row?.broadcastingTaxMaxCents ?? 0),
    broadcastingTaxFromAge: integerToText(row?.broadcastingTaxFromAge ?? 18),
    bikeBenefitTaxFreeLimitCents: fieldText(row?.bikeBenefitTaxFreeLimitCents ?? 0),
    bikeBenefitGrandfatheredLimitCents: fieldText(row?.bikeBenefitGrandfatheredLimitCents ?? 0),
    bikeBenefitGrandfatheredUntil: row?.bikeBenefitGrandfatheredUntil ?? "",
    taxFreeBenefitsSharedLimitCents: fieldText(row?.taxFreeBenefitsSharedLimitCents ?? 0),
    averageMunicipalTaxPercent: percent(row?.averageMunicipalTaxPercent),
    source: row?.year === year ? row.source : "",
    confirmed: row?.year === year ? row.confirmed : false,
  };
}

/**
 * A year's payroll parameters (/api/tax-table): the employee's contributions with their age bands,
 * the Yle tax and the bike benefit's tax-free limits. Editing corrects the year's row; adding a year
 * starts from the `template` row's values, unconfirmed and without a source, for the admin to check.
 */
export function PayrollParametersForm({
  row,
  template,
  newYear,
  onCancel,
  onSaved,
}: {
  /** The row being corrected; null when adding a year. */
  row: TTaxTable | null;
  /** Adding: the values to start from (the latest year's), if any. */
  template?: TTaxTable | null;
  /** Adding: the year suggested. */
  newYear?: number;
  onCancel: () => void;
  onSaved: (saved: TTaxTable) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const save = useSaveTaxRow("tax-table");
  const form = useContractForm<Values>({
    initialValues: row
      ? initialValues(row, row.year, lang)
      : initialValues(template ?? null, newYear ?? null, lang),
    schema: zTaxTableInput,
    ...tableChecks(buildBody, t),
  });
  const errorSummary = useFormErrorSummary(form);
  const field = (name: Field) => form.getInputProps(name);

  function submit(values: Values) {
    const body = zTaxTableInput.parse(
      buildBody(row ? { ...values, year: String(row.year) } : values, createReader(t)),
    );
    mutateThen(
      save,
      { id: row?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          form.setServerErrors(error);
          if (isFieldRefusal(error)) errorSummary.show();
        },
      },
    );
  }

  const year = form.getValues().year.trim();
  return (
    <EditorForm
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.error}
      conflictText={t("adminTaxTables.payroll.conflict", { year })}
      summary={errorSummary.summary}
    >
      {!row && (
        <NumberField
          label={t("adminTaxTables.year")}
          description={t("adminTaxTables.payroll.yearHelp")}
          required
          maw={200}
          {...field("year")}
        />
      )}
      <Fieldset legend={t("adminTaxTables.payroll.pensionGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.payroll.employeePension")}
            description={t("adminTaxTables.payroll.employeePensionHelp")}
            required
            {...field("employeePensionPercent")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.pensionFromAge")}
            required
            {...field("pensionFromAge")}
          />
          <AgeField label={t("adminTaxTables.payroll.pensionToAge")} required {...field("pensionToAge")} />
          <PercentField
            label={t("adminTaxTables.payroll.olderPension")}
            description={t("adminTaxTables.payroll.olderPensionHelp")}
            {...field("olderEmployeePensionPercent")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.olderPensionFromAge")}
            {...field("olderPensionFromAge")}
          />
          <AgeField label={t("adminTaxTables.payroll.olderPensionToAge")} {...field("olderPensionToAge")} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.payroll.unemploymentGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.payroll.unemployment")}
            description={t("adminTaxTables.payroll.unemploymentHelp")}
            required
            {...field("unemploymentInsurancePercent")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.unemploymentFromAge")}
            required
            {...field("unemploymentFromAge")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.unemploymentToAge")}
            required
            {...field("unemploymentToAge")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.payroll.healthGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.payroll.dailyAllowance")}
            description={t("adminTaxTables.payroll.dailyAllowanceHelp")}
            required
            {...field("healthInsuranceDailyAllowancePercent")}
          />
          <EuroInput
            label={t("adminTaxTables.payroll.dailyAllowanceThreshold")}
            description={t("adminTaxTables.payroll.dailyAllowanceThresholdHelp")}
            required
            {...field("dailyAllowanceThresholdCents")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.dailyAllowanceFromAge")}
            required
            {...field("dailyAllowanceFromAge")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.dailyAllowanceToAge")}
            required
            {...field("dailyAllowanceToAge")}
          />
          <PercentField
            label={t("adminTaxTables.payroll.medicalCare")}
            description={t("adminTaxTables.payroll.medicalCareHelp")}
            required
            {...field("healthInsuranceMedicalCarePercent")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.payroll.broadcastingGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.payroll.broadcasting")}
            description={t("adminTaxTables.payroll.broadcastingHelp")}
            required
            {...field("broadcastingTaxPercent")}
          />
          <EuroInput
            label={t("adminTaxTables.payroll.broadcastingThreshold")}
            description={t("adminTaxTables.payroll.broadcastingThresholdHelp")}
            required
            {...field("broadcastingTaxThresholdCents")}
          />
          <EuroInput
            label={t("adminTaxTables.payroll.broadcastingMax")}
            required
            {...field("broadcastingTaxMaxCents")}
          />
          <AgeField
            label={t("adminTaxTables.payroll.broadcastingFromAge")}
            required
            {...field("broadcastingTaxFromAge")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.payroll.bikeGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EuroInput
            label={t("adminTaxTables.payroll.bikeLimit")}
            description={t("adminTaxTables.payroll.bikeLimitHelp")}
            required
            {...field("bikeBenefitTaxFreeLimitCents")}
          />
          <EuroInput
            label={t("adminTaxTables.payroll.sharedLimit")}
            description={t("adminTaxTables.payroll.sharedLimitHelp")}
            required
            {...field("taxFreeBenefitsSharedLimitCents")}
          />
          <EuroInput
            label={t("adminTaxTables.payroll.grandfatheredLimit")}
            description={t("adminTaxTables.payroll.grandfatheredLimitHelp")}
            required
            {...field("bikeBenefitGrandfatheredLimitCents")}
          />
          <DateField
            label={t("adminTaxTables.payroll.grandfatheredUntil")}
            description={t("adminTaxTables.payroll.grandfatheredUntilHelp")}
            {...field("bikeBenefitGrandfatheredUntil")}
          />
        </SimpleGrid>
      </Fieldset>
      <PercentField
        label={t("adminTaxTables.payroll.averageMunicipal")}
        description={t("adminTaxTables.payroll.averageMunicipalHelp")}
        {...field("averageMunicipalTaxPercent")}
      />
      <SourceFields
        source={field("source")}
        confirmed={form.getInputProps("confirmed", { type: "checkbox" })}
      />
    </EditorForm>
  );
}
