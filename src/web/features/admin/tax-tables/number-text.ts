import { INT4_MAX } from "../../../../contract/values.ts";
import type { Language } from "../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../domain/money.ts";
import { formatEuroInput } from "../../../lib/formatters.ts";

/**
 * The numbers of the reference-data forms as the admin types them: euros ("1 234,50"), percentages
 * ("7,15") and whole numbers, in and out of the API's cents and numbers. The fields hold text, so a
 * half-typed value stays as typed; it is read once, on submit.
 */

/** What a field's text was: empty, a value, or something that is not one (the form says why). */
export type Read<T> = { kind: "empty" } | { kind: "value"; value: T } | { kind: "invalid" };

const EMPTY = { kind: "empty" } as const;
const INVALID = { kind: "invalid" } as const;

function decimalSeparator(lang: Language): string {
  return lang === "en" ? "." : ",";
}

/** Cents as an editable euro amount: 123450 → "1234,50" (fi, sv) or "1234.50" (en); whole euros without decimals. */
export function centsToText(cents: number | null | undefined, lang: Language): string {
  return cents == null ? "" : formatEuroInput(cents, lang, { wholeEuros: true });
}

/** A percentage as editable text: 7.15 → "7,15" (fi, sv) or "7.15" (en). */
export function percentToText(percent: number | null | undefined, lang: Language): string {
  if (percent == null) return "";
  return String(percent).replace(".", decimalSeparator(lang));
}

/** A whole number as text ("" for none). */
export function integerToText(value: number | null | undefined): string {
  return value == null ? "" : String(value);
}

/** Euros typed in either language ("1 234,50", "1234.5", "12 €") as cents; never negative, at most INT4_MAX. */
export function readEuros(text: string): Read<number> {
  if (text.trim() === "") return EMPTY;
  const cents = parseEuroInput(text, { max: INT4_MAX });
  return cents === null ? INVALID : { kind: "value", value: cents };
}

const PERCENT_PATTERN = /^(\d{1,3})(?:[.,](\d{1,2}))?$/;

/** A percentage 0–100 with at most two decimals ("7,15", "7.15", "7,15 %"). */
export function readPercent(text: string): Read<number> {
  const trimmed = text.trim().replace(/\s*%$/, "");
  if (trimmed === "") return EMPTY;
  const match = PERCENT_PATTERN.exec(trimmed);
  if (!match) return INVALID;
  const value = Number(`${match[1]}.${match[2] ?? "0"}`);
  return value > 100 ? INVALID : { kind: "value", value };
}

/** A whole number between min and max. */
export function readInteger(text: string, min: number, max: number): Read<number> {
  const trimmed = text.trim();
  if (trimmed === "") return EMPTY;
  if (!/^\d{1,9}$/.test(trimmed)) return INVALID;
  const value = Number(trimmed);
  return value < min || value > max ? INVALID : { kind: "value", value };
}
