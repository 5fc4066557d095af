import { DAY_MS } from "./dates.ts";
import type { EventType, OrderStatus } from "./enums.ts";
import { ORDER_STATUSES } from "./enums.ts";
import type { Permission } from "./permissions.ts";

/**
 * "What's new" where each person looks: the employee on /mybike, the bike store in its order list, the
 * employer's editors and group admins in theirs. What is new is read from the event log the platform
 * already keeps (never a copy of each event): the events of the reader's orders, of the kinds their page
 * follows, made by someone else, since the reader last saw the page. The page says it has been seen by
 * an explicit call after showing the list; reading it changes nothing.
 */

/** The pages that show what is new, each with the permission that reads it. */
export const NEWS_PAGES = ["myBike", "storeOrders", "employerOrders"] as const;
export type NewsPage = (typeof NEWS_PAGES)[number];

export const NEWS_PAGE_PERMISSION: Readonly<Record<NewsPage, Permission>> = {
  myBike: "own-order.manage",
  storeOrders: "store-orders.read",
  employerOrders: "orders.read",
};

/** Nothing older than this is new, however long ago (or whether ever) the reader last looked. */
export const NEWS_WINDOW_DAYS = 30;

/** At most this many news a read: the employee's list, the badges of a list's orders. */
export const NEWS_LIMIT: Readonly<Record<NewsPage, number>> = {
  myBike: 20,
  storeOrders: 200,
  employerOrders: 200,
};

/** From when on an event is new: the last visit, but never before the window. */
export function newsSince(seenAt: Date | null, now: Date): Date {
  const windowStart = new Date(now.getTime() - NEWS_WINDOW_DAYS * DAY_MS);
  return seenAt && seenAt > windowStart ? seenAt : windowStart;
}

/** What a news item says happened, in the words of the page's catalogue. */
export const NEWS_KINDS = [
  "STATUS_CHANGED",
  "PACKAGE_CHANGED",
  "DELIVERY_DATE_SET",
  "HANDOVER_RECORDED",
  "HANDOVER_SIGNED",
  "DEFECT_REPORTED",
  "CANCELLATION_REQUESTED",
  "CANCELLATION_COMPLETED",
  "REDEMPTION_OFFERED",
  "REDEMPTION_CHOSEN",
  "REDEMPTION_COMPLETED",
  "CLAIM_REPORTED",
  "CLAIM_STEP",
] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** The news kind of each event type that any page follows (a move is told apart by its `to`). */
const KIND_OF_TYPE: Partial<Record<EventType, NewsKind>> = {
  SERIAL_NUMBER_UPDATED: "DELIVERY_DATE_SET",
  DELIVERY_DATE_UPDATED: "DELIVERY_DATE_SET",
  HANDOVER_RECORDED: "HANDOVER_RECORDED",
  HANDOVER_SIGNED: "HANDOVER_SIGNED",
  HANDOVER_DEFECT_REPORTED: "DEFECT_REPORTED",
  ORDER_CANCELLATION_REQUESTED: "CANCELLATION_REQUESTED",
  ORDER_CANCELLATION_COMPLETED: "CANCELLATION_COMPLETED",
  BIKE_REDEMPTION_STARTED: "REDEMPTION_OFFERED",
  BIKE_REDEMPTION_OFFER_ADDED: "REDEMPTION_OFFERED",
  BIKE_REDEMPTION_CHOICE_MADE: "REDEMPTION_CHOSEN",
  BIKE_REDEMPTION_COMPLETED: "REDEMPTION_COMPLETED",
  INSURANCE_CASE_STARTED: "CLAIM_REPORTED",
  INSURANCE_CASE_COMPLETED: "CLAIM_STEP",
  INSURANCE_END_OF_LEASING_COMPLETED: "CLAIM_STEP",
  INSURANCE_REPAIR_BIKE_SUBMITTED: "CLAIM_STEP",
  INSURANCE_NEW_BIKE_CASE_SUBMITTED: "CLAIM_STEP",
};

/** The event types that can carry an order's move (`data.to`) or the package's replacement. */
export const ORDER_MOVE_EVENT_TYPES: readonly EventType[] = [
  "ORDER_STATUS_UPDATED",
  "ORDER_CONFIRMED",
  "ORDER_PROCESSED",
  "ORDER_GRENKE_INVOICE_SENT",
];

/** What each page's reader follows: the employee their whole order, the store and employer what they act on. */
export const NEWS_KINDS_OF_PAGE: Readonly<Record<NewsPage, readonly NewsKind[]>> = {
  myBike: [
    "STATUS_CHANGED",
    "PACKAGE_CHANGED",
    "DELIVERY_DATE_SET",
    "HANDOVER_RECORDED",
    "CANCELLATION_COMPLETED",
    "REDEMPTION_OFFERED",
    "REDEMPTION_COMPLETED",
    "CLAIM_STEP",
  ],
  storeOrders: [
    "STATUS_CHANGED",
    "HANDOVER_SIGNED",
    "DEFECT_REPORTED",
    "CANCELLATION_REQUESTED",
    "CANCELLATION_COMPLETED",
  ],
  employerOrders: [
    "STATUS_CHANGED",
    "DEFECT_REPORTED",
    "CANCELLATION_REQUESTED",
    "CANCELLATION_COMPLETED",
    "REDEMPTION_CHOSEN",
    "CLAIM_REPORTED",
  ],
};

/** The event types worth reading for a page (the query narrows by them, the index serves it). */
export function newsEventTypesOf(page: NewsPage): EventType[] {
  const kinds = NEWS_KINDS_OF_PAGE[page];
  const types = Object.entries(KIND_OF_TYPE)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([type]) => type as EventType);
  const moves = kinds.includes("STATUS_CHANGED") || kinds.includes("PACKAGE_CHANGED");
  return moves ? [...ORDER_MOVE_EVENT_TYPES, ...types] : types;
}

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);

export type NewsOf = { kind: NewsKind; status: OrderStatus | null };

/**
 * What an event of the log is as news on the page, or null when the page does not follow it. An
 * order's move names the status it entered; the package replaced in place is its own kind; a
 * bookkeeping row without either (an invoice sent) is nobody's news.
 */
export function newsOf(
  page: NewsPage,
  event: { type: EventType; data: Record<string, unknown> },
): NewsOf | null {
  const follows = NEWS_KINDS_OF_PAGE[page];
  let news: NewsOf | null = null;
  if (ORDER_MOVE_EVENT_TYPES.includes(event.type)) {
    if (event.data.change === "packageReplaced") news = { kind: "PACKAGE_CHANGED", status: null };
    else if (isStatus(event.data.to)) news = { kind: "STATUS_CHANGED", status: event.data.to };
  } else {
    const kind = KIND_OF_TYPE[event.type];
    if (kind) news = { kind, status: null };
  }
  return news && follows.includes(news.kind) ? news : null;
}

/**
 * Whether an event is the reader's own doing (theirs, or their store's by its link): what a person did
 * themselves is never news to them.
 */
export function isOwnDoing(
  page: NewsPage,
  event: { actorUserId: string | null; data: Record<string, unknown> },
  readerId: string,
): boolean {
  if (event.actorUserId === readerId) return true;
  return page === "storeOrders" && event.data.by === "bikeStoreToken";
}
