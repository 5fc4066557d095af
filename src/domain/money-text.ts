import type { Language } from "./enums.ts";

/**
 * Money as text without Intl, for the pages a visitor lands on (they are in the entry chunk, so this
 * module stays apart from money.ts and its parsers). Everything else formats through money.ts.
 */

/**
 * The space used in formatted amounts: U+00A0 NO-BREAK SPACE, as Node 20's ICU gives for fi-FI and
 * sv-FI ("1 234,56 €"). Newer ICU releases may switch some locales to U+202F; we map that back so the
 * output does not depend on the runtime.
 */
export const MONEY_SPACE = "\u00a0";

/**
 * Euros within a sentence, cents only where there are some: "84,27 €" and "2 000 €" in fi and sv,
 * "€84.27" and "€2,000" in en, the text Intl's currency format gives (a property test holds them equal).
 * Written out rather than asked of Intl for the pages a visitor lands on: a phone spends tens of
 * milliseconds making its first currency formatter, and that would hold the page's start-up.
 */
export function formatEurosInText(cents: number, lang: Language): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not cents of euros: ${cents}`);
  const english = lang === "en";
  const euros = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+$)/g, english ? "," : MONEY_SPACE);
  const rest = cents % 100;
  const amount = rest ? `${euros}${english ? "." : ","}${String(rest).padStart(2, "0")}` : euros;
  return english ? `€${amount}` : `${amount}${MONEY_SPACE}€`;
}
