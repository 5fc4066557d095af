import { useTranslation } from "react-i18next";
import type { Language } from "../../../../domain/enums.ts";
import { isLanguage } from "../../../i18n/i18n.ts";
import { formatCalendarDate, formatPercent } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";

/** The page's language and the formats of the reference-data screens: money from cents, percents, dates. */
export function useDisplay() {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
  return {
    lang,
    money: (cents: number | null | undefined) => (cents == null ? "" : money(cents)),
    percent: (value: number | null | undefined) => (value == null ? "" : formatPercent(value, lang)),
    /** A YYYY-MM-DD date as DD.MM.YYYY (docs/product.md "Constants"). */
    date: (value: string | null | undefined) => (value ? formatCalendarDate(value) : ""),
  };
}
