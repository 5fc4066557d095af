import { and, asc, eq, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { TPackageItemInput } from "../../../contract/store-links.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { personName } from "../../../domain/person-name.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { applyLeasingDecision } from "../../jobs/leasing-sync.ts";
import { createPurchaseInvoice, matchPurchaseInvoice } from "../../modules/invoices/service.ts";
import { recordLeasingDecision } from "../../modules/leasing/decisions.ts";
import { gatewayRegistry } from "../../modules/leasing/gateway.ts";
import { notifyOrderEvent } from "../../modules/notifications/order-events.ts";
import { acceptPackage } from "../../modules/orders/acceptance.ts";
import { moveOrder, type OrderMover } from "../../modules/orders/lifecycle.ts";
import {
  billLeasingCompany,
  processOrder,
  startLease,
  submitToLeasingCompany,
} from "../../modules/orders/processing.ts";
import {
  agreementOf,
  decideForEmployer,
  signAgreement,
  storeSignedAgreement,
} from "../../modules/orders/signing.ts";
import { provideDelivery, providePackage } from "../../modules/store-links/service.ts";
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
import { DEMO_COMPANIES, type DemoCompanyKey } from "./demo-data.ts";

/**
 * Demo orders in every status of SPEC §4 with what the real work leaves behind (issue 12 point 7),
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

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The Vauhti Espoo package the demo's newcomer accepts and signs as Ville: over Demo Oy's 4 500 €. */
const VILLE = "ville.hamalainen@demo.test";

type Line = TPackageItemInput;
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
const LIGHT_LOCK = extra("ACCESSORY", "Runkolukko Trelock RS 350", 69, "Trelock");
const CITY_HELMET = extra("ACCESSORY", "Kypärä Giro Register", 59, "Giro");
const FIRST_SERVICE = extra("SERVICE", "Ensihuolto 1 kk", 59);

/** The stores' packages: Finnish bike-store offers of 1 500–4 800 € with a helmet, a lock, a service. */
const PACKAGES: Record<string, Line[]> = {
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
const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Safari/605.1.15",
] as const;

/** The steps of the main line, each the day (after the order) it happens on. */
const STEP_DAY = {
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
type Step = keyof typeof STEP_DAY;

type Walk = {
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
  /** A side move the helpdesk makes at the end, with the reason it wrote. */
  side?: { path: readonly OrderStatus[]; reason: string };
};

const WALKS: readonly Walk[] = [
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
  {
    to: "WAITING_FOR_DELIVERY_DATE",
    company: "demoLogistics",
    store: "Pohjolan Sähköpyörä",
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
  {
    to: "REFUNDED",
    company: "demo",
    store: "Vauhti Tampere",
    packageKey: "helkamaE3",
    leaseMonths: 36,
    waitingDays: 20,
    until: "approve",
    side: {
      path: ["CANCELLED", "REFUNDED"],
      reason: "Ennakkomaksu palautettu työntekijälle peruutuksen jälkeen.",
    },
  },
];

/** The online shop's imports: one waiting in WIX, one the helpdesk processed. */
const ONLINE = [
  { to: "WIX" as const, company: "demo" as const, externalOrderId: "WIX-100231", daysAgo: 2 },
  { to: "PROCESSED" as const, company: "toinen" as const, externalOrderId: "WIX-100198", daysAgo: 9 },
];

type Person = { id: string; userId: string; companyId: string; name: string };
type SeedCtx = {
  db: Db;
  now: Date;
  helpdesk: { id: string; roleNames: RoleName[]; scope: { kind: "all" } };
  employerAdmin: Map<string, { userId: string; roleNames: RoleName[] }>;
  stores: Map<string, string>;
};

const EMPLOYEE_ROLES: RoleName[] = ["BIKE_BENEFICIARY"];

export async function seedOrderStatusesDemo(db: Db, now = new Date()): Promise<void> {
  const companyRows = await db.select({ id: companies.id, name: companies.name }).from(companies);
  const companyOf = (key: DemoCompanyKey) => companyRows.find((c) => c.name === DEMO_COMPANIES[key].name)?.id;
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  const storeRows = await db
    .select({ id: bikeStores.id, name: bikeStores.storeName, online: bikeStores.isOnlineStore })
    .from(bikeStores);
  if (!helpdesk || storeRows.length === 0) return;
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
  const c: SeedCtx = {
    db,
    now,
    helpdesk: { id: helpdesk.id, roleNames: ["INTERNAL_ADMIN"], scope: { kind: "all" } },
    employerAdmin,
    stores: new Map(storeRows.map((s) => [s.name, s.id])),
  };

  const free = await freeEmployees(db, now);
  const next = (key: DemoCompanyKey) => {
    const companyId = companyOf(key);
    const index = free.findIndex((p) => p.companyId === companyId);
    return index < 0 ? undefined : free.splice(index, 1)[0];
  };
  for (const [index, walk] of WALKS.entries()) {
    const person = walk.email ? await employeeByEmail(db, walk.email) : next(walk.company);
    if (!person) continue;
    await db.transaction((tx) => runWalk({ ...c, db: tx as unknown as Db }, walk, person, index));
  }
  const online = storeRows.find((s) => s.online)?.id ?? storeRows[0]?.id ?? null;
  for (const o of ONLINE) {
    const person = next(o.company);
    if (person) await importOnlineOrder(c, person, online, o);
  }
  await lightPass(c);
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

/** The last main-line step of a walk: its `until`, or none for NOT_STARTED. */
const STEPS = Object.keys(STEP_DAY) as Step[];

async function runWalk(c: SeedCtx, walk: Walk, person: Person, index: number): Promise<void> {
  const { db } = c;
  const last = walk.until ? STEPS.indexOf(walk.until) : -1;
  const lastDay = walk.until ? STEP_DAY[walk.until] : 0;
  const sideDays = walk.side ? walk.side.path.length : 0;
  const createdAt = new Date(c.now.getTime() - (lastDay + sideDays + walk.waitingDays) * DAY_MS);
  const at = (step: Step) =>
    new Date(createdAt.getTime() + STEP_DAY[step] * DAY_MS + STEPS.indexOf(step) * 7 * MINUTE_MS);
  const employee: OrderMover = { kind: "user", userId: person.userId, roleNames: EMPLOYEE_ROLES };
  const helpdeskMover: OrderMover = { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.id,
      companyId: person.companyId,
      bikeStoreId: c.stores.get(walk.store) ?? null,
      deliveryMethod: index % 3 === 2 ? "HOME_DELIVERY" : "PICKUP",
      vatPercent: FINNISH_VAT_PERCENT,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  const orderNumber = order?.orderNumber as number;
  const reached = (step: Step) => STEPS.indexOf(step) <= last;
  const locked = async () => {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
    return row as typeof orders.$inferSelect;
  };

  let link: string | undefined;
  if (reached("start")) {
    const moved = await moveOrder(db, { orderId, to: "PENDING", by: employee }, at("start"));
    await notifyOrderEvent(db, orderId, { kind: "created" });
    link = moved.storeLink?.token;
  }
  if (reached("package") && link) {
    const items = PACKAGES[walk.packageKey ?? "tunturiEmax"] as Line[];
    await providePackage(
      db,
      link,
      { bikeStoreOrderNumber: `MY-${24_000 + orderNumber}`, items },
      at("package"),
    );
  }
  if (reached("accept")) {
    await acceptPackage(
      db,
      await locked(),
      { id: person.userId, roleNames: EMPLOYEE_ROLES },
      walk.leaseMonths ?? 36,
      at("accept"),
    );
  }
  if (reached("sign")) {
    const agreement = await agreementOf(db, orderId, true);
    if (agreement) {
      await signAgreement(
        db,
        await locked(),
        agreement,
        { userId: person.userId, name: person.name, roleNames: EMPLOYEE_ROLES },
        { ipAddress: `192.0.2.${20 + index}`, userAgent: USER_AGENTS[index % USER_AGENTS.length] as string },
        new Date(at("sign").getTime() + 25 * MINUTE_MS),
      );
    }
  }
  if (reached("approve")) {
    const order = await locked();
    const admin = c.employerAdmin.get(order.companyId);
    if (order.employerApprovalRequired && admin) {
      await decideForEmployer(db, order, admin, { approve: true }, at("approve"));
    }
  }
  if (reached("send")) {
    await submitToLeasingCompany(db, gatewayRegistry(), { userId: c.helpdesk.id }, orderId, at("send"));
  }
  if (reached("decide")) {
    const agreement = await agreementOf(db, orderId);
    const decidedAt = at("decide");
    const recorded = await recordLeasingDecision(
      db,
      gatewayRegistry(),
      { userId: c.helpdesk.id },
      agreement?.id as string,
      { decision: "ACCEPTED", agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}` },
      decidedAt,
    );
    // A walk that stops here leaves the decision waiting for the sync (GET /api/last-fetch-time).
    if (walk.until !== "decide") {
      await applyLeasingDecision(
        db,
        {
          decisionId: recorded.id,
          leasingAgreementId: agreement?.id as string,
          decision: "ACCEPTED",
          agreementNumber: `PED-${decidedAt.getUTCFullYear()}-${3000 + orderNumber}`,
          reason: null,
          decidedByUserId: c.helpdesk.id,
        },
        new Date(decidedAt.getTime() + 10 * MINUTE_MS),
      );
    }
  }
  if (reached("process")) await processOrder(db, helpdeskMover, orderId, at("process"));
  let invoiceId: string | undefined;
  if (reached("purchaseInvoice")) {
    const { totalPriceCents } = await locked();
    const amountCents = netFromGross(totalPriceCents, FINNISH_VAT_PERCENT);
    const issued = at("purchaseInvoice");
    invoiceId = (
      await createPurchaseInvoice(
        db,
        c.helpdesk,
        {
          orderId,
          invoiceNumber: `${walk.store.slice(0, 2).toUpperCase()}-${81_000 + orderNumber}`,
          amountCents,
          vatCents: totalPriceCents - amountCents,
          issueDate: toHelsinkiDateString(new Date(issued.getTime() - DAY_MS)),
          dueDate: toHelsinkiDateString(new Date(issued.getTime() + 13 * DAY_MS)),
          description: `Tilaus ${orderNumber}`,
        },
        issued,
      )
    ).id;
  }
  let deliveryLink: string | undefined;
  if (reached("match") && invoiceId) {
    deliveryLink = (await matchPurchaseInvoice(db, c.helpdesk, invoiceId, at("match")))?.token;
  }
  if (reached("delivery") && deliveryLink) {
    await provideDelivery(
      db,
      deliveryLink,
      {
        frameSerialNumber: `WC${String(7_310_000 + orderNumber * 37).padStart(9, "0")}`,
        deliveryDate: toHelsinkiDateString(at("delivery")),
      },
      at("delivery"),
    );
  }
  if (reached("bill")) await billLeasingCompany(db, helpdeskMover, orderId, at("bill"));
  if (reached("startLease")) await startLease(db, helpdeskMover, orderId, at("startLease"));

  if (walk.side) {
    let when = new Date(at(walk.until ?? "start").getTime() + DAY_MS);
    for (const [step, to] of walk.side.path.entries()) {
      const lastSide = step === walk.side.path.length - 1;
      await moveOrder(
        db,
        { orderId, to, by: helpdeskMover, ...(lastSide ? { data: { reason: walk.side.reason } } : {}) },
        when,
      );
      when = new Date(when.getTime() + DAY_MS);
    }
  }
}

/** An order imported from the online shop: paid and agreed, in WIX with its import on record. */
async function importOnlineOrder(
  c: SeedCtx,
  person: Person,
  storeId: string | null,
  o: (typeof ONLINE)[number],
): Promise<void> {
  const importedAt = new Date(c.now.getTime() - o.daysAgo * DAY_MS);
  const items = PACKAGES.helkamaJopo as Line[];
  const total = items.reduce((sum, l) => sum + l.unitPriceCents * l.quantity - l.discountCents, 0);
  const [imported] = await c.db
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
  await insertLines(c.db, orderId, items, importedAt);
  await c.db.insert(eventLog).values({
    type: "ORDER_STATUS_UPDATED",
    companyId: person.companyId,
    entityType: "order",
    entityId: orderId,
    data: { from: null, to: "WIX", by: "system", source: "online shop import" },
    createdAt: importedAt,
  });
  if (o.to === "PROCESSED") {
    await c.db.transaction((tx) =>
      moveOrder(
        tx as unknown as Db,
        {
          orderId,
          to: "PROCESSED",
          by: { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames },
        },
        new Date(importedAt.getTime() + DAY_MS),
      ),
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
 * leasing yet and for each company's newest leases (rendering every old lease's PDF would slow each
 * test's seeding for nothing a screen shows).
 */
async function lightPass(c: SeedCtx): Promise<void> {
  const { db } = c;
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
        eq(leasingAgreements.status, "SIGNED"),
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
    if (leasing && row.rank > SIGNED_LEASES_PER_COMPANY) continue;
    const signedAt = row.agreement.signedAt ?? new Date(row.order.createdAt.getTime() + 3 * DAY_MS);
    await storeSignedAgreement(
      db,
      row.order,
      row.agreement,
      { userId: row.userId, name: personName(row.firstName, row.lastName, row.email) },
      { ipAddress: `192.0.2.${120 + (i % 100)}`, userAgent: USER_AGENTS[i % USER_AGENTS.length] as string },
      signedAt,
    );
  }
}
