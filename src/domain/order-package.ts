/**
 * The bike package of an order: the lines the bike store enters, in cents incl. VAT.
 * The form in the browser and the server count the total with these same functions.
 */

import { userPaymentCents } from "./order-offer.ts";

/** Package limits: the contract checks them, the store's form shows them. */
export const PACKAGE_MAX_LINES = 30;
export const PACKAGE_MAX_QUANTITY = 20;
/** 100 000 € in cents: the largest unit price or discount of one line. */
export const PACKAGE_MAX_CENTS = 10_000_000;
/** 1 000 000 € in cents: the largest package total (lines minus discounts). */
export const PACKAGE_MAX_TOTAL_CENTS = 100_000_000;

/** A frame serial number: letters, digits, hyphens and spaces (3–40 characters once trimmed). */
export const FRAME_SERIAL_NUMBER_PATTERN = /^[\p{L}\p{N}\- ]+$/u;

export type PackageLineAmounts = { unitPriceCents: number; quantity: number; discountCents: number };

/** A line's price: the unit price times the quantity, minus the line's discount. */
export function packageLineCents(line: PackageLineAmounts): number {
  return line.unitPriceCents * line.quantity - line.discountCents;
}

/** The package's total: the lines' prices minus their discounts. */
export function packageTotalCents(lines: readonly PackageLineAmounts[]): number {
  return lines.reduce((sum, line) => sum + packageLineCents(line), 0);
}

/**
 * What the employee pays themselves when the package costs more than their max price (a user
 * payment); 0 without a max price or within it. The offer's own share, by the same split.
 */
export function packageExcessCents(totalCents: number, maxPriceCents: number | null): number {
  return userPaymentCents(totalCents, maxPriceCents);
}

export type PackageItemNaming = {
  name: string;
  brand?: string | null;
  model?: string | null;
  modelYear?: number | null;
  frameSize?: string | null;
  color?: string | null;
};

/** A line's details after its name, those given: brand, model, model year, frame size, colour. */
export function packageItemDetails(item: PackageItemNaming): string[] {
  return [item.brand, item.model, item.modelYear, item.frameSize, item.color]
    .filter((part) => part !== null && part !== undefined && String(part).trim() !== "")
    .map(String);
}

/** A line as one text, the way every side's package table names it: "Name (brand, model, ...)". */
export function packageItemDescription(item: PackageItemNaming): string {
  const details = packageItemDetails(item);
  return details.length > 0 ? `${item.name} (${details.join(", ")})` : item.name;
}
