import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { SAMPLE_PNG } from "../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../tests/helpers/test-db.ts";
import type { OrderStatus } from "../../domain/enums.ts";
import {
  bikeRedemptions,
  bikeStores,
  companyReminderSettings,
  eventLog,
  handovers,
  leasingAgreements,
  leasingCompanies,
  messageOutbox,
  orders,
  reminderSends,
  userPayments,
  users,
} from "../db/schema/index.ts";
import { renderOutboxMessage } from "./message-outbox.ts";
import { sendReminders } from "./reminders.ts";

/**
 * The reminders of a deadline coming closer, with the clock moved: each step on its day and not before,
 * once however often the job runs, none once the step is done, and none of a kind the company switched
 * off. The deadlines are years ahead of the demo's own, so only this test's rows are reminded of.
 */

const t = setupTestApp({}, { demoData: true });
const log = { info() {}, error() {} };

let employmentId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  const employeeUserId = await userIdByEmail(db, "employee@demo.test");
  employmentId = await employmentIdOf(db, employeeUserId, demoOyId);
});

beforeEach(async () => {
  const db = t.database.db;
  await db.delete(reminderSends);
  await db.delete(messageOutbox);
  await db.delete(companyReminderSettings);
});

const run = (day: string) => sendReminders(t.database.db, { now: new Date(`${day}T06:00:00Z`), log });

/** The outbox rows of one order's (or one payment's order's) reminders. */
async function sentFor(orderId: string, event: string) {
  const rows = await t.database.db
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.event, event), sql`${messageOutbox.params}->>'orderId' = ${orderId}`));
  return rows;
}

async function anOrder(status: OrderStatus, extra: Partial<typeof orders.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(orders)
    .values({ beneficiaryEmployeeId: employmentId, companyId: demoOyId, orderStatus: status, ...extra })
    .returning({ id: orders.id });
  return row?.id as string;
}

/** A shipped bike the employee signed for, whose defect window ends on `endsOn`. */
async function shippedBike(endsOn: string) {
  const db = t.database.db;
  const [store] = await db.select({ id: bikeStores.id }).from(bikeStores).limit(1);
  const orderId = await anOrder("ACTIVE_LEASING", {
    deliveryMethod: "HOME_DELIVERY",
    bikeStoreId: store?.id,
  });
  const file = await testFileStore().put(db, {
    fileName: "luovutus.png",
    mimeType: "image/png",
    content: SAMPLE_PNG,
    companyId: demoOyId,
    uploadedByUserId: null,
  });
  await db.insert(handovers).values({
    orderId,
    companyId: demoOyId,
    bikeStoreId: store?.id as string,
    kind: "SHIPPED",
    status: "COMPLETED",
    frameSerialNumber: "MTX123456",
    storeSignedByUserId: await userIdByEmail(db, "employee@demo.test"),
    storeSignedAt: new Date("2032-02-27T10:00:00Z"),
    employeeSigningPlace: "OWN_DEVICE",
    employeeSignerName: "Emilia Esimerkki",
    employeeSignedAt: new Date("2032-03-01T10:00:00Z"),
    handoverDate: "2032-03-01",
    defectWindowEndsOn: endsOn,
    fileId: file.id,
    documentSha256: `${file.sha256}-${orderId}`,
  });
  return orderId;
}

/** A running lease whose agreement ends on `endDate`. */
async function runningLease(endDate: string) {
  const db = t.database.db;
  const orderId = await anOrder("ACTIVE_LEASING");
  const [leasingCompany] = await db.select({ id: leasingCompanies.id }).from(leasingCompanies).limit(1);
  await db.insert(leasingAgreements).values({
    orderId,
    beneficiaryEmployeeId: employmentId,
    companyId: demoOyId,
    leasingCompanyId: leasingCompany?.id as string,
    status: "ACCEPTED",
    leaseTimeMonths: 36,
    monthlyPaymentCents: 5_000,
    totalPriceCents: 180_000,
    startDate: "2030-01-01",
    endDate,
  });
  return orderId;
}

async function redemptionCase(orderId: string, decisionDeadline: string, choice: "REDEEM" | null = null) {
  await t.database.db.insert(bikeRedemptions).values({
    orderId,
    beneficiaryEmployeeId: employmentId,
    companyId: demoOyId,
    decisionDeadline,
    leaseEndsOn: "2032-12-31",
    redemptionPriceCents: 30_000,
    choice,
    choiceMadeAt: choice ? new Date("2032-04-01T10:00:00Z") : null,
  });
}

async function invoice(orderId: string, dueDate: string, paid = false) {
  const [row] = await t.database.db
    .insert(userPayments)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      orderId,
      kind: "OWN_SHARE",
      amountCents: 12_345,
      paymentMethod: "BATCH",
      paymentStatus: paid ? "PAID" : "PENDING",
      referenceNumber: "12345 67897",
      dueDate,
      sentAt: new Date("2032-06-01T10:00:00Z"),
      paidAt: paid ? new Date("2032-06-10T10:00:00Z") : null,
      isUserPaymentDone: paid,
    })
    .returning({ id: userPayments.id });
  return row?.id as string;
}

const render = async (row: typeof messageOutbox.$inferSelect) => {
  const rendered = await renderOutboxMessage(row, {
    db: t.database.db,
    publicUrl: "https://pedaali.test",
    serverSecret: "x".repeat(40),
  });
  if (rendered?.kind !== "mail") throw new Error("a reminder is a mail");
  return rendered.mail;
};

describe("the defect window of a shipped bike", () => {
  it("is reminded 3 days before it closes, to the employee, once", async () => {
    const orderId = await shippedBike("2032-03-15");
    await run("2032-03-11");
    expect(await sentFor(orderId, "ORDER_DEFECT_WINDOW_REMINDER")).toEqual([]);
    await run("2032-03-12");
    await run("2032-03-12");
    await run("2032-03-13");
    const sent = await sentFor(orderId, "ORDER_DEFECT_WINDOW_REMINDER");
    expect(sent.map((row) => row.recipient)).toEqual(["employee@demo.test"]);
    const mail = await render(sent[0] as (typeof sent)[number]);
    expect(mail.subject).toContain("15.03.2032");
    expect(mail.html).toContain("https://pedaali.test/fi/mybike");
  });

  it("is not reminded once a defect is reported", async () => {
    const orderId = await shippedBike("2032-03-15");
    await t.database.db.insert(eventLog).values({
      type: "HANDOVER_DEFECT_REPORTED",
      entityType: "order",
      entityId: orderId,
      companyId: demoOyId,
      data: { description: "Takavalo rikki" },
    });
    await run("2032-03-12");
    expect(await sentFor(orderId, "ORDER_DEFECT_WINDOW_REMINDER")).toEqual([]);
  });
});

describe("the redemption case's decision deadline", () => {
  it("is reminded 3 days before, once, and not after the employee has chosen", async () => {
    const open = await runningLease("2032-12-31");
    await redemptionCase(open, "2032-05-10");
    const chosen = await runningLease("2032-12-31");
    await redemptionCase(chosen, "2032-05-10", "REDEEM");
    await run("2032-05-06");
    expect(await sentFor(open, "REDEMPTION_CHOICE_REMINDER")).toEqual([]);
    await run("2032-05-07");
    await run("2032-05-08");
    expect((await sentFor(open, "REDEMPTION_CHOICE_REMINDER")).length).toBe(1);
    expect(await sentFor(chosen, "REDEMPTION_CHOICE_REMINDER")).toEqual([]);
    // After the deadline: nothing more.
    await run("2032-05-11");
    expect((await sentFor(open, "REDEMPTION_CHOICE_REMINDER")).length).toBe(1);
  });
});

describe("the lease's end", () => {
  it("is reminded 12, 8 and 4 weeks before, each once, in the employee's language", async () => {
    await t.database.db.update(users).set({ language: "sv" }).where(eq(users.email, "employee@demo.test"));
    try {
      const orderId = await runningLease("2032-12-31");
      await run("2032-10-07"); // 85 days before
      expect(await sentFor(orderId, "LEASE_END_REMINDER")).toEqual([]);
      await run("2032-10-08"); // 84 days: 12 weeks
      await run("2032-10-09");
      expect((await sentFor(orderId, "LEASE_END_REMINDER")).length).toBe(1);
      await run("2032-11-05"); // 8 weeks
      await run("2032-12-03"); // 4 weeks
      await run("2032-12-04");
      const sent = await sentFor(orderId, "LEASE_END_REMINDER");
      expect(sent.length).toBe(3);
      expect(sent.every((row) => row.language === "sv")).toBe(true);
      const mail = await render(sent[0] as (typeof sent)[number]);
      const orderNumber = (sent[0]?.params as { orderNumber: number } | undefined)?.orderNumber;
      expect(mail.subject).toBe(
        `Leasingavtalet för din förmånscykel upphör 31.12.2032 (beställning ${orderNumber})`,
      );
      expect(mail.html).toContain("https://pedaali.test/sv/mybike");
    } finally {
      await t.database.db.update(users).set({ language: "fi" }).where(eq(users.email, "employee@demo.test"));
    }
  });

  it("stops once the employee has chosen what happens to the bike", async () => {
    const orderId = await runningLease("2032-12-31");
    await run("2032-10-08");
    expect((await sentFor(orderId, "LEASE_END_REMINDER")).length).toBe(1);
    await redemptionCase(orderId, "2032-11-30", "REDEEM");
    await run("2032-11-05");
    await run("2032-12-03");
    expect((await sentFor(orderId, "LEASE_END_REMINDER")).length).toBe(1);
  });

  it("is not sent by a company that switched it off", async () => {
    await t.database.db
      .insert(companyReminderSettings)
      .values({ companyId: demoOyId, disabledKinds: ["LEASE_END"] });
    const orderId = await runningLease("2032-12-31");
    await run("2032-10-08");
    expect(await sentFor(orderId, "LEASE_END_REMINDER")).toEqual([]);
  });
});

describe("an unpaid own payment", () => {
  it("is reminded on its due date, once, with its amount and reference number", async () => {
    const orderId = await anOrder("ACTIVE_LEASING");
    await invoice(orderId, "2032-06-15");
    await run("2032-06-14");
    expect(await sentFor(orderId, "USER_PAYMENT_DUE_REMINDER")).toEqual([]);
    await run("2032-06-15");
    await run("2032-06-15");
    await run("2032-06-16");
    const sent = await sentFor(orderId, "USER_PAYMENT_DUE_REMINDER");
    expect(sent.length).toBe(1);
    const mail = await render(sent[0] as (typeof sent)[number]);
    expect(mail.text).toContain("12345 67897");
    expect(mail.text).toContain("123,45");
  });

  it("is not reminded once paid, even by a company that switched every other reminder off", async () => {
    const paidOrder = await anOrder("ACTIVE_LEASING");
    await invoice(paidOrder, "2032-06-15", true);
    await run("2032-06-15");
    expect(await sentFor(paidOrder, "USER_PAYMENT_DUE_REMINDER")).toEqual([]);
    await t.database.db.insert(companyReminderSettings).values({
      companyId: demoOyId,
      disabledKinds: ["DEFECT_WINDOW", "LEASE_END_CHOICE", "LEASE_END"],
    });
    const openOrder = await anOrder("ACTIVE_LEASING");
    await invoice(openOrder, "2032-06-15");
    await run("2032-06-15");
    expect((await sentFor(openOrder, "USER_PAYMENT_DUE_REMINDER")).length).toBe(1);
  });
});
