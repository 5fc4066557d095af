import { and, desc, eq, gt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { bikeStoreIdByName, companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeStoreSaved } from "../../../contract/bike-stores.ts";
import { zInvoice } from "../../../contract/invoices.ts";
import { zPayoutBatchDetails } from "../../../contract/store-payouts.ts";
import { ibanCheckDigits, maskIban } from "../../../domain/validation/bank-account.ts";
import {
  beneficiaryEmployees,
  bikeStores,
  eventLog,
  orders,
  outbox,
  storePayables,
  users,
} from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo-data.ts";
import { write } from "../../db/transaction.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { voidStorePayableOf } from "./void-payable.ts";

/**
 * An approval pays what its approver was shown: the batch's read answers the digest of its payments,
 * the approval sends it back and is refused (409 PAYOUT_BATCH_CHANGED, saying what changed) when a
 * store's account changed or an order left. A store's account change asks for the changer's password,
 * is event-logged masked, mailed to the store's users and customer service, and flags the batch.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const ADMIN = "admin@pedaali.test";
const STORE_USER = "myyja@vauhti.test";
const EMPLOYEE = "employee@demo.test";

let demoOyId: string;
let employmentId: string;
let espoo: string;
let serial = 0;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  espoo = await bikeStoreIdByName(db, "Vauhti Espoo");
  const [employment] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, demoOyId)));
  employmentId = employment?.id as string;
});

function ibanOf(n: number): string {
  const bban = `405500${String(n).padStart(8, "0")}`;
  return `FI${ibanCheckDigits("FI", bban)}${bban}`;
}

/** An order of the store whose purchase invoice the helpdesk records and matches: a payable opens. */
async function matchedOrder(storeId: string, totalCents = 125_500) {
  const [row] = await t.database.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: employmentId,
      companyId: demoOyId,
      bikeStoreId: storeId,
      orderStatus: "WAITING_FOR_INVOICE_MATCH",
      totalPriceCents: totalCents,
    })
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
  const vatCents = Math.round(totalCents / 5);
  const created = await call("POST", "/api/invoices", HELPDESK, {
    orderId: row?.id,
    invoiceNumber: `AP-${row?.orderNumber}`,
    amountCents: totalCents - vatCents,
    vatCents,
    issueDate: "2026-02-02",
  });
  expect(created.statusCode, created.body).toBe(201);
  const matched = await call("POST", `/api/invoices/${zInvoice.parse(created.json()).id}/match`, HELPDESK);
  expect(matched.statusCode, matched.body).toBe(200);
  return { orderId: row?.id as string, orderNumber: row?.orderNumber as number };
}

async function batchOf(storeId: string) {
  const res = await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: storeId });
  expect(res.statusCode, res.body).toBe(201);
  return zPayoutBatchDetails.parse(res.json());
}

async function readBatch(id: string, who = ADMIN) {
  const res = await call("GET", `/api/store-payouts/batches/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return zPayoutBatchDetails.parse(res.json());
}

const approve = (id: string, approvalDigest: string) =>
  call("POST", `/api/store-payouts/batches/${id}/approve`, ADMIN, { approvalDigest });

/** The store user's details form as sent, with a new account and the password when given. */
function storeDetails(iban: string, currentPassword?: string) {
  return { email: "espoo@vauhti.test", iban, bic: "HELSFIHH", currentPassword };
}

/** A store of the test's own (no users), made by the helpdesk with an account. */
async function helpdeskStore() {
  serial += 1;
  const iban = ibanOf(900 + serial);
  const res = await call("POST", "/api/bike-stores", HELPDESK, {
    storeName: `Hyväksyntäpyörä ${serial} ${Math.random().toString(36).slice(2, 8)}`,
    businessId: "3011223-0",
    iban,
    bic: "HELSFIHH",
  });
  expect(res.statusCode, res.body).toBe(201);
  return zBikeStoreSaved.parse(res.json()).bikeStore;
}

describe("an approval bound to what the approver saw", () => {
  it("does not pay an account the store saved after the approver read the batch", async () => {
    await matchedOrder(espoo);
    const made = await batchOf(espoo);
    const seen = await readBatch(made.id);
    const redirected = ibanOf(1);
    const saved = await call(
      "PUT",
      "/api/store/details",
      STORE_USER,
      storeDetails(redirected, DEMO_PASSWORD),
    );
    expect(saved.statusCode, saved.body).toBe(200);

    const refused = expectError(await approve(made.id, seen.approvalDigest), 409, "PAYOUT_BATCH_CHANGED");
    expect(refused.details?.map((d) => d.field)).toContain(`stores.${espoo}`);
    const [kept] = await t.database.db
      .select({ status: storePayables.status, creditorIban: storePayables.creditorIban })
      .from(storePayables)
      .where(eq(storePayables.payoutBatchId, made.id));
    expect(kept).toEqual({ status: "IN_BATCH", creditorIban: null });

    // Read again, the batch shows the new account and the warning; approving that is approving it.
    const again = await readBatch(made.id);
    expect(again.approvalDigest).not.toBe(seen.approvalDigest);
    expect(again.stores[0]?.iban?.replaceAll(" ", "")).toBe(redirected);
    expect(again.accountChanges).toEqual([
      expect.objectContaining({ bikeStoreId: espoo, storeName: "Vauhti Espoo", changedBy: "STORE" }),
    ]);
    const approved = await approve(made.id, again.approvalDigest);
    expect(approved.statusCode, approved.body).toBe(200);
    const [paid] = await t.database.db
      .select({ creditorIban: storePayables.creditorIban })
      .from(storePayables)
      .where(eq(storePayables.payoutBatchId, made.id));
    expect(paid?.creditorIban).toBe(redirected);
    // Approved, the batch no longer flags anything: its accounts are kept with its payables.
    expect((await readBatch(made.id)).accountChanges).toEqual([]);
  });

  it("approves with the digest of the batch as read, and refuses a digest of nothing or no digest", async () => {
    const shop = await helpdeskStore();
    await matchedOrder(shop.bikeStoreId);
    const made = await batchOf(shop.bikeStoreId);
    expect(made.approvalDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(made.accountChanges).toEqual([]);
    expectError(
      await call("POST", `/api/store-payouts/batches/${made.id}/approve`, ADMIN, {}),
      400,
      "VALIDATION_ERROR",
    );
    expectError(await approve(made.id, "0".repeat(64)), 409, "PAYOUT_BATCH_CHANGED");
    const approved = await approve(made.id, (await readBatch(made.id)).approvalDigest);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(zPayoutBatchDetails.parse(approved.json()).status).toBe("APPROVED");
  });

  it("says which order left the batch and which store's account the helpdesk changed", async () => {
    const shop = await helpdeskStore();
    const first = await matchedOrder(shop.bikeStoreId);
    await matchedOrder(shop.bikeStoreId, 99_000);
    const made = await batchOf(shop.bikeStoreId);
    // The order is cancelled while the batch waits: its payable leaves the batch.
    await write(t.database.db, { actor: { userId: null } }, (w) => voidStorePayableOf(w, first.orderId));
    const changed = await call("PUT", `/api/bike-stores/${shop.bikeStoreId}`, HELPDESK, {
      storeName: shop.storeName,
      businessId: "3011223-0",
      iban: ibanOf(2),
      bic: "NDEAFIHH",
      currentPassword: DEMO_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const body = expectError(await approve(made.id, made.approvalDigest), 409, "PAYOUT_BATCH_CHANGED");
    const messages = body.details?.map((d) => d.message).join("\n") ?? "";
    expect(messages).toContain(`Order ${first.orderNumber} left the batch`);
    expect(messages).toContain(`${shop.storeName}: bank account changed`);
    expect(messages).toContain("by the helpdesk");
    expect((await readBatch(made.id)).accountChanges).toEqual([
      expect.objectContaining({ bikeStoreId: shop.bikeStoreId, changedBy: "HELPDESK" }),
    ]);
  });
});

describe("a change of a store's bank account", () => {
  it("asks the store's user for the current password: none 400, a wrong one 403", async () => {
    const [before] = await t.database.db.select().from(bikeStores).where(eq(bikeStores.id, espoo));
    const body = expectError(
      await call("PUT", "/api/store/details", STORE_USER, storeDetails(ibanOf(3))),
      400,
      "VALIDATION_ERROR",
    );
    expect(body.details?.map((d) => d.field)).toContain("body.currentPassword");
    expectError(
      await call("PUT", "/api/store/details", STORE_USER, storeDetails(ibanOf(3), "not the password")),
      403,
      "REAUTHENTICATION_FAILED",
    );
    const [after] = await t.database.db.select().from(bikeStores).where(eq(bikeStores.id, espoo));
    expect(after?.iban).toBe(before?.iban);
    // The same account again, spaced otherwise, is no change: no password is asked.
    const same = await call("PUT", "/api/store/details", STORE_USER, {
      ...storeDetails(before?.iban?.toLowerCase() ?? "", undefined),
      bic: before?.bic,
      city: "Espoo",
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("asks the helpdesk too, and locks out after repeated wrong passwords (429)", async () => {
    const shop = await helpdeskStore();
    const update = (iban: string, currentPassword?: string) =>
      call("PUT", `/api/bike-stores/${shop.bikeStoreId}`, ADMIN, {
        storeName: shop.storeName,
        iban,
        bic: "HELSFIHH",
        currentPassword,
      });
    expectError(await update(ibanOf(4)), 400, "VALIDATION_ERROR");
    for (let i = 0; i < 5; i++) expectError(await update(ibanOf(4), "wrong"), 403, "REAUTHENTICATION_FAILED");
    expectError(await update(ibanOf(4), DEMO_PASSWORD), 429);
    // Other fields change without the password.
    const renamed = await call("PUT", `/api/bike-stores/${shop.bikeStoreId}`, ADMIN, {
      storeName: `${shop.storeName} uusi`,
      iban: shop.iban,
      bic: "HELSFIHH",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("is an event with both accounts masked, mailed to the store's users and to customer service", async () => {
    const startedAt = new Date();
    const next = ibanOf(5);
    const res = await call("PUT", "/api/store/details", STORE_USER, storeDetails(next, DEMO_PASSWORD));
    expect(res.statusCode, res.body).toBe(200);
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.type, "BIKE_STORE_DETAILS_UPDATED"), eq(eventLog.entityId, espoo)))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(event?.data).toMatchObject({
      by: "STORE",
      changed: expect.arrayContaining(["iban"]),
      account: { next: { iban: expect.stringContaining("•"), bic: "HELSFIHH" } },
    });
    expect(JSON.stringify(event?.data)).not.toContain(next);
    expect(event?.data).toMatchObject({ account: { next: { iban: maskIban(next) } } });

    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, "store-account-changed"), gt(outbox.createdAt, startedAt)));
    expect(mails.map((m) => m.recipient).sort()).toEqual([CONTACT_EMAIL, STORE_USER].sort());
    for (const mail of mails) {
      expect(mail.bodyText).toContain("Vauhti Espoo");
      expect(mail.bodyText).not.toContain(next);
    }
  });
});
