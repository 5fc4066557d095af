import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type EuroBounds, eurosToCents, readEuroInput } from "../../../domain/money.ts";
import { EuroInput } from "../../components/euro-input.tsx";
import { isLanguage } from "../../i18n/i18n.ts";
import { euroInputError } from "../../lib/euro-text.ts";
import { formatEuroInput } from "../../lib/formatters.ts";
import type { Amount } from "./calculator-form.ts";

type AmountInputProps = Omit<NumberInputProps, "value" | "onChange" | "decimalScale"> & {
  value: Amount;
  onChange: (value: Amount) => void;
  /** Decimals allowed: 2 for euros, 0 for months and years. */
  decimals?: number;
  /** What the number counts, shown after it ("€", "kk"); euros by default. */
  unit?: string;
  /** A money field's bounds in cents (the contract's), which its message names. */
  bounds?: EuroBounds;
};

/** The amount a typed text stands for: euros, "" for an empty field, NaN for one that does not read. */
function amountOf(text: string, bounds: EuroBounds): Amount {
  const reading = readEuroInput(text, bounds);
  if (reading.ok) return reading.cents / 100;
  return reading.problem === "empty" ? "" : Number.NaN;
}

const sameAmount = (a: Amount, b: Amount) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/**
 * A number field of the calculator in the reader's language, the unit beside it. Money is read by the
 * app's one money parser (EuroInput, readEuroInput), so a negative, too large or malformed amount is
 * said at the field in the words every money field uses, and the page does not calculate it; months
 * and years are whole numbers without spinner buttons (typing is faster than stepping).
 */
export function AmountInput({ decimals = 2, ...props }: AmountInputProps) {
  return decimals > 0 ? <MoneyAmountInput {...props} /> : <WholeAmountInput decimals={decimals} {...props} />;
}

function MoneyAmountInput({ value, onChange, unit = "€", bounds = {}, error, ...rest }: AmountInputProps) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
  const shown = (amount: Amount) =>
    amount === "" || Number.isNaN(amount)
      ? ""
      : formatEuroInput(eurosToCents(amount), lang, { wholeEuros: true });
  const [text, setText] = useState(() => shown(value));
  // A value set from outside (a shared link, a reset) replaces the text; the reader's own typing stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new value from outside re-fills the text.
  useEffect(() => {
    setText((current) => (sameAmount(amountOf(current, bounds), value) ? current : shown(value)));
  }, [value]);
  const own = euroInputError(text, bounds, t, lang);
  const { size, label, description, required, w, disabled, id, placeholder } = rest;
  return (
    <EuroInput
      {...{ size, label, description, required, w, disabled, id, placeholder }}
      unit={unit}
      value={text}
      error={own ?? error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        onChange(amountOf(next, bounds));
      }}
    />
  );
}

function WholeAmountInput({
  value,
  onChange,
  decimals = 0,
  unit = "€",
  bounds: _,
  ...rest
}: AmountInputProps) {
  const { i18n } = useTranslation();
  const english = i18n.resolvedLanguage === "en";
  // What is typed may be half a number: kept here, passed on once it is a number or empty.
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
      inputMode="numeric"
      rightSection={<span aria-hidden="true">{unit}</span>}
      rightSectionPointerEvents="none"
      rightSectionWidth={unit.length > 2 ? 48 : 32}
    />
  );
}
