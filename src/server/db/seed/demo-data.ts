import { type PolicyCover, policyLeaseTerms } from "../../../domain/calculator/lease-payment.ts";
import type { PaymentMode } from "../../../domain/enums.ts";
import type { RoleName } from "../../../domain/roles.ts";

/**
 * The demo data: a believable Finnish setting for a newcomer who runs `npm start`, and fixed points the
 * tests and the README rely on (the demo e-mails and company names). Business IDs carry valid check
 * digits and are fictional. Every demo user logs in with DEMO_PASSWORD.
 */

export const DEMO_PASSWORD = "Pedaali2026!";

/**
 * Demo Oy's registration link, `/liity/demo-oy-rekisterointilinkki` (README "Demo users"): a fixed
 * token, so joining can be tried without making a link as the employer first. Real links are random
 * (32 bytes); this one exists only in the demo data, which production never seeds.
 */
/** The product's address, which the demo's offer PDFs link to (the seed knows no PUBLIC_URL). */
export const DEMO_PUBLIC_URL = "https://pedaali.fi";

export const DEMO_JOIN_TOKEN = "demo-oy-rekisterointilinkki";
/** Who made the demo registration link, and for which company. */
export const DEMO_JOIN_LINK = { company: "demo", createdBy: "employer.admin@demo.test" } as const;

export type DemoCompanyKey = "demo" | "demoLogistics" | "toinen";

export const DEMO_GROUP_COMPANY = { name: "Demo-konserni", businessId: "3120456-7" } as const;

export const DEMO_COMPANIES: Record<
  DemoCompanyKey,
  {
    name: string;
    businessId: string;
    inGroup: boolean;
    streetAddress: string;
    postalCode: string;
    city: string;
    maxPriceCents: number;
    /** How its employees pay what they owe themselves: by payroll, by invoice, or either (ALL). */
    paymentMode: PaymentMode;
    /**
     * Its e-invoice operator's ID; its e-invoice address is the OVT code of its business ID
     * (ovtCodeOf), as most Finnish companies' is.
     */
    eInvoiceOperator: string;
    units: string[];
    contact: { name: string; email: string; phoneNumber: string };
  }
> = {
  demo: {
    name: "Demo Oy",
    eInvoiceOperator: "003723327487",
    businessId: "2980005-2",
    inGroup: true,
    streetAddress: "Keilaranta 12",
    postalCode: "02150",
    city: "Espoo",
    maxPriceCents: 450_000,
    paymentMode: "ALL",
    units: ["Espoon pääkonttori", "Tampereen toimipiste", "Oulun varasto"],
    contact: { name: "Laura Nieminen", email: "employer.admin@demo.test", phoneNumber: "+358505550101" },
  },
  demoLogistics: {
    name: "Demo Logistiikka Oy",
    eInvoiceOperator: "NDEAFIHH",
    businessId: "3256781-0",
    inGroup: true,
    streetAddress: "Tikkurilantie 140",
    postalCode: "01530",
    city: "Vantaa",
    maxPriceCents: 350_000,
    paymentMode: "PAYROLL",
    units: ["Vantaan terminaali", "Turun terminaali"],
    contact: { name: "Päivi Koskinen", email: "group.admin@demo.test", phoneNumber: "+358505550105" },
  },
  toinen: {
    name: "Toinen Oy",
    eInvoiceOperator: "OKOYFIHH",
    businessId: "2874563-7",
    inGroup: false,
    streetAddress: "Hämeenkatu 25",
    postalCode: "33200",
    city: "Tampere",
    maxPriceCents: 300_000,
    paymentMode: "PAYROLL",
    units: ["Tampereen tehdas", "Jyväskylän myymälä"],
    contact: { name: "Antti Salminen", email: "employer.admin@toinen.test", phoneNumber: "+358505550201" },
  },
};

export type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: RoleName;
  /** The company the role is held in; null for the admin tier (global roles). */
  company: DemoCompanyKey | null;
  deactivated?: boolean;
  /**
   * Its phone number is cleared on every demo seed (seed-demo.ts resetDemoFixtures), so the first-login
   * phone step can be tried again after someone has gone through it.
   */
  clearPhoneOnSeed?: boolean;
  /** For a bike store's user (BIKE_STORE, held globally): the store (by name) they act for. */
  bikeStore?: string;
  /** For beneficiaries: the employment record the employer sees. */
  employee?: {
    unit: string;
    employeeNumber: string;
    costUnit: string;
    status: "PENDING" | "ACCEPTED" | "REJECTED" | "INACTIVE";
  };
};

/** One user per role with the e-mails every test and document relies on, then more employees. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: "admin@pedaali.test",
    firstName: "Sanna",
    lastName: "Lehtonen",
    phoneNumber: "+358505550001",
    role: "SUPER_ADMIN",
    company: null,
  },
  {
    email: "helpdesk@pedaali.test",
    firstName: "Mikko",
    lastName: "Heikkinen",
    phoneNumber: "+358505550002",
    role: "INTERNAL_ADMIN",
    company: null,
  },
  {
    email: "employer.admin@demo.test",
    firstName: "Laura",
    lastName: "Nieminen",
    phoneNumber: "+358505550101",
    role: "EMPLOYER_ADMIN",
    company: "demo",
  },
  {
    email: "employer.editor@demo.test",
    firstName: "Juha",
    lastName: "Mäkinen",
    phoneNumber: "+358505550102",
    role: "EMPLOYER_EDITOR",
    company: "demo",
  },
  {
    email: "group.admin@demo.test",
    firstName: "Päivi",
    lastName: "Koskinen",
    phoneNumber: "+358505550105",
    role: "EMPLOYER_GROUP_ADMIN",
    company: "demo",
  },
  {
    email: "reporting@demo.test",
    firstName: "Timo",
    lastName: "Järvinen",
    phoneNumber: "+358505550103",
    role: "EMPLOYER_REPORTING",
    company: "demo",
  },
  {
    email: "employee@demo.test",
    firstName: "Emilia",
    lastName: "Laine",
    phoneNumber: "+358505550110",
    role: "BIKE_BENEFICIARY",
    company: "demo",
    employee: { unit: "Espoon pääkonttori", employeeNumber: "1001", costUnit: "4100", status: "ACCEPTED" },
  },
  {
    email: "employer.admin@toinen.test",
    firstName: "Antti",
    lastName: "Salminen",
    phoneNumber: "+358505550201",
    role: "EMPLOYER_ADMIN",
    company: "toinen",
  },
  {
    // The bike store's own account: Vauhti Espoo's orders of every employer, its package and delivery.
    email: "myyja@vauhti.test",
    firstName: "Kalle",
    lastName: "Vauhkonen",
    phoneNumber: "+358505550311",
    role: "BIKE_STORE",
    company: null,
    bikeStore: "Vauhti Espoo",
  },
  {
    // Shows the deactivated path: login answers 403 and the app goes to /deactivated.
    email: "deactivated@demo.test",
    firstName: "Riikka",
    lastName: "Peltonen",
    phoneNumber: "+358505550111",
    role: "BIKE_BENEFICIARY",
    company: "demo",
    deactivated: true,
    employee: { unit: "Tampereen toimipiste", employeeNumber: "1009", costUnit: "4200", status: "INACTIVE" },
  },
  {
    // An employer admin with no phone number: login asks for one before sending the code. The number
    // given there is cleared again on every demo seed.
    email: "twofactor@demo.test",
    firstName: "Markus",
    lastName: "Virtanen",
    phoneNumber: null,
    clearPhoneOnSeed: true,
    role: "EMPLOYER_ADMIN",
    company: "demo",
  },
  // More employees, so the employer's lists are not empty: accepted ones and requests waiting.
  ...(
    [
      [
        "ville.hamalainen@demo.test",
        "Ville",
        "Hämäläinen",
        "demo",
        "Espoon pääkonttori",
        "1002",
        "4100",
        "ACCEPTED",
      ],
      [
        "kaisa.rantanen@demo.test",
        "Kaisa",
        "Rantanen",
        "demo",
        "Tampereen toimipiste",
        "1003",
        "4200",
        "ACCEPTED",
      ],
      [
        "olli.karjalainen@demo.test",
        "Olli",
        "Karjalainen",
        "demo",
        "Oulun varasto",
        "1004",
        "4300",
        "PENDING",
      ],
      [
        "noora.tuominen@demo.test",
        "Noora",
        "Tuominen",
        "demo",
        "Espoon pääkonttori",
        "1005",
        "4100",
        "PENDING",
      ],
      [
        "jari.lindholm@demo.test",
        "Jari",
        "Lindholm",
        "demoLogistics",
        "Vantaan terminaali",
        "2001",
        "5100",
        "ACCEPTED",
      ],
      [
        "sofia.ahonen@demo.test",
        "Sofia",
        "Ahonen",
        "demoLogistics",
        "Turun terminaali",
        "2002",
        "5200",
        "PENDING",
      ],
      [
        "mervi.leinonen@toinen.test",
        "Mervi",
        "Leinonen",
        "toinen",
        "Tampereen tehdas",
        "T-17",
        "700",
        "ACCEPTED",
      ],
      ["pekka.niemi@toinen.test", "Pekka", "Niemi", "toinen", "Jyväskylän myymälä", "T-23", "710", "PENDING"],
    ] as const
  ).map(
    ([email, firstName, lastName, company, unit, employeeNumber, costUnit, status], i): DemoUser => ({
      email,
      firstName,
      lastName,
      phoneNumber: `+35850555${String(1200 + i).padStart(4, "0")}`,
      role: "BIKE_BENEFICIARY",
      company,
      employee: { unit, employeeNumber, costUnit, status },
    }),
  ),
];

export const DEMO_LEASING_COMPANIES = [
  { companyName: "Grenkeleasing Oy", email: null, phoneNumber: null, businessId: null },
  { companyName: "LeasePlus OÜ", email: null, phoneNumber: null, businessId: null },
  {
    companyName: "Pedaali Oy",
    email: "info@pedaali.fi",
    phoneNumber: "+358942420000",
    businessId: "3401234-1",
  },
] as const;

/** VAT in Finland: 24 % until 31.8.2024, 25.5 % from 1.9.2024 (arvonlisäverolaki, HE 76/2024). */
export const DEMO_VAT_RATES = [
  {
    countryCode: "FI",
    ratePercent: 24,
    validFrom: "2013-01-01",
    validTo: "2024-08-31",
    description: "Yleinen verokanta",
  },
  {
    countryCode: "FI",
    ratePercent: 25.5,
    validFrom: "2024-09-01",
    validTo: null,
    description: "Yleinen verokanta",
  },
] as const;

/**
 * Pedaali's own billing table, the default that prices the public calculator: an annuity at 4.9 % with
 * a 5 % redemption price, insurance 6 % of the price a year, a 12 € maintenance budget and a 5 € service
 * fee a month (demo terms of the right magnitude, as providers publish them), and a 3 % campaign discount for
 * leases of 36 months or more when asked for. The lease period follows the package price.
 */
export const DEMO_BILLING_TABLE = {
  name: "Pedaali perustaulukko 2026",
  leasingCompany: "Pedaali Oy",
  validFrom: "2026-01-01",
  annualInterestPercent: 4.9,
  residualValuePercent: 5,
  insurancePercentPerYear: 6,
  monthlyMaintenanceCents: 1_200,
  monthlyServiceFeeCents: 500,
  minLeaseMonths: 12,
  maxLeaseMonths: 60,
  campaignDiscountPercent: 3,
  campaignMinLeaseMonths: 36,
  isDefault: true,
  rows: [
    { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
    { minTotalCents: 150_000, maxTotalCents: 300_000, leaseTimeMonths: 36 },
    { minTotalCents: 300_000, maxTotalCents: 450_000, leaseTimeMonths: 48 },
    { minTotalCents: 450_000, maxTotalCents: null, leaseTimeMonths: 60 },
  ],
} as const;

/**
 * What the demo companies' bike policies put in the monthly payment: Pedaali's maintenance budget and the
 * insurance. The demo's leases are priced with these terms, as an offer under such a policy is.
 */
export const DEMO_POLICY_COVER: PolicyCover = { maintenanceIncluded: true, insuranceRequired: true };

/** The billing table's terms as the demo companies' policies take them. */
export const DEMO_LEASE_TERMS = policyLeaseTerms(DEMO_BILLING_TABLE, DEMO_POLICY_COVER);

export const DEMO_BIKE_STORE_GROUPS = ["Vauhti-pyöräliikkeet"] as const;

/**
 * The demo's bike stores. All but Turun Polkupyörä have given the bank account Pedaali pays them to
 * (fictional accounts with valid check digits), so the payouts view shows a store that cannot be paid
 * yet; the online shop has agreed a commission.
 */
export const DEMO_BIKE_STORES = [
  {
    storeName: "Vauhti Espoo",
    group: "Vauhti-pyöräliikkeet",
    businessId: "3309876-1",
    email: "espoo@vauhti.test",
    iban: "FI2012345600012346",
    bic: "NDEAFIHH",
    phoneNumber: "+358505550301",
    website: "https://www.vauhti.test",
    streetAddress: "Piispansilta 9",
    postalCode: "02230",
    city: "Espoo",
    isOnlineStore: false,
  },
  {
    storeName: "Vauhti Tampere",
    group: "Vauhti-pyöräliikkeet",
    businessId: "3309876-1",
    email: "tampere@vauhti.test",
    iban: "FI2512345600012353",
    bic: "NDEAFIHH",
    phoneNumber: "+358505550302",
    website: "https://www.vauhti.test",
    streetAddress: "Hatanpään valtatie 30",
    postalCode: "33100",
    city: "Tampere",
    isOnlineStore: false,
  },
  {
    storeName: "Kallion Pyöräpaja",
    group: null,
    businessId: "3011223-0",
    email: "myynti@kallionpyorapaja.test",
    iban: "FI1757000020044718",
    bic: "OKOYFIHH",
    phoneNumber: "+358505550303",
    website: "https://kallionpyorapaja.test",
    streetAddress: "Fleminginkatu 7",
    postalCode: "00530",
    city: "Helsinki",
    isOnlineStore: false,
  },
  {
    storeName: "Pohjolan Sähköpyörä",
    group: null,
    businessId: "3198765-3",
    email: "info@pohjolansahkopyora.test",
    iban: "FI8380001400030922",
    bic: "DABAFIHH",
    phoneNumber: "+358505550304",
    website: "https://www.pohjolansahkopyora.test",
    streetAddress: "Kauppurienkatu 21",
    postalCode: "90100",
    city: "Oulu",
    isOnlineStore: false,
  },
  {
    storeName: "Turun Polkupyörä",
    group: null,
    businessId: "3150321-7",
    email: "kauppa@turunpolkupyora.test",
    phoneNumber: "+358505550305",
    website: "https://turunpolkupyora.test",
    streetAddress: "Humalistonkatu 4",
    postalCode: "20100",
    city: "Turku",
    isOnlineStore: false,
  },
  {
    storeName: "Pyöräkauppa Verkossa",
    group: null,
    businessId: "2456789-6",
    email: "asiakaspalvelu@pyorakauppaverkossa.test",
    iban: "FI5039390012345678",
    bic: "SBANFIHH",
    commissionPercent: 3.5,
    phoneNumber: "+358505550306",
    website: "https://www.pyorakauppaverkossa.test",
    streetAddress: "Satamakatu 3",
    postalCode: "15140",
    city: "Lahti",
    isOnlineStore: true,
  },
] as const;
