import { Fieldset, SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TTaxpayerDeductionsTable,
  zTaxpayerDeductionsTableInput,
} from "../../../../contract/tax-tables.ts";
import type { TaxDeductionType } from "../../../../domain/tax/tax-year.ts";
import { EuroInput } from "../../../components/euro-input.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm, isFieldRefusal } from "./editor-form.tsx";
import { AgeField, PercentField, SourceFields } from "./fields.tsx";
import { createReader, type Reader, tableChecks } from "./form-validation.ts";
import { centsToText, integerToText, percentToText } from "./number-text.ts";
import { useSaveTaxRow } from "./tax-tables-api.ts";

type Values = {
  description: string;
  ratePercent: string;
  maxDeductionCents: string;
  incomeThresholdCents: string;
  childAdditionCents: string;
  phaseOutStartCents: string;
  phaseOutPercent: string;
  phaseOutEndCents: string;
  secondPhaseOutPercent: string;
  seniorMaxDeductionCents: string;
  seniorFromAge: string;
  source: string;
  confirmed: boolean;
};

const buildBody = (year: number, deductionType: TaxDeductionType) => (v: Values, read: Reader) => ({
  year,
  deductionType,
  description: read.text("description", v.description) || null,
  ratePercent: read.percent("ratePercent", v.ratePercent),
  maxDeductionCents: read.euros("maxDeductionCents", v.maxDeductionCents),
  incomeThresholdCents: read.euros("incomeThresholdCents", v.incomeThresholdCents),
  childAdditionCents: read.euros("childAdditionCents", v.childAdditionCents),
  phaseOutStartCents: read.euros("phaseOutStartCents", v.phaseOutStartCents, false),
  phaseOutPercent: read.percent("phaseOutPercent", v.phaseOutPercent, false),
  phaseOutEndCents: read.euros("phaseOutEndCents", v.phaseOutEndCents, false),
  secondPhaseOutPercent: read.percent("secondPhaseOutPercent", v.secondPhaseOutPercent, false),
  seniorMaxDeductionCents: read.euros("seniorMaxDeductionCents", v.seniorMaxDeductionCents, false),
  seniorFromAge: read.age("seniorFromAge", v.seniorFromAge, false),
  source: read.text("source", v.source),
  confirmed: v.confirmed,
});

/** Sets one of the year's three deductions (/api/taxpayer-deductions-table): a new one, or a correction. */
export function TaxpayerDeductionForm({
  year,
  deductionType,
  row,
  onCancel,
  onSaved,
}: {
  year: number;
  deductionType: TaxDeductionType;
  row: TTaxpayerDeductionsTable | null;
  onCancel: () => void;
  onSaved: (saved: TTaxpayerDeductionsTable) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const save = useSaveTaxRow("taxpayer-deductions-table");
  const build = buildBody(year, deductionType);
  const form = useContractForm<Values>({
    initialValues: {
      description: row?.description ?? "",
      ratePercent: percentToText(row?.ratePercent, lang),
      maxDeductionCents: centsToText(row?.maxDeductionCents, lang),
      incomeThresholdCents: centsToText(row ? row.incomeThresholdCents : 0, lang),
      childAdditionCents: centsToText(row ? row.childAdditionCents : 0, lang),
      phaseOutStartCents: centsToText(row?.phaseOutStartCents, lang),
      phaseOutPercent: percentToText(row?.phaseOutPercent, lang),
      phaseOutEndCents: centsToText(row?.phaseOutEndCents, lang),
      secondPhaseOutPercent: percentToText(row?.secondPhaseOutPercent, lang),
      seniorMaxDeductionCents: centsToText(row?.seniorMaxDeductionCents, lang),
      seniorFromAge: integerToText(row?.seniorFromAge),
      source: row?.source ?? "",
      confirmed: row?.confirmed ?? false,
    },
    schema: zTaxpayerDeductionsTableInput,
    ...tableChecks(build, t),
  });
  const errorSummary = useFormErrorSummary(form);

  function submit(values: Values) {
    const body = zTaxpayerDeductionsTableInput.parse(build(values, createReader(t)));
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

  return (
    <EditorForm
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.error}
      conflictText={t("adminTaxTables.deductions.conflict", { year })}
      summary={errorSummary.summary}
    >
      <Fieldset legend={t("adminTaxTables.deductions.amountGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.deductions.rate")}
            description={t("adminTaxTables.deductions.rateHelp")}
            required
            {...form.getInputProps("ratePercent")}
          />
          <EuroInput
            label={t("adminTaxTables.deductions.max")}
            description={t("adminTaxTables.deductions.maxHelp")}
            required
            {...form.getInputProps("maxDeductionCents")}
          />
          <EuroInput
            label={t("adminTaxTables.deductions.threshold")}
            description={t("adminTaxTables.deductions.thresholdHelp")}
            required
            {...form.getInputProps("incomeThresholdCents")}
          />
          <EuroInput
            label={t("adminTaxTables.deductions.childAddition")}
            description={t("adminTaxTables.deductions.childAdditionHelp")}
            required
            {...form.getInputProps("childAdditionCents")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.deductions.phaseOutGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EuroInput
            label={t("adminTaxTables.deductions.phaseOutStart")}
            description={t("adminTaxTables.deductions.phaseOutStartHelp")}
            {...form.getInputProps("phaseOutStartCents")}
          />
          <PercentField
            label={t("adminTaxTables.deductions.phaseOutPercent")}
            description={t("adminTaxTables.deductions.phaseOutPercentHelp")}
            {...form.getInputProps("phaseOutPercent")}
          />
          <EuroInput
            label={t("adminTaxTables.deductions.phaseOutEnd")}
            description={t("adminTaxTables.deductions.phaseOutEndHelp")}
            {...form.getInputProps("phaseOutEndCents")}
          />
          <PercentField
            label={t("adminTaxTables.deductions.secondPhaseOutPercent")}
            description={t("adminTaxTables.deductions.secondPhaseOutPercentHelp")}
            {...form.getInputProps("secondPhaseOutPercent")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.deductions.seniorGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EuroInput
            label={t("adminTaxTables.deductions.seniorMax")}
            description={t("adminTaxTables.deductions.seniorMaxHelp")}
            {...form.getInputProps("seniorMaxDeductionCents")}
          />
          <AgeField
            label={t("adminTaxTables.deductions.seniorFromAge")}
            description={t("adminTaxTables.deductions.seniorFromAgeHelp")}
            {...form.getInputProps("seniorFromAge")}
          />
        </SimpleGrid>
      </Fieldset>
      <TextInput
        label={t("adminTaxTables.deductions.note")}
        description={t("adminTaxTables.deductions.noteHelp")}
        {...form.getInputProps("description")}
      />
      <SourceFields
        source={form.getInputProps("source")}
        confirmed={form.getInputProps("confirmed", { type: "checkbox" })}
      />
    </EditorForm>
  );
}
