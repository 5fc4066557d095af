import type { OrderStatus, SimpleState } from "./enums.ts";
import type { StatusTone } from "./status-tones.ts";

/**
 * The bike brokerage (pyörävälitys): benefit bikes that came back (returned at a
 * lease's end, or handed to brokerage by their employee) that Pedaali sells on. A bike is PENDING while
 * for sale, COMPLETED when sold and CANCELLED when withdrawn; it shows on /bikeBrokerageService only
 * while PENDING and listed, which the helpdesk does after a look at the bike.
 */

/** The suggestion loses 1.5 % of the package price for each whole month the lease has run. */
const BROKERAGE_MONTHLY_DEPRECIATION_PER_MILLE = 15;
/** ...and never goes under 10 % of the package price. */
const BROKERAGE_PRICE_FLOOR_PERCENT = 10;

/** An order whose bike the brokerage may take: its lease has started (the bike was delivered). */
export const BROKERABLE_ORDER_STATUSES: readonly OrderStatus[] = ["ACTIVE_LEASING"];

/** How many inquiries one user may send in an hour (the route's rate limit). */
export const BROKERAGE_INQUIRIES_PER_HOUR = 10;
export const BROKERAGE_INQUIRY_MESSAGE_MAX = 2000;

/** The frame sizes the public page filters by; a bike may carry another size (54 cm), found by search. */
export const BROKERAGE_FRAME_SIZES = ["XS", "S", "M", "L", "XL"] as const;

/** Whole calendar months from `from` to `to` (YYYY-MM-DD): 15.3. → 14.4. is 0, → 15.4. is 1; never negative. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

const ceilToEuro = (cents: number) => Math.ceil(cents / 100) * 100;

export type AskingPriceBasis = {
  /** The order's package price, cents incl. VAT. */
  packagePriceCents: number;
  /** The lease's first day (YYYY-MM-DD); null when it never started, which counts as no months. */
  leaseStartDate: string | null;
  /** The lease's residual value, when known. */
  residualValueCents: number | null;
  /** Today in Helsinki (YYYY-MM-DD). */
  today: string;
};

/**
 * The asking price the helpdesk is offered when it lists a bike. This is our own rule, not a market
 * or tax rule: the package price less 1.5 % for each whole month since the lease started, rounded down
 * to whole euros; but at least the lease's residual value (when known) and at least 10 % of the
 * package price, each rounded up to whole euros, so the floors hold and the price is whole euros.
 */
export function suggestedAskingPriceCents(basis: AskingPriceBasis): number {
  const price = Math.max(0, Math.trunc(basis.packagePriceCents));
  const months = basis.leaseStartDate ? wholeMonthsBetween(basis.leaseStartDate, basis.today) : 0;
  const keptPerMille = Math.max(0, 1000 - BROKERAGE_MONTHLY_DEPRECIATION_PER_MILLE * months);
  // In integers (BigInt): cents × per mille can pass 2^53 for absurd prices, and a float would round.
  const depreciated = Number((BigInt(price) * BigInt(keptPerMille)) / 100_000n) * 100;
  const tenPercent = ceilToEuro((price * BROKERAGE_PRICE_FLOOR_PERCENT) / 100);
  const residual = basis.residualValueCents === null ? 0 : ceilToEuro(Math.max(0, basis.residualValueCents));
  return Math.max(depreciated, tenPercent, residual);
}

/**
 * The status moves of a brokerage bike: a bike for sale is sold or withdrawn; a withdrawn one may go
 * back on sale; a sold one stays sold. Staying where it is, is no move and always allowed.
 */
const MOVES: Readonly<Record<SimpleState, readonly SimpleState[]>> = {
  PENDING: ["COMPLETED", "CANCELLED"],
  CANCELLED: ["PENDING"],
  COMPLETED: [],
};

export function canMoveBrokerage(from: SimpleState, to: SimpleState): boolean {
  return from === to || MOVES[from].includes(to);
}

/** Where a brokerage bike stands, as the helpdesk reads it: its status and whether it is shown. */
export const BROKERAGE_STAGES = ["WAITING", "FOR_SALE", "SOLD", "WITHDRAWN"] as const;
export type BrokerageStage = (typeof BROKERAGE_STAGES)[number];

export function brokerageStage(status: SimpleState, listed: boolean): BrokerageStage {
  if (status === "COMPLETED") return "SOLD";
  if (status === "CANCELLED") return "WITHDRAWN";
  return listed ? "FOR_SALE" : "WAITING";
}

/** Each stage's tone (design.md StatusBadge): waiting for the helpdesk's look is someone's work. */
export const BROKERAGE_STAGE_TONES: Readonly<Record<BrokerageStage, StatusTone>> = {
  WAITING: "warning",
  FOR_SALE: "info",
  SOLD: "success",
  WITHDRAWN: "neutral",
};

/** Whether someone may ask to buy the bike: for sale and shown on the public page. */
export function isOnSale(status: SimpleState, listed: boolean): boolean {
  return brokerageStage(status, listed) === "FOR_SALE";
}

/** A bike's name as pages and mails show it: "Tunturi eGo 500 Urban (2022)", or what of it is known. */
export function brokerageBikeTitle(bike: {
  brand: string | null;
  model: string | null;
  modelYear: number | null;
}): string {
  const name = [bike.brand, bike.model].filter(Boolean).join(" ") || "–";
  return bike.modelYear ? `${name} (${bike.modelYear})` : name;
}
