import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Amount } from "./calculator-form.ts";

type AmountInputProps = Omit<NumberInputProps, "value" | "onChange" | "decimalScale"> & {
  value: Amount;
  onChange: (value: Amount) => void;
  /** Decimals allowed: 2 for euros, 0 for months and years. */
  decimals?: number;
  /** What the number counts, shown after it ("€", "kk"); euros by default. */
  unit?: string;
};

/**
 * A number field of the calculator in the reader's language: "2 490,50" in Finnish and Swedish, "2,490.50"
 * in English, the unit beside it, no spinner buttons (typing is faster than stepping through euros).
 */
export function AmountInput({ value, onChange, decimals = 2, unit = "€", ...rest }: AmountInputProps) {
  const { i18n } = useTranslation();
  const english = i18n.resolvedLanguage === "en";
  // What is typed may be half a number ("12,"): kept here, passed on once it is a number or empty.
  const [typed, setTyped] = useState<number | string>(value);
  useEffect(() => {
    setTyped((current) =>
      current === value || (current !== "" && Number(current) === value) ? current : value,
    );
  }, [value]);
  return (
    <NumberInput
      {...rest}
      value={typed}
      onChange={(next) => {
        setTyped(next);
        if (typeof next === "number") onChange(next);
        else if (next === "") onChange("");
      }}
      decimalScale={decimals}
      decimalSeparator={english ? "." : ","}
      thousandSeparator={english ? "," : " "}
      hideControls
      allowNegative={false}
      inputMode={decimals > 0 ? "decimal" : "numeric"}
      rightSection={<span aria-hidden="true">{unit}</span>}
      rightSectionPointerEvents="none"
      rightSectionWidth={unit.length > 2 ? 48 : 32}
    />
  );
}
