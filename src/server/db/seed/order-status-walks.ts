import type { TPackageItemInput } from "../../../contract/store-links.ts";
import type { DeliveryMethod, OrderStatus } from "../../../domain/enums.ts";
import type { DemoCompanyKey } from "./demo-data.ts";

/**
 * What the demo orders of seed-order-statuses.ts are made of: the stores' packages, the browsers the
 * employees signed with, the days of the main line's steps, and the walks (where each order ends, for
 * which company's employee, at which store, how long it has waited there).
 */

export const MINUTE_MS = 60_000;

/** The Vauhti Espoo package the demo's newcomer accepts and signs as Ville: over Demo Oy's 4 500 €. */
const VILLE = "ville.hamalainen@demo.test";

export type Line = TPackageItemInput;
const bike = (
  name: string,
  brand: string,
  model: string,
  euros: number,
  extra: Partial<Line> = {},
): Line => ({
  itemType: "BIKE",
  name,
  brand,
  model,
  modelYear: 2025,
  quantity: 1,
  unitPriceCents: euros * 100,
  discountCents: 0,
  ...extra,
});
const extra = (itemType: Line["itemType"], name: string, euros: number, brand?: string): Line => ({
  itemType,
  name,
  ...(brand ? { brand } : {}),
  quantity: 1,
  unitPriceCents: euros * 100,
  discountCents: 0,
});
const HELMET = extra("ACCESSORY", "Kypärä Abus Pedelec 2.0", 129, "Abus");
const LOCK = extra("ACCESSORY", "Runkolukko Abus Bordo 6500", 119, "Abus");
export const LIGHT_LOCK = extra("ACCESSORY", "Runkolukko Trelock RS 350", 69, "Trelock");
const CITY_HELMET = extra("ACCESSORY", "Kypärä Giro Register", 59, "Giro");
const FIRST_SERVICE = extra("SERVICE", "Ensihuolto 1 kk", 59);

/** The stores' packages: Finnish bike-store offers of 1 500–4 800 € with a helmet, a lock, a service. */
export const PACKAGES: Record<string, Line[]> = {
  cubeKathmandu: [
    bike("Cube Kathmandu Hybrid SLX 750", "Cube", "Kathmandu Hybrid SLX 750", 4_599, {
      frameSize: "54 cm",
      color: "grey'n'metal",
    }),
    HELMET,
    LOCK,
    FIRST_SERVICE,
  ],
  trekAllant: [
    bike("Trek Allant+ 8S", "Trek", "Allant+ 8S", 4_799, {
      frameSize: "M",
      color: "Lithium Grey",
      discountCents: 20_000,
    }),
    HELMET,
    LOCK,
  ],
  helkamaE3: [
    bike("Helkama E3 Bosch", "Helkama", "E3 Bosch", 3_290, { frameSize: "52 cm", color: "tummanvihreä" }),
    HELMET,
    LIGHT_LOCK,
    FIRST_SERVICE,
  ],
  tunturiEmax: [
    bike("Tunturi eMAX 28", "Tunturi", "eMAX 28", 2_299, { frameSize: "50 cm", color: "musta" }),
    CITY_HELMET,
    LIGHT_LOCK,
  ],
  cubeTouring: [
    bike("Cube Touring Hybrid ONE 625", "Cube", "Touring Hybrid ONE 625", 2_999, {
      frameSize: "58 cm",
      color: "black'n'grey",
    }),
    HELMET,
    LOCK,
    FIRST_SERVICE,
  ],
  trekFx: [
    bike("Trek FX+ 2", "Trek", "FX+ 2", 2_899, { frameSize: "L", color: "Matte Dnister Black" }),
    CITY_HELMET,
    LIGHT_LOCK,
  ],
  helkamaJopo: [
    bike("Helkama Jopo Street 28", "Helkama", "Jopo Street 28", 1_590, { color: "petrooli" }),
    CITY_HELMET,
    LIGHT_LOCK,
  ],
  tunturiEgo: [
    bike("Tunturi eGo 500 Urban", "Tunturi", "eGo 500 Urban", 2_890, { frameSize: "48 cm" }),
    HELMET,
    LOCK,
    FIRST_SERVICE,
  ],
};

/** Browsers the employees signed with (the signed document's evidence). */
export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15",
] as const;

/** The steps of the main line, each the day (after the order) it happens on. */
export const STEP_DAY = {
  start: 0,
  package: 2,
  accept: 3,
  sign: 3,
  approve: 4,
  send: 5,
  decide: 7,
  process: 8,
  purchaseInvoice: 15,
  match: 16,
  delivery: 20,
  bill: 22,
  startLease: 25,
} as const;
export type Step = keyof typeof STEP_DAY;

export type Walk = {
  /** Where the order ends. */
  to: OrderStatus;
  company: DemoCompanyKey;
  /** A README login to give it to, instead of the company's next free employee. */
  email?: string;
  store: string;
  packageKey?: keyof typeof PACKAGES;
  leaseMonths?: number;
  /** Days the order has waited in its status. */
  waitingDays: number;
  /** The main-line step it stops after (for the statuses a step leaves the order in). */
  until?: Step;
  /** How the bike reaches the employee; by the walk's place in the list when left out. */
  delivery?: DeliveryMethod;
  /** The store hands the bike over through its account (after the match) instead of a delivery link. */
  handedOver?: true;
  /** The store sends its invoice from its account instead of the helpdesk recording one it received. */
  invoicedFromAccount?: true;
  /** A side move the helpdesk makes at the end, with the reason it wrote. */
  side?: { path: readonly OrderStatus[]; reason: string };
  /** The helpdesk cancels the order at the end through a cancellation it completes, for this reason. */
  cancel?: { reason: string };
};

export const WALKS: readonly Walk[] = [
  { to: "NOT_STARTED", company: "demoLogistics", store: "Vauhti Tampere", waitingDays: 1 },
  {
    to: "PACKAGE_PROVIDED",
    company: "demo",
    email: VILLE,
    store: "Vauhti Espoo",
    packageKey: "cubeKathmandu",
    waitingDays: 1,
    until: "package",
  },
  {
    to: "ALL_INFO_PROVIDED",
    company: "demo",
    store: "Vauhti Espoo",
    packageKey: "trekAllant",
    leaseMonths: 36,
    waitingDays: 2,
    until: "sign",
  },
  {
    to: "WAITING_FOR_CUSTOMER_COMMENT",
    company: "demo",
    store: "Kallion Pyöräpaja",
    packageKey: "cubeTouring",
    waitingDays: 5,
    until: "package",
    side: {
      path: ["WAITING_FOR_CUSTOMER_COMMENT"],
      reason: "Pyöräliike tarjoaa 58 cm rungon 56 cm:n sijaan. Sopiiko isompi koko?",
    },
  },
  {
    to: "CONFIRMED",
    company: "demo",
    store: "Vauhti Tampere",
    packageKey: "helkamaE3",
    leaseMonths: 36,
    waitingDays: 1,
    until: "approve",
  },
  {
    to: "CONFIRMED",
    company: "demoLogistics",
    store: "Vauhti Tampere",
    packageKey: "tunturiEmax",
    leaseMonths: 24,
    waitingDays: 1,
    until: "decide",
  },
  {
    to: "WAITING_FOR_INVOICE_MATCH",
    company: "demo",
    store: "Vauhti Espoo",
    packageKey: "trekFx",
    leaseMonths: 36,
    waitingDays: 1,
    until: "purchaseInvoice",
  },
  // The online shop has agreed a commission (3.5 %): its matched order owes it the price less 3.5 %
  // of the price without VAT, as the payouts pages show (decision 022).
  {
    to: "WAITING_FOR_DELIVERY_DATE",
    company: "demoLogistics",
    store: "Pyöräkauppa Verkossa",
    packageKey: "tunturiEgo",
    leaseMonths: 36,
    waitingDays: 2,
    until: "match",
  },
  {
    to: "READY_FOR_BILLING",
    company: "demo",
    store: "Kallion Pyöräpaja",
    packageKey: "helkamaJopo",
    leaseMonths: 24,
    waitingDays: 1,
    until: "delivery",
  },
  {
    to: "GRENKE_INVOICE_SENT",
    company: "toinen",
    store: "Vauhti Tampere",
    packageKey: "tunturiEmax",
    leaseMonths: 36,
    waitingDays: 3,
    until: "bill",
  },
  {
    to: "ACTIVE_LEASING",
    company: "toinen",
    store: "Turun Polkupyörä",
    packageKey: "trekFx",
    leaseMonths: 36,
    waitingDays: 20,
    until: "startLease",
  },
  {
    to: "CASE_X",
    company: "demo",
    store: "Vauhti Espoo",
    packageKey: "cubeTouring",
    leaseMonths: 36,
    waitingDays: 6,
    until: "approve",
    side: {
      path: ["CASE_X"],
      reason: "Maahantuojan toimitus viivästyy kolme kuukautta; sovitaan korvaavasta mallista.",
    },
  },
  // Cancelled by the helpdesk through a cancellation it completes; nothing was paid, so nothing is
  // refunded. The demo's refunded order is the cancellations demo's, whose refund has its receipt.
  {
    to: "CANCELLED",
    company: "demo",
    store: "Vauhti Tampere",
    packageKey: "helkamaE3",
    leaseMonths: 36,
    waitingDays: 20,
    until: "approve",
    cancel: { reason: "Työntekijä perui tilauksen ennen toimitusta; mitään ei ollut vielä maksettu." },
  },
  // Vauhti Espoo's own account: an order invoiced from the account and waiting to be handed over at
  // the counter (Mervi shows her pickup code), and a shipped one handed over through the account,
  // signed for by its employee.
  {
    to: "WAITING_FOR_DELIVERY_DATE",
    company: "toinen",
    email: "mervi.leinonen@toinen.test",
    store: "Vauhti Espoo",
    packageKey: "cubeKathmandu",
    leaseMonths: 36,
    waitingDays: 1,
    until: "match",
    delivery: "PICKUP",
    invoicedFromAccount: true,
  },
  {
    to: "READY_FOR_BILLING",
    company: "demoLogistics",
    store: "Vauhti Espoo",
    packageKey: "cubeKathmandu",
    leaseMonths: 36,
    waitingDays: 6,
    until: "match",
    delivery: "HOME_DELIVERY",
    handedOver: true,
  },
];

/** The online shop's imports: one waiting in WIX, one the helpdesk processed. */
export const ONLINE = [
  { to: "WIX" as const, company: "demo" as const, externalOrderId: "WIX-100231", daysAgo: 2 },
  { to: "PROCESSED" as const, company: "toinen" as const, externalOrderId: "WIX-100198", daysAgo: 9 },
];
