import { and, asc, eq, inArray } from "drizzle-orm";
import type { TPackageItemInput } from "../../../contract/store-links.ts";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { addMonths, lastDayOf, periodOf } from "../../../domain/payroll/period.ts";
import { personName } from "../../../domain/person-name.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { addDays } from "../../../domain/user-payments.ts";
import type { FileStore } from "../../files/file-store.ts";
import { applyLeasingDecision, decisionActor } from "../../jobs/leasing-sync.ts";
import { matchPurchaseInvoice } from "../../modules/invoices/match-purchase-invoice.ts";
import type { InvoiceClerk } from "../../modules/invoices/queries.ts";
import { createPurchaseInvoice } from "../../modules/invoices/record-purchase-invoice.ts";
import { gatewayRegistry } from "../../modules/leasing/gateway.ts";
import { recordLeasingDecision } from "../../modules/leasing/record-decision.ts";
import { acceptPackage } from "../../modules/orders/accept-package.ts";
import { billLeasingCompany } from "../../modules/orders/bill-leasing-company.ts";
import { decideForEmployer } from "../../modules/orders/employer-decision.ts";
import { BY_BIKE_STORE, moveOrder, type OrderUser } from "../../modules/orders/lifecycle.ts";
import { processOrder } from "../../modules/orders/process-order.ts";
import { agreementOf } from "../../modules/orders/queries.ts";
import { submitToLeasingCompany } from "../../modules/orders/send-to-leasing-company.ts";
import { signAgreement } from "../../modules/orders/sign-agreement.ts";
import { startLease } from "../../modules/orders/start-lease.ts";
import { chooseRedemption } from "../../modules/redemptions/choose.ts";
import { completeRedemptionCase } from "../../modules/redemptions/complete.ts";
import { sendLeasingCompanyInvoice } from "../../modules/redemptions/invoice.ts";
import { openRedemptionCase } from "../../modules/redemptions/open-case.ts";
import { provideDelivery } from "../../modules/store-links/provide-delivery.ts";
import { providePackage } from "../../modules/store-links/provide-package.ts";
import { markUserPaymentPaid } from "../../modules/user-payments/ledger.ts";
import type { Db } from "../client.ts";
import { lockRows } from "../lock-order.ts";
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
import { type Actor, inTransaction, type WriteContext, write } from "../transaction.ts";
import { DEMO_COMPANIES, DEMO_PUBLIC_URL } from "./demo-data.ts";
import { storeLinkOf } from "./order-status-walk.ts";

/**
 * The demo of the end of the lease (README "Demo users"): four Demo Oy leases made through the
 * order lifecycle's own functions, and their redemption cases through the redemption module's:
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

const NEAR_END_EMPLOYEE = "iida.saarinen@demo.test";
const REDEEMED_EMPLOYEE = "juho.nieminen@demo.test";
const EARLY_END_EMPLOYEE = "venla.turunen@demo.test";
const RETURNED_EMPLOYEE = "elias.laaksonen@demo.test";

const HOUR_MS = 3_600_000;
const EMPLOYEE_ROLES: RoleName[] = ["BIKE_BENEFICIARY"];

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
  files: FileStore;
  helpdesk: { id: string; roleNames: RoleName[]; scope: { kind: "all" } };
  employerAdmin: { userId: string; roleNames: RoleName[] } | null;
  storeId: string | null;
};

const at = (date: string, hour: number) => new Date(`${date}T${String(hour).padStart(2, "0")}:00:00Z`);
/** The earlier of two times: a step planned after the seed's clock happens just before it instead. */
const notAfter = (time: Date, latest: Date) => (time < latest ? time : latest);

export async function seedRedemptionsDemo(db: Db, files: FileStore, now: Date): Promise<void> {
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
    files,
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
      openRedemptionCase(change, { orderId: lease, reason: "LEASE_TERM_ENDS" }, "SYSTEM", {
        publicUrl: DEMO_PUBLIC_URL,
        files: c.files,
      }),
    );
  }

  // 2. Redeemed through payroll at the term's end last month, paid, bought from the leasing company, completed.
  const juho = people.get(REDEEMED_EMPLOYEE);
  if (juho) {
    const orderId = await walkLease(c, juho, REDEEMED_EMPLOYEE, 24, lastMonthEnd, 12);
    const id = await write(db, { actor: system, now: at(addDays(lastMonthEnd, -56), 4) }, (change) =>
      openRedemptionCase(change, { orderId, reason: "LEASE_TERM_ENDS" }, "SYSTEM", {
        publicUrl: DEMO_PUBLIC_URL,
        files: c.files,
      }),
    );
    const chooser = { userId: juho.userId, helpdesk: false };
    await write(db, { actor: chooser, now: at(addDays(lastMonthEnd, -40), 17) }, (change) =>
      chooseRedemption(change, id, { choice: "REDEEM", paymentMethod: "PAYROLL" }),
    );
    await write(db, { actor: helpdeskActor, now: at(addDays(lastMonthEnd, -12), 9) }, (change) =>
      sendLeasingCompanyInvoice(change, id),
    );
    const [payment] = await db
      .select({ id: userPayments.id })
      .from(userPayments)
      .where(eq(userPayments.bikeRedemptionId, id));
    if (payment)
      await write(db, { actor: { userId: null }, now: at(lastMonthEnd, 10) }, (change) =>
        markUserPaymentPaid(change, payment.id),
      );
    const completedAt = notAfter(at(addDays(lastMonthEnd, 2), 9), new Date(now.getTime() - HOUR_MS));
    await write(db, { actor: helpdeskActor, now: completedAt }, (change) =>
      completeRedemptionCase(change, id),
    );
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
      openRedemptionCase(
        change,
        {
          orderId,
          reason: "EMPLOYER_ENDED_EMPLOYMENT",
          lastWorkingDay,
          note: "Työsuhde päättyy tuotannollisista syistä; työnantaja maksaa mahdollisen palautuksen.",
        },
        "EMPLOYER",
        { publicUrl: DEMO_PUBLIC_URL, files: c.files },
      ),
    );
  }

  // 4. Returned at the term's end last month: the bike is back and waits for the brokerage's look.
  const elias = people.get(RETURNED_EMPLOYEE);
  if (elias) {
    const orderId = await walkLease(c, elias, RETURNED_EMPLOYEE, 24, lastMonthEnd, 14);
    const id = await write(db, { actor: system, now: at(addDays(lastMonthEnd, -56), 4) }, (change) =>
      openRedemptionCase(change, { orderId, reason: "LEASE_TERM_ENDS" }, "SYSTEM", {
        publicUrl: DEMO_PUBLIC_URL,
        files: c.files,
      }),
    );
    const chooser = { userId: elias.userId, helpdesk: false };
    await write(db, { actor: chooser, now: at(addDays(lastMonthEnd, -35), 8) }, (change) =>
      chooseRedemption(change, id, { choice: "RETURN" }),
    );
    await write(db, { actor: helpdeskActor, now: at(addDays(lastMonthEnd, -10), 9) }, (change) =>
      sendLeasingCompanyInvoice(change, id),
    );
    const completedAt = notAfter(at(addDays(lastMonthEnd, 3), 11), new Date(now.getTime() - 2 * HOUR_MS));
    await write(db, { actor: helpdeskActor, now: completedAt }, (change) =>
      completeRedemptionCase(change, id),
    );
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
  const deliveryDate = `${addMonths(periodOf(endDate), -months)}-20`;
  const createdAt = at(addDays(deliveryDate, -20), 8);
  const day = (n: number, minutes = 0) => new Date(createdAt.getTime() + n * DAY_MS + minutes * 60_000);
  const employee: OrderUser = { kind: "user", userId: person.userId, roleNames: EMPLOYEE_ROLES };
  const helpdesk: OrderUser = { kind: "user", userId: c.helpdesk.id, roleNames: c.helpdesk.roleNames };
  const clerk: InvoiceClerk = {
    userId: c.helpdesk.id,
    roleNames: c.helpdesk.roleNames,
    scope: c.helpdesk.scope,
  };
  return inTransaction(c.db, async (tx) => {
    /** Each step's write context: who takes it, at the step's time. */
    const by = <A extends Actor>(actor: A, now: Date): WriteContext<A> => ({ tx, actor, now });
    const [order] = await tx
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
        await lockRows(tx, "order", tx.select().from(orders).where(eq(orders.id, orderId)).for("update"))
      )[0] as typeof orders.$inferSelect;

    const moved = await moveOrder(by(employee, day(0)), { orderId, to: "PENDING" });
    const packageLink = (await storeLinkOf(by(BY_BIKE_STORE, day(0)), orderId, moved.storeLink)) as string;
    await providePackage(by(BY_BIKE_STORE, day(2)), packageLink, {
      bikeStoreOrderNumber: `MY-${25_000 + orderNumber}`,
      items: PACKAGES[email] as Line[],
    });
    await acceptPackage(by(employee, day(3)), await locked(), months, true);
    const draft = await agreementOf(tx, orderId, true);
    if (draft) {
      await signAgreement(by(employee, day(3, 25)), c.files, {
        order: await locked(),
        agreement: draft,
        signerName: person.name,
        meta: {
          ipAddress: `192.0.2.${60 + index}`,
          userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0",
        },
      });
    }
    const signed = await locked();
    if (signed.employerApprovalRequired && c.employerAdmin)
      await decideForEmployer(by({ kind: "user" as const, ...c.employerAdmin }, day(4)), signed, {
        approve: true,
      });
    await submitToLeasingCompany(by({ userId: c.helpdesk.id }, day(5)), gatewayRegistry(), orderId);
    const agreementId = (await agreementOf(tx, orderId))?.id as string;
    const agreementNumber = `PED-${day(7).getUTCFullYear()}-${3500 + orderNumber}`;
    const decision = await recordLeasingDecision(
      by({ userId: c.helpdesk.id }, day(7)),
      gatewayRegistry(),
      agreementId,
      { decision: "ACCEPTED", agreementNumber },
    );
    const accepted = {
      decisionId: decision.id,
      leasingAgreementId: agreementId,
      decision: "ACCEPTED" as const,
      agreementNumber,
      reason: null,
      decidedByUserId: c.helpdesk.id,
    };
    await applyLeasingDecision(by(decisionActor(accepted), day(7, 10)), accepted);
    await processOrder(by(helpdesk, day(8)), orderId);
    const { totalPriceCents } = await locked();
    const amountCents = netFromGross(totalPriceCents, FINNISH_VAT_PERCENT);
    const invoice = await createPurchaseInvoice(by(clerk, day(15)), {
      orderId,
      invoiceNumber: `VP-${82_000 + orderNumber}`,
      amountCents,
      vatCents: totalPriceCents - amountCents,
      issueDate: toHelsinkiDateString(day(14)),
      dueDate: toHelsinkiDateString(day(28)),
      description: `Tilaus ${orderNumber}`,
    });
    const matched = await matchPurchaseInvoice(by(clerk, day(16)), invoice.id);
    const deliveryLink = (await storeLinkOf(by(clerk, day(16)), orderId, matched)) as string;
    await provideDelivery(by(BY_BIKE_STORE, day(20)), deliveryLink, {
      frameSerialNumber: `WH${String(9_100_000 + orderNumber * 41).padStart(9, "0")}`,
      deliveryDate,
    });
    await billLeasingCompany(by(helpdesk, day(22)), orderId);
    await startLease(by(helpdesk, day(25)), orderId, { publicUrl: DEMO_PUBLIC_URL, files: c.files });
    return orderId;
  });
}
