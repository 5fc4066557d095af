import type { TPackageItem, TPackageItemInput } from "../../../contract/store-links.ts";
import type { Language, OrderItemType } from "../../../domain/enums.ts";
import { parseEuroInput } from "../../../domain/money.ts";
import { PACKAGE_MAX_CENTS, PACKAGE_MAX_QUANTITY, packageTotalCents } from "../../../domain/order-package.ts";
import { formatEuroInput } from "../../lib/formatters.ts";
import type { TStorePackageInput } from "./store-links-api.ts";

/**
 * The package form's values: its lines as typed (euros with a comma, numbers as text), read into the
 * request once, and the running total of the lines as far as they read.
 */

/** One line as the form holds it: amounts as typed (euros with a comma), numbers as text. */
export type LineValues = {
  key: string;
  itemType: OrderItemType;
  name: string;
  brand: string;
  model: string;
  modelYear: string;
  frameSize: string;
  color: string;
  quantity: string;
  unitPrice: string;
  discount: string;
};

export type PackageValues = { bikeStoreOrderNumber: string; items: LineValues[] };

/** A line's React key: lines are added and removed, so their index is not one. */
const newKey = () => crypto.randomUUID();

/** Cents as the form shows them ("1234,50"), empty for none. */
const centsToInput = (cents: number, language: Language) => (cents ? formatEuroInput(cents, language) : "");

export function emptyLine(itemType: OrderItemType = "ACCESSORY"): LineValues {
  return {
    key: newKey(),
    itemType,
    name: "",
    brand: "",
    model: "",
    modelYear: "",
    frameSize: "",
    color: "",
    quantity: "1",
    unitPrice: "",
    discount: "",
  };
}

export function lineFromItem(item: TPackageItem, language: Language): LineValues {
  return {
    key: newKey(),
    itemType: item.itemType,
    name: item.name,
    brand: item.brand ?? "",
    model: item.model ?? "",
    modelYear: item.modelYear === null ? "" : String(item.modelYear),
    frameSize: item.frameSize ?? "",
    color: item.color ?? "",
    quantity: String(item.quantity),
    unitPrice: centsToInput(item.unitPriceCents, language),
    discount: centsToInput(item.discountCents, language),
  };
}

/**
 * Euros as typed to cents; null when it is not an amount of 0–100 000 € with at most two decimals: the
 * store copies a price off its own receipt, so a third decimal is a typo, not a rounding.
 */
export function parseEuros(text: string): number | null {
  return /[.,]\d{3}/.test(text) ? null : parseEuroInput(text, { max: PACKAGE_MAX_CENTS });
}

export function parseWhole(text: string, min: number, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/** A line's amounts as far as they are valid (0 for what is not), for the running total. */
export function lineAmounts(line: LineValues) {
  return {
    unitPriceCents: parseEuros(line.unitPrice) ?? 0,
    quantity: parseWhole(line.quantity, 1, PACKAGE_MAX_QUANTITY) ?? 0,
    discountCents: parseEuros(line.discount) ?? 0,
  };
}

export function runningTotalCents(lines: readonly LineValues[]): number {
  return packageTotalCents(
    lines
      .map(lineAmounts)
      .map((l) => ({ ...l, discountCents: Math.min(l.discountCents, l.unitPriceCents * l.quantity) })),
  );
}

/** The request the (validated) values make; empty optional fields are left out. */
export function packageBody(values: PackageValues): TStorePackageInput {
  const orderNumber = values.bikeStoreOrderNumber.trim();
  const optional = (text: string) => text.trim() || null;
  return {
    bikeStoreOrderNumber: orderNumber || null,
    items: values.items.map(
      (line): TPackageItemInput => ({
        itemType: line.itemType,
        name: line.name.trim(),
        brand: optional(line.brand),
        model: optional(line.model),
        modelYear: line.modelYear.trim() ? Number(line.modelYear.trim()) : null,
        frameSize: optional(line.frameSize),
        color: optional(line.color),
        quantity: Number(line.quantity.trim()),
        unitPriceCents: parseEuros(line.unitPrice) ?? 0,
        discountCents: parseEuros(line.discount) ?? 0,
      }),
    ),
  };
}
