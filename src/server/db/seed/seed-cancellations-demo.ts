import { and, asc, desc, eq, inArray, notExists, notInArray, sql } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { TPackageItemInput } from "../../../contract/store-links.ts";
import { DAY_MS, formatHelsinkiDate, toHelsinkiDateString } from "../../../domain/dates.ts";
import { formatCents } from "../../../domain/money.ts";
import type { RoleName } from "../../../domain/roles.ts";
import type { FileStore } from "../../files/file-store.ts";
import { readUpload } from "../../files/uploads.ts";
import { notifyOrderEvent } from "../../modules/notifications/order-events.ts";
import { completeCancellation } from "../../modules/order-cancellations/complete-cancellation.ts";
import { addRefundReceipt } from "../../modules/order-cancellations/refund-receipts.ts";
import { requestCancellation } from "../../modules/order-cancellations/request-cancellation.ts";
import { acceptPackage } from "../../modules/orders/accept-package.ts";
import { decideForEmployer } from "../../modules/orders/employer-decision.ts";
import { BY_BIKE_STORE, moveOrder } from "../../modules/orders/lifecycle.ts";
import { agreementOf } from "../../modules/orders/queries.ts";
import { signAgreement } from "../../modules/orders/sign-agreement.ts";
import { providePackage } from "../../modules/store-links/provide-package.ts";
import { createUserPayment, markUserPaymentPaid } from "../../modules/user-payments/ledger.ts";
import type { Db } from "../client.ts";
import { lockRows } from "../lock-order.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  companies,
  orders,
  roles,
  systemUsers,
  userPayments,
  userRoles,
  users,
} from "../schema/index.ts";
import { type Actor, inTransaction, type Tx, type WriteContext, write } from "../transaction.ts";
import { DEMO_COMPANIES } from "./demo-data.ts";
import { storeLinkOf } from "./order-status-walk.ts";

/**
 * The demo of order cancellations, on Demo Oy orders nobody else's demo uses (never a README
 * login's), through the cancellations' own writes:
 * - an order walked through the lifecycle's own functions (the store's package by its link, the
 *   employee's acceptance and signature, the employer's approval) whose employee paid their own share
 *   above the max price, then asked to cancel after signing; the helpdesk uploaded the refund's receipt
 *   (a PDF) and completed it: the order ends REFUNDED;
 * - the newest confirmed order of the order demo, whose employee asked a few hours ago to cancel it: a
 *   request waiting for the helpdesk.
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** README logins other demos and journeys use. */
const README_LOGINS = ["employee@demo.test", "ville.hamalainen@demo.test"];
const ROLES_OF_EMPLOYEE: RoleName[] = ["BIKE_BENEFICIARY"];

type Line = TPackageItemInput;
const line = (itemType: Line["itemType"], name: string, euros: number, extra: Partial<Line> = {}): Line => ({
  itemType,
  name,
  quantity: 1,
  unitPriceCents: euros * 100,
  discountCents: 0,
  ...extra,
});

/** The refunded order: above Demo Oy's 4 500 €, so the employee pays 347 € themself. */
const REFUNDED = {
  store: "Vauhti Espoo",
  items: [
    line("BIKE", "Cube Kathmandu Hybrid SLX 750", 4_599, {
      brand: "Cube",
      model: "Kathmandu Hybrid SLX 750",
      modelYear: 2025,
      frameSize: "54 cm",
      color: "grey'n'metal",
    }),
    line("ACCESSORY", "Kypärä Abus Pedelec 2.0", 129, { brand: "Abus" }),
    line("ACCESSORY", "Runkolukko Abus Bordo 6500", 119, { brand: "Abus" }),
  ],
  leaseMonths: 36,
  startedDaysAgo: 38,
  requestedDaysAgo: 24,
  refundedDaysAgo: 19,
  reason:
    "Muutan keväällä Ouluun uuteen työhön, enkä tarvitse pyörää pääkaupunkiseudulla. Haluan perua tilauksen.",
};

const WAITING_REASON =
  "Sain puolisoni vanhan sähköpyörän käyttööni, joten en tarvitse uutta. Voiko tilauksen vielä perua?";

type Person = { employmentId: string; userId: string; companyId: string; name: string };

export async function seedCancellationsDemo(db: Db, files: FileStore, now: Date): Promise<void> {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.name, DEMO_COMPANIES.demo.name));
  const [helpdesk] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "helpdesk@pedaali.test"));
  if (!company || !helpdesk) return;
  const [person] = await freeEmployees(db, company.id);
  const [store] = await db
    .select({ id: bikeStores.id })
    .from(bikeStores)
    .where(eq(bikeStores.storeName, REFUNDED.store));
  if (person) {
    const employer = await employerAdminOf(db, company.id);
    await inTransaction(db, (tx) =>
      refundedOrder(tx, person, {
        now,
        files,
        helpdeskId: helpdesk.id,
        employer,
        storeId: store?.id ?? null,
      }),
    );
  }
  const waiting = await confirmedOrderOf(db, company.id);
  if (waiting) {
    const requester = { userId: waiting.userId, roleNames: ROLES_OF_EMPLOYEE };
    await write(db, { actor: requester, now: new Date(now.getTime() - 3 * HOUR_MS) }, (change) =>
      requestCancellation(change, { orderId: waiting.orderId, reason: WAITING_REASON, side: "EMPLOYEE" }),
    );
  }
}

/** The company's newest confirmed order, not a README login's. */
async function confirmedOrderOf(db: Db, companyId: string) {
  const [row] = await db
    .select({ orderId: orders.id, userId: beneficiaryEmployees.userId })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orders.orderStatus, "CONFIRMED"),
        eq(orders.isOnlineOrder, false),
        notInArray(users.email, README_LOGINS),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

/** Accepted Demo Oy employees in employment without any order, oldest first, README logins left out. */
async function freeEmployees(db: Db, companyId: string): Promise<Person[]> {
  return db
    .select({
      employmentId: beneficiaryEmployees.id,
      userId: beneficiaryEmployees.userId,
      companyId: beneficiaryEmployees.companyId,
      name: sql<string>`${systemUsers.firstName} || ' ' || ${systemUsers.lastName}`,
    })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .innerJoin(systemUsers, eq(systemUsers.userId, beneficiaryEmployees.userId))
    .where(
      and(
        eq(beneficiaryEmployees.companyId, companyId),
        eq(beneficiaryEmployees.status, "ACCEPTED"),
        notInArray(users.email, README_LOGINS),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(eq(orders.beneficiaryEmployeeId, beneficiaryEmployees.id)),
        ),
      ),
    )
    .orderBy(asc(beneficiaryEmployees.createdAt), asc(beneficiaryEmployees.id))
    .limit(1);
}

async function employerAdminOf(db: Db, companyId: string) {
  const [admin] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.companyId, companyId), eq(roles.name, "EMPLOYER_ADMIN")))
    .orderBy(asc(userRoles.createdAt))
    .limit(1);
  return admin ? { userId: admin.userId, roleNames: ["EMPLOYER_ADMIN"] as RoleName[] } : null;
}

type StoryCtx = {
  now: Date;
  files: FileStore;
  helpdeskId: string;
  employer: { userId: string; roleNames: RoleName[] } | null;
  storeId: string | null;
};

/** The order from its start to confirmation, its own share paid, then cancelled and refunded. */
async function refundedOrder(tx: Tx, person: Person, c: StoryCtx): Promise<void> {
  const story = REFUNDED;
  const started = new Date(c.now.getTime() - story.startedDaysAgo * DAY_MS);
  const day = (n: number, minutes = 0) => new Date(started.getTime() + n * DAY_MS + minutes * MINUTE_MS);
  const employee = { kind: "user" as const, userId: person.userId, roleNames: ROLES_OF_EMPLOYEE };
  const [created] = await tx
    .insert(orders)
    .values({
      beneficiaryEmployeeId: person.employmentId,
      companyId: person.companyId,
      bikeStoreId: c.storeId,
      deliveryMethod: "PICKUP",
      createdAt: started,
      updatedAt: started,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const orderId = created?.id as string;
  const orderNumber = created?.orderNumber as number;
  const locked = async () => {
    const [row] = await lockRows(
      tx,
      "order",
      tx.select().from(orders).where(eq(orders.id, orderId)).for("update"),
    );
    return row as typeof orders.$inferSelect;
  };

  /** Each step's write context: who takes it, at the step's time on the story's clock. */
  const by = <A extends Actor>(actor: A, now: Date): WriteContext<A> => ({ tx, actor, now });
  const moved = await moveOrder(by(employee, day(0)), { orderId, to: "PENDING" });
  await notifyOrderEvent(tx, orderId, { kind: "created" });
  const link = await storeLinkOf(by(BY_BIKE_STORE, day(0)), orderId, moved.storeLink);
  if (!link) return;
  await providePackage(by(BY_BIKE_STORE, day(2)), link, {
    bikeStoreOrderNumber: `MY-${31_000 + orderNumber}`,
    items: story.items,
  });
  await acceptPackage(by(employee, day(3)), await locked(), story.leaseMonths, true);
  const agreement = await agreementOf(tx, orderId, true);
  if (!agreement) return;
  await signAgreement(by(employee, day(3, 40)), c.files, {
    order: await locked(),
    agreement,
    signerName: person.name,
    meta: {
      ipAddress: "192.0.2.61",
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.3 Mobile/15E148 Safari/604.1",
    },
  });
  const signed = await locked();
  if (signed.employerApprovalRequired && c.employer)
    await decideForEmployer(by({ kind: "user" as const, ...c.employer }, day(4)), signed, { approve: true });
  await payOwnShare(tx, signed, person, day(6));

  const { orderCancellationId } = await requestCancellation(
    by(
      { userId: person.userId, roleNames: ROLES_OF_EMPLOYEE },
      new Date(c.now.getTime() - story.requestedDaysAgo * DAY_MS),
    ),
    { orderId, reason: story.reason, side: "EMPLOYEE" },
  );
  const refundedAt = new Date(c.now.getTime() - story.refundedDaysAgo * DAY_MS);
  const helpdesk = { userId: c.helpdeskId, roleNames: ["INTERNAL_ADMIN"] as RoleName[] };
  const amountCents = signed.userPaymentCents;
  const receipt = await refundReceiptPdf({ orderNumber, name: person.name, amountCents, paidOn: refundedAt });
  await addRefundReceipt(by(helpdesk, new Date(refundedAt.getTime() - 30 * MINUTE_MS)), c.files, {
    orderCancellationId,
    upload: readUpload(receipt, `hyvitys-tilaus-${orderNumber}.pdf`),
    amountCents,
  });
  await completeCancellation(by(helpdesk, refundedAt), orderCancellationId);
}

/**
 * The employee paid their own share by bank transfer: its payment, made when the order was confirmed
 * (or made here when the acceptance made none), marked paid.
 */
async function payOwnShare(tx: Tx, order: typeof orders.$inferSelect, person: Person, paidAt: Date) {
  if (order.userPaymentCents <= 0) return;
  const by = { userId: null };
  const [open] = await tx
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(
      and(
        eq(userPayments.orderId, order.id),
        eq(userPayments.kind, "OWN_SHARE"),
        inArray(userPayments.paymentStatus, ["PENDING", "NOT_PAID"]),
      ),
    );
  const id =
    open?.id ??
    (await createUserPayment(
      { tx, actor: by, now: paidAt },
      {
        kind: "OWN_SHARE",
        beneficiaryEmployeeId: person.employmentId,
        companyId: person.companyId,
        orderId: order.id,
        amountCents: order.userPaymentCents,
        paymentMethod: "BATCH",
        dueDate: toHelsinkiDateString(paidAt),
        send: true,
      },
    ));
  await markUserPaymentPaid({ tx, actor: by, now: paidAt }, id);
}

/** The bank's receipt of the refund, as the helpdesk saves it: a one-page PDF. */
async function refundReceiptPdf(input: {
  orderNumber: number;
  name: string;
  amountCents: number;
  paidOn: Date;
}) {
  const doc = await PDFDocument.create();
  doc.setTitle(`Hyvitys, tilaus ${input.orderNumber}`);
  doc.setCreationDate(input.paidOn);
  doc.setModificationDate(input.paidOn);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const rows: [string, string][] = [
    ["Maksaja", "Pedaali Oy"],
    ["Saaja", input.name],
    ["Summa", formatCents(input.amountCents, "fi").replace("€", "EUR")],
    ["Maksupäivä", formatHelsinkiDate(input.paidOn)],
    ["Viesti", `Hyvitys, peruttu tilaus ${input.orderNumber}`],
  ];
  page.drawText("Tilisiirron kuitti", { x: 56, y: 770, size: 18, font: bold });
  rows.forEach(([label, value], i) => {
    page.drawText(label, { x: 56, y: 730 - i * 22, size: 11, font: bold });
    page.drawText(value, { x: 170, y: 730 - i * 22, size: 11, font });
  });
  return Buffer.from(await doc.save());
}
