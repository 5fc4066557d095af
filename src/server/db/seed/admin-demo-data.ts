import { DAY_MS } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";

/**
 * What the admin area's demo is made of: the company sign-ups, contact forms and people with roles in
 * several companies a helpdesk agent meets, and the year of orders behind Raportointi. Dates are
 * relative to the seeding day, so the demo always looks current.
 */

export const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Company sign-ups from /register: two wait for the helpdesk, one was declined. */
export const DEMO_APPLICATIONS = [
  {
    companyName: "Kahvila Kaarna Oy",
    businessId: "3345674-1",
    contactFirstName: "Elina",
    contactLastName: "Hakala",
    contactEmail: "elina.hakala@kaarna.test",
    contactPhoneNumber: "+358405550401",
    employeeCount: 18,
    streetAddress: "Aleksanterinkatu 21",
    postalCode: "00100",
    city: "Helsinki",
    eInvoiceAddress: "003733456741",
    eInvoiceOperator: "OKOYFIHH",
    language: "fi" as const,
    message: "Haluaisimme tarjota pyöräedun koko henkilöstölle huhtikuusta alkaen.",
    status: "PENDING" as const,
    daysAgo: 2,
  },
  {
    companyName: "Nordic Timber Ab Oy",
    businessId: "3401236-8",
    contactFirstName: "Johan",
    contactLastName: "Lindqvist",
    contactEmail: "johan.lindqvist@nordictimber.test",
    contactPhoneNumber: "+358405550402",
    employeeCount: 64,
    streetAddress: "Hovrättsesplanaden 9",
    postalCode: "65100",
    city: "Vaasa",
    eInvoiceAddress: null,
    eInvoiceOperator: null,
    language: "sv" as const,
    message: "Vi vill erbjuda cykelförmån till våra anställda i Vasa och Jakobstad.",
    status: "PENDING" as const,
    daysAgo: 5,
  },
  {
    companyName: "Pyöräpaja Vinha Tmi",
    businessId: "3298761-2",
    contactFirstName: "Tuomas",
    contactLastName: "Vinha",
    contactEmail: "tuomas@vinha.test",
    contactPhoneNumber: "+358405550403",
    employeeCount: 0,
    streetAddress: "Kauppakatu 3",
    postalCode: "40100",
    city: "Jyväskylä",
    eInvoiceAddress: null,
    eInvoiceOperator: null,
    language: "fi" as const,
    message: "Voinko tarjota pyöräetua itselleni toiminimen kautta?",
    status: "REJECTED" as const,
    daysAgo: 40,
    reviewNote: "Pyöräetu edellyttää työsuhdetta; toiminimellä ei ole palkattuja työntekijöitä.",
  },
];

/** Messages of the public contact form: three wait to be read, one is handled. */
export const DEMO_CONTACT_FORMS = [
  {
    name: "Olli Kivelä",
    email: "olli.kivela@kiinteistokivela.test",
    phoneNumber: "+358405550501",
    companyName: "Kiinteistö Kivelä Oy",
    subject: "EMPLOYER",
    message: "Meillä on 40 työntekijää. Kuinka nopeasti pyöräedun saa käyttöön, ja mitä se maksaa meille?",
    daysAgo: 1,
    checked: false,
  },
  {
    name: "Katja Mäki",
    email: "katja.maki@example.test",
    phoneNumber: null,
    companyName: null,
    subject: "EMPLOYEE",
    message: "Voinko lunastaa pyörän itselleni sopimuskauden lopussa, ja paljonko lunastus maksaa?",
    daysAgo: 3,
    checked: false,
  },
  {
    name: "Ratas-pyörä Lahti",
    email: "myynti@ratas.test",
    phoneNumber: "+358405550503",
    companyName: "Ratas-pyörä Oy",
    subject: "BIKE_STORE",
    message: "Haluaisimme kumppaniliikkeeksi. Miten liittyminen tapahtuu ja mitä se edellyttää kassaltamme?",
    daysAgo: 6,
    checked: false,
  },
  {
    name: "Minna Salo",
    email: "minna.salo@media.test",
    phoneNumber: null,
    companyName: "Kaupunkilehti",
    subject: "PRESS",
    message: "Teemme juttua verovapauden poistumisesta. Ehtisikö joku kommentoimaan tällä viikolla?",
    daysAgo: 12,
    checked: true,
  },
];

/** People with roles in more than one company: the Käyttäjät tab shows roles per company. */
export const DEMO_MULTI_ROLE_USERS = [
  {
    email: "hr@demo.test",
    firstName: "Mikko",
    lastName: "Lehtinen",
    phoneNumber: "+358505550110",
    roles: [
      { role: "EMPLOYER_EDITOR", company: "Demo Oy" },
      { role: "EMPLOYER_EDITOR", company: "Demo Logistiikka Oy" },
    ],
  },
  {
    email: "talous@demo.test",
    firstName: "Henna",
    lastName: "Virta",
    phoneNumber: "+358505550111",
    roles: [
      { role: "EMPLOYER_REPORTING", company: "Demo Oy" },
      { role: "EMPLOYER_REPORTING", company: "Demo Logistiikka Oy" },
    ],
    payrollRecipientOf: ["Demo Oy", "Demo Logistiikka Oy"],
  },
] as const;

/**
 * A year of orders: [months ago, status, package price in euros, store]: leases by now, and one the
 * employee cancelled. The orders on their way through the lifecycle are seed-order-statuses.ts's,
 * made by the services themselves.
 */
export const DEMO_ORDERS: readonly [number, OrderStatus, number, string][] = [
  [11, "ACTIVE_LEASING", 3_290, "Vauhti Espoo"],
  [10, "ACTIVE_LEASING", 2_150, "Kallion Pyöräpaja"],
  [9, "ACTIVE_LEASING", 4_390, "Vauhti Tampere"],
  [8, "ACTIVE_LEASING", 1_890, "Vauhti Espoo"],
  [7, "CANCELLED", 2_590, "Kallion Pyöräpaja"],
  [6, "ACTIVE_LEASING", 3_650, "Vauhti Tampere"],
  [5, "ACTIVE_LEASING", 2_790, "Vauhti Espoo"],
];

export const LEASING_STATUSES: readonly OrderStatus[] = [
  "ACTIVE_LEASING",
  "GRENKE_INVOICE_SENT",
  "READY_FOR_BILLING",
];
