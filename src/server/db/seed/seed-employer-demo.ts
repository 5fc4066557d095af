import { and, asc, eq, inArray } from "drizzle-orm";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { EventType, OrderStatus } from "../../../domain/enums.ts";
import { leaseEndDate } from "../../../domain/lease-dates.ts";
import {
  leaseEndPaymentDueDate,
  leaseEndSchedule,
  monthsPaidBy,
  redemptionPriceCents,
  returnFeeShares,
} from "../../../domain/lease-end.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { createNotifications, type NewNotification } from "../../modules/notifications/create.ts";
import {
  employeeOrderNotification,
  employeeRegistrationNotification,
  orderStatusChangeNotification,
  payrollReminderNotification,
} from "../../modules/notifications/texts.ts";
import { markedReport } from "../../modules/reporting/payroll.ts";
import { createUserPayment } from "../../modules/user-payments/ledger.ts";
import type { Db } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  bikeStores,
  billingTables,
  companies,
  companyUnits,
  employeeAbsences,
  eventLog,
  groupCompanies,
  groupPayrollReportRecipients,
  leasingAgreements,
  leasingCompanies,
  orderItems,
  orders,
  payrollReportRecipients,
  payrollReportSnapshots,
  roles,
  systemUsers,
  userPayments,
  userRoles,
  users,
} from "../schema/index.ts";
import { DEMO_BILLING_TABLE, DEMO_COMPANIES, type DemoCompanyKey } from "./demo-data.ts";
import {
  DEMO_BIKES,
  DEMO_COST_UNITS,
  DEMO_EMPLOYEE_NUMBER_BASE,
  DEMO_EMPLOYER_EMPLOYEES,
  DEMO_PAYROLL_RECIPIENTS,
  type DemoEmployee,
} from "./employer-demo-data.ts";

/**
 * The employer portal's demo data (issue 11; the people and their stories are employer-demo-data.ts):
 * employees with join requests, leases under both tax regimes, orders on their way, absences, ended
 * employments and own payments through payroll; a month of notifications in the employer admins'
 * bells; payroll report recipients; and last month's payroll report as it was mailed, so /raportointi
 * shows this month's changes against it. Dates are relative to the seeding day.
 */

const DAY = 24 * 60 * 60 * 1000;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);
const isoDate = (date: Date) => toHelsinkiDateString(date);
/** The first day of the month `months` after the date's month, as YYYY-MM-DD. */
const monthStart = (date: string, months: number) => firstDayOf(addMonths(periodOf(date), months));

/** "Pihla Lindroos" → "pihla.lindroos": the e-mail's local part, without Finnish letters. */
function emailName(first: string, last: string): string {
  const plain = (s: string) =>
    s
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z]/g, "");
  return `${plain(first)}.${plain(last)}`;
}

/** The Finland-Swedish names of the demo write to the app in Swedish. */
const SWEDISH = new Set(["Nyström", "Lundqvist", "Wikström", "Söderberg", "Holmström", "Backman"]);

type Ctx = {
  db: Db;
  now: Date;
  passwordHash: string;
  companyIds: Map<DemoCompanyKey, string>;
  unitIds: Map<DemoCompanyKey, string[]>;
  adminOf: Map<DemoCompanyKey, string>;
  roleIds: Map<string, string>;
  leasingCompanyId: string;
  billingTableId: string;
  storeIds: string[];
  events: (typeof eventLog.$inferInsert)[];
  bells: NewNotification[];
};

function event(
  c: Ctx,
  type: EventType,
  at: Date,
  entity: { type: string; id: string },
  extra: { actor?: string | null; companyId: string; data?: Record<string, unknown> },
) {
  c.events.push({
    type,
    actorUserId: extra.actor ?? null,
    companyId: extra.companyId,
    entityType: entity.type,
    entityId: entity.id,
    data: extra.data ?? {},
    createdAt: at,
  });
}

/** Notifications for the company's employer admins (the bell's owners), read when older than a week. */
function bell(
  c: Ctx,
  admins: readonly string[],
  at: Date,
  make: () => Omit<NewNotification, "userId" | "createdAt" | "readAt">,
) {
  const read = c.now.getTime() - at.getTime() > 7 * DAY;
  for (const userId of admins)
    c.bells.push({ ...make(), userId, createdAt: at, readAt: read ? daysFrom(at, 1) : null });
}

export async function seedEmployerDemo(db: Db, passwordHash: string, now = new Date()): Promise<void> {
  const c = await context(db, passwordHash, now);
  const adminsByCompany = await employerAdmins(db, c.companyIds);
  for (const [index, person] of DEMO_EMPLOYER_EMPLOYEES.entries()) {
    await seedPerson(c, person, index, adminsByCompany.get(person.company) ?? []);
  }
  await seedPayrollRecipients(c);
  await seedSystemUpdates(c, [...new Set([...adminsByCompany.values()].flat())]);
  // Oldest first, so an equal createdAt never decides the audit view's order.
  c.events.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  if (c.events.length > 0) await db.insert(eventLog).values(c.events);
  await seedLastMonthsReports(c, adminsByCompany);
  await createNotifications(db, c.bells);
}

async function context(db: Db, passwordHash: string, now: Date): Promise<Ctx> {
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const companyIds = new Map<DemoCompanyKey, string>();
  const unitIds = new Map<DemoCompanyKey, string[]>();
  for (const [key, demo] of Object.entries(DEMO_COMPANIES) as [
    DemoCompanyKey,
    (typeof DEMO_COMPANIES)["demo"],
  ][]) {
    const id = companyRows.find((r) => r.name === demo.name)?.id as string;
    companyIds.set(key, id);
    const units = await db.select().from(companyUnits).where(eq(companyUnits.companyId, id));
    unitIds.set(
      key,
      demo.units.map((name) => units.find((u) => u.unitName === name)?.id as string),
    );
  }
  const [leasing] = await db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, DEMO_BILLING_TABLE.leasingCompany));
  const [table] = await db
    .select({ id: billingTables.id })
    .from(billingTables)
    .where(eq(billingTables.isDefault, true));
  const stores = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.isOnlineStore, false))
    .orderBy(asc(bikeStores.storeName));
  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  const adminOf = new Map<DemoCompanyKey, string>();
  for (const [key, demo] of Object.entries(DEMO_COMPANIES) as [
    DemoCompanyKey,
    (typeof DEMO_COMPANIES)["demo"],
  ][]) {
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demo.contact.email));
    if (admin) adminOf.set(key, admin.id);
  }
  return {
    db,
    now,
    passwordHash,
    companyIds,
    unitIds,
    adminOf,
    roleIds,
    leasingCompanyId: leasing?.id as string,
    billingTableId: table?.id as string,
    storeIds: stores.map((s) => s.id),
    events: [],
    bells: [],
  };
}

/** The employer admins (the bell's owners) of each demo company. */
async function employerAdmins(db: Db, companyIds: Map<DemoCompanyKey, string>) {
  const rows = await db
    .select({ userId: userRoles.userId, companyId: userRoles.companyId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(roles.name, "EMPLOYER_ADMIN"), eq(users.deactivated, false)));
  const byCompany = new Map<DemoCompanyKey, string[]>();
  for (const [key, id] of companyIds) {
    byCompany.set(
      key,
      rows.filter((r) => r.companyId === id).map((r) => r.userId),
    );
  }
  return byCompany;
}

async function seedPerson(c: Ctx, person: DemoEmployee, index: number, admins: readonly string[]) {
  const { db, now } = c;
  const companyId = c.companyIds.get(person.company) as string;
  const companyName = DEMO_COMPANIES[person.company].name;
  const story = person.story;
  const waiting = story.kind === "pending" || story.kind === "rejected";
  const joined = waiting ? daysFrom(now, -story.daysAgo) : daysFrom(now, -(420 - index * 6));
  const domain = person.company === "toinen" ? "toinen.test" : "demo.test";
  const email = `${emailName(person.firstName, person.lastName)}@${domain}`;
  const language = SWEDISH.has(person.lastName) ? "sv" : "fi";
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: c.passwordHash,
      phoneNumber: `+35840555${String(2000 + index).padStart(4, "0")}`,
      language,
      createdAt: joined,
      lastLoginAt: waiting ? null : daysFrom(now, -(index % 20) - 1),
    })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.insert(systemUsers).values({
    userId,
    firstName: person.firstName,
    lastName: person.lastName,
    companyId,
  });
  if (story.kind !== "rejected") {
    await db
      .insert(userRoles)
      .values({ userId, roleId: c.roleIds.get("BIKE_BENEFICIARY") as string, companyId });
  }
  const base = DEMO_EMPLOYEE_NUMBER_BASE[person.company];
  const status = story.kind === "pending" ? "PENDING" : story.kind === "rejected" ? "REJECTED" : "ACCEPTED";
  const decider = c.adminOf.get(person.company) ?? null;
  const decidedAt = status === "PENDING" ? null : daysFrom(joined, 1);
  const [employee] = await db
    .insert(beneficiaryEmployees)
    .values({
      userId,
      companyId,
      unitId: c.unitIds.get(person.company)?.[person.unit] ?? null,
      costUnit: waiting ? null : DEMO_COST_UNITS[person.company][person.unit],
      employeeNumber: waiting || person.noNumber ? null : `${base.prefix}${base.from + index}`,
      payRollOther: person.payRollOther ?? null,
      status,
      lastWorkingDayDate:
        person.ended !== undefined
          ? isoDate(daysFrom(now, -person.ended))
          : person.ends !== undefined
            ? isoDate(daysFrom(now, person.ends))
            : undefined,
      jobTrialPeriodEndDate: person.trial !== undefined ? isoDate(daysFrom(now, person.trial)) : null,
      decidedAt,
      decidedByUserId: decidedAt ? decider : null,
      createdAt: joined,
      updatedAt: joined,
    })
    .returning();
  const row = employee as typeof beneficiaryEmployees.$inferSelect;
  const on = { type: "beneficiaryEmployee", id: row.id };
  const name = `${person.firstName} ${person.lastName}`;

  event(
    c,
    "USER_CREATED",
    joined,
    { type: "user", id: userId },
    {
      actor: waiting ? null : decider,
      companyId,
      data: { source: waiting ? "registration-link" : "employer", beneficiaryEmployeeId: row.id },
    },
  );
  if (status === "ACCEPTED")
    event(c, "EMPLOYEE_CREATED", joined, on, { actor: decider, companyId, data: { userId } });
  if (status === "REJECTED" && decidedAt)
    event(c, "EMPLOYEE_REJECTED", decidedAt, on, { actor: decider, companyId });
  if (person.ended !== undefined || person.ends !== undefined) {
    event(c, "EMPLOYMENT_ENDED", daysFrom(now, -Math.max(person.ended ?? 0, 5) - 20), on, {
      actor: decider,
      companyId,
      data: { fields: ["lastWorkingDayDate"], lastWorkingDayDate: row.lastWorkingDayDate },
    });
  }
  if (story.kind === "pending") {
    bell(c, admins, joined, () => ({
      companyId,
      type: "EMPLOYEE_REGISTRATION",
      ...employeeRegistrationNotification("fi", { employeeName: name, companyName }),
      entityType: "beneficiaryEmployee",
      entityId: row.id,
      data: { userId, beneficiaryEmployeeId: row.id },
    }));
  }

  if (person.parental !== undefined) {
    const start = isoDate(daysFrom(now, -person.parental));
    await absence(c, row, "PARENTAL_LEAVE", start, null, decider);
  }
  if (person.sick !== undefined) {
    const start = daysFrom(now, -40);
    await absence(c, row, "SICK_LEAVE", isoDate(start), isoDate(daysFrom(start, person.sick - 1)), decider);
  }

  if (story.kind === "lease") await seedLease(c, person, row, index, name, admins);
  if (story.kind === "order") await seedOrder(c, row, index, story, name, admins);
}

async function absence(
  c: Ctx,
  employee: typeof beneficiaryEmployees.$inferSelect,
  reason: "PARENTAL_LEAVE" | "SICK_LEAVE",
  startDate: string,
  endDate: string | null,
  actor: string | null,
) {
  const [row] = await c.db
    .insert(employeeAbsences)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      reason,
      startDate,
      endDate,
      createdByUserId: actor,
    })
    .returning({ id: employeeAbsences.id });
  event(
    c,
    "EMPLOYEE_ABSENCE_RECORDED",
    new Date(`${startDate}T08:00:00Z`),
    { type: "beneficiaryEmployee", id: employee.id },
    {
      actor,
      companyId: employee.companyId,
      data: { absenceId: row?.id, reason, startDate, endDate },
    },
  );
}

/** The order's package: the bike, and the lock and lights that go with it. */
async function packageItems(c: Ctx, orderId: string, bike: (typeof DEMO_BIKES)[number]) {
  const accessoriesCents = bike.price > 1000 ? 8_900 : 0;
  await c.db.insert(orderItems).values([
    {
      orderId,
      itemType: "BIKE",
      name: `${bike.brand} ${bike.model}`,
      brand: bike.brand,
      model: bike.model,
      unitPriceCents: bike.price * 100 - accessoriesCents,
      vatPercent: 25.5,
      sortOrder: 0,
    },
    ...(accessoriesCents > 0
      ? [
          {
            orderId,
            itemType: "ACCESSORY" as const,
            name: "Runkolukko ja valot",
            unitPriceCents: accessoriesCents,
            vatPercent: 25.5,
            sortOrder: 1,
          },
        ]
      : []),
  ]);
}

const leaseMonthsFor = (cents: number) => (cents >= 150_000 ? 36 : 24);

async function seedLease(
  c: Ctx,
  person: DemoEmployee,
  employee: typeof beneficiaryEmployees.$inferSelect,
  index: number,
  name: string,
  admins: readonly string[],
) {
  if (person.story.kind !== "lease") return;
  const { db, now } = c;
  const bike = DEMO_BIKES[person.story.bike] as (typeof DEMO_BIKES)[number];
  const totalPriceCents = bike.price * 100;
  const months = leaseMonthsFor(totalPriceCents);
  const payment = monthlyLeasePayment(totalPriceCents, months, DEMO_BILLING_TABLE);
  // A lease committed on a date the law names starts the month after next; others started N months ago.
  const committed = person.story.committed;
  const startDate = committed
    ? monthStart(committed, 2)
    : monthStart(isoDate(now), -person.story.startedMonthsAgo);
  const commitmentDate = committed ?? isoDate(daysFrom(new Date(`${startDate}T12:00:00Z`), -35));
  const confirmedAt = new Date(`${commitmentDate}T10:00:00Z`);
  const createdAt = daysFrom(confirmedAt, -6);
  const processedAt = daysFrom(confirmedAt, 4);
  const deliveryDate = isoDate(daysFrom(new Date(`${startDate}T12:00:00Z`), -9));
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      bikeStoreId: c.storeIds[index % c.storeIds.length],
      leasingCompanyId: c.leasingCompanyId,
      billingTableId: c.billingTableId,
      orderStatus: "ACTIVE_LEASING",
      isOrderConfirmed: true,
      deliveryMethod: index % 3 === 0 ? "HOME_DELIVERY" : "PICKUP",
      totalPriceCents,
      vatPercent: 25.5,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      residualValueCents: payment.residualCents,
      frameSerialNumber: `WDB${String(480_000 + index * 7_919).padStart(7, "0")}`,
      deliveryDate,
      confirmedAt,
      processedAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const orderRow = order as typeof orders.$inferSelect;
  await packageItems(c, orderRow.id, bike);
  // A running lease: accepted by the leasing company, from its start to the last day of its last month.
  const endDate = leaseEndDate(startDate, months);
  const [agreement] = await db
    .insert(leasingAgreements)
    .values({
      orderId: orderRow.id,
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      leasingCompanyId: c.leasingCompanyId,
      status: "ACCEPTED",
      acceptedAt: processedAt,
      agreementNumber: `PED-${startDate.slice(0, 4)}-${String(2001 + index)}`,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      totalPriceCents,
      residualValueCents: payment.residualCents,
      commitmentDate,
      startDate,
      endDate,
      signedAt: daysFrom(confirmedAt, -1),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: leasingAgreements.id });
  const companyId = employee.companyId;
  const onOrder = { type: "order", id: orderRow.id };
  const onAgreement = { type: "leasingAgreement", id: agreement?.id as string };
  event(c, "LEASING_AGREEMENT_SIGNED", daysFrom(confirmedAt, -1), onAgreement, { companyId });
  event(c, "ORDER_CONFIRMED", confirmedAt, onOrder, { companyId });
  event(c, "ORDER_PROCESSED", processedAt, onOrder, { companyId });
  event(c, "SERIAL_NUMBER_UPDATED", new Date(`${deliveryDate}T09:00:00Z`), onOrder, { companyId });
  event(c, "DELIVERY_DATE_UPDATED", new Date(`${deliveryDate}T09:00:00Z`), onOrder, { companyId });
  const started = new Date(`${startDate}T06:00:00Z`);
  event(c, "LEASING_STARTED", started, onAgreement, { companyId });
  if (started > daysFrom(now, -75)) {
    bell(c, admins, started, () => ({
      companyId,
      type: "ORDER_STATUS_CHANGE",
      ...orderStatusChangeNotification("fi", {
        employeeName: name,
        orderNumber: orderRow.orderNumber,
        status: "ACTIVE_LEASING",
      }),
      entityType: "order",
      entityId: orderRow.id,
      data: {
        orderNumber: orderRow.orderNumber,
        beneficiaryEmployeeId: employee.id,
        status: "ACTIVE_LEASING",
      },
    }));
  }

  // The part over the company's max price the employee pays through payroll, in the lease's first month.
  const maxPrice = DEMO_COMPANIES[person.company].maxPriceCents;
  if (totalPriceCents > maxPrice) {
    const dueDate = `${startDate.slice(0, 7)}-25`;
    const paid = dueDate < isoDate(now);
    await db.insert(userPayments).values({
      beneficiaryEmployeeId: employee.id,
      companyId,
      orderId: orderRow.id,
      kind: "OWN_SHARE",
      description: "Enimmäishinnan ylittävä osuus",
      amountCents: totalPriceCents - maxPrice,
      paymentMethod: "PAYROLL",
      paymentStatus: paid ? "PAID" : "PENDING",
      dueDate,
      sentAt: new Date(`${startDate}T08:00:00Z`),
      paidAt: paid ? new Date(`${dueDate}T12:00:00Z`) : null,
      isUserPaymentDone: paid,
      createdAt: started,
      updatedAt: started,
    });
  }

  // An employment that ended: the employee resigned and redeems the bike through the final pay, at the
  // price the redemption rules give on the lease's last day (src/domain/lease-end.ts), the payment made
  // by the user payments ledger. The case is written as the redemption module writes it, with the
  // seed's own dates (a case opened two weeks before the last working day).
  if (person.ended !== undefined) {
    const lastWorkingDay = employee.lastWorkingDayDate;
    const openedAt = daysFrom(new Date(`${lastWorkingDay}T08:00:00Z`), -14);
    const chosenAt = daysFrom(openedAt, 2);
    const schedule = leaseEndSchedule({
      reason: "EMPLOYEE_RESIGNED",
      today: isoDate(openedAt),
      leaseStartDate: startDate,
      termEndDate: leaseEndDate(startDate, months),
      lastWorkingDay,
    });
    const priceCents = redemptionPriceCents(
      {
        packageCents: totalPriceCents,
        residualCents: payment.residualCents,
        leaseTimeMonths: months,
        annualInterestPercent: DEMO_BILLING_TABLE.annualInterestPercent,
      },
      monthsPaidBy(startDate, months, schedule.leaseEndsOn),
    );
    const opener = c.adminOf.get(person.company) ?? null;
    const [redemption] = await db
      .insert(bikeRedemptions)
      .values({
        orderId: orderRow.id,
        beneficiaryEmployeeId: employee.id,
        companyId,
        leasingAgreementId: agreement?.id,
        reason: "EMPLOYEE_RESIGNED",
        choice: "REDEEM",
        choiceMadeAt: chosenAt,
        choiceByUserId: employee.userId,
        decisionDeadline: schedule.decisionDeadline,
        leaseEndsOn: schedule.leaseEndsOn,
        returnFeeCents: returnFeeShares("EMPLOYEE_RESIGNED", DEMO_COMPANIES[person.company].city)
          .employeeCents,
        openedByUserId: opener,
        paymentMethod: "PAYROLL",
        redemptionPriceCents: priceCents,
        vatPercent: 25.5,
        note: "Työsuhde päättyi; pyörä lunastetaan viimeisestä palkasta.",
        createdAt: openedAt,
        updatedAt: chosenAt,
      })
      .returning({ id: bikeRedemptions.id });
    const on = { type: "bikeRedemption", id: redemption?.id as string };
    event(c, "BIKE_REDEMPTION_STARTED", openedAt, on, {
      actor: opener,
      companyId,
      data: {
        orderId: orderRow.id,
        orderNumber: orderRow.orderNumber,
        reason: "EMPLOYEE_RESIGNED",
        openedAs: "EMPLOYER",
        leaseEndsOn: schedule.leaseEndsOn,
        decisionDeadline: schedule.decisionDeadline,
        amountCents: priceCents,
        lastWorkingDay,
      },
    });
    event(c, "BIKE_REDEMPTION_CHOICE_MADE", chosenAt, on, {
      actor: employee.userId,
      companyId,
      data: { choice: "REDEEM", previousChoice: null, paymentMethod: "PAYROLL" },
    });
    await createUserPayment(
      db,
      {
        kind: "REDEMPTION",
        beneficiaryEmployeeId: employee.id,
        companyId,
        orderId: orderRow.id,
        bikeRedemptionId: on.id,
        description: "Pyörän lunastus",
        amountCents: priceCents,
        paymentMethod: "PAYROLL",
        dueDate: leaseEndPaymentDueDate("PAYROLL", schedule.leaseEndsOn, isoDate(chosenAt)),
        send: true,
      },
      { userId: employee.userId },
      chosenAt,
    );
  }
}

async function seedOrder(
  c: Ctx,
  employee: typeof beneficiaryEmployees.$inferSelect,
  index: number,
  story: { status: OrderStatus; daysAgo: number; bike: number },
  name: string,
  admins: readonly string[],
) {
  const { db, now } = c;
  const bike = DEMO_BIKES[story.bike] as (typeof DEMO_BIKES)[number];
  const createdAt = daysFrom(now, -story.daysAgo);
  const priced = story.status !== "PENDING";
  const totalPriceCents = priced ? bike.price * 100 : 0;
  const months = leaseMonthsFor(totalPriceCents);
  const payment = priced ? monthlyLeasePayment(totalPriceCents, months, DEMO_BILLING_TABLE) : null;
  const accepted = story.status === "ALL_INFO_PROVIDED" || story.status === "CONFIRMED";
  const confirmed = story.status === "CONFIRMED";
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employee.id,
      companyId: employee.companyId,
      bikeStoreId: c.storeIds[index % c.storeIds.length],
      leasingCompanyId: c.leasingCompanyId,
      billingTableId: c.billingTableId,
      orderStatus: story.status,
      isOrderConfirmed: confirmed,
      deliveryMethod: "PICKUP",
      totalPriceCents,
      vatPercent: 25.5,
      leaseTimeMonths: accepted && payment ? months : null,
      monthlyPaymentCents: accepted && payment ? payment.totalCents : null,
      residualValueCents: accepted && payment ? payment.residualCents : null,
      confirmedAt: confirmed ? daysFrom(createdAt, 4) : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  const orderRow = order as typeof orders.$inferSelect;
  if (priced) await packageItems(c, orderRow.id, bike);
  const companyId = employee.companyId;
  if (accepted && !confirmed && payment) {
    // Accepted, not signed yet: the agreement waits for the employee's signature.
    await db.insert(leasingAgreements).values({
      orderId: orderRow.id,
      beneficiaryEmployeeId: employee.id,
      companyId,
      leasingCompanyId: c.leasingCompanyId,
      status: null,
      leaseTimeMonths: months,
      monthlyPaymentCents: payment.totalCents,
      totalPriceCents,
      residualValueCents: payment.residualCents,
      createdAt: daysFrom(createdAt, 3),
      updatedAt: daysFrom(createdAt, 3),
    });
  }
  if (confirmed && payment) {
    const confirmedAt = daysFrom(createdAt, 4);
    const [agreement] = await db
      .insert(leasingAgreements)
      .values({
        orderId: orderRow.id,
        beneficiaryEmployeeId: employee.id,
        companyId,
        leasingCompanyId: c.leasingCompanyId,
        status: "SIGNED",
        leaseTimeMonths: months,
        monthlyPaymentCents: payment.totalCents,
        totalPriceCents,
        residualValueCents: payment.residualCents,
        commitmentDate: isoDate(confirmedAt),
        signedAt: daysFrom(confirmedAt, -1),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: leasingAgreements.id });
    event(
      c,
      "LEASING_AGREEMENT_SIGNED",
      daysFrom(confirmedAt, -1),
      { type: "leasingAgreement", id: agreement?.id as string },
      {
        companyId,
      },
    );
    event(c, "ORDER_CONFIRMED", confirmedAt, { type: "order", id: orderRow.id }, { companyId });
    bell(c, admins, confirmedAt, () => ({
      companyId,
      type: "ORDER_STATUS_CHANGE",
      ...orderStatusChangeNotification("fi", {
        employeeName: name,
        orderNumber: orderRow.orderNumber,
        status: "CONFIRMED",
      }),
      entityType: "order",
      entityId: orderRow.id,
      data: { orderNumber: orderRow.orderNumber, beneficiaryEmployeeId: employee.id, status: "CONFIRMED" },
    }));
  }
  bell(c, admins, createdAt, () => ({
    companyId,
    type: "EMPLOYEE_ORDER",
    ...employeeOrderNotification("fi", {
      employeeName: name,
      orderNumber: orderRow.orderNumber,
      storeName: null,
    }),
    entityType: "order",
    entityId: orderRow.id,
    data: { orderNumber: orderRow.orderNumber, beneficiaryEmployeeId: employee.id },
  }));
}

async function seedPayrollRecipients(c: Ctx) {
  const emails = [...DEMO_PAYROLL_RECIPIENTS.companies.map((r) => r.email), ...DEMO_PAYROLL_RECIPIENTS.group];
  const people = new Map(
    (
      await c.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails))
    ).map((u) => [u.email, u.id]),
  );
  for (const { company, email } of DEMO_PAYROLL_RECIPIENTS.companies) {
    const userId = people.get(email);
    if (userId) {
      await c.db
        .insert(payrollReportRecipients)
        .values({ companyId: c.companyIds.get(company) as string, userId })
        .onConflictDoNothing();
    }
  }
  const [group] = await c.db.select({ id: groupCompanies.id }).from(groupCompanies).limit(1);
  for (const email of DEMO_PAYROLL_RECIPIENTS.group) {
    const userId = people.get(email);
    if (userId && group) {
      await c.db
        .insert(groupPayrollReportRecipients)
        .values({ groupCompanyId: group.id, userId })
        .onConflictDoNothing();
    }
  }
}

/** The helpdesk's notices in every employer admin's bell: a new feature a while ago, a maintenance break soon. */
async function seedSystemUpdates(c: Ctx, admins: readonly string[]) {
  const feature = daysFrom(c.now, -21);
  const maintenance = daysFrom(c.now, -2);
  const breakDay = isoDate(daysFrom(c.now, 5)).split("-").reverse().join(".");
  for (const userId of admins) {
    c.bells.push({
      userId,
      type: "SYSTEM_UPDATE",
      title: "Uutta Pedaalissa: palkkaraportti ja poissaolot",
      message:
        "Palkkaraportti näyttää nyt jokaisen kuukauden bruttopalkan vähennykset ja tulorekisterin tulolajit 363, 364 ja 420 sekä muutokset edelliseen kuukauteen. Työntekijän poissaolot voi kirjata työntekijän tietoihin.",
      createdAt: feature,
      readAt: daysFrom(feature, 1),
    });
    c.bells.push({
      userId,
      type: "SYSTEM_UPDATE",
      priority: "HIGH",
      title: `Huoltokatko ${breakDay} klo 22–23`,
      message: `Pedaali on huollon vuoksi poissa käytöstä ${breakDay} klo 22–23. Tallennetut tiedot säilyvät; kirjaudu sen jälkeen uudelleen.`,
      createdAt: maintenance,
      readAt: null,
    });
  }
}

/**
 * Last month's payroll reports as they were mailed on the 15th, with the reminder in the admins'
 * bells, so that this month's report marks its changes against what payroll received.
 */
async function seedLastMonthsReports(c: Ctx, adminsByCompany: Map<DemoCompanyKey, string[]>) {
  const lastMonth = addMonths(periodOf(isoDate(c.now)), -1);
  const sentAt = new Date(`${lastMonth}-15T05:00:00Z`);
  for (const [key, companyId] of c.companyIds) {
    const recipients = await c.db
      .select({ email: users.email })
      .from(payrollReportRecipients)
      .innerJoin(users, eq(users.id, payrollReportRecipients.userId))
      .where(eq(payrollReportRecipients.companyId, companyId));
    if (recipients.length === 0) continue;
    const report = await markedReport(c.db, companyId, lastMonth);
    await c.db.insert(payrollReportSnapshots).values({
      companyId,
      period: firstDayOf(lastMonth),
      rows: report.rows,
      totals: report.totals,
      sentTo: recipients.map((r) => r.email),
      sentAt,
    });
    const changes = report.rows.filter((row) => row.change !== "UNCHANGED").length;
    await c.db.insert(eventLog).values({
      type: "PAYROLL_REPORT_SENT",
      companyId,
      entityType: "company",
      entityId: companyId,
      data: { period: lastMonth, rows: report.totals.rowCount, changes, recipients: recipients.length },
      createdAt: sentAt,
    });
    bell(c, adminsByCompany.get(key) ?? [], sentAt, () => ({
      companyId,
      type: "PAYMENT_REMINDER",
      ...payrollReminderNotification("fi", {
        companyName: DEMO_COMPANIES[key].name,
        period: lastMonth,
        deductions: report.totals.rowCount,
        grossDeductionCents: report.totals.grossDeductionCents,
        changes,
      }),
      entityType: "company",
      entityId: companyId,
      data: { period: lastMonth },
    }));
  }
}
