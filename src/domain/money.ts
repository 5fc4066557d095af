import type { Language } from "./enums.ts";
import { MONEY_SPACE } from "./money-text.ts";

/**
 * Money is integer cents end to end (docs/architecture.md): parsed once at the edge, summed and stored as
 * cents, and turned back into euros only for display. Decimal input is parsed from its digits, never
 * through a float, so "0.285" and "1.005" round the way a person expects.
 */

/** Finnish general VAT rate from 1.9.2024. The VAT table holds the rate in use; this is its default. */
export const FINNISH_VAT_PERCENT = 25.5;

export const INVALID_AMOUNT_MESSAGE = "Invalid euro amount";

export { MONEY_SPACE };

// Sign, optional euro sign, the whole euros (spaces only between groups of three: "1 234"), one decimal
// separator (comma or dot) and an optional trailing euro sign. "12 50" and "1,234.56" do not match.
const AMOUNT_PATTERN = /^([+\-\u2212]?)\s*€?\s*(\d{1,3}(?:\s\d{3})+|\d*)(?:[.,](\d*))?\s*€?$/;

function roundDecimalToCents(negative: boolean, whole: string, fraction: string): number {
  if (whole === "" && fraction === "") throw new Error(INVALID_AMOUNT_MESSAGE);
  let cents = BigInt(whole || "0") * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
  // Half away from zero: the third decimal decides; the sign is applied afterwards.
  if ((fraction[2] ?? "0") >= "5") cents += 1n;
  const signed = Number(negative ? -cents : cents);
  if (!Number.isSafeInteger(signed)) throw new RangeError(INVALID_AMOUNT_MESSAGE);
  return signed === 0 ? 0 : signed;
}

/**
 * Euros to cents, rounding half away from zero. Accepts numbers and strings in Finnish or English
 * form ("1 234,56", "1234.56", "-12,5 €"); spaces may only separate groups of three digits, and a
 * string with both a comma and a dot is ambiguous and refused.
 */
export function eurosToCents(euros: number | string): number {
  if (typeof euros === "number") {
    if (!Number.isFinite(euros)) throw new Error(INVALID_AMOUNT_MESSAGE);
    // String(n) is the shortest text that reads back as n, so 1.005 is seen as "1.005" and not as
    // 1.00499999…; exponent forms appear only for |n| < 1e-6 (zero cents) or |n| >= 1e21 (too large).
    const text = String(euros);
    if (text.includes("e")) {
      if (Math.abs(euros) < 1) return 0;
      throw new RangeError(INVALID_AMOUNT_MESSAGE);
    }
    return eurosToCents(text);
  }
  const match = AMOUNT_PATTERN.exec(euros.trim());
  if (!match) throw new Error(INVALID_AMOUNT_MESSAGE);
  const [, sign = "", whole = "", fraction = ""] = match;
  return roundDecimalToCents(sign === "-" || sign === "\u2212", whole.replace(/\s/g, ""), fraction);
}

/** The bounds of a money field in cents; by default 0 and up, since nobody types a negative price. */
export type EuroBounds = { min?: number; max?: number };

/**
 * What is wrong with a typed amount, for the field to say: empty, not an amount, below zero where no
 * negative is taken, or outside the field's bounds (`limit`, in cents, is the bound broken).
 */
type EuroInputProblem =
  | { problem: "empty" }
  | { problem: "format" }
  | { problem: "negative" }
  | { problem: "tooSmall"; limit: number }
  | { problem: "tooLarge"; limit: number };

export type EuroInputReading = ({ ok: true; cents: number } | ({ ok: false } & EuroInputProblem)) & {};

/**
 * Euros as a person typed them into a form ("1 234,50", "12.5 €", "-500"): the cents, or what is wrong
 * with them. A minus is never dropped: "-500" is a negative amount, refused where the field takes none.
 * Every money field reads its text here, so each says the same about the same mistake.
 */
export function readEuroInput(text: string, { min = 0, max }: EuroBounds = {}): EuroInputReading {
  if (text.trim() === "") return { ok: false, problem: "empty" };
  let cents: number;
  try {
    cents = eurosToCents(text);
  } catch (error) {
    // Digits beyond what an amount can hold are an amount too large, not a typo of format.
    if (error instanceof RangeError && max !== undefined && !/^\s*[-\u2212]/.test(text)) {
      return { ok: false, problem: "tooLarge", limit: max };
    }
    return { ok: false, problem: "format" };
  }
  if (cents < 0 && min >= 0) return { ok: false, problem: "negative" };
  if (cents < min) return { ok: false, problem: "tooSmall", limit: min };
  if (max !== undefined && cents > max) return { ok: false, problem: "tooLarge", limit: max };
  return { ok: true, cents };
}

/**
 * Euros as a person typed them, as cents; null when the text is empty, is not an amount, or falls
 * outside min..max cents (readEuroInput says which).
 */
export function parseEuroInput(text: string, bounds: EuroBounds = {}): number | null {
  const reading = readEuroInput(text, bounds);
  return reading.ok ? reading.cents : null;
}

function ensureCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
}

/** Whole euros with their groups of three apart: "1 234 567" with a no-break space, "1,234,567" in English. */
function groupedEuros(euros: number, separator: string): string {
  const digits = String(euros);
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) text += separator + digits.slice(at, at + 3);
  return text;
}

/**
 * fi "1 234,56 €", sv "1 234,56 €", en "€1,234.56"; a negative amount with the minus sign (U+2212) in fi
 * and sv, the hyphen in English. Written from the digits, as Intl's currency format writes them (fi-FI,
 * sv-FI, en-FI; a test holds the two equal): making the first number format loads the browser's locale
 * data (some 25 ms, four times that on a phone) on every page that shows a price.
 */
export function formatCents(cents: number, lang: Language): string {
  ensureCents(cents);
  const abs = Math.abs(cents);
  const whole = Math.trunc(abs / 100);
  const hundredths = String(abs % 100).padStart(2, "0");
  if (lang === "en") return `${cents < 0 ? "-" : ""}€${groupedEuros(whole, ",")}.${hundredths}`;
  return `${cents < 0 ? "\u2212" : ""}${groupedEuros(whole, MONEY_SPACE)},${hundredths}${MONEY_SPACE}€`;
}

/** A rate in hundredths of a percent (25.5 → 2550), so that VAT and tax maths stay in integers. */
function toBasisPoints(percent: number): bigint {
  const basisPoints = Math.round(percent * 100);
  if (!Number.isFinite(percent) || percent < 0 || Math.abs(percent * 100 - basisPoints) > 1e-6) {
    throw new RangeError(`Percent must be a non-negative number with at most two decimals, got ${percent}`);
  }
  return BigInt(basisPoints);
}

/** numerator / denominator rounded half away from zero; denominator > 0. */
function divideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const quotient = (abs * 2n + denominator) / (denominator * 2n);
  const result = Number(negative ? -quotient : quotient);
  return result === 0 ? 0 : result;
}

const BASIS = 10_000n;

/**
 * A percentage of an amount, rounded half away from zero to the cent, in integers: 32 161,20 € at
 * 5.30 % → 1 704,54 €. The rate has at most two decimals (every tax and VAT rate does).
 */
export function percentOfCents(cents: number, percent: number): number {
  ensureCents(cents);
  return divideRounded(BigInt(cents) * toBasisPoints(percent), BASIS);
}

/** VAT on a net amount, rounded half away from zero to the cent: 100,00 € at 25.5 % → 25,50 €. */
export function vatAmountCents(netCents: number, vatPercent: number): number {
  return percentOfCents(netCents, vatPercent);
}

/** Net plus its rounded VAT, so gross = net + vatAmountCents(net) holds exactly. */
export function grossFromNet(netCents: number, vatPercent: number): number {
  return netCents + vatAmountCents(netCents, vatPercent);
}

/**
 * The VAT-free amount inside a VAT-included price: gross / (1 + rate), rounded half away from zero to
 * the cent. It is how a VAT-included price (a bike package, a monthly payment) enters an invoice: the
 * invoice's VAT is then always vatAmountCents of the VAT-free amounts (invoiceVat), never the gross
 * minus the net. netFromGross(grossFromNet(n)) === n for every n; the other way round can differ by one
 * cent, because not every VAT-included amount is the VAT-included amount of some VAT-free one.
 */
export function netFromGross(grossCents: number, vatPercent: number): number {
  ensureCents(grossCents);
  return divideRounded(BigInt(grossCents) * BASIS, BASIS + toBasisPoints(vatPercent));
}

/**
 * A VAT-included price as an invoice line shows it: its VAT-free amount and the rate applied to that
 * amount, so the VAT shown is always the rate of the VAT-free amount shown, to the cent. The two add up
 * to the price, or to one cent beside it when the price is no VAT-free amount's VAT-included one.
 */
export function vatSplitOfGross(
  grossCents: number,
  vatPercent: number,
): { vatExcludedCents: number; vatCents: number } {
  const vatExcludedCents = netFromGross(grossCents, vatPercent);
  return { vatExcludedCents, vatCents: vatAmountCents(vatExcludedCents, vatPercent) };
}

/**
 * An invoice's VAT: the rate applied once to the VAT-free total of each rate, rounded half away from
 * zero, and summed over the rates (the decision on invoice VAT). Lines carry their VAT-free amounts;
 * rounding each line's VAT and summing would let the total VAT stray a cent or two from the rate of
 * the VAT-free total printed beside it.
 */
export function invoiceVat(lines: readonly { vatPercent: number; vatExcludedCents: number }[]): {
  vatExcludedCents: number;
  vatCents: number;
  byRate: { vatPercent: number; baseCents: number; vatCents: number }[];
} {
  const bases = new Map<number, number>();
  for (const line of lines)
    bases.set(line.vatPercent, (bases.get(line.vatPercent) ?? 0) + line.vatExcludedCents);
  const byRate = [...bases].map(([vatPercent, baseCents]) => ({
    vatPercent,
    baseCents,
    vatCents: vatAmountCents(baseCents, vatPercent),
  }));
  return {
    vatExcludedCents: byRate.reduce((sum, rate) => sum + rate.baseCents, 0),
    vatCents: byRate.reduce((sum, rate) => sum + rate.vatCents, 0),
    byRate,
  };
}
