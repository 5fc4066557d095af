import { TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { type TProvinceTaxTable, zProvinceTaxTableInput } from "../../../../contract/tax-tables.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm } from "./editor-form.tsx";
import { PercentField, SourceFields } from "./fields.tsx";
import { createReader, type Reader, tableServerErrors, validateWith } from "./form-validation.ts";
import { percentToText } from "./number-text.ts";
import { useSaveTaxRow } from "./tax-tables-api.ts";

type Values = {
  provinceName: string;
  municipalTaxPercent: string;
  churchTaxPercent: string;
  source: string;
  confirmed: boolean;
};

const buildBody = (year: number) => (v: Values, read: Reader) => ({
  year,
  provinceName: read.text("provinceName", v.provinceName, true),
  municipalTaxPercent: read.percent("municipalTaxPercent", v.municipalTaxPercent),
  churchTaxPercent: read.percent("churchTaxPercent", v.churchTaxPercent, false),
  source: read.text("source", v.source),
  confirmed: v.confirmed,
});

/** Adds a municipality's tax rate for the year, or corrects one (POST / PUT /api/province-tax-table). */
export function MunicipalTaxRateForm({
  year,
  row,
  onCancel,
  onSaved,
}: {
  year: number;
  row: TProvinceTaxTable | null;
  onCancel: () => void;
  onSaved: (saved: TProvinceTaxTable) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const save = useSaveTaxRow("province-tax-table");
  const build = buildBody(year);
  const form = useForm<Values>({
    initialValues: {
      provinceName: row?.provinceName ?? "",
      municipalTaxPercent: percentToText(row?.municipalTaxPercent, lang),
      churchTaxPercent: percentToText(row?.churchTaxPercent, lang),
      source: row?.source ?? "",
      confirmed: row?.confirmed ?? false,
    },
    validate: validateWith(build, zProvinceTaxTableInput, t),
  });

  function submit(values: Values) {
    const body = zProvinceTaxTableInput.parse(build(values, createReader(t)));
    mutateThen(
      save,
      { id: row?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => form.setErrors(tableServerErrors(error, form.getValues(), t)),
      },
    );
  }

  const name = form.getValues().provinceName.trim();
  return (
    <EditorForm
      onSubmit={form.onSubmit(submit)}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.error}
      conflictText={t("adminTaxTables.municipal.conflict", { name, year })}
    >
      <TextInput
        label={t("adminTaxTables.municipal.name")}
        description={t("adminTaxTables.municipal.nameHelp")}
        required
        {...form.getInputProps("provinceName")}
      />
      <PercentField
        label={t("adminTaxTables.municipal.municipalTax")}
        description={t("adminTaxTables.municipal.municipalTaxHelp")}
        required
        {...form.getInputProps("municipalTaxPercent")}
      />
      <PercentField
        label={t("adminTaxTables.municipal.churchTax")}
        description={t("adminTaxTables.municipal.churchTaxHelp")}
        {...form.getInputProps("churchTaxPercent")}
      />
      <SourceFields
        source={form.getInputProps("source")}
        confirmed={form.getInputProps("confirmed", { type: "checkbox" })}
      />
    </EditorForm>
  );
}
