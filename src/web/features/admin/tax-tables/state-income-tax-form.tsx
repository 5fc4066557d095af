import { useTranslation } from "react-i18next";
import { type TStateIncomeTaxTable, zStateIncomeTaxTableInput } from "../../../../contract/tax-tables.ts";
import { EuroInput } from "../../../components/euro-input.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm } from "./editor-form.tsx";
import { PercentField, SourceFields } from "./fields.tsx";
import { createReader, type Reader, tableChecks } from "./form-validation.ts";
import { centsToText, percentToText } from "./number-text.ts";
import { useSaveTaxRow } from "./tax-tables-api.ts";

type Values = {
  lowerLimitCents: string;
  upperLimitCents: string;
  baseTaxCents: string;
  marginalPercent: string;
  source: string;
  confirmed: boolean;
};

const buildBody = (year: number) => (v: Values, read: Reader) => ({
  year,
  lowerLimitCents: read.euros("lowerLimitCents", v.lowerLimitCents),
  upperLimitCents: read.euros("upperLimitCents", v.upperLimitCents, false),
  baseTaxCents: read.euros("baseTaxCents", v.baseTaxCents),
  marginalPercent: read.percent("marginalPercent", v.marginalPercent),
  source: read.text("source", v.source),
  confirmed: v.confirmed,
});

/** Adds a bracket to the year's state income tax scale, or corrects one (/api/state-income-tax-table). */
export function StateIncomeTaxForm({
  year,
  row,
  onCancel,
  onSaved,
}: {
  year: number;
  row: TStateIncomeTaxTable | null;
  onCancel: () => void;
  onSaved: (saved: TStateIncomeTaxTable) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const save = useSaveTaxRow("state-income-tax-table");
  const build = buildBody(year);
  const form = useContractForm<Values>({
    initialValues: {
      lowerLimitCents: centsToText(row?.lowerLimitCents, lang),
      upperLimitCents: centsToText(row?.upperLimitCents, lang),
      baseTaxCents: centsToText(row?.baseTaxCents ?? (row ? null : 0), lang),
      marginalPercent: percentToText(row?.marginalPercent, lang),
      source: row?.source ?? "",
      confirmed: row?.confirmed ?? false,
    },
    schema: zStateIncomeTaxTableInput,
    ...tableChecks(build, t),
  });

  function submit(values: Values) {
    const body = zStateIncomeTaxTableInput.parse(build(values, createReader(t)));
    mutateThen(
      save,
      { id: row?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => form.setServerErrors(error),
      },
    );
  }

  return (
    <EditorForm
      onSubmit={form.onSubmit(submit)}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.error}
      conflictText={t("adminTaxTables.scale.conflict", { year })}
    >
      <EuroInput
        label={t("adminTaxTables.scale.lowerLimit")}
        description={t("adminTaxTables.scale.lowerLimitHelp")}
        required
        {...form.getInputProps("lowerLimitCents")}
      />
      <EuroInput
        label={t("adminTaxTables.scale.upperLimit")}
        description={t("adminTaxTables.scale.upperLimitHelp")}
        {...form.getInputProps("upperLimitCents")}
      />
      <EuroInput
        label={t("adminTaxTables.scale.baseTax")}
        description={t("adminTaxTables.scale.baseTaxHelp")}
        required
        {...form.getInputProps("baseTaxCents")}
      />
      <PercentField
        label={t("adminTaxTables.scale.marginal")}
        description={t("adminTaxTables.scale.marginalHelp")}
        required
        {...form.getInputProps("marginalPercent")}
      />
      <SourceFields
        source={form.getInputProps("source")}
        confirmed={form.getInputProps("confirmed", { type: "checkbox" })}
      />
    </EditorForm>
  );
}
