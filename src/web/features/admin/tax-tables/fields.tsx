import { Checkbox, TextInput, type TextInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FieldInputProps } from "../../../lib/contract-form.ts";

/**
 * The number fields of the reference-data forms (design.md "Forms": label, help as description,
 * required marker, the error under the field). They hold text, read on submit (number-text.ts); the
 * unit stands beside the value and is not read out twice.
 */

type NumberFieldProps = Omit<TextInputProps, "rightSection" | "inputMode"> & {
  /** What the number counts ("€", "%", "v"); none for a year. */
  unit?: string;
};

export function NumberField({ unit, ...rest }: NumberFieldProps) {
  return (
    <TextInput
      {...rest}
      inputMode={unit === "%" || unit === "€" ? "decimal" : "numeric"}
      autoComplete="off"
      {...(unit
        ? {
            rightSection: <span aria-hidden="true">{unit}</span>,
            rightSectionPointerEvents: "none" as const,
            rightSectionWidth: unit.length > 2 ? 48 : 32,
          }
        : {})}
    />
  );
}

type UnitlessProps = Omit<NumberFieldProps, "unit">;

/** A percentage 0–100 with at most two decimals. */
export function PercentField(props: UnitlessProps) {
  return <NumberField unit="%" {...props} />;
}

/** An age in whole years. */
export function AgeField(props: UnitlessProps) {
  const { t } = useTranslation();
  return <NumberField unit={t("adminTaxTables.form.yearsUnit")} {...props} />;
}

/** Where a row's values come from, and whether an authoritative source confirmed them (every tax table). */
export function SourceFields({
  source,
  confirmed,
}: {
  source: FieldInputProps;
  /** getInputProps("confirmed", { type: "checkbox" }) */
  confirmed: FieldInputProps;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t("adminTaxTables.form.source")}
        description={t("adminTaxTables.form.sourceHelp")}
        {...source}
      />
      <Checkbox
        label={t("adminTaxTables.form.confirmed")}
        description={t("adminTaxTables.form.confirmedHelp")}
        {...confirmed}
      />
    </>
  );
}
