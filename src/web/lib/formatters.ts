import { formatHelsinkiDate, formatHelsinkiDateTime } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";

const LOCALES: Record<Language, string> = { fi: "fi-FI", en: "en-GB", sv: "sv-FI" };

/**
 * Each format made once and kept: making one costs far more than using it, and a list formats a value
 * per row (the municipality picker, some 300 rates, on a phone about 50 ms of the calculator's start).
 */
const formats = new Map<string, Intl.NumberFormat>();
function kept(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/**
 * `DD.MM.YYYY` in every language (docs/product.md "Constants"): an instant as its Helsinki date, and a
 * `YYYY-MM-DD` date as the day it names, written from its digits (domain/dates.ts).
 */
export function formatDate(value: Date | string): string {
  return formatHelsinkiDate(value);
}

/** A calendar date as the API sends it (`YYYY-MM-DD`, no time) as `DD.MM.YYYY`: the day sent. */
export function formatCalendarDate(date: string): string {
  return formatHelsinkiDate(date);
}

/** `DD.MM.YYYY HH:mm` in Europe/Helsinki (docs/product.md "Constants"). */
export function formatDateTime(value: Date | string): string {
  return formatHelsinkiDateTime(value);
}

/** Money is integer cents end to end (docs/architecture.md); shown as `1 234,56 €` in Finnish. */
export function formatMoney(cents: number, language: Language): string {
  return formatCents(cents, language);
}

/**
 * Cents as a money field holds them for editing, the text parseEuroInput (src/domain/money.ts) reads
 * back: no grouping and the reader's decimal sign, "1234,50" (fi, sv) or "1234.50" (en). A price keeps
 * its two decimals ("347,00"); `wholeEuros` leaves them off a whole amount ("4500"), as the limits and
 * tax tables are typed.
 */
export function formatEuroInput(
  cents: number,
  language: Language,
  { wholeEuros = false }: { wholeEuros?: boolean } = {},
): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = `${sign}${Math.trunc(abs / 100)}`;
  const rest = abs % 100;
  if (wholeEuros && rest === 0) return whole;
  return `${whole}${language === "en" ? "." : ","}${String(rest).padStart(2, "0")}`;
}

/** A percentage in the reader's language: "7,15 %" (fi, sv), "7.15%" (en); at most two decimals. */
export function formatPercent(value: number, language: Language): string {
  return percentWithoutFormat(value, language) ?? percentFormat(language).format(value / 100);
}

/**
 * A rate from 0 to 999.99 written as the number format writes it, without one: the municipality picker
 * shows some 300 rates as the calculator starts, and making the first number format loads the browser's
 * locale data (some 15 ms, four times that on a phone). The number format rounds the shortest decimal
 * that reads back as value / 100 (half away from zero), so this rounds the same decimal's digits; null
 * where it would differ in form (a negative, a grouped or an exponent's number), which the format writes.
 */
function percentWithoutFormat(value: number, language: Language): string | null {
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0)) return null;
  const decimal = String(value / 100);
  if (decimal.includes("e")) return null;
  const [whole = "0", fraction = ""] = decimal.split(".");
  const digits = fraction.padEnd(5, "0");
  const hundredths = Number(whole + digits.slice(0, 4)) + ((digits[4] ?? "0") >= "5" ? 1 : 0);
  const units = Math.floor(hundredths / 100);
  if (units >= 1000) return null;
  const decimals = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  const number = decimals === "" ? String(units) : `${units}${language === "en" ? "." : ","}${decimals}`;
  return language === "en" ? `${number}%` : `${number}\u00a0%`;
}

function percentFormat(language: Language): Intl.NumberFormat {
  return kept(
    `percent ${language}`,
    () => new Intl.NumberFormat(LOCALES[language], { style: "percent", maximumFractionDigits: 2 }),
  );
}

/** Whole euros, for a chart's axis: "4 000 €" (fi, sv), "€4,000" (en). */
export function formatWholeEuros(euros: number, language: Language): string {
  return kept(
    `whole euros ${language}`,
    () =>
      new Intl.NumberFormat(LOCALES[language], {
        style: "currency",
        currency: "EUR",
        maximumFractionDigits: 0,
      }),
  ).format(euros);
}

/** A country's name in the reader's language from its ISO code ("FI" → "Suomi"); the code if unknown. */
export function formatCountry(code: string, language: Language): string {
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}
