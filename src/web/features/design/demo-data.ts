import type { OrderStatus } from "../../../domain/enums.ts";

/** Realistic Finnish data for the reference page: people, companies, bikes and prices (cents). */
export type DemoEmployee = {
  id: string;
  name: string;
  company: string;
  bike: string;
  monthlyPaymentCents: number;
  orderStatus: OrderStatus;
};

export const DEMO_EMPLOYEES: readonly DemoEmployee[] = [
  ["Aino Virtanen", "Kallion Kahvipaahtimo Oy", "Helkama Jopo 3 v", 4_290, "ACTIVE_LEASING"],
  ["Eero Korhonen", "Tampereen Tilitoimisto Oy", "Tunturi eMax 500", 8_950, "CONFIRMED"],
  ["Helmi Mäkinen", "Kallion Kahvipaahtimo Oy", "Cube Kathmandu Hybrid", 11_480, "WAITING_FOR_DELIVERY_DATE"],
  ["Juho Nieminen", "Oulun Ohjelmistopaja Oy", "Riese & Müller Load 75", 19_900, "PACKAGE_PROVIDED"],
  ["Kaisa Hämäläinen", "Tampereen Tilitoimisto Oy", "Canyon Grail 6", 5_640, "PENDING"],
  ["Lauri Laine", "Oulun Ohjelmistopaja Oy", "Trek FX 3", 3_980, "ACTIVE_LEASING"],
  [
    "Minna Heikkinen",
    "Kallion Kahvipaahtimo Oy",
    "Specialized Turbo Vado 4.0",
    13_250,
    "WAITING_FOR_CUSTOMER_COMMENT",
  ],
  ["Niko Koskinen", "Tampereen Tilitoimisto Oy", "Kona Dew", 3_150, "CANCELLED"],
  ["Outi Järvinen", "Oulun Ohjelmistopaja Oy", "Bianchi E-Omnia", 12_720, "READY_FOR_BILLING"],
  ["Pekka Lehtonen", "Kallion Kahvipaahtimo Oy", "Giant Explore E+ 2", 10_360, "PROCESSED"],
  ["Riikka Saarinen", "Tampereen Tilitoimisto Oy", "Marin Four Corners", 4_870, "ALL_INFO_PROVIDED"],
  ["Sami Salminen", "Oulun Ohjelmistopaja Oy", "Orbea Vibe H30", 9_990, "NOT_STARTED"],
].map(([name, company, bike, monthlyPaymentCents, orderStatus], i) => ({
  id: `employee-${i + 1}`,
  name: name as string,
  company: company as string,
  bike: bike as string,
  monthlyPaymentCents: monthlyPaymentCents as number,
  orderStatus: orderStatus as OrderStatus,
}));

/** Kallion Kahvipaahtimo Oy: a fictional company; its business ID's check digit is valid. */
export const DEMO_COMPANY = {
  name: "Kallion Kahvipaahtimo Oy",
  businessId: "3120458-3",
  address: "Fleminginkatu 12, 00530 Helsinki",
  eInvoiceAddress: "003731204583",
  eInvoiceOperator: "003723327487",
  contact: "Minna Heikkinen",
  email: "minna.heikkinen@kallionkahvi.fi",
  phone: "+358 40 123 4567",
  maxPriceCents: 350_000,
} as const;

/** An order's event log, newest first; the texts are in the catalogue (ds.demo.timeline). */
export const DEMO_EVENTS = [
  { id: "e4", at: "2026-03-09T07:40:00.000Z", actor: null, key: "processed" },
  { id: "e3", at: "2026-03-06T14:05:00.000Z", actor: "Aino Virtanen", key: "signed" },
  { id: "e2", at: "2026-03-04T10:30:00.000Z", actor: "Kallion Pyörä", key: "package" },
  { id: "e1", at: "2026-03-02T08:15:00.000Z", actor: "Aino Virtanen", key: "started" },
] as const;
