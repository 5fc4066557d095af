import type { TFunction } from "i18next";
import type { Language } from "../../domain/enums.ts";
import { type EuroBounds, readEuroInput } from "../../domain/money.ts";
import { formatMoney, formatWholeEuros } from "./formatters.ts";

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
