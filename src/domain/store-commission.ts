import type { CommissionBase } from "./enums.ts";
import { percentOfCents } from "./money.ts";

/**
 * A bike store's commission (decision 022): the percent the store has agreed Pedaali keeps of each
 * order's price, taken of the price WITHOUT VAT. The VAT of the price is the state's money, which the
 * store only collects and pays on: a commission of it would charge the store for collecting the tax.
 * So the store is paid the whole VAT of its invoice and the VAT-free price less the commission.
 *
 * The VAT-free price and its VAT are the store's purchase invoice's, as the seller printed them (the
 * seller's document, decision 018): no VAT rate is applied here, so no second copy of a rate exists.
 * The commission carries no VAT line of its own in the payout, as before this decision: it is kept
 * from what is paid (see decision 022 on VAT of the commission).
 *
 * Rounding: the commission is the percent of the VAT-free price rounded half away from zero to the
 * cent (`percentOfCents`, the rule of every percentage of money); what is paid is the price less that
 * commission, so the parts always add up to the price to the cent.
 */

/** The price of one order as the store's purchase invoice gives it: its VAT-free amount and its VAT. */
export type InvoicedPrice = { vatExcludedCents: number; vatCents: number };

export type PayableAmounts = {
  /** The price with VAT: the purchase invoice's total. */
  grossCents: number;
  /** The VAT of the price, paid on to the store in full. */
  vatCents: number;
  /** Which price the commission was taken of. */
  commissionBase: CommissionBase;
  /** The percent applied; null when the store has agreed no commission. */
  commissionPercent: number | null;
  commissionCents: number;
  /** What is paid to the store: the price less the commission. */
  netCents: number;
};

/**
 * The amounts of one order's payable: the commission of the VAT-free price at the store's percent (none
 * when it has agreed none) and the rest of the price paid to the store.
 */
export function payableAmounts(price: InvoicedPrice, commissionPercent: number | null): PayableAmounts {
  if (!Number.isSafeInteger(price.vatExcludedCents) || !Number.isSafeInteger(price.vatCents))
    throw new RangeError("A price is whole cents");
  if (price.vatExcludedCents < 0 || price.vatCents < 0) throw new RangeError("A price is not negative");
  if (commissionPercent !== null && (commissionPercent < 0 || commissionPercent > 100))
    throw new RangeError("A commission is 0-100 %");
  const grossCents = price.vatExcludedCents + price.vatCents;
  const commissionCents = commissionPercent ? percentOfCents(price.vatExcludedCents, commissionPercent) : 0;
  return {
    grossCents,
    vatCents: price.vatCents,
    commissionBase: "VAT_EXCLUDED",
    commissionPercent,
    commissionCents,
    netCents: grossCents - commissionCents,
  };
}

/**
 * The price a payable's commission was taken of, in cents: the VAT-free price, or the price with VAT
 * for a payable made before decision 022 (kept as it was approved).
 */
export function commissionBaseCents(payable: {
  grossCents: number;
  vatCents: number;
  commissionBase: CommissionBase;
}): number {
  return payable.commissionBase === "VAT_EXCLUDED"
    ? payable.grossCents - payable.vatCents
    : payable.grossCents;
}
