import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatMoney } from "../../../lib/formatters.ts";

/** An order's sum in the page's language, or null where the order has none yet. */
export function money(cents: number | null): string | null {
  return cents === null ? null : formatMoney(cents, currentLanguage());
}
