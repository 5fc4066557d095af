import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import type { EventType, OrderStatus } from "../../../domain/enums.ts";
import type { Db } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  billingTables,
  companies,
  companyApplications,
  contactForms,
  eventLog,
  invoices,
  leasingAgreements,
  leasingCompanies,
  orders,
  payrollReportRecipients,
  roles,
  systemUsers,
  userRoles,
  users,
} from "../schema/index.ts";
import { DEMO_BILLING_TABLE } from "./demo-data.ts";

/**
 * The admin area's demo data (issue 10): what a helpdesk agent meets on a normal day — company sign-ups
 * waiting in Hakemukset, unread contact forms, people with roles in several companies, and a year of
 * orders, leases, invoices and events, so that Raportointi and the audit view have something to show.
 * Dates are relative to the seeding day, so the demo always looks current.
 */

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
function addMonths(date: Date, months: number): Date {
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
const DEMO_CONTACT_FORMS = [
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
const DEMO_ORDERS: readonly [number, OrderStatus, number, string][] = [
  [11, "ACTIVE_LEASING", 3_290, "Vauhti Espoo"],
  [10, "ACTIVE_LEASING", 2_150, "Kallion Pyöräpaja"],
  [9, "ACTIVE_LEASING", 4_390, "Vauhti Tampere"],
  [8, "ACTIVE_LEASING", 1_890, "Vauhti Espoo"],
  [7, "CANCELLED", 2_590, "Kallion Pyöräpaja"],
  [6, "ACTIVE_LEASING", 3_650, "Vauhti Tampere"],
  [5, "ACTIVE_LEASING", 2_790, "Vauhti Espoo"],
];

const LEASING_STATUSES: readonly OrderStatus[] = [
  "ACTIVE_LEASING",
  "GRENKE_INVOICE_SENT",
  "READY_FOR_BILLING",
];

type Ids = { byName: Map<string, string>; byEmail: Map<string, string> };

async function lookups(db: Db): Promise<Ids> {
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  return {
    byName: new Map(companyRows.map((c) => [c.name, c.id])),
    byEmail: new Map(userRows.map((u) => [u.email, u.id])),
  };
}

/** Adds the admin area's demo data to a freshly seeded demo database (seed-demo.ts seedDemoData). */
export async function seedAdminDemo(db: Db, passwordHash: string, now = new Date()): Promise<void> {
  const ids = await lookups(db);
  const adminId = ids.byEmail.get("admin@pedaali.test") ?? null;
  const helpdeskId = ids.byEmail.get("helpdesk@pedaali.test") ?? null;
  const events: (typeof eventLog.$inferInsert)[] = [];
  const event = (
    type: EventType,
    at: Date,
    entity: { type: string; id: string },
    extra: { actor?: string | null; companyId?: string | null; data?: Record<string, unknown> } = {},
  ) =>
    events.push({
      type,
      actorUserId: extra.actor ?? null,
      companyId: extra.companyId ?? null,
      entityType: entity.type,
      entityId: entity.id,
      data: extra.data ?? {},
      createdAt: at,
    });

  // The companies' own history: made by the super admin a year ago, Demo Oy's max price raised since.
  for (const [name, companyId] of ids.byName) {
    event(
      "COMPANY_CREATED",
      daysAgo(now, 360),
      { type: "company", id: companyId },
      {
        actor: adminId,
        companyId,
        data: { name },
      },
    );
  }
  const demoOy = ids.byName.get("Demo Oy") as string;
  event(
    "COMPANY_UPDATED",
    daysAgo(now, 120),
    { type: "company", id: demoOy },
    {
      actor: helpdeskId,
      companyId: demoOy,
      data: { fields: ["maxPrice"] },
    },
  );

  for (const a of DEMO_APPLICATIONS) {
    const { daysAgo: age, ...application } = a;
    const createdAt = daysAgo(now, age);
    const reviewed = application.status !== "PENDING";
    const [row] = await db
      .insert(companyApplications)
      .values({
        ...application,
        reviewedByUserId: reviewed ? helpdeskId : null,
        reviewedAt: reviewed ? daysAgo(now, age - 1) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: companyApplications.id });
    if (reviewed && row) {
      event(
        "COMPANY_APPLICATION_REJECTED",
        daysAgo(now, age - 1),
        { type: "companyApplication", id: row.id },
        {
          actor: helpdeskId,
          data: { companyName: application.companyName },
        },
      );
    }
  }

  await db.insert(contactForms).values(
    DEMO_CONTACT_FORMS.map(({ daysAgo: age, checked, ...form }) => ({
      ...form,
      source: "contact-page",
      checked,
      checkedAt: checked ? daysAgo(now, age - 1) : null,
      checkedByUserId: checked ? helpdeskId : null,
      createdAt: daysAgo(now, age),
    })),
  );

  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  for (const person of DEMO_MULTI_ROLE_USERS) {
    const [user] = await db
      .insert(users)
      .values({ email: person.email, passwordHash, phoneNumber: person.phoneNumber })
      .returning({ id: users.id });
    const userId = user?.id as string;
    const homeCompany = ids.byName.get(person.roles[0].company) as string;
    await db
      .insert(systemUsers)
      .values({ userId, firstName: person.firstName, lastName: person.lastName, companyId: homeCompany });
    event(
      "USER_CREATED",
      daysAgo(now, 200),
      { type: "user", id: userId },
      {
        actor: helpdeskId,
        companyId: homeCompany,
      },
    );
    for (const [i, { role, company }] of person.roles.entries()) {
      const companyId = ids.byName.get(company) as string;
      await db
        .insert(userRoles)
        .values({ userId, roleId: roleIds.get(role) as string, companyId, grantedByUserId: helpdeskId });
      event(
        "USER_ROLE_ASSIGNED",
        daysAgo(now, 200 - i * 30),
        { type: "user", id: userId },
        {
          actor: helpdeskId,
          companyId,
          data: { role, companyIds: [companyId] },
        },
      );
    }
    if ("payrollRecipientOf" in person) {
      await db.insert(payrollReportRecipients).values(
        person.payrollRecipientOf.map((company) => ({
          companyId: ids.byName.get(company) as string,
          userId,
        })),
      );
    }
  }

  const deactivated = ids.byEmail.get("deactivated@demo.test");
  if (deactivated) {
    event(
      "USER_DEACTIVATED",
      daysAgo(now, 45),
      { type: "user", id: deactivated },
      {
        actor: helpdeskId,
        companyId: demoOy,
        data: { reason: "employment ended" },
      },
    );
  }

  await seedDemoOrders(db, now, event);
  // Oldest first, so an equal createdAt never decides the audit view's order.
  events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await db.insert(eventLog).values(events);
  await backdateDemoUsersCreated(db, now);
}

/**
 * seed-demo.ts logs USER_CREATED for each demo user at seeding time; left there they would fill the
 * audit view's newest pages. One UPDATE moves them to 330–365 days ago, spread by the user's e-mail
 * (whole days plus hours, so no two share an instant and the order is the same on every seeding).
 */
async function backdateDemoUsersCreated(db: Db, now: Date): Promise<void> {
  const seeded = db
    .select({
      id: eventLog.id,
      n: sql<number>`row_number() over (order by ${users.email})`.as("n"),
    })
    .from(eventLog)
    .innerJoin(users, eq(users.id, eventLog.entityId))
    .where(
      and(
        eq(eventLog.type, "USER_CREATED"),
        eq(eventLog.entityType, "user"),
        sql`${eventLog.data}->>'source' = 'demo-seed'`,
      ),
    )
    .as("seeded");
  await db
    .update(eventLog)
    .set({
      createdAt: sql`${now.toISOString()}::timestamptz
        - make_interval(days => 330 + (${seeded.n}::int * 11) % 35, hours => ${seeded.n}::int % 24)`,
    })
    .from(seeded)
    .where(eq(eventLog.id, seeded.id));
}

type EventFn = (
  type: EventType,
  at: Date,
  entity: { type: string; id: string },
  extra?: { actor?: string | null; companyId?: string | null; data?: Record<string, unknown> },
) => void;

/** The year of orders, their leasing agreements, invoices to the leasing company and their events. */
async function seedDemoOrders(db: Db, now: Date, event: EventFn): Promise<void> {
  const employees = await db
    .select({ id: beneficiaryEmployees.id, companyId: beneficiaryEmployees.companyId, email: users.email })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(beneficiaryEmployees.status, "ACCEPTED"))
    .orderBy(asc(users.email));
  const stores = new Map(
    (await db.select({ id: bikeStores.id, name: bikeStores.storeName }).from(bikeStores)).map((s) => [
      s.name,
      s.id,
    ]),
  );
  const [leasing] = await db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, DEMO_BILLING_TABLE.leasingCompany));
  const [table] = await db
    .select({ id: billingTables.id })
    .from(billingTables)
    .where(and(eq(billingTables.isDefault, true)));
  const processor = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, ["helpdesk@pedaali.test"]));
  const actor = processor[0]?.id ?? null;
  if (employees.length === 0 || !leasing || !table) return;

  for (const [i, [monthsAgo, status, euros, store]] of DEMO_ORDERS.entries()) {
    const employee = employees[i % employees.length] as (typeof employees)[number];
    const createdAt = addMonths(daysAgo(now, 3 + (i % 4) * 5), -monthsAgo);
    const totalPriceCents = euros * 100;
    const months = totalPriceCents >= 300_000 ? 48 : 36;
    const payment =
      totalPriceCents > 0 ? monthlyLeasePayment(totalPriceCents, months, DEMO_BILLING_TABLE) : null;
    const confirmed = !["PENDING", "PACKAGE_PROVIDED", "ALL_INFO_PROVIDED", "CANCELLED"].includes(status);
    const leasingNow = LEASING_STATUSES.includes(status);
    const [order] = await db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employee.id,
        companyId: employee.companyId,
        bikeStoreId: stores.get(store) ?? null,
        leasingCompanyId: leasing.id,
        billingTableId: table.id,
        orderStatus: status,
        isOrderConfirmed: confirmed,
        deliveryMethod: "PICKUP",
        totalPriceCents,
        vatPercent: 25.5,
        leaseTimeMonths: payment ? months : null,
        monthlyPaymentCents: payment?.totalCents ?? null,
        residualValueCents: payment?.residualCents ?? null,
        // Delivered a week before the lease starts (startDate below), with the frame's serial number.
        frameSerialNumber: leasingNow ? `WTU${String(915_000 + i * 4_271).padStart(8, "0")}` : null,
        deliveryDate: leasingNow ? isoDate(daysAgo(createdAt, -14)) : null,
        confirmedAt: confirmed ? addMonths(createdAt, 0) : null,
        processedAt: confirmed && status !== "CONFIRMED" ? daysAgo(createdAt, -7) : null,
        cancelledAt: status === "CANCELLED" ? daysAgo(createdAt, -10) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    const orderId = order?.id as string;
    const on = { type: "order", id: orderId };
    const company = { actor, companyId: employee.companyId };
    if (confirmed) event("ORDER_CONFIRMED", daysAgo(createdAt, -3), on, { companyId: employee.companyId });
    if (confirmed && status !== "CONFIRMED") event("ORDER_PROCESSED", daysAgo(createdAt, -7), on, company);
    if (status === "CANCELLED") {
      event("ORDER_STATUS_UPDATED", daysAgo(createdAt, -10), on, { ...company, data: { to: "CANCELLED" } });
    }
    if (!leasingNow || !payment) continue;

    const startDate = daysAgo(createdAt, -21);
    const [agreement] = await db
      .insert(leasingAgreements)
      .values({
        orderId,
        beneficiaryEmployeeId: employee.id,
        companyId: employee.companyId,
        leasingCompanyId: leasing.id,
        status: "SIGNED",
        agreementNumber: `PED-${isoDate(createdAt).slice(0, 4)}-${String(1001 + i)}`,
        leaseTimeMonths: months,
        monthlyPaymentCents: payment.totalCents,
        totalPriceCents,
        residualValueCents: payment.residualCents,
        commitmentDate: isoDate(createdAt),
        startDate: isoDate(startDate),
        endDate: isoDate(addMonths(startDate, months)),
        signedAt: daysAgo(createdAt, -2),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: leasingAgreements.id });
    const agreementOn = { type: "leasingAgreement", id: agreement?.id as string };
    event("LEASING_AGREEMENT_SIGNED", daysAgo(createdAt, -2), agreementOn, { companyId: employee.companyId });
    if (status === "ACTIVE_LEASING") {
      event("LEASING_STARTED", startDate, agreementOn, company);
    }
    if (status !== "READY_FOR_BILLING") {
      const vatCents = Math.round(totalPriceCents - totalPriceCents / 1.255);
      const paid = status === "ACTIVE_LEASING";
      await db.insert(invoices).values({
        invoiceNumber: `PED-L-${String(5001 + i)}`,
        status: paid ? "PAID" : "SENT",
        payerType: "GRENKE",
        companyId: employee.companyId,
        orderId,
        leasingCompanyId: leasing.id,
        amountCents: totalPriceCents - vatCents,
        vatCents,
        totalCents: totalPriceCents,
        paidAmountCents: paid ? totalPriceCents : 0,
        issueDate: isoDate(daysAgo(createdAt, -14)),
        dueDate: isoDate(daysAgo(createdAt, -28)),
        sentAt: daysAgo(createdAt, -14),
        paidAt: paid ? daysAgo(createdAt, -25) : null,
        createdAt,
      });
      event("ORDER_GRENKE_INVOICE_SENT", daysAgo(createdAt, -14), on, company);
    }
  }
}
