import { and, asc, eq, inArray } from "drizzle-orm";
import type { TPackageItemInput } from "../../../contract/store-links.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { addMonths, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { personName } from "../../../domain/person-name.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { addDays } from "../../../domain/user-payments.ts";
import { applyLeasingDecision } from "../../jobs/leasing-sync.ts";
import { createPurchaseInvoice, matchPurchaseInvoice } from "../../modules/invoices/service.ts";
import { recordLeasingDecision } from "../../modules/leasing/decisions.ts";
import { gatewayRegistry } from "../../modules/leasing/gateway.ts";
import { acceptPackage } from "../../modules/orders/acceptance.ts";
import { moveOrder, type OrderMover } from "../../modules/orders/lifecycle.ts";
import {
  billLeasingCompany,
  processOrder,
  startLease,
  submitToLeasingCompany,
} from "../../modules/orders/processing.ts";
import { agreementOf, decideForEmployer, signAgreement } from "../../modules/orders/signing.ts";
import type { OfferLinks } from "../../modules/redemptions/add-offer.ts";
import { chooseLeaseEnd } from "../../modules/redemptions/choose.ts";
import { completeLeaseEndCase } from "../../modules/redemptions/complete.ts";
import { sendLeasingCompanyInvoice } from "../../modules/redemptions/invoice.ts";
import { openLeaseEndCase } from "../../modules/redemptions/open-case.ts";
import { provideDelivery, providePackage } from "../../modules/store-links/service.ts";
import { markUserPaymentPaid } from "../../modules/user-payments/ledger.ts";
import type { Db } from "../client.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  eventLog,
  orders,
  roles,
  systemUsers,
  userPayments,
  userRoles,
  users,
} from "../schema/index.ts";
import { write } from "../transaction.ts";
import { DEMO_COMPANIES } from "./demo-data.ts";

/**
 * The demo of the end of the lease (README "Demo users"): four Demo Oy leases made through the
 * order lifecycle's own functions, and their lease-end cases through the redemption module's:
 * - iida.saarinen@demo.test: a lease whose term ends in about five to eight weeks, its LEASE_TERM_ENDS case
 *   opened this morning by the daily job with its offer PDF, waiting for her choice (the e2e logs in as
 *   her and redeems by invoice; no other demo seed touches this order);
 * - juho.nieminen@demo.test: a lease that ended last month, redeemed through payroll, paid, bought
 *   from the leasing company and completed, the lease ended (his order shows "redeemed");
 * - venla.turunen@demo.test: her employer ended her employment at the end of next month and opened
 *   the early-end case (EMPLOYER_ENDED_EMPLOYMENT) two days ago: its options wait for her choice;
 * - elias.laaksonen@demo.test: a lease that ended last month, returned; the bike waits in the
 *   brokerage, not listed yet (the brokerage demo, which runs after this one, lists it).
 * Demo Oy lets its employees pay by payroll or by invoice (paymentMode ALL, in demo-data.ts).
 */

export const NEAR_END_EMPLOYEE = "iida.saarinen@demo.test";
export const REDEEMED_EMPLOYEE = "juho.nieminen@demo.test";
export const EARLY_END_EMPLOYEE = "venla.turunen@demo.test";
export const RETURNED_EMPLOYEE = "elias.laaksonen@demo.test";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const EMPLOYEE_ROLES: RoleName[] = ["BIKE_BENEFICIARY"];
/** The offer PDF's link to /mybike: the product's address (the seed knows no PUBLIC_URL). */
const LINKS: OfferLinks = { publicUrl: "https://pedaali.fi" };

type Line = TPackageItemInput;
const line = (itemType: Line["itemType"], name: string, euros: number, extra: Partial<Line> = {}): Line => ({
  itemType,
  name,
  quantity: 1,
  unitPriceCents: euros * 100,
  discountCents: 0,
  ...extra,
});

/** The stores' packages of the four leases: Finnish e-bikes and city bikes with a lock and a helmet. */
const PACKAGES: Record<string, Line[]> = {
  [NEAR_END_EMPLOYEE]: [
    line("BIKE", "Helkama E3 Bosch", 2_990, {
      brand: "Helkama",
      model: "E3 Bosch",
      modelYear: 2024,
      frameSize: "50 cm",
      color: "valkoinen",
    }),
    line("ACCESSORY", "Runkolukko Abus Bordo 6500", 119, { brand: "Abus" }),
  ],
  [REDEEMED_EMPLOYEE]: [
    line("BIKE", "Tunturi eMAX 28", 2_299, {
      brand: "Tunturi",
      model: "eMAX 28",
      modelYear: 2023,
      frameSize: "54 cm",
      color: "musta",
    }),
    line("ACCESSORY", "Kypärä Giro Register", 59, { brand: "Giro" }),
  ],
  [EARLY_END_EMPLOYEE]: [
    line("BIKE", "Cube Touring Hybrid ONE 625", 2_999, {
      brand: "Cube",
      model: "Touring Hybrid ONE 625",
      modelYear: 2025,
      frameSize: "50 cm",
    }),
    line("ACCESSORY", "Kypärä Abus Pedelec 2.0", 129, { brand: "Abus" }),
    line("SERVICE", "Ensihuolto 1 kk", 59),
  ],
  [RETURNED_EMPLOYEE]: [
    line("BIKE", "Helkama Jopo Street 28", 1_590, {
      brand: "Helkama",
      model: "Jopo Street 28",
      modelYear: 2023,
      color: "petrooli",
    }),
    line("ACCESSORY", "Runkolukko Trelock RS 350", 69, { brand: "Trelock" }),
  ],
};

type Person = { employmentId: string; userId: string; companyId: string; name: string };
type Ctx = {
  db: Db;
  helpdesk: { id: string; roleNames: RoleName[]; scope: { kind: "all" } };
  employerAdmin: { userId: string; roleNames: RoleName[] } | null;
  storeId: string | null;
};

const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
/** The earlier of two times: a step planned after the seed's clock happens just before it instead. */
const notAfter = (time: Date, latest: Date) => (time < latest ? time : latest);

export async function seedRedemptionsDemo(db: Db, now: Date): Promise<void> {
  const [demoOy] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANIES.demo.name));
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  if (!demoOy || !helpdesk) return;
  const people = await peopleOf(db, demoOy.id);
  const [admin] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.companyId, demoOy.id),
        eq(roles.name, "EMPLOYER_ADMIN"),
        eq(users.email, DEMO_COMPANIES.demo.contact.email),
      ),
    );
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.isOnlineStore, false))
    .orderBy(asc(bikeStores.storeName))
    .limit(1);
  const c: Ctx = {
    db,
    helpdesk: { id: helpdesk.id, roleNames: ["INTERNAL_ADMIN"], scope: { kind: "all" } },
    employerAdmin: admin ? { userId: admin.userId, roleNames: ["EMPLOYER_ADMIN"] } : null,
    storeId: store?.id ?? null,
  };
  const today = toHelsinkiDateString(now);
  const lastMonthEnd = lastDayOf(addMonths(periodOf(today), -1));
  const system = { userId: null };
  const helpdeskActor = { userId: helpdesk.id };

  // 1. A term ending in about 5–8 weeks: the first month end whose choice is due at least 3 days ahead.
  const iida = people.get(NEAR_END_EMPLOYEE);
  if (iida) {
    const end = lastDayOf(addMonths(periodOf(addDays(today, 3)), 1));
    const lease = await walkLease(c, iida, NEAR_END_EMPLOYEE, 24, end, 11);
    await write(db, { actor: system, now: new Date(now.getTime() - 3 * HOUR_MS) }, (change) =>
      openLeaseEndCase(change, { orderId: lease, reason: "LEASE_TERM_ENDS" }, "SYSTEM", LINKS),
    );
  }

  // 2. Redeemed through payroll at the term's end last month, paid, bought from the leasing company, completed.
  const juho = people.get(REDEEMED_EMPLOYEE);
  if (juho) {
    const orderId = await walkLease(c, juho, REDEEMED_EMPLOYEE, 24, lastMonthEnd, 12);
    const id = await write(db, { actor: system, now: at(addDays(lastMonthEnd, -56), 4) }, (change) =>
      openLeaseEndCase(change, { orderId, reason: "LEASE_TERM_ENDS" }, "SYSTEM", LINKS),
    );
    const chooser = { userId: juho.userId, helpdesk: false };
    await write(db, { actor: chooser, now: at(addDays(lastMonthEnd, -40), 17) }, (change) =>
      chooseLeaseEnd(change, id, { choice: "REDEEM", paymentMethod: "PAYROLL" }),
    );
    await write(db, { actor: helpdeskActor, now: at(addDays(lastMonthEnd, -12), 9) }, (change) =>
      sendLeasingCompanyInvoice(change, id),
    );
    const [payment] = await db
      .select({ id: userPayments.id })
      .from(userPayments)
      .where(eq(userPayments.bikeRedemptionId, id));
    if (payment) await markUserPaymentPaid(db, payment.id, { userId: null }, at(lastMonthEnd, 10));
    const completedAt = notAfter(at(addDays(lastMonthEnd, 2), 9), new Date(now.getTime() - HOUR_MS));
    await write(db, { actor: helpdeskActor, now: completedAt }, (change) => completeLeaseEndCase(change, id));
  }

  // 3. The employer ended the employment at the end of next month and opened the early-end case.
  const venla = people.get(EARLY_END_EMPLOYEE);
  if (venla && c.employerAdmin) {
    const orderId = await walkLease(
      c,
      venla,
      EARLY_END_EMPLOYEE,
      36,
      lastDayOf(addMonths(periodOf(today), 22)),
      13,
    );
    const lastWorkingDay = lastDayOf(addMonths(periodOf(today), 1));
    const ended = new Date(now.getTime() - 3 * DAY_MS);
    await db
      .update(beneficiaryEmployees)
      .set({ lastWorkingDayDate: lastWorkingDay, updatedAt: ended })
      .where(eq(beneficiaryEmployees.id, venla.employmentId));
    await db.insert(eventLog).values({
      type: "EMPLOYMENT_ENDED",
      actorUserId: c.employerAdmin.userId,
      companyId: venla.companyId,
      entityType: "beneficiaryEmployee",
      entityId: venla.employmentId,
      data: { fields: ["lastWorkingDayDate"], lastWorkingDayDate: lastWorkingDay },
      createdAt: ended,
    });
    const employer = { userId: c.employerAdmin.userId };
    await write(db, { actor: employer, now: new Date(now.getTime() - 2 * DAY_MS) }, (change) =>
      openLeaseEndCase(
        change,
        {
          orderId,
          reason: "EMPLOYER_ENDED_EMPLOYMENT",
          lastWorkingDay,
          note: "Työsuhde päättyy tuotannollisista syistä; työnantaja maksaa mahdollisen palautuksen.",
        },
        "EMPLOYER",
        LINKS,
      ),
    );
  }

  // 4. Returned at the term's end last month: the bike is back and waits for the brokerage's look.
  const elias = people.get(RETURNED_EMPLOYEE);
  if (elias) {
    const orderId = await walkLease(c, elias, RETURNED_EMPLOYEE, 24, lastMonthEnd, 14);
    const id = await write(db, { actor: system, now: at(addDays(lastMonthEnd, -56), 4) }, (change) =>
      openLeaseEndCase(change, { orderId, reason: "LEASE_TERM_ENDS" }, "SYSTEM", LINKS),
    );
    const chooser = { userId: elias.userId, helpdesk: false };
    await write(db, { actor: chooser, now: at(addDays(lastMonthEnd, -35), 8) }, (change) =>
      chooseLeaseEnd(change, id, { choice: "RETURN" }),
    );
    await write(db, { actor: helpdeskActor, now: at(addDays(lastMonthEnd, -10), 9) }, (change) =>
      sendLeasingCompanyInvoice(change, id),
    );
    const completedAt = notAfter(at(addDays(lastMonthEnd, 3), 11), new Date(now.getTime() - 2 * HOUR_MS));
    await write(db, { actor: helpdeskActor, now: completedAt }, (change) => completeLeaseEndCase(change, id));
  }
}

/** The four people's employments in Demo Oy, by e-mail. */
async function peopleOf(db: Db, companyId: string): Promise<Map<string, Person>> {
  const rows = await db
    .select({
      email: users.email,
      employmentId: beneficiaryEmployees.id,
      userId: users.id,
      companyId: beneficiaryEmployees.companyId,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(
      and(
        eq(beneficiaryEmployees.companyId, companyId),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        inArray(users.email, [NEAR_END_EMPLOYEE, REDEEMED_EMPLOYEE, EARLY_END_EMPLOYEE, RETURNED_EMPLOYEE]),
      ),
    );
  return new Map(rows.map((r) => [r.email, { ...r, name: personName(r.firstName, r.lastName, r.email) }]));
}

/**
 * An order walked to ACTIVE_LEASING through the lifecycle's own functions (as seed-order-statuses.ts
 * does), its lease ending on `endDate`: delivered on the 20th of the month before the lease's first
 * month, each step dated the days after the order that real work takes. Answers the order's id.
 */
async function walkLease(
  c: Ctx,
  person: Person,
  email: string,
  months: number,
  endDate: string,
  index: number,
) {
  const { db } = c;
  const deliveryDate = `${addMonths(periodOf(endDate), -months)}-20`;
  const createdAt = at(addDays(deliveryDate, -20), 8);
  const day = (n: number, minutes = 0) => new Date(createdAt.getTime() + n * DAY_MS + minutes * 60_000);
  const employee: OrderMover = { kind: "user", userId: person.userId, roleNames: EMPLOYEE_ROLES };
  const helpdesk: OrderMover = { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.employmentId,
      companyId: person.companyId,
      bikeStoreId: c.storeId,
      deliveryMethod: "PICKUP",
      vatPercent: FINNISH_VAT_PERCENT,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = order?.id as string;
  const orderNumber = order?.orderNumber as number;
  const locked = async () =>
    (
      await db.select().from(orders).where(eq(orders.id, orderId)).for("update")
    )[0] as typeof orders.$inferSelect;

  const packageLink = (await moveOrder(db, { orderId, to: "PENDING", by: employee }, day(0))).storeLink
    ?.token as string;
  await providePackage(
    db,
    packageLink,
    { bikeStoreOrderNumber: `MY-${25_000 + orderNumber}`, items: PACKAGES[email] as Line[] },
    day(2),
  );
  await acceptPackage(db, await locked(), { id: person.userId, roleNames: EMPLOYEE_ROLES }, months, day(3));
  const draft = await agreementOf(db, orderId, true);
  if (draft) {
    await signAgreement(
      db,
      await locked(),
      draft,
      { userId: person.userId, name: person.name, roleNames: EMPLOYEE_ROLES },
      { ipAddress: `192.0.2.${60 + index}`, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0" },
      day(3, 25),
    );
  }
  const signed = await locked();
  if (signed.employerApprovalRequired && c.employerAdmin)
    await decideForEmployer(db, signed, c.employerAdmin, { approve: true }, day(4));
  await submitToLeasingCompany(db, gatewayRegistry(), { userId: c.helpdesk.id }, orderId, day(5));
  const agreementId = (await agreementOf(db, orderId))?.id as string;
  const agreementNumber = `PED-${day(7).getUTCFullYear()}-${3500 + orderNumber}`;
  const decision = await recordLeasingDecision(
    db,
    gatewayRegistry(),
    { userId: c.helpdesk.id },
    agreementId,
    { decision: "ACCEPTED", agreementNumber },
    day(7),
  );
  await applyLeasingDecision(
    db,
    {
      decisionId: decision.id,
      leasingAgreementId: agreementId,
      decision: "ACCEPTED",
      agreementNumber,
      reason: null,
      decidedByUserId: c.helpdesk.id,
    },
    day(7, 10),
  );
  await processOrder(db, helpdesk, orderId, day(8));
  const { totalPriceCents } = await locked();
  const amountCents = netFromGross(totalPriceCents, FINNISH_VAT_PERCENT);
  const invoice = await createPurchaseInvoice(
    db,
    c.helpdesk,
    {
      orderId,
      invoiceNumber: `VP-${82_000 + orderNumber}`,
      amountCents,
      vatCents: totalPriceCents - amountCents,
      issueDate: toHelsinkiDateString(day(14)),
      dueDate: toHelsinkiDateString(day(28)),
      description: `Tilaus ${orderNumber}`,
    },
    day(15),
  );
  const deliveryLink = (
    await matchPurchaseInvoice(db, { ...c.helpdesk, id: c.helpdesk.id }, invoice.id, day(16))
  )?.token as string;
  await provideDelivery(
    db,
    deliveryLink,
    { frameSerialNumber: `WH${String(9_100_000 + orderNumber * 41).padStart(9, "0")}`, deliveryDate },
    day(20),
  );
  await billLeasingCompany(db, helpdesk, orderId, day(22));
  await startLease(db, helpdesk, orderId, day(25));
  return orderId;
}
