import { and, asc, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { bikeStoreIdByName, companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import {
  CUSTOMER_COMMENT_STATUS,
  nextStatuses,
  ORDER_TRANSITIONS,
  type OrderActor,
} from "../../../domain/order-state-machine.ts";
import { ROLES } from "../../../domain/roles.ts";
import {
  beneficiaryEmployees,
  eventLog,
  messageOutbox,
  notifications,
  orders,
  users,
} from "../../db/schema/index.ts";
import { inTransaction as inTx, type Tx, type WriteContext } from "../../db/transaction.ts";
import { AppError } from "../../errors.ts";
import { renderOutboxMessage } from "../../jobs/message-outbox.ts";
import { BY_BIKE_STORE, BY_SYSTEM, moveOrder, type OrderMover } from "./lifecycle.ts";

/**
 * The order lifecycle (docs/architecture.md): every move of the domain's table succeeds for
 * its actor, with its event row, in one transaction; every other actor and every other pair is refused
 * and changes nothing; of two simultaneous moves of one order exactly one is applied.
 */

const t = setupTestApp({}, { demoData: true });

let demoOyId: string;
let employeeId: string;
let adminUserId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  adminUserId = await userIdByEmail(db, "admin@pedaali.test");
  const [employee] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(eq(users.email, "employee@demo.test"));
  employeeId = employee?.id as string;
});

/** An order of Demo Oy's demo employee put straight into `status` (and where a side state returns to). */
async function orderIn(status: OrderStatus, previousStatus: OrderStatus | null = null): Promise<string> {
  // The side state always knows where it returns to (a check constraint); PENDING unless told.
  const previous = status === CUSTOMER_COMMENT_STATUS ? (previousStatus ?? "PENDING") : null;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employeeId,
      companyId: demoOyId,
      orderStatus: status,
      previousStatus: previous,
    })
    .returning({ id: orders.id });
  return order?.id as string;
}

function moverFor(actor: OrderActor): OrderMover {
  if (actor === "BIKE_STORE_TOKEN") return BY_BIKE_STORE;
  if (actor === "SYSTEM") return BY_SYSTEM;
  return { kind: "user", userId: adminUserId, roleNames: [actor] };
}

const ALL_ACTORS: readonly OrderActor[] = [...ROLES, "BIKE_STORE_TOKEN", "SYSTEM"];

const inTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> => inTx(t.database.db, work);

/** The write context of one move by `by`, at the time it is made. */
const as = (tx: Tx, by: OrderMover): WriteContext<OrderMover> => ({ tx, actor: by, now: new Date() });

async function stateOf(orderId: string) {
  const [order] = await t.database.db
    .select({ status: orders.orderStatus, previousStatus: orders.previousStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  const events = await t.database.db
    .select({ type: eventLog.type, data: eventLog.data, actorUserId: eventLog.actorUserId })
    .from(eventLog)
    .where(and(eq(eventLog.entityType, "order"), eq(eventLog.entityId, orderId)))
    .orderBy(asc(eventLog.createdAt));
  return { ...order, events };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("moveOrder", () => {
  it("makes every move of the table for each of its actors, with its event row", async () => {
    for (const row of ORDER_TRANSITIONS) {
      for (const actor of row.actors) {
        const previous = row.previousStatusIn?.[0] ?? null;
        const orderId = await orderIn(row.from, previous);
        const result = await inTransaction((tx) =>
          moveOrder(as(tx, moverFor(actor)), { orderId, to: row.to }),
        );
        expect(result, `${row.from} → ${row.to} by ${actor}`).toMatchObject({ from: row.from, to: row.to });
        const state = await stateOf(orderId);
        expect(state.status).toBe(row.to);
        expect(state.previousStatus).toBe(row.to === CUSTOMER_COMMENT_STATUS ? row.from : null);
        expect(state.events).toHaveLength(1);
        expect(state.events[0]).toMatchObject({
          type: row.eventType,
          data: { from: row.from, to: row.to, event: row.event },
          actorUserId: moverFor(actor).kind === "user" ? adminUserId : null,
        });
      }
    }
  });

  it("refuses every other actor with 403 and changes nothing", async () => {
    for (const row of ORDER_TRANSITIONS) {
      // An actor no row of this pair allows (the pair may have several rows, e.g. cancelling).
      const allowedForPair = ORDER_TRANSITIONS.filter((r) => r.from === row.from && r.to === row.to).flatMap(
        (r) => r.actors,
      );
      const outsider = ALL_ACTORS.find((actor) => !allowedForPair.includes(actor));
      if (!outsider) continue;
      const orderId = await orderIn(row.from, row.previousStatusIn?.[0] ?? null);
      const error = await refusal(
        inTransaction((tx) => moveOrder(as(tx, moverFor(outsider)), { orderId, to: row.to })),
      );
      expect(error.statusCode, `${row.from} → ${row.to} by ${outsider}`).toBe(403);
      const state = await stateOf(orderId);
      expect(state.status).toBe(row.from);
      expect(state.events).toHaveLength(0);
    }
  });

  it("refuses with 409 ORDER_TRANSITION_NOT_ALLOWED every pair the table does not have", async () => {
    const statuses = [...new Set(ORDER_TRANSITIONS.flatMap((r) => [r.from, r.to]))];
    const admin = moverFor("SUPER_ADMIN");
    let refused = 0;
    for (const from of statuses) {
      for (const to of statuses) {
        if (ORDER_TRANSITIONS.some((r) => r.from === from && r.to === to)) continue;
        const orderId = await orderIn(from);
        const error = await refusal(inTransaction((tx) => moveOrder(as(tx, admin), { orderId, to })));
        expect(error, `${from} → ${to}`).toMatchObject({
          statusCode: 409,
          code: "ORDER_TRANSITION_NOT_ALLOWED",
        });
        expect((await stateOf(orderId)).status).toBe(from);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it("returns from the side state only to where the order came from, by the helpdesk's move", async () => {
    const orderId = await orderIn(CUSTOMER_COMMENT_STATUS, "PACKAGE_PROVIDED");
    const helpdesk = moverFor("INTERNAL_ADMIN");
    const error = await refusal(
      inTransaction((tx) => moveOrder(as(tx, helpdesk), { orderId, to: "PENDING" })),
    );
    expect(error.code).toBe("ORDER_TRANSITION_NOT_ALLOWED");
    // The employee answers the question; the order does not move on by it (customer-answer.ts).
    const byEmployee = await refusal(
      inTransaction((tx) =>
        moveOrder(as(tx, moverFor("BIKE_BENEFICIARY")), { orderId, to: "PACKAGE_PROVIDED" }),
      ),
    );
    expect(byEmployee.statusCode).toBe(403);
    await inTransaction((tx) => moveOrder(as(tx, helpdesk), { orderId, to: "PACKAGE_PROVIDED" }));
    expect(await stateOf(orderId)).toMatchObject({ status: "PACKAGE_PROVIDED", previousStatus: null });
  });

  it("lets a user with several roles move with the one that allows it", async () => {
    const orderId = await orderIn("CONFIRMED");
    const by: OrderMover = {
      kind: "user",
      userId: adminUserId,
      roleNames: ["EMPLOYER_ADMIN", "INTERNAL_ADMIN"],
    };
    await inTransaction((tx) => moveOrder(as(tx, by), { orderId, to: "PROCESSED" }));
    expect((await stateOf(orderId)).status).toBe("PROCESSED");
  });

  it("answers 404 for an unknown order", async () => {
    const error = await refusal(
      inTransaction((tx) =>
        moveOrder(as(tx, moverFor("SYSTEM")), {
          orderId: "00000000-0000-4000-8000-00000000dead",
          to: "PENDING",
        }),
      ),
    );
    expect(error.statusCode).toBe(404);
  });

  it("writes the status, the event and the employer's notification together or not at all", async () => {
    const orderId = await orderIn("ALL_INFO_PROVIDED");
    const failed = await inTransaction(async (tx) => {
      await moveOrder(as(tx, moverFor("BIKE_BENEFICIARY")), {
        orderId,
        to: "CANCELLED",
        data: { reason: "test" },
      });
      throw new Error("the rest of the work failed");
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await stateOf(orderId)).toMatchObject({ status: "ALL_INFO_PROVIDED", events: [] });
    const bell = () => t.database.db.select().from(notifications).where(eq(notifications.entityId, orderId));
    expect(await bell()).toHaveLength(0);

    await inTransaction((tx) =>
      moveOrder(as(tx, moverFor("BIKE_BENEFICIARY")), { orderId, to: "CANCELLED", data: { reason: "test" } }),
    );
    const state = await stateOf(orderId);
    expect(state.status).toBe("CANCELLED");
    expect(state.events[0]?.data).toMatchObject({
      reason: "test",
      from: "ALL_INFO_PROVIDED",
      to: "CANCELLED",
    });
    const [cancelled] = await t.database.db
      .select({ cancelledAt: orders.cancelledAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(cancelled?.cancelledAt).toBeInstanceOf(Date);
    // Demo Oy's employer admins hear of the cancellation.
    expect((await bell()).length).toBeGreaterThan(0);
  });

  it("applies exactly one of two simultaneous moves of one order", async () => {
    const admin = moverFor("INTERNAL_ADMIN");
    // The same step twice (a double click, a replayed request), and two steps of which the first to
    // land makes the other impossible (an active lease is not cancelled, a cancelled order not leased).
    const races: [OrderStatus, OrderStatus, OrderStatus][] = [
      ["PENDING", "PACKAGE_PROVIDED", "PACKAGE_PROVIDED"],
      ["CONFIRMED", "PROCESSED", "PROCESSED"],
      ["GRENKE_INVOICE_SENT", "ACTIVE_LEASING", "CANCELLED"],
    ];
    for (const [from, first, second] of races) {
      const orderId = await orderIn(from);
      const results = await Promise.allSettled([
        inTransaction((tx) => moveOrder(as(tx, admin), { orderId, to: first })),
        inTransaction((tx) => moveOrder(as(tx, admin), { orderId, to: second })),
      ]);
      const applied = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r) => r.status === "rejected");
      expect(applied, `${from}: ${first} / ${second}`).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
        statusCode: 409,
        code: "ORDER_TRANSITION_NOT_ALLOWED",
      });
      const state = await stateOf(orderId);
      expect(state.events).toHaveLength(1);
      expect(state.status).toBe((applied[0] as PromiseFulfilledResult<{ to: OrderStatus }>).value.to);
    }
  });

  it("records a move that waited for another's lock after it, though its change started first", async () => {
    // The cancellation started first and took its time then; the store's package got the order's lock
    // first. The cancellation's move still comes after the package in the order's history.
    const orderId = await orderIn("PENDING");
    const startedFirst = new Date();
    const gotTheLockFirst = new Date(startedFirst.getTime() + 40);
    await inTransaction((tx) =>
      moveOrder({ tx, actor: BY_BIKE_STORE, now: gotTheLockFirst }, { orderId, to: "PACKAGE_PROVIDED" }),
    );
    const admin = moverFor("INTERNAL_ADMIN");
    await inTransaction((tx) =>
      moveOrder({ tx, actor: admin, now: startedFirst }, { orderId, to: "CANCELLED" }),
    );
    const state = await stateOf(orderId);
    expect(state.events.map((e) => e.data.to)).toEqual(["PACKAGE_PROVIDED", "CANCELLED"]);
    const [times] = await t.database.db
      .select({ cancelledAt: orders.cancelledAt })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(times?.cancelledAt?.getTime()).toBe(gotTheLockFirst.getTime() + 1);
  });

  it("leaves one event row per move, each starting where the last ended, on random walks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), async (choices) => {
        const orderId = await orderIn("NOT_STARTED");
        let status: OrderStatus = "NOT_STARTED";
        let previous: OrderStatus | null = null;
        let moves = 0;
        for (const choice of choices) {
          const options = nextStatuses(status, "SUPER_ADMIN", previous);
          if (options.length === 0) break;
          const to = options[choice % options.length] as OrderStatus;
          await inTransaction((tx) => moveOrder(as(tx, moverFor("SUPER_ADMIN")), { orderId, to }));
          previous = to === CUSTOMER_COMMENT_STATUS ? status : null;
          status = to;
          moves++;
        }
        const state = await stateOf(orderId);
        expect(state.status).toBe(status);
        expect(state.events).toHaveLength(moves);
        let at: OrderStatus = "NOT_STARTED";
        for (const event of state.events) {
          expect(event.data.from).toBe(at);
          at = event.data.to as OrderStatus;
        }
        expect(at).toBe(status);
      }),
      { numRuns: 25, seed: 20261123 },
    );
  });
});

describe("the store's word of a cancelled order", () => {
  /** An order of Vauhti Espoo in `status`, its purchase order sent or not. */
  async function storeOrderIn(status: OrderStatus, purchaseOrderSent: boolean): Promise<string> {
    const bikeStoreId = await bikeStoreIdByName(t.database.db, "Vauhti Espoo");
    const [order] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId: employeeId,
        companyId: demoOyId,
        bikeStoreId,
        orderStatus: status,
        bikeStoreOrderNumber: "VE-77",
        processedAt: purchaseOrderSent ? new Date() : null,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    return order?.id as string;
  }

  async function storeMailsOf(orderId: string) {
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const rows = await t.database.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.event, "ORDER_CANCELLED"));
    return rows.filter((row) => row.params.orderNumber === order?.orderNumber);
  }

  it("mails the store that holds the purchase order, in its language: it must not deliver", async () => {
    const orderId = await storeOrderIn("PROCESSED", true);
    await inTransaction((tx) => moveOrder(as(tx, moverFor("INTERNAL_ADMIN")), { orderId, to: "CANCELLED" }));
    const mails = await storeMailsOf(orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "EMAIL", userId: null, language: "fi" });
    expect(mails[0]?.params).toMatchObject({ audience: "STORE", bikeStoreOrderNumber: "VE-77" });
    const rendered = await renderOutboxMessage(mails[0] as never, {
      db: t.database.db,
      publicUrl: "https://pedaali.test",
      serverSecret: "s",
    });
    expect(rendered?.kind === "mail" && rendered.mail.subject).toMatch(/on peruttu – älä toimita pyörää$/);
  });

  it("sends the store nothing for an order it has no purchase order of yet", async () => {
    const orderId = await storeOrderIn("CONFIRMED", false);
    await inTransaction((tx) => moveOrder(as(tx, moverFor("INTERNAL_ADMIN")), { orderId, to: "CANCELLED" }));
    expect(await storeMailsOf(orderId)).toEqual([]);
  });
});
