import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/enums.ts";
import { formatCents } from "../../../domain/money.ts";
import { formatPercent } from "../../lib/formatters.ts";

/** Euros as the reader's language writes money: "1 234,56 €" in Finnish and Swedish, "€1,234.56" in English. */
export function useMoney(): (euros: number) => string {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? "fi") as Language;
  return (euros: number) => formatCents(Math.round(euros * 100), lang);
}

const LOCALE: Record<Language, string> = { fi: "fi-FI", en: "en-FI", sv: "sv-FI" };

/** A rate as the reader's language writes it: "5,3 %" in Finnish and Swedish, "5.3%" in English. */
export function usePercent(): (value: number) => string {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? "fi") as Language;
  return (value: number) => formatPercent(value, lang);
}

/** Whole euros for a chart's axis: "4 000 €". */
export function useWholeEuros(): (euros: number) => string {
  const { i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? "fi") as Language;
  const format = new Intl.NumberFormat(LOCALE[lang], {
    style: "currency",
    currency: "EUR",
    maximumFractionDigits: 0,
  });
  return (euros: number) => format.format(euros);
}
