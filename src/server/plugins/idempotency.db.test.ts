import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError, type Method } from "../../../tests/helpers/api.ts";
import { companyIdByName, employmentIdOf, userIdByEmail } from "../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import { openApiOperations } from "../../../tests/security/openapi-operations.ts";
import { zPayoutBatchDetails } from "../../contract/store-payouts.ts";
import { zUserPayment } from "../../contract/user-payments.ts";
import { toHelsinkiDateString } from "../../domain/dates.ts";
import { eventLog, idempotencyKeys } from "../db/schema/index.ts";
import { ADMIN, HELPDESK, payoutKit } from "../modules/store-payouts/test-kit.ts";

/**
 * Idempotency-Keys on the money-moving calls (plugins/idempotency.ts): a retry under the same key
 * answers the first answer and acts once, also when the two arrive at once; another body under the key
 * is refused; each user's keys are their own; a key lapses after 24 hours.
 */

const t = setupTestApp({}, { demoData: true, sendAfterCommit: false });
const { as } = apiCaller(t);
const { store, matchedOrder, batchOf } = payoutKit(t, 2_700);

const today = () => toHelsinkiDateString(new Date());

/** A call as `who` with the key (when given) and any other headers. */
async function keyed(
  method: Method,
  url: string,
  who: string,
  key: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await as(who)).headers(), ...(key ? { "idempotency-key": key } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A batch of a store of its own with one matched order, made by the helpdesk and waiting for approval. */
async function waitingBatch() {
  const shop = await store();
  await matchedOrder(shop.bikeStoreId, 150_000);
  return batchOf(shop.bikeStoreId);
}

async function eventsOf(type: "PAYOUT_BATCH_APPROVED" | "PAYOUT_BATCH_PAID", batchId: string) {
  return t.database.db
    .select({ id: eventLog.id })
    .from(eventLog)
    .where(and(eq(eventLog.type, type), eq(eventLog.entityId, batchId)));
}

const approveUrl = (id: string) => `/api/store-payouts/batches/${id}/approve`;

describe("the endpoints that take an Idempotency-Key", () => {
  it("are the calls that move money, and the API document names the header on each", () => {
    const keyedOperations = openApiOperations(t.app)
      .filter((op) =>
        ((op.spec.parameters ?? []) as { in: string; name: string }[]).some(
          (p) => p.in === "header" && p.name === "idempotency-key",
        ),
      )
      .map((op) => op.key);
    expect(keyedOperations).toEqual([
      "POST /api/bike-redemption/{id}/complete",
      "POST /api/order-cancellations/{id}/complete",
      "POST /api/orders/{orderId}/status",
      "POST /api/store-payouts/batches/{id}/approve",
      "POST /api/store-payouts/batches/{id}/paid",
      "POST /api/user-payment/{id}/paid",
    ]);
  });
});

describe("a payout batch approved under a key", () => {
  it("is approved once: the same call again answers the first answer, marked as sent again", async () => {
    const batch = await waitingBatch();
    const key = randomUUID();
    const body = { approvalDigest: batch.approvalDigest, executionDate: today() };
    const first = await keyed("POST", approveUrl(batch.id), ADMIN, key, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(zPayoutBatchDetails.parse(first.json()).status).toBe("APPROVED");

    // The answer was lost: the client sends the same call again, fields in another order.
    const again = await keyed("POST", approveUrl(batch.id), ADMIN, key, {
      executionDate: body.executionDate,
      approvalDigest: body.approvalDigest,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expect(await eventsOf("PAYOUT_BATCH_APPROVED", batch.id)).toHaveLength(1);

    // Without the key the call acts anew, and the batch's own rule refuses a second approval.
    expectError(
      await keyed("POST", approveUrl(batch.id), ADMIN, null, body),
      409,
      "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
    );
  });

  it("acts once when the same call comes several times at once", async () => {
    const batch = await waitingBatch();
    const key = randomUUID();
    const body = { approvalDigest: batch.approvalDigest };
    await as(ADMIN);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => keyed("POST", approveUrl(batch.id), ADMIN, key, body)),
    );
    expect(await eventsOf("PAYOUT_BATCH_APPROVED", batch.id)).toHaveLength(1);
    const acted = answers.filter(
      (a) => a.statusCode === 200 && a.headers["idempotent-replayed"] === undefined,
    );
    expect(acted).toHaveLength(1);
    // The others did not try again: each is the first answer again, or "still under way".
    for (const other of answers.filter((a) => a !== acted[0])) {
      if (other.statusCode === 200) expect(other.body).toBe(acted[0]?.body);
      else expectError(other, 409, "IDEMPOTENCY_KEY_IN_USE");
    }
  });

  it("refuses the key with another body (422), and acts on nothing", async () => {
    const batch = await waitingBatch();
    const key = randomUUID();
    const refused = await keyed("POST", approveUrl(batch.id), ADMIN, key, {
      approvalDigest: "0".repeat(64),
    });
    expectError(refused, 409, "PAYOUT_BATCH_CHANGED");
    const other = await keyed("POST", approveUrl(batch.id), ADMIN, key, {
      approvalDigest: batch.approvalDigest,
    });
    const error = expectError(other, 422, "IDEMPOTENCY_KEY_REUSED");
    expect(error.message).toMatch(/another request/);
    expect(await eventsOf("PAYOUT_BATCH_APPROVED", batch.id)).toHaveLength(0);
    // The refusal the key holds is answered again for the same call.
    const same = await keyed("POST", approveUrl(batch.id), ADMIN, key, { approvalDigest: "0".repeat(64) });
    expect(same.headers["idempotent-replayed"]).toBe("true");
    expectError(same, 409, "PAYOUT_BATCH_CHANGED");
  });

  it("keeps each user's keys their own: another's answer under the same key is not theirs", async () => {
    const batch = await waitingBatch();
    const key = randomUUID();
    const body = { approvalDigest: batch.approvalDigest };
    // The batch's maker may not approve it; that refusal is kept under the maker's key.
    expectError(await keyed("POST", approveUrl(batch.id), HELPDESK, key, body), 409, "PAYOUT_SAME_APPROVER");
    const second = await keyed("POST", approveUrl(batch.id), ADMIN, key, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expect(await eventsOf("PAYOUT_BATCH_APPROVED", batch.id)).toHaveLength(1);
  });

  it("answers a retry again when the answer went out compressed, and keeps the JSON itself", async () => {
    const batch = await waitingBatch();
    const key = randomUUID();
    const body = { approvalDigest: batch.approvalDigest };
    const gzip = { "accept-encoding": "gzip" };
    const first = await keyed("POST", approveUrl(batch.id), ADMIN, key, body, gzip);
    expect(first.statusCode).toBe(200);
    expect(first.headers["content-encoding"]).toBe("gzip");
    const [kept] = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(zPayoutBatchDetails.parse(JSON.parse(kept?.responseBody ?? "")).id).toBe(batch.id);
    const again = await keyed("POST", approveUrl(batch.id), ADMIN, key, body);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(zPayoutBatchDetails.parse(again.json())).toEqual(
      zPayoutBatchDetails.parse(JSON.parse(kept?.responseBody ?? "")),
    );
  });

  it("refuses a malformed key (400) and lets a key lapse after 24 hours", async () => {
    const batch = await waitingBatch();
    for (const bad of ["short", "x".repeat(101), "avain jossa välejä"]) {
      const res = await keyed("POST", approveUrl(batch.id), ADMIN, bad, {
        approvalDigest: batch.approvalDigest,
      });
      const error = expectError(res, 400, "VALIDATION_ERROR");
      expect(JSON.stringify(error.details)).toContain("idempotency-key");
    }
    const key = randomUUID();
    const body = { approvalDigest: batch.approvalDigest };
    expect((await keyed("POST", approveUrl(batch.id), ADMIN, key, body)).statusCode).toBe(200);
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`${idempotencyKeys.createdAt} - interval '24 hours'` })
      .where(eq(idempotencyKeys.key, key));
    // A day later the key is a new call: it acts, and the batch's rule answers.
    const later = await keyed("POST", approveUrl(batch.id), ADMIN, key, body);
    expect(later.headers["idempotent-replayed"]).toBeUndefined();
    expectError(later, 409, "PAYOUT_BATCH_STATUS_NOT_ALLOWED");
  });
});

describe("a payout batch marked paid under a key", () => {
  it("is paid once, and the paid day cannot change under the same key", async () => {
    const batch = await waitingBatch();
    const approved = await keyed("POST", approveUrl(batch.id), ADMIN, null, {
      approvalDigest: batch.approvalDigest,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const key = randomUUID();
    const url = `/api/store-payouts/batches/${batch.id}/paid`;
    const first = await keyed("POST", url, HELPDESK, key, { paidDate: today() });
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed("POST", url, HELPDESK, key, { paidDate: today() });
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    expectError(
      await keyed("POST", url, HELPDESK, key, { paidDate: "2026-01-02" }),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
    expect(await eventsOf("PAYOUT_BATCH_PAID", batch.id)).toHaveLength(1);
  });
});

describe("a user payment marked paid under a key", () => {
  it("is paid once: a call without a body is the same call again", async () => {
    const db = t.database.db;
    const employmentId = await employmentIdOf(
      db,
      await userIdByEmail(db, "employee@demo.test"),
      await companyIdByName(db, "Demo Oy"),
    );
    const made = await keyed("POST", "/api/user-payment", HELPDESK, null, {
      beneficiaryEmployeeId: employmentId,
      kind: "OTHER",
      description: `Avaimen hinta ${randomUUID().slice(0, 8)}`,
      amountCents: 4_500,
      paymentMethod: "BATCH",
      dueDate: today(),
      send: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const payment = zUserPayment.parse(made.json());
    const key = randomUUID();
    const first = await keyed("POST", `/api/user-payment/${payment.id}/paid`, HELPDESK, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await keyed("POST", `/api/user-payment/${payment.id}/paid`, HELPDESK, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toBe(first.body);
    const paidEvents = await t.database.db
      .select({ id: eventLog.id })
      .from(eventLog)
      .where(and(eq(eventLog.type, "USER_PAYMENT_PAID"), eq(eventLog.entityId, payment.id)));
    expect(paidEvents).toHaveLength(1);
    // The same key on another payment's address is another call.
    expectError(
      await keyed("POST", `/api/user-payment/${randomUUID()}/paid`, HELPDESK, key),
      422,
      "IDEMPOTENCY_KEY_REUSED",
    );
  });
});
