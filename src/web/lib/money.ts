import { currentLanguage } from "../i18n/i18n.ts";
import { formatMoney } from "./formatters.ts";

/**
 * An amount in cents as the reader's language writes it ("1 234,56 €" in Finnish, "€1,234.56" in
 * English): the one way a screen shows money, so no feature binds the language to formatMoney itself.
 * No amount (null) stays none, for the screen to leave its row out or say so.
 */
export function money(cents: number): string;
export function money(cents: number | null): string | null;
export function money(cents: number | null): string | null {
  return cents === null ? null : formatMoney(cents, currentLanguage());
}
