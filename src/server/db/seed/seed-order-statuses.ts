import { and, asc, eq, inArray, isNotNull, isNull, notExists, or, sql } from "drizzle-orm";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { FINNISH_VAT_PERCENT } from "../../../domain/money.ts";
import { personName } from "../../../domain/person-name.ts";
import type { RoleName } from "../../../domain/roles.ts";
import type { FileStore } from "../../files/file-store.ts";
import { moveOrder } from "../../modules/orders/lifecycle.ts";
import { storeSignedAgreement } from "../../modules/orders/sign-agreement.ts";
import type { Db } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  leasingAgreements,
  orderItems,
  orders,
  roles,
  signedDocuments,
  systemUsers,
  userRoles,
  users,
} from "../schema/index.ts";
import { inTransaction, write } from "../transaction.ts";
import { DEMO_COMPANIES, type DemoCompanyKey } from "./demo-data.ts";
import { type Person, runWalk, type SeedCtx } from "./order-status-walk.ts";
import { LIGHT_LOCK, type Line, ONLINE, PACKAGES, USER_AGENTS, WALKS } from "./order-status-walks.ts";

/**
 * Demo orders in every status of docs/product.md "States" with what the real work leaves behind,
 * each made by the services' own transaction-level functions: the employee's order (moveOrder), the
 * store's package by its link (providePackage), the employee's acceptance (acceptPackage) and
 * signature (signAgreement: the PDF rendered, stored through the FileStore, its SHA-256 and the
 * evidence), the employer's approval (decideForEmployer), the helpdesk's sending to the leasing
 * company, the leasing company's decision and its sync, processing, the store's purchase invoice and
 * its match, the store's delivery details by its link, the bill to the leasing company and the lease's
 * start. Every step is dated by the seed's clock, so a timeline reads like days of real work.
 *
 * The orders go to Demo Oy's, Demo Logistiikka Oy's and Toinen Oy's accepted employees who have no
 * order yet, one order each (an employee has one order on its way at a time); the package waiting for
 * the employee's acceptance goes to ville.hamalainen@demo.test, a README login. Then a light pass gives
 * the other demo seeds' orders what they lack: package lines, and a signed document with its evidence
 * for the orders signed but not leasing yet and for each company's newest leases.
 */

export async function seedOrderStatusesDemo(db: Db, files: FileStore, now = new Date()): Promise<void> {
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const companyOf = (key: DemoCompanyKey) => companyRows.find((c) => c.name === DEMO_COMPANIES[key].name)?.id;
  const c = await demoWalkContext(db, files, now);
  if (!c) return;

  const free = await freeEmployees(db, now);
  const next = (key: DemoCompanyKey) => {
    const companyId = companyOf(key);
    const index = free.findIndex((p) => p.companyId === companyId);
    return index < 0 ? undefined : free.splice(index, 1)[0];
  };
  for (const [index, walk] of WALKS.entries()) {
    const person = walk.email ? await employeeByEmail(db, walk.email) : next(walk.company);
    if (!person) continue;
    await inTransaction(db, (tx) => runWalk(tx, c, walk, person, index));
  }
  const storeRows = await db.select({ id: bikeStores.id, online: bikeStores.isOnlineStore }).from(bikeStores);
  const online = storeRows.find((s) => s.online)?.id ?? storeRows[0]?.id ?? null;
  for (const o of ONLINE) {
    const person = next(o.company);
    if (person) await importOnlineOrder(db, c, person, online, o);
  }
  await lightPass(db, files);
}

/**
 * Who walks the demo orders: the helpdesk, each company's first employer admin, the stores by name;
 * null before the demo users and stores are there. The concurrency tests walk their orders with it.
 */
export async function demoWalkContext(db: Db, files: FileStore, now = new Date()): Promise<SeedCtx | null> {
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  const storeRows = await db.select({ id: bikeStores.id, name: bikeStores.storeName }).from(bikeStores);
  if (!helpdesk || storeRows.length === 0) return null;
  const admins = await db
    .select({ userId: userRoles.userId, companyId: userRoles.companyId, role: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(roles.name, ["EMPLOYER_ADMIN", "EMPLOYER_GROUP_ADMIN", "EMPLOYER_EDITOR"]),
        eq(users.deactivated, false),
      ),
    )
    .orderBy(asc(users.email));
  const employerAdmin = new Map<string, { userId: string; roleNames: RoleName[] }>();
  for (const a of admins) {
    if (a.companyId && !employerAdmin.has(a.companyId))
      employerAdmin.set(a.companyId, { userId: a.userId, roleNames: [a.role as RoleName] });
  }
  return {
    now,
    files,
    helpdesk: { id: helpdesk.id, roleNames: ["INTERNAL_ADMIN"], scope: { kind: "all" } },
    employerAdmin,
    stores: new Map(storeRows.map((s) => [s.name, s.id])),
  };
}

/** Accepted employees of the demo companies in employment and with no order at all, oldest first. */
async function freeEmployees(db: Db, now: Date): Promise<Person[]> {
  return db
    .select({
      id: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
      name: sql<string>`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`,
    })
    .from(beneficiaryEmployees)
    .innerJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(
      and(
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        sql`${beneficiaryEmployees.lastWorkingDayDate} > ${toHelsinkiDateString(now)}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.beneficiaryEmployeeId, beneficiaryEmployees.id)),
        ),
      ),
    )
    .orderBy(asc(beneficiaryEmployees.createdAt), asc(beneficiaryEmployees.id));
}

/** A README employee's employment, if no order of theirs is on its way (one at a time). */
async function employeeByEmail(db: Db, email: string): Promise<Person | undefined> {
  const [row] = await db
    .select({
      id: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
      name: sql<string>`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .innerJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(
      and(
        eq(users.email, email),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(
              and(
                eq(orders.beneficiaryEmployeeId, beneficiaryEmployees.id),
                sql`${orders.orderStatus} not in ('ACTIVE_LEASING', 'CANCELLED', 'REFUNDED')`,
              ),
            ),
        ),
      ),
    );
  return row;
}

/** An order imported from the online shop: paid and agreed, in WIX with its import on record. */
async function importOnlineOrder(
  db: Db,
  c: SeedCtx,
  person: Person,
  storeId: string | null,
  o: (typeof ONLINE)[number],
): Promise<void> {
  const importedAt = new Date(c.now.getTime() - o.daysAgo * DAY_MS);
  const items = PACKAGES.helkamaJopo as Line[];
  const total = items.reduce((sum, l) => sum + l.unitPriceCents * l.quantity - l.discountCents, 0);
  const [imported] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.id,
      companyId: person.companyId,
      bikeStoreId: storeId,
      orderStatus: "WIX",
      isOnlineOrder: true,
      isOrderConfirmed: true,
      externalOrderId: o.externalOrderId,
      deliveryMethod: "HOME_DELIVERY",
      totalPriceCents: total,
      vatPercent: FINNISH_VAT_PERCENT,
      leaseTimeMonths: 24,
      createdAt: importedAt,
      updatedAt: importedAt,
    })
    .returning({ id: orders.id });
  const orderId = imported?.id as string;
  await insertLines(db, orderId, items, importedAt);
  await db.insert(eventLog).values({
    type: "ORDER_STATUS_UPDATED",
    companyId: person.companyId,
    entityType: "order",
    entityId: orderId,
    data: { from: null, to: "WIX", by: "system", source: "online shop import" },
    createdAt: importedAt,
  });
  if (o.to === "PROCESSED") {
    const helpdesk = { kind: "user" as const, userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
    await write(db, { actor: helpdesk, now: new Date(importedAt.getTime() + DAY_MS) }, (change) =>
      moveOrder(change, { orderId, to: "PROCESSED" }),
    );
  }
}

async function insertLines(db: Db, orderId: string, items: readonly Line[], at: Date): Promise<void> {
  await db.insert(orderItems).values(
    items.map((item, sortOrder) => ({
      orderId,
      itemType: item.itemType,
      name: item.name,
      brand: item.brand ?? null,
      model: item.model ?? null,
      modelYear: item.modelYear ?? null,
      frameSize: item.frameSize ?? null,
      color: item.color ?? null,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      discountCents: item.discountCents,
      sortOrder,
      createdAt: at,
      updatedAt: at,
    })),
  );
}

/** Statuses whose orders have a package. */
const PACKAGED: readonly OrderStatus[] = [
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
  "CANCELLED",
];
/** Leases per company that get a signed document in the light pass (the newest). */
const SIGNED_LEASES_PER_COMPANY = 2;

/**
 * What the other demo seeds' orders lack, lightly: package lines for a priced order without any (a bike
 * and a lock summing to its total), and a signed document with its evidence for every signed order not
 * leasing yet, every lease whose agreement records its signature, and each company's newest leases
 * (rendering every other old lease's PDF would slow each test's seeding for nothing a screen shows).
 */
async function lightPass(db: Db, files: FileStore): Promise<void> {
  const bare = await db
    .select({ id: orders.id, total: orders.totalPriceCents, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        inArray(orders.orderStatus, [...PACKAGED]),
        sql`${orders.totalPriceCents} > 0`,
        notExists(db.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.orderId, orders.id))),
      ),
    );
  const bikes = Object.values(PACKAGES).map((p) => p[0] as Line);
  for (const [i, o] of bare.entries()) {
    const model = bikes[i % bikes.length] as Line;
    const lockCents = LIGHT_LOCK.unitPriceCents;
    await insertLines(
      db,
      o.id,
      [{ ...model, unitPriceCents: o.total - lockCents, discountCents: 0 }, LIGHT_LOCK],
      o.createdAt,
    );
  }

  const unsigned = await db
    .select({
      order: orders,
      agreement: leasingAgreements,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      email: users.email,
      userId: beneficiaryEmployees.userId,
      rank: sql<number>`row_number() over (partition by ${orders.companyId}, ${orders.orderStatus} order by ${leasingAgreements.startDate} desc nulls last, ${orders.id})`,
    })
    .from(leasingAgreements)
    .innerJoin(orders, eq(orders.id, leasingAgreements.orderId))
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(
      and(
        or(eq(leasingAgreements.status, "SIGNED"), isNotNull(leasingAgreements.signedAt)),
        isNull(leasingAgreements.fileId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(signedDocuments)
            .where(eq(signedDocuments.leasingAgreementId, leasingAgreements.id)),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  for (const [i, row] of unsigned.entries()) {
    const leasing = row.order.orderStatus === "ACTIVE_LEASING";
    // A lease whose agreement says when it was signed gets its evidence whatever its age: a signed
    // agreement without its PDF is what `npm run db:consistency` reports.
    if (leasing && row.rank > SIGNED_LEASES_PER_COMPANY && !row.agreement.signedAt) continue;
    const signedAt = row.agreement.signedAt ?? new Date(row.order.createdAt.getTime() + 3 * DAY_MS);
    await write(db, { actor: { userId: row.userId }, now: signedAt }, (change) =>
      storeSignedAgreement(change, files, {
        order: row.order,
        agreement: row.agreement,
        signerName: personName(row.firstName, row.lastName, row.email),
        meta: {
          ipAddress: `192.0.2.${120 + (i % 100)}`,
          userAgent: USER_AGENTS[i % USER_AGENTS.length] as string,
        },
      }),
    );
    // The leasing company accepted it after the signature: storing the evidence does not undo that.
    if (row.agreement.status !== "SIGNED") {
      await db
        .update(leasingAgreements)
        .set({ status: row.agreement.status })
        .where(eq(leasingAgreements.id, row.agreement.id));
    }
  }
}
