import { TextInput, type TextInputProps } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Language } from "../../domain/enums.ts";
import { type EuroBounds, readEuroInput } from "../../domain/money.ts";
import { formatMoney, formatWholeEuros } from "../lib/formatters.ts";

export type EuroInputProps = Omit<TextInputProps, "rightSection" | "inputMode"> & {
  /** The label already names the euro ("Summa (€)"), so the sign is not shown twice. */
  euroInLabel?: boolean;
  /** What stands beside the value: the euro sign, or a rate of it ("€/kk"). */
  unit?: string;
};

/**
 * A money field: text, so a half-typed amount stays as typed, read into cents by readEuroInput
 * (src/domain/money.ts) and filled by formatEuroInput (lib/formatters.ts). The phone offers its
 * decimal keypad, and the euro sign stands beside the value without being read out twice.
 */
export function EuroInput({ euroInLabel = false, unit = "€", ...rest }: EuroInputProps) {
  return (
    <TextInput
      autoComplete="off"
      {...rest}
      inputMode="decimal"
      {...(euroInLabel
        ? {}
        : {
            rightSection: <span aria-hidden="true">{unit}</span>,
            rightSectionPointerEvents: "none" as const,
            ...(unit.length > 2 ? { rightSectionWidth: 48 } : {}),
          })}
    />
  );
}

/** A bound as the reader writes it: whole euros without decimals ("50 000 €"), else to the cent. */
function boundText(cents: number, lang: Language): string {
  return cents % 100 === 0 ? formatWholeEuros(cents / 100, lang) : formatMoney(cents, lang);
}

/**
 * What a money field says about its text, in the same words in every form: not an amount, negative,
 * below or above the field's bounds (naming the bound). Null when it reads, and for an empty field,
 * which a required field's own rule words.
 */
export function euroInputError(
  text: string,
  bounds: EuroBounds,
  t: TFunction,
  lang: Language,
): string | null {
  const reading = readEuroInput(text, bounds);
  if (reading.ok) return null;
  switch (reading.problem) {
    case "empty":
      return null;
    case "format":
      return t("forms.euroFormat");
    case "negative":
      return t("forms.euroNegative");
    case "tooSmall":
      return t("forms.euroTooSmall", { min: boundText(reading.limit, lang) });
    case "tooLarge":
      return t("forms.euroTooLarge", { max: boundText(reading.limit, lang) });
  }
}
