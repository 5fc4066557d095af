import type { DemoCompanyKey } from "./demo-data.ts";

/**
 * The employer portal's demo data: enough employees that /tyonantaja, /yritys-asetukset and
 * /raportointi open populated for Demo Oy (about 40 employees), its sister company Demo Logistiikka Oy
 * (about 15) and Toinen Oy (about 10). Each person has a story the screens can show: a join request
 * waiting, a running lease (some committed before 23.4.2025, so still tax-free), an order on its way,
 * an absence, an employment that ended or ends soon, a share over the max price paid through payroll.
 *
 * Dates are relative to the seeding day (months ago, days ago), except commitment dates that decide a
 * lease's tax regime, which are real calendar dates by law.
 */

/** The bikes of the demo leases: a realistic mix of e-bikes and city bikes, with their prices in euros. */
export const DEMO_BIKES = [
  { brand: "Tunturi", model: "eGo 500 Urban", price: 2_890 },
  { brand: "Helkama", model: "Jopo 24", price: 690 },
  { brand: "Cube", model: "Kathmandu Hybrid ONE 625", price: 3_790 },
  { brand: "Specialized", model: "Turbo Vado 4.0", price: 4_990 },
  { brand: "Trek", model: "Allant+ 7", price: 3_990 },
  { brand: "Kona", model: "Dew", price: 1_190 },
  { brand: "Marin", model: "Muirwoods", price: 1_290 },
  { brand: "Giant", model: "Explore E+ 2", price: 3_490 },
  { brand: "Riese & Müller", model: "Charger4 GT vario", price: 6_290 },
  { brand: "Orbea", model: "Vibe H30", price: 3_290 },
  { brand: "Crescent", model: "Elsa 7-vaihteinen", price: 1_090 },
  { brand: "Merida", model: "eSpresso 400EQ", price: 3_190 },
] as const;

/**
 * What happens to an employee in the demo:
 * - `lease`: a running lease that started `startedMonthsAgo` months ago, committed on `committed`
 *   (an ISO date when the tax regime matters: on or before 2025-04-23 keeps the exemption; else the
 *   month before the start), on bike `bike` of DEMO_BIKES.
 * - `order`: an order on its way in `status`, created `daysAgo` days ago.
 * - `pending` / `rejected`: a join request through the registration link, `daysAgo` days ago.
 * Extras: `ended` / `ends` (the last working day this many days ago / ahead), `parental` (on parental
 * leave since this many days ago, open), `sick` (a sick leave of this many days, a month ago),
 * `trial` (trial period ends this many days ahead), `noNumber` (payroll data missing).
 */
type DemoStory =
  | { kind: "lease"; startedMonthsAgo: number; bike: number; committed?: string }
  | {
      kind: "order";
      status: "PENDING" | "PACKAGE_PROVIDED" | "ALL_INFO_PROVIDED" | "CONFIRMED";
      daysAgo: number;
      bike: number;
    }
  | { kind: "pending"; daysAgo: number }
  | { kind: "rejected"; daysAgo: number }
  | { kind: "none" };

export type DemoEmployee = {
  firstName: string;
  lastName: string;
  company: DemoCompanyKey;
  /** Index into the company's units (DEMO_COMPANIES[company].units). */
  unit: number;
  story: DemoStory;
  ended?: number;
  ends?: number;
  parental?: number;
  sick?: number;
  trial?: number;
  noNumber?: true;
  /** The employer's payroll grouping ("payroll other"). */
  payRollOther?: string;
};

const lease = (startedMonthsAgo: number, bike: number, committed?: string): DemoStory => ({
  kind: "lease",
  startedMonthsAgo,
  bike,
  ...(committed ? { committed } : {}),
});

export const DEMO_EMPLOYER_EMPLOYEES: readonly DemoEmployee[] = [
  // Demo Oy: 34 more beside the README's users.
  { firstName: "Aino", lastName: "Koivula", company: "demo", unit: 0, story: lease(19, 0, "2025-03-14") },
  { firstName: "Eetu", lastName: "Virtanen", company: "demo", unit: 0, story: lease(18, 4, "2025-04-10") },
  { firstName: "Helmi", lastName: "Mäkelä", company: "demo", unit: 1, story: lease(14, 2, "2025-08-20") },
  {
    firstName: "Juho",
    lastName: "Nieminen",
    company: "demo",
    unit: 2,
    story: lease(10, 5),
    payRollOther: "Tuntipalkka",
  },
  { firstName: "Lotta", lastName: "Heinonen", company: "demo", unit: 0, story: lease(8, 3), parental: 150 },
  { firstName: "Matias", lastName: "Koskinen", company: "demo", unit: 1, story: lease(7, 7), sick: 12 },
  { firstName: "Sara", lastName: "Järvinen", company: "demo", unit: 0, story: lease(6, 3) },
  {
    firstName: "Onni",
    lastName: "Lehtonen",
    company: "demo",
    unit: 2,
    story: lease(5, 1),
    payRollOther: "Tuntipalkka",
  },
  { firstName: "Iida", lastName: "Saarinen", company: "demo", unit: 1, story: lease(4, 9) },
  { firstName: "Leo", lastName: "Salonen", company: "demo", unit: 0, story: lease(3, 11), ends: 38 },
  { firstName: "Venla", lastName: "Turunen", company: "demo", unit: 0, story: lease(2, 10) },
  { firstName: "Elias", lastName: "Laaksonen", company: "demo", unit: 1, story: lease(1, 6) },
  { firstName: "Emma", lastName: "Kettunen", company: "demo", unit: 0, story: lease(0, 8) },
  { firstName: "Aleksi", lastName: "Ahonen", company: "demo", unit: 2, story: lease(13, 5), ended: 23 },
  { firstName: "Siiri", lastName: "Hiltunen", company: "demo", unit: 0, story: lease(9, 0, "2025-02-03") },
  {
    firstName: "Joona",
    lastName: "Kinnunen",
    company: "demo",
    unit: 1,
    story: { kind: "order", status: "PENDING", daysAgo: 2, bike: 3 },
  },
  {
    firstName: "Pihla",
    lastName: "Lindroos",
    company: "demo",
    unit: 0,
    story: { kind: "order", status: "PACKAGE_PROVIDED", daysAgo: 6, bike: 2 },
  },
  {
    firstName: "Tuomas",
    lastName: "Hyvönen",
    company: "demo",
    unit: 2,
    story: { kind: "order", status: "ALL_INFO_PROVIDED", daysAgo: 9, bike: 0 },
  },
  {
    firstName: "Anni",
    lastName: "Räsänen",
    company: "demo",
    unit: 0,
    story: { kind: "order", status: "CONFIRMED", daysAgo: 15, bike: 8 },
  },
  { firstName: "Samuli", lastName: "Pitkänen", company: "demo", unit: 1, story: { kind: "none" }, trial: 45 },
  {
    firstName: "Ella",
    lastName: "Vainio",
    company: "demo",
    unit: 0,
    story: { kind: "none" },
    noNumber: true,
  },
  { firstName: "Niko", lastName: "Seppälä", company: "demo", unit: 2, story: { kind: "none" } },
  { firstName: "Veera", lastName: "Jokinen", company: "demo", unit: 0, story: { kind: "none" } },
  {
    firstName: "Lauri",
    lastName: "Karppinen",
    company: "demo",
    unit: 1,
    story: { kind: "none" },
    noNumber: true,
  },
  { firstName: "Milla", lastName: "Harju", company: "demo", unit: 0, story: { kind: "none" } },
  { firstName: "Otto", lastName: "Rantala", company: "demo", unit: 2, story: { kind: "none" } },
  { firstName: "Kerttu", lastName: "Väisänen", company: "demo", unit: 0, story: { kind: "none" } },
  { firstName: "Arttu", lastName: "Ojala", company: "demo", unit: 1, story: { kind: "none" } },
  {
    firstName: "Inka",
    lastName: "Manninen",
    company: "demo",
    unit: 0,
    story: { kind: "pending", daysAgo: 1 },
  },
  {
    firstName: "Jesse",
    lastName: "Laitinen",
    company: "demo",
    unit: 1,
    story: { kind: "pending", daysAgo: 3 },
  },
  {
    firstName: "Nelli",
    lastName: "Kärkkäinen",
    company: "demo",
    unit: 2,
    story: { kind: "pending", daysAgo: 8 },
  },
  {
    firstName: "Valtteri",
    lastName: "Halonen",
    company: "demo",
    unit: 0,
    story: { kind: "rejected", daysAgo: 20 },
  },
  { firstName: "Julia", lastName: "Aaltonen", company: "demo", unit: 0, story: lease(11, 2, "2025-10-02") },
  { firstName: "Patrik", lastName: "Nyström", company: "demo", unit: 1, story: lease(16, 4, "2025-04-23") },
  // Demo Logistiikka Oy: 13 more.
  {
    firstName: "Kalle",
    lastName: "Backman",
    company: "demoLogistics",
    unit: 0,
    story: lease(12, 5, "2025-04-15"),
  },
  { firstName: "Minna", lastName: "Honkanen", company: "demoLogistics", unit: 0, story: lease(6, 1) },
  {
    firstName: "Petri",
    lastName: "Savolainen",
    company: "demoLogistics",
    unit: 1,
    story: lease(4, 11),
    payRollOther: "Vuorotyö",
  },
  {
    firstName: "Heidi",
    lastName: "Lundqvist",
    company: "demoLogistics",
    unit: 1,
    story: lease(2, 0),
    payRollOther: "Vuorotyö",
  },
  {
    firstName: "Marko",
    lastName: "Tikkanen",
    company: "demoLogistics",
    unit: 0,
    story: lease(9, 6),
    parental: 40,
  },
  {
    firstName: "Johanna",
    lastName: "Nurmi",
    company: "demoLogistics",
    unit: 0,
    story: { kind: "order", status: "PENDING", daysAgo: 4, bike: 10 },
  },
  {
    firstName: "Antti",
    lastName: "Kallio",
    company: "demoLogistics",
    unit: 1,
    story: { kind: "order", status: "CONFIRMED", daysAgo: 12, bike: 7 },
  },
  { firstName: "Tiina", lastName: "Mustonen", company: "demoLogistics", unit: 0, story: { kind: "none" } },
  { firstName: "Sami", lastName: "Holmström", company: "demoLogistics", unit: 1, story: { kind: "none" } },
  // One more Demo Logistiikka employee, so that every demo story still finds a free employee now that
  // the walks include the handover through Vauhti Espoo's own account (order-status-walks.ts).
  { firstName: "Aino", lastName: "Koivisto", company: "demoLogistics", unit: 0, story: { kind: "none" } },
  {
    firstName: "Katja",
    lastName: "Rautio",
    company: "demoLogistics",
    unit: 0,
    story: { kind: "none" },
    trial: 60,
  },
  {
    firstName: "Jukka",
    lastName: "Heikkilä",
    company: "demoLogistics",
    unit: 1,
    story: { kind: "pending", daysAgo: 2 },
  },
  {
    firstName: "Laura",
    lastName: "Söderberg",
    company: "demoLogistics",
    unit: 0,
    story: { kind: "pending", daysAgo: 5 },
  },
  {
    firstName: "Mikael",
    lastName: "Wikström",
    company: "demoLogistics",
    unit: 1,
    story: lease(7, 9),
    ended: 10,
  },
  // Toinen Oy: 8 more.
  { firstName: "Harri", lastName: "Toivonen", company: "toinen", unit: 0, story: lease(8, 4) },
  { firstName: "Satu", lastName: "Miettinen", company: "toinen", unit: 1, story: lease(5, 0) },
  { firstName: "Jani", lastName: "Koivisto", company: "toinen", unit: 0, story: lease(20, 2, "2025-01-20") },
  {
    firstName: "Outi",
    lastName: "Lahtinen",
    company: "toinen",
    unit: 1,
    story: { kind: "order", status: "PACKAGE_PROVIDED", daysAgo: 3, bike: 5 },
  },
  { firstName: "Tero", lastName: "Kokkonen", company: "toinen", unit: 0, story: { kind: "none" } },
  { firstName: "Hanna", lastName: "Pesonen", company: "toinen", unit: 1, story: { kind: "none" } },
  {
    firstName: "Raimo",
    lastName: "Hakala",
    company: "toinen",
    unit: 0,
    story: { kind: "pending", daysAgo: 2 },
  },
  { firstName: "Elina", lastName: "Suominen", company: "toinen", unit: 1, story: { kind: "none" }, sick: 20 },
];

/** The cost unit of each unit: the unit's place in DEMO_COMPANIES[company].units picks one. */
export const DEMO_COST_UNITS: Record<DemoCompanyKey, readonly string[]> = {
  demo: ["4100", "4200", "4300"],
  demoLogistics: ["5100", "5200"],
  toinen: ["700", "710"],
};

/** Employee numbers start here per company, after the README users' numbers. */
export const DEMO_EMPLOYEE_NUMBER_BASE: Record<DemoCompanyKey, { prefix: string; from: number }> = {
  demo: { prefix: "", from: 1101 },
  demoLogistics: { prefix: "", from: 2101 },
  toinen: { prefix: "T-", from: 40 },
};

/** Who receives the payroll reports besides talous@demo.test (admin-demo-data.ts): each company's admin, and the group admin for the group. */
export const DEMO_PAYROLL_RECIPIENTS = {
  companies: [
    { company: "demo", email: "employer.admin@demo.test" },
    { company: "toinen", email: "employer.admin@toinen.test" },
  ],
  group: ["group.admin@demo.test"],
} as const;
