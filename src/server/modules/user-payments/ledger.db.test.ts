import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import type { EventEntityType } from "../../../domain/enums.ts";
import { isValidReferenceNumber } from "../../../domain/reference-number.ts";
import {
  beneficiaryEmployees,
  bikeRedemptions,
  eventLog,
  orders,
  redemptionPayments,
  userPayments,
} from "../../db/schema/index.ts";
import { type Actor, inTransaction, type WriteContext, write } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import {
  cancelUserPayment,
  createUserPayment,
  markUserPaymentPaid,
  markUserPaymentSent,
  type NewUserPayment,
} from "./ledger.ts";

/**
 * The user payments ledger (ADR 009, "User payments"): every payment an employee makes themself is
 * made, sent, paid and cancelled here, inside the caller's transaction, with its event rows; a
 * redemption's payment also keeps the redemption's own ledger (its redemption payment, its dates and
 * docs/product.md "States" events).
 */

const t = setupTestApp({}, { demoData: true });

const MADE = new Date("2026-03-02T08:00:00Z");
const SENT = new Date("2026-03-03T09:00:00Z");
const PAID = new Date("2026-03-20T12:00:00Z");

let companyId: string;
let employmentId: string;
let helpdeskId: string;
const by = () => ({ userId: helpdeskId });

beforeAll(async () => {
  const db = t.database.db;
  companyId = await companyIdByName(db, "Demo Oy");
  helpdeskId = await userIdByEmail(db, "helpdesk@pedaali.test");
  const employeeUserId = await userIdByEmail(db, "employee@demo.test");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(eq(beneficiaryEmployees.userId, employeeUserId), eq(beneficiaryEmployees.companyId, companyId)),
    );
  employmentId = employment?.id as string;
});

/** Runs `work` in a transaction of its own at `now`, by the helpdesk unless `actor` says otherwise. */
function inTx<T>(now: Date, work: (ctx: WriteContext) => Promise<T>, actor: Actor = by()): Promise<T> {
  return write(t.database.db, { actor, now }, work);
}

function input(overrides: Partial<NewUserPayment> = {}): NewUserPayment {
  return {
    kind: "OTHER",
    beneficiaryEmployeeId: employmentId,
    companyId,
    description: `Lisävaruste ${randomUUID().slice(0, 8)}`,
    amountCents: 8_900,
    paymentMethod: "BATCH",
    dueDate: "2026-03-16",
    send: false,
    ...overrides,
  };
}

async function paymentRow(id: string) {
  const [row] = await t.database.db.select().from(userPayments).where(eq(userPayments.id, id));
  if (!row) throw new Error(`no payment ${id}`);
  return row;
}

async function eventsOf(entityType: EventEntityType, entityId: string) {
  return t.database.db
    .select({
      type: eventLog.type,
      actorUserId: eventLog.actorUserId,
      data: eventLog.data,
      at: eventLog.createdAt,
    })
    .from(eventLog)
    .where(and(eq(eventLog.entityType, entityType), eq(eventLog.entityId, entityId)))
    .orderBy(asc(eventLog.createdAt), asc(eventLog.type));
}

async function expectConflict(work: Promise<unknown>, code: string) {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ statusCode: 409, code });
}

/** A fresh leasing order of the demo employee with an open redemption case. */
async function freshRedemption(): Promise<string> {
  const db = t.database.db;
  const [order] = await db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId,
      orderStatus: "ACTIVE_LEASING",
      totalPriceCents: 300_000,
    })
    .returning({ id: orders.id });
  const [redemption] = await db
    .insert(bikeRedemptions)
    .values({
      orderId: order?.id as string,
      beneficiaryEmployeeId: employmentId,
      companyId,
      redemptionPriceCents: 15_000,
    })
    .returning({ id: bikeRedemptions.id });
  return redemption?.id as string;
}

async function redemptionPaymentsOf(bikeRedemptionId: string) {
  return t.database.db
    .select()
    .from(redemptionPayments)
    .where(eq(redemptionPayments.bikeRedemptionId, bikeRedemptionId));
}

async function redemptionOf(id: string) {
  const [row] = await t.database.db.select().from(bikeRedemptions).where(eq(bikeRedemptions.id, id));
  return row;
}

describe("createUserPayment", () => {
  it("makes a PENDING payment with a valid reference number of its own, and its CREATED event", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input()));
    const other = await inTx(MADE, (ctx) => createUserPayment(ctx, input()));
    const payment = await paymentRow(id);
    expect(payment).toMatchObject({
      kind: "OTHER",
      paymentStatus: "PENDING",
      amountCents: 8_900,
      paymentMethod: "BATCH",
      dueDate: "2026-03-16",
      sentAt: null,
      paidAt: null,
      isUserPaymentDone: false,
      createdAt: MADE,
    });
    expect(isValidReferenceNumber(payment.referenceNumber as string)).toBe(true);
    expect(payment.referenceNumber).not.toBe((await paymentRow(other)).referenceNumber);
    const events = await eventsOf("userPayment", id);
    expect(events).toEqual([
      {
        type: "USER_PAYMENT_CREATED",
        actorUserId: helpdeskId,
        data: { kind: "OTHER", amountCents: 8_900, paymentMethod: "BATCH", dueDate: "2026-03-16" },
        at: MADE,
      },
    ]);
  });

  it("sends at once when asked: sentAt now and the SENT event", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input({ send: true })), { userId: null });
    expect((await paymentRow(id)).sentAt).toEqual(MADE);
    const events = await eventsOf("userPayment", id);
    expect(events.map((e) => e.type)).toEqual(["USER_PAYMENT_CREATED", "USER_PAYMENT_SENT"]);
    // A job made it: no actor.
    expect(events.every((e) => e.actorUserId === null)).toBe(true);
  });

  it("refuses an amount that is not a positive number of cents and stores nothing", async () => {
    for (const amountCents of [0, -100, 12.5, Number.NaN]) {
      const description = `Virheellinen ${randomUUID()}`;
      await expect(
        inTx(MADE, (ctx) => createUserPayment(ctx, input({ amountCents, description }))),
      ).rejects.toThrow(RangeError);
      const [stored] = await t.database.db
        .select({ n: count() })
        .from(userPayments)
        .where(eq(userPayments.description, description));
      expect(stored?.n).toBe(0);
    }
  });
});

describe("markUserPaymentSent", () => {
  it("dates the request to pay once; sending again changes and writes nothing", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input()));
    const sent = await inTx(SENT, (ctx) => markUserPaymentSent(ctx, id));
    expect(sent).toMatchObject({ id, sentAt: SENT, paymentStatus: "PENDING", updatedAt: SENT });
    const again = await inTx(PAID, (ctx) => markUserPaymentSent(ctx, id));
    expect(again.sentAt).toEqual(SENT);
    expect((await paymentRow(id)).sentAt).toEqual(SENT);
    const types = (await eventsOf("userPayment", id)).map((e) => e.type);
    expect(types).toEqual(["USER_PAYMENT_CREATED", "USER_PAYMENT_SENT"]);
  });

  it("is 404 for a payment that does not exist", async () => {
    const error = await inTx(SENT, (ctx) => markUserPaymentSent(ctx, randomUUID())).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 404, code: "NOT_FOUND" });
  });
});

describe("markUserPaymentPaid", () => {
  it("marks the payment PAID and done, sending it first when nobody had", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input()));
    const paid = await inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id));
    expect(paid).toMatchObject({
      paymentStatus: "PAID",
      paidAt: PAID,
      sentAt: PAID,
      isUserPaymentDone: true,
    });
    const events = await eventsOf("userPayment", id);
    // The two of the same instant come in the event types' order, which is also theirs.
    expect(events.map((e) => e.type)).toEqual([
      "USER_PAYMENT_CREATED",
      "USER_PAYMENT_SENT",
      "USER_PAYMENT_PAID",
    ]);
    expect(events.find((e) => e.type === "USER_PAYMENT_PAID")?.data).toEqual({ amountCents: 8_900 });
  });

  it("keeps the sent date of a sent payment", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input({ send: true })));
    const paid = await inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id));
    expect(paid).toMatchObject({ sentAt: MADE, paidAt: PAID });
    const types = (await eventsOf("userPayment", id)).map((e) => e.type);
    expect(types.filter((type) => type === "USER_PAYMENT_SENT")).toHaveLength(1);
  });

  it("answers 409 USER_PAYMENT_ALREADY_PAID to every change of a paid payment, and writes nothing", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input({ send: true })));
    await inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id));
    const before = await eventsOf("userPayment", id);
    await expectConflict(
      inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id)),
      "USER_PAYMENT_ALREADY_PAID",
    );
    await expectConflict(
      inTx(PAID, (ctx) => markUserPaymentSent(ctx, id)),
      "USER_PAYMENT_ALREADY_PAID",
    );
    await expectConflict(
      inTx(PAID, (ctx) => cancelUserPayment(ctx, id, "Väärä summa")),
      "USER_PAYMENT_ALREADY_PAID",
    );
    expect(await eventsOf("userPayment", id)).toEqual(before);
    expect((await paymentRow(id)).paymentStatus).toBe("PAID");
  });
});

describe("cancelUserPayment", () => {
  it("cancels an open payment with the reason in its event; then every change is 409 USER_PAYMENT_CANCELLED", async () => {
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, input({ send: true })));
    const cancelled = await inTx(SENT, (ctx) => cancelUserPayment(ctx, id, "Tilaus peruttiin"));
    expect(cancelled).toMatchObject({ paymentStatus: "CANCELLED", isUserPaymentDone: false, paidAt: null });
    const events = await eventsOf("userPayment", id);
    expect(events.at(-1)).toMatchObject({
      type: "USER_PAYMENT_CANCELLED",
      actorUserId: helpdeskId,
      data: { reason: "Tilaus peruttiin" },
    });
    await expectConflict(
      inTx(PAID, (ctx) => markUserPaymentSent(ctx, id)),
      "USER_PAYMENT_CANCELLED",
    );
    await expectConflict(
      inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id)),
      "USER_PAYMENT_CANCELLED",
    );
    await expectConflict(
      inTx(PAID, (ctx) => cancelUserPayment(ctx, id, "Taas")),
      "USER_PAYMENT_CANCELLED",
    );
    expect(await eventsOf("userPayment", id)).toHaveLength(events.length);
  });
});

describe("a redemption's payment", () => {
  const redemptionInput = (bikeRedemptionId: string, send: boolean) =>
    input({ kind: "REDEMPTION", bikeRedemptionId, amountCents: 15_000, paymentMethod: "PAYROLL", send });

  it("keeps the redemption's ledger: its employee payment, dates and events from sent to paid", async () => {
    const bikeRedemptionId = await freshRedemption();
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, redemptionInput(bikeRedemptionId, true)));
    const payment = await paymentRow(id);
    const [owed, ...more] = await redemptionPaymentsOf(bikeRedemptionId);
    expect(more).toEqual([]);
    expect(owed).toMatchObject({
      companyId,
      status: "PENDING",
      payerType: "EMPLOYEE",
      amountCents: 15_000,
      referenceNumber: payment.referenceNumber,
      dueDate: "2026-03-16",
      paidAt: null,
    });
    expect(await redemptionOf(bikeRedemptionId)).toMatchObject({
      userPaymentSentAt: MADE,
      userPaymentPaidAt: null,
    });
    expect(await eventsOf("bikeRedemption", bikeRedemptionId)).toEqual([
      {
        type: "BIKE_REDEMPTION_USER_PAYMENT_SENT",
        actorUserId: helpdeskId,
        data: { userPaymentId: id, amountCents: 15_000, paymentMethod: "PAYROLL" },
        at: MADE,
      },
    ]);

    await inTx(PAID, (ctx) => markUserPaymentPaid(ctx, id));
    const [paid] = await redemptionPaymentsOf(bikeRedemptionId);
    expect(paid).toMatchObject({ status: "PAID", paidAt: PAID });
    expect(await redemptionOf(bikeRedemptionId)).toMatchObject({
      userPaymentSentAt: MADE,
      userPaymentPaidAt: PAID,
    });
    const types = (await eventsOf("bikeRedemption", bikeRedemptionId)).map((e) => e.type);
    expect(types).toEqual(["BIKE_REDEMPTION_USER_PAYMENT_SENT", "BIKE_REDEMPTION_USER_PAYMENT_PAID"]);
  });

  it("dates the redemption's request to pay when the payment is sent later", async () => {
    const bikeRedemptionId = await freshRedemption();
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, redemptionInput(bikeRedemptionId, false)));
    expect((await redemptionOf(bikeRedemptionId))?.userPaymentSentAt).toBeNull();
    expect(await eventsOf("bikeRedemption", bikeRedemptionId)).toEqual([]);
    await inTx(SENT, (ctx) => markUserPaymentSent(ctx, id));
    expect((await redemptionOf(bikeRedemptionId))?.userPaymentSentAt).toEqual(SENT);
    expect((await eventsOf("bikeRedemption", bikeRedemptionId)).map((e) => e.type)).toEqual([
      "BIKE_REDEMPTION_USER_PAYMENT_SENT",
    ]);
  });

  it("cancels the redemption's employee payment with it", async () => {
    const bikeRedemptionId = await freshRedemption();
    const id = await inTx(MADE, (ctx) => createUserPayment(ctx, redemptionInput(bikeRedemptionId, true)));
    await inTx(SENT, (ctx) => cancelUserPayment(ctx, id, "Työntekijä palauttaa pyörän"));
    const [cancelled] = await redemptionPaymentsOf(bikeRedemptionId);
    expect(cancelled?.status).toBe("CANCELLED");
    expect((await redemptionOf(bikeRedemptionId))?.userPaymentPaidAt).toBeNull();
  });

  it("leaves nothing behind when the caller's transaction rolls back", async () => {
    const bikeRedemptionId = await freshRedemption();
    let madeId = "";
    const failure = new Error("the case failed after the payment was made");
    await expect(
      inTransaction(t.database.db, async (tx) => {
        madeId = await createUserPayment(
          { tx, actor: by(), now: MADE },
          redemptionInput(bikeRedemptionId, true),
        );
        await markUserPaymentPaid({ tx, actor: by(), now: PAID }, madeId);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(madeId).not.toBe("");
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(userPayments)
      .where(eq(userPayments.id, madeId));
    expect(stored?.n).toBe(0);
    expect(await redemptionPaymentsOf(bikeRedemptionId)).toEqual([]);
    expect(await eventsOf("userPayment", madeId)).toEqual([]);
    expect(await eventsOf("bikeRedemption", bikeRedemptionId)).toEqual([]);
    expect(await redemptionOf(bikeRedemptionId)).toMatchObject({
      userPaymentSentAt: null,
      userPaymentPaidAt: null,
    });
  });
});
