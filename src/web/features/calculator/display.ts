import { useTranslation } from "react-i18next";
import type { Language } from "../../../domain/enums.ts";
import { isLanguage } from "../../i18n/i18n.ts";
import { formatPercent, formatWholeEuros } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";

/** The calculator's formats in the reader's language, from euros (the calculator's unit) and percents. */
function useCalculatorFormats(): {
  money: (euros: number) => string;
  percent: (value: number) => string;
  wholeEuros: (euros: number) => string;
} {
  const { i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
  return {
    // "1 234,56 €" in Finnish and Swedish, "€1,234.56" in English.
    money: (euros) => money(Math.round(euros * 100)),
    percent: (value) => formatPercent(value, lang),
    wholeEuros: (euros) => formatWholeEuros(euros, lang),
  };
}

export const useMoney = () => useCalculatorFormats().money;
export const usePercent = () => useCalculatorFormats().percent;
export const useWholeEuros = () => useCalculatorFormats().wholeEuros;
