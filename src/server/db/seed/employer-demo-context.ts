import { and, asc, eq } from "drizzle-orm";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { EventEntityType, EventType } from "../../../domain/enums.ts";
import { capSplit, employeeCapCents, type LeaseOffer, leaseOffer } from "../../../domain/order-offer.ts";
import { addMonths, firstDayOf, periodOf } from "../../../domain/payroll/period.ts";
import type { NewNotification } from "../../modules/notifications/create.ts";
import { markUserPaymentPaid } from "../../modules/user-payments/ledger.ts";
import { issueOwnShare } from "../../modules/user-payments/own-share.ts";
import type { Db } from "../client.ts";
import {
  bikeStores,
  billingTables,
  companies,
  companyUnits,
  type eventLog,
  leasingCompanies,
  orderItems,
  roles,
  userPayments,
  userRoles,
  users,
} from "../schema/index.ts";
import { write } from "../transaction.ts";
import { DEMO_BILLING_TABLE, DEMO_COMPANIES, DEMO_LEASE_TERMS, type DemoCompanyKey } from "./demo-data.ts";
import type { DEMO_BIKES } from "./employer-demo-data.ts";

/**
 * What the employer portal's demo stories share: the seed's context (the demo companies, their units,
 * stores and admins, and the event rows and bell notifications gathered to be written at the end),
 * its dates relative to the seeding day, and the order's package every order and lease gets.
 */

export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/**
 * A demo row's time, never after the seeding moment: a step dated at a fixed hour of today (a lease that
 * starts today, at 06:00 UTC) is still ahead in the first hours of a Helsinki day, and a history dated
 * in the future would be read as the newest thing that happened.
 */
export const notAfter = (at: Date, now: Date) => (at > now ? now : at);
/** The first day of the month `months` after the date's month, as YYYY-MM-DD. */
export const monthStart = (date: string, months: number) => firstDayOf(addMonths(periodOf(date), months));

export type Ctx = {
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

export function event(
  c: Ctx,
  type: EventType,
  at: Date,
  entity: { type: EventEntityType; id: string },
  extra: { actor?: string | null; companyId: string; data?: Record<string, unknown> },
) {
  c.events.push({
    type,
    actorUserId: extra.actor ?? null,
    companyId: extra.companyId,
    entityType: entity.type,
    entityId: entity.id,
    data: extra.data ?? {},
    createdAt: notAfter(at, c.now),
  });
}

/** Notifications for the company's employer admins (the bell's owners), read when older than a week. */
export function bell(
  c: Ctx,
  admins: readonly string[],
  at: Date,
  make: () => Omit<NewNotification, "userId" | "createdAt" | "readAt">,
) {
  const createdAt = notAfter(at, c.now);
  const read = c.now.getTime() - createdAt.getTime() > 7 * DAY_MS;
  for (const userId of admins)
    c.bells.push({ ...make(), userId, createdAt, readAt: read ? daysFrom(createdAt, 1) : null });
}

export async function context(db: Db, passwordHash: string, now: Date): Promise<Ctx> {
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
export async function employerAdmins(db: Db, companyIds: Map<DemoCompanyKey, string>) {
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

/** The order's package: the bike, and the lock and lights that go with it. */
export async function packageItems(c: Ctx, orderId: string, bike: (typeof DEMO_BIKES)[number]) {
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

/**
 * A demo package priced as the employee's offer prices it (src/domain/order-offer.ts): split at the
 * employee's max price (their own, else their company's), the lease on the financed part, for the
 * period the billing table's bracket gives that part.
 */
export async function demoOffer(
  c: Ctx,
  employee: { companyId: string; maxPriceCents: number | null },
  totalPriceCents: number,
): Promise<LeaseOffer> {
  const [company] = await c.db
    .select({ maxPriceCents: companies.maxPriceCents })
    .from(companies)
    .where(eq(companies.id, employee.companyId));
  const cap = employeeCapCents(employee.maxPriceCents, company?.maxPriceCents ?? null);
  const months = leaseMonthsFor(capSplit(totalPriceCents, cap).financedCents);
  const offer = leaseOffer({
    totalPriceCents,
    maxPriceCents: cap,
    leaseTimeMonths: months,
    terms: DEMO_LEASE_TERMS,
  });
  if (!offer) throw new Error("A demo package leaves nothing to lease");
  return offer;
}

/**
 * The own share of a confirmed demo order (the one fixed on the order at its acceptance), owed as the
 * confirmation owes it (issueOwnShare: a reference number and the due date of the company's payment
 * mode), and paid on its due date when that has passed.
 */
export async function demoOwnShare(
  c: Ctx,
  order: { id: string },
  userId: string,
  confirmedAt: Date,
): Promise<void> {
  const id = await write(c.db, { actor: { userId }, now: confirmedAt }, (w) => issueOwnShare(w, order.id));
  if (!id) return;
  const [payment] = await c.db
    .select({ dueDate: userPayments.dueDate })
    .from(userPayments)
    .where(eq(userPayments.id, id));
  const dueDate = payment?.dueDate as string;
  if (dueDate >= toHelsinkiDateString(c.now)) return;
  await write(c.db, { actor: { userId }, now: new Date(`${dueDate}T12:00:00Z`) }, (w) =>
    markUserPaymentPaid(w, id),
  );
}
