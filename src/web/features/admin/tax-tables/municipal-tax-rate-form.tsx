import { Checkbox, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TProvinceTaxTable, zProvinceTaxTableInput } from "../../../../contract/tax-tables.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm } from "./editor-form.tsx";
import { PercentField, SourceFields } from "./fields.tsx";
import { createReader, type Reader, tableChecks } from "./form-validation.ts";
import { percentToText } from "./number-text.ts";
import { useSaveTaxRow } from "./tax-tables-api.ts";

type Values = {
  provinceName: string;
  provinceNameSv: string;
  municipalityCode: string;
  municipalTaxPercent: string;
  churchTaxPercent: string;
  orthodoxChurchTaxPercent: string;
  aland: boolean;
  source: string;
  confirmed: boolean;
};

const buildBody = (year: number) => (v: Values, read: Reader) => ({
  year,
  provinceName: read.text("provinceName", v.provinceName, true),
  provinceNameSv: v.provinceNameSv.trim() || null,
  municipalityCode: v.municipalityCode.trim() || null,
  municipalTaxPercent: read.percent("municipalTaxPercent", v.municipalTaxPercent),
  churchTaxPercent: read.percent("churchTaxPercent", v.churchTaxPercent, false),
  orthodoxChurchTaxPercent: read.percent("orthodoxChurchTaxPercent", v.orthodoxChurchTaxPercent, false),
  aland: v.aland,
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
  const form = useContractForm<Values>({
    initialValues: {
      provinceName: row?.provinceName ?? "",
      provinceNameSv: row?.provinceNameSv ?? "",
      municipalityCode: row?.municipalityCode ?? "",
      municipalTaxPercent: percentToText(row?.municipalTaxPercent, lang),
      churchTaxPercent: percentToText(row?.churchTaxPercent, lang),
      orthodoxChurchTaxPercent: percentToText(row?.orthodoxChurchTaxPercent, lang),
      aland: row?.aland ?? false,
      source: row?.source ?? "",
      confirmed: row?.confirmed ?? false,
    },
    schema: zProvinceTaxTableInput,
    ...tableChecks(build, t),
  });

  function submit(values: Values) {
    const body = zProvinceTaxTableInput.parse(build(values, createReader(t)));
    mutateThen(
      save,
      { id: row?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => form.setServerErrors(error),
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
      <TextInput
        label={t("adminTaxTables.municipal.nameSv")}
        description={t("adminTaxTables.municipal.nameSvHelp")}
        {...form.getInputProps("provinceNameSv")}
      />
      <TextInput
        label={t("adminTaxTables.municipal.code")}
        description={t("adminTaxTables.municipal.codeHelp")}
        inputMode="numeric"
        {...form.getInputProps("municipalityCode")}
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
      <PercentField
        label={t("adminTaxTables.municipal.orthodoxTax")}
        description={t("adminTaxTables.municipal.orthodoxTaxHelp")}
        {...form.getInputProps("orthodoxChurchTaxPercent")}
      />
      <Checkbox
        label={t("adminTaxTables.municipal.aland")}
        description={t("adminTaxTables.municipal.alandHelp")}
        {...form.getInputProps("aland", { type: "checkbox" })}
      />
      <SourceFields
        source={form.getInputProps("source")}
        confirmed={form.getInputProps("confirmed", { type: "checkbox" })}
      />
    </EditorForm>
  );
}
