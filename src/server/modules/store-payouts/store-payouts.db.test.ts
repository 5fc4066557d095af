import { and, desc, eq, inArray } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeStore } from "../../../contract/bike-stores.ts";
import {
  zOpenPayables,
  zPayoutBatchDetails,
  zPayoutBatchPage,
  zStorePayablePage,
  zStorePayouts,
} from "../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { LockOrderError, lockRows } from "../../db/lock-order.ts";
import {
  bikeStores,
  eventLog,
  invoices,
  messageOutbox,
  orders,
  storePayables,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { renderOutboxMessage } from "../../jobs/message-outbox.ts";
import { lockOrder } from "../orders/order-rows.ts";
import { lockBatch } from "./queries.ts";
import { ADMIN, HELPDESK, ibanOf, payoutKit } from "./test-kit.ts";

/** Paying bike stores: the payable a match opens, batches with four eyes, the bank file, the CSV. */

const t = setupTestApp({}, { demoData: true });
const { call, store, matchedOrder, batchOf, approveAs } = payoutKit(t, 700);

const EMPLOYER = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const MISSING = "00000000-0000-4000-8000-00000000dead";

let demoOyId: string;

beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

const today = () => toHelsinkiDateString(new Date());

describe("the payable a match opens", () => {
  it("owes the store the invoice's total less its commission of the price without VAT, with its event", async () => {
    const shop = await store({ commissionPercent: 5 });
    // 2 024,19 € is 1 612,90 € + VAT 411,29 €; 5 % of 1 612,90 € is 80,645 €, rounded to 80,65 €.
    const { orderId, orderNumber, invoiceId, amountCents, vatCents } = await matchedOrder(
      shop.bikeStoreId,
      202_419,
    );
    expect({ amountCents, vatCents }).toEqual({ amountCents: 161_290, vatCents: 41_129 });
    const res = await call("GET", `/api/store-payouts/payables?bikeStoreId=${shop.bikeStoreId}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    const page = zStorePayablePage.parse(res.json());
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      orderId,
      orderNumber,
      purchaseInvoiceId: invoiceId,
      invoiceNumber: `TP-${orderNumber}`,
      grossCents: 202_419,
      vatCents: 41_129,
      commissionBase: "VAT_EXCLUDED",
      commissionBaseCents: 161_290,
      commissionPercent: 5,
      // Not 101,21 €, 5 % of the price with VAT: the store's VAT is no part of what Pedaali keeps.
      commissionCents: 8_065,
      netCents: 194_354,
      status: "OPEN",
      payoutBatchId: null,
    });
    const events = await t.database.db
      .select()
      .from(eventLog)
      .where(
        and(eq(eventLog.type, "STORE_PAYABLE_OPENED"), eq(eventLog.entityId, page.items[0]?.id as string)),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.companyId).toBe(demoOyId);
    expect(events[0]?.data).toMatchObject({
      grossCents: 202_419,
      vatCents: 41_129,
      commissionBase: "VAT_EXCLUDED",
      commissionPercent: 5,
      commissionCents: 8_065,
      netCents: 194_354,
    });

    const open = zOpenPayables.parse((await call("GET", "/api/store-payouts/open", ADMIN)).json());
    expect(open.stores.find((s) => s.bikeStoreId === shop.bikeStoreId)).toMatchObject({
      payableCount: 1,
      commissionCents: 8_065,
      netCents: 194_354,
      iban: shop.iban,
    });
  });
});

describe("a payout batch from making to paid", () => {
  it("is made by one, approved by another, downloaded as pain.001, paid, and reconciled", async () => {
    const shop = await store();
    const first = await matchedOrder(shop.bikeStoreId, 100_000);
    const second = await matchedOrder(shop.bikeStoreId, 50_050);

    const made = await batchOf(shop.bikeStoreId);
    expect(made).toMatchObject({
      status: "CREATED",
      bikeStoreId: shop.bikeStoreId,
      storeCount: 1,
      payableCount: 2,
      netCents: 150_050,
      approvedBy: null,
      allowedActions: ["DISCARD"],
    });
    expect(made.stores[0]?.payables.map((p) => p.orderNumber)).toEqual([
      first.orderNumber,
      second.orderNumber,
    ]);

    // Four eyes: its maker may not approve it; the other admin may, and sees that they may.
    expectError(await approveAs(made.id, HELPDESK, {}), 409, "PAYOUT_SAME_APPROVER");
    const seen = zPayoutBatchDetails.parse(
      (await call("GET", `/api/store-payouts/batches/${made.id}`, ADMIN)).json(),
    );
    expect(seen.allowedActions).toEqual(["APPROVE", "DISCARD"]);
    expectError(
      await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, ADMIN),
      409,
      "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
    );
    expectError(
      await call("POST", `/api/store-payouts/batches/${made.id}/paid`, ADMIN, { paidDate: today() }),
      409,
      "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
    );

    const approvedRes = await approveAs(made.id, ADMIN, {});
    expect(approvedRes.statusCode, approvedRes.body).toBe(200);
    const approved = zPayoutBatchDetails.parse(approvedRes.json());
    expect(approved).toMatchObject({ status: "APPROVED", executionDate: today() });
    expect(approved.approvedBy?.name).toBeTruthy();
    expectError(await approveAs(made.id, ADMIN, {}), 409, "PAYOUT_BATCH_STATUS_NOT_ALLOWED");

    const file = await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, HELPDESK);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers["content-type"]).toContain("application/xml");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="pedaali-tilitys-${made.batchNumber}.xml"`,
    );
    const xml = new XMLParser({ parseTagValue: false }).parse(file.body);
    const initiation = xml.Document.CstmrCdtTrfInitn;
    expect(initiation.GrpHdr).toMatchObject({
      NbOfTxs: "1",
      CtrlSum: "1500.50",
      MsgId: `PEDAALI-TILITYS-${made.batchNumber}`,
    });
    expect(initiation.PmtInf.Dbtr.Nm).toBe("Pedaali Oy");
    expect(initiation.PmtInf.CdtTrfTxInf.CdtrAcct.Id.IBAN).toBe(shop.iban?.replaceAll(" ", ""));
    expect(initiation.PmtInf.CdtTrfTxInf.RmtInf.Ustrd).toContain(String(first.orderNumber));
    // The same file on every download: the bank recognises a second upload by its message id.
    expect((await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, ADMIN)).body).toBe(file.body);

    const paidRes = await call("POST", `/api/store-payouts/batches/${made.id}/paid`, HELPDESK, {
      paidDate: today(),
    });
    expect(paidRes.statusCode, paidRes.body).toBe(200);
    expect(zPayoutBatchDetails.parse(paidRes.json())).toMatchObject({ status: "PAID", paidDate: today() });
    const payables = await t.database.db
      .select()
      .from(storePayables)
      .where(eq(storePayables.payoutBatchId, made.id));
    expect(payables.map((p) => p.status)).toEqual(["PAID", "PAID"]);
    // The store is mailed, in its language, what was paid and for which orders.
    const mails = await t.database.db
      .select()
      .from(messageOutbox)
      .where(
        and(eq(messageOutbox.event, "PAYOUT_BATCH_SENT"), eq(messageOutbox.recipient, shop.email ?? "")),
      );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.params).toMatchObject({
      audience: "STORE",
      batchNumber: made.batchNumber,
      paidDate: today(),
      totalCents: 150_050,
      paidOrders: [
        { orderNumber: first.orderNumber, netCents: 100_000 },
        { orderNumber: second.orderNumber, netCents: 50_050 },
      ],
    });
    const rendered = await renderOutboxMessage(mails[0] as never, {
      db: t.database.db,
      publicUrl: "https://pedaali.test",
      serverSecret: "s",
    });
    expect(rendered?.kind === "mail" && rendered.mail.subject).toBe(
      `Pedaali maksoi teille 1\u00a0500,50\u00a0€ (tilitys ${made.batchNumber})`,
    );
    expect(rendered?.kind === "mail" && rendered.mail.text).toContain(`tilaus ${second.orderNumber}: 500,50`);
    // The stores' purchase invoices are settled with the batch.
    const settled = await t.database.db
      .select({ status: invoices.status, paidAt: invoices.paidAt, paid: invoices.paidAmountCents })
      .from(invoices)
      .where(inArray(invoices.id, [first.invoiceId, second.invoiceId]));
    expect(settled.map((i) => i.status)).toEqual(["PAID", "PAID"]);
    expect(settled.map((i) => i.paid).sort((a, b) => a - b)).toEqual([50_050, 100_000]);
    expect(settled.every((i) => i.paidAt !== null)).toBe(true);
    expectError(
      await call("POST", `/api/store-payouts/batches/${made.id}/paid`, HELPDESK, { paidDate: today() }),
      409,
      "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
    );

    const csv = await call("GET", `/api/store-payouts/reconciliation?batchId=${made.id}`, HELPDESK);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Pyöräliike;Y-tunnus;IBAN;Tilaus;Lasku;Brutto;ALV;Provisioperuste;Peruste;Provisio-%;Provisio;Netto;Tilitys;Hyväksyjä;Hyväksytty;Maksettu",
    );
    expect(lines).toHaveLength(3);
    // 1 000,00 € = 796,81 € + VAT 203,19 €; the store has agreed no commission.
    expect(lines[1]).toContain(
      `;${first.orderNumber};TP-${first.orderNumber};1000,00;203,19;796,81;veroton hinta;;0,00;1000,00;${made.batchNumber};`,
    );
    const period = await call(
      "GET",
      `/api/store-payouts/reconciliation?paidFrom=${today()}&paidTo=${today()}&language=en`,
      ADMIN,
    );
    expect(period.body).toContain(`;${second.orderNumber};`);
    expect(period.body).toContain(
      "Bike store;Business ID;IBAN;Order;Invoice;Gross;VAT;Commission base;Base;Commission %;Commission;Net;",
    );
    expect(period.body).toContain(";price without VAT;");

    const view = zStorePayouts.parse(
      (await call("GET", `/api/bike-stores/${shop.bikeStoreId}/payouts`, ADMIN)).json(),
    );
    expect(view.open.payableCount).toBe(0);
    expect(view.payables.total).toBe(2);
    expect(view.payouts).toEqual([
      expect.objectContaining({
        payoutBatchId: made.id,
        status: "PAID",
        paidDate: today(),
        netCents: 150_050,
        orderNumbers: [first.orderNumber, second.orderNumber],
      }),
    ]);

    const types = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(eq(eventLog.entityId, made.id))
      .orderBy(eventLog.createdAt);
    expect(types.map((e) => e.type)).toEqual([
      "PAYOUT_BATCH_CREATED",
      "PAYOUT_BATCH_APPROVED",
      "PAYOUT_BATCH_PAID",
    ]);
    const list = zPayoutBatchPage.parse(
      (await call("GET", "/api/store-payouts/batches?status=PAID", ADMIN)).json(),
    );
    expect(list.items.some((b) => b.id === made.id)).toBe(true);
  });
});

/** The helpdesk cancels the order at once (a cancellation it asks for is its own decision). */
async function cancel(orderId: string) {
  const res = await call("POST", "/api/order-cancellations", HELPDESK, {
    orderId,
    reason: "Asiakas perui tilauksen ennen toimitusta",
  });
  expect(res.statusCode, res.body).toBe(201);
  const [order] = await t.database.db
    .select({ status: orders.orderStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  expect(order?.status).toBe("CANCELLED");
}

async function payableOf(orderId: string) {
  const [row] = await t.database.db.select().from(storePayables).where(eq(storePayables.orderId, orderId));
  return row;
}

describe("a cancelled order's payable", () => {
  it("is void while it waits, with its event, and no batch takes it", async () => {
    const shop = await store();
    const order = await matchedOrder(shop.bikeStoreId);
    await cancel(order.orderId);
    expect(await payableOf(order.orderId)).toMatchObject({ status: "VOID", payoutBatchId: null });
    const [event] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(eq(eventLog.type, "STORE_PAYABLE_VOIDED"))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(event?.data).toMatchObject({ orderId: order.orderId, bikeStoreId: shop.bikeStoreId });
    expectError(
      await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: shop.bikeStoreId }),
      409,
      "NO_OPEN_PAYABLES",
    );
  });

  it("leaves a batch not yet approved, which is then approved without it, or not at all when empty", async () => {
    const shop = await store();
    const kept = await matchedOrder(shop.bikeStoreId, 100_000);
    const cancelled = await matchedOrder(shop.bikeStoreId, 40_000);
    const made = await batchOf(shop.bikeStoreId);
    await cancel(cancelled.orderId);
    expect(await payableOf(cancelled.orderId)).toMatchObject({ status: "VOID", payoutBatchId: null });
    const seen = zPayoutBatchDetails.parse(
      (await call("GET", `/api/store-payouts/batches/${made.id}`, ADMIN)).json(),
    );
    expect(seen).toMatchObject({ payableCount: 1, netCents: 100_000 });
    expect(await payableOf(kept.orderId)).toMatchObject({ status: "IN_BATCH", payoutBatchId: made.id });

    const lone = await store();
    const only = await matchedOrder(lone.bikeStoreId);
    const empty = await batchOf(lone.bikeStoreId);
    await cancel(only.orderId);
    expectError(await approveAs(empty.id, ADMIN, {}), 409, "NO_OPEN_PAYABLES");
  });

  it("stays in an approved batch, whose file may be at the bank: the store's refund settles it", async () => {
    const shop = await store();
    const order = await matchedOrder(shop.bikeStoreId);
    const made = await batchOf(shop.bikeStoreId);
    const approved = await approveAs(made.id, ADMIN, {});
    expect(approved.statusCode, approved.body).toBe(200);
    await cancel(order.orderId);
    expect(await payableOf(order.orderId)).toMatchObject({ status: "IN_BATCH", payoutBatchId: made.id });
  });
});

describe("the locks of a cancellation of an order in a batch", () => {
  /** The helpdesk as the order's mover, for a cancellation written here in the old way. */
  async function helpdeskMover() {
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, HELPDESK));
    return { userId: row?.id as string };
  }

  it("takes the batch before the payable, as the batch's approval does", async () => {
    const shop = await store();
    const kept = await matchedOrder(shop.bikeStoreId, 60_000);
    const cancelled = await matchedOrder(shop.bikeStoreId, 70_000);
    const made = await batchOf(shop.bikeStoreId);
    // The lock order is checked on every transaction: a cancellation locking out of order fails here.
    await cancel(cancelled.orderId);
    expect(await payableOf(cancelled.orderId)).toMatchObject({ status: "VOID", payoutBatchId: null });
    expect(await payableOf(kept.orderId)).toMatchObject({ status: "IN_BATCH", payoutBatchId: made.id });
  });

  it("refuses the old way: the order, its payable, then the payable's batch", async () => {
    const shop = await store();
    const order = await matchedOrder(shop.bikeStoreId, 80_000);
    const made = await batchOf(shop.bikeStoreId);
    const refused = await write(t.database.db, { actor: await helpdeskMover() }, async ({ tx }) => {
      await lockOrder(tx, order.orderId);
      await lockRows(
        tx,
        "storePayable",
        tx.select().from(storePayables).where(eq(storePayables.orderId, order.orderId)).for("update"),
      );
      await lockBatch(tx, made.id);
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LockOrderError);
    expect(refused).toMatchObject({ kind: "payoutBatch", held: ["order", "storePayable"] });
  });
});

describe("an order whose store is not to be paid now", () => {
  /** The order put straight into `status`, as a row written outside the order's moves would be. */
  async function setStatus(orderId: string, status: "CANCELLED" | "REFUNDED" | "CASE_X") {
    await t.database.db.update(orders).set({ orderStatus: status }).where(eq(orders.id, orderId));
  }

  it("is left out of the next batch however its payable stayed open", async () => {
    const shop = await store();
    const kept = await matchedOrder(shop.bikeStoreId, 100_000);
    for (const status of ["CANCELLED", "REFUNDED", "CASE_X"] as const) {
      const held = await matchedOrder(shop.bikeStoreId, 40_000);
      await setStatus(held.orderId, status);
    }
    const made = await batchOf(shop.bikeStoreId);
    expect(made).toMatchObject({ payableCount: 1, netCents: 100_000 });
    expect(made.stores[0]?.payables.map((p) => p.orderId)).toEqual([kept.orderId]);
  });

  it("stops the approval of a batch that holds it (409 naming the orders), whatever brought it there", async () => {
    const shop = await store();
    const paid = await matchedOrder(shop.bikeStoreId, 100_000);
    const cancelled = await matchedOrder(shop.bikeStoreId, 319_700);
    const special = await matchedOrder(shop.bikeStoreId, 50_000);
    const made = await batchOf(shop.bikeStoreId);
    expect(made.payableCount).toBe(3);
    // Written straight into the table: no move voided or held anything.
    await setStatus(cancelled.orderId, "CANCELLED");
    await setStatus(special.orderId, "CASE_X");
    const res = await approveAs(made.id, ADMIN);
    expectError(res, 409, "PAYOUT_ORDER_NOT_PAYABLE");
    const numbers = [cancelled.orderNumber, special.orderNumber].sort((a, b) => a - b);
    expect(res.json().message).toContain(numbers.join(", "));
    expect(res.json().message).not.toContain(String(paid.orderNumber));
    const seen = zPayoutBatchDetails.parse(
      (await call("GET", `/api/store-payouts/batches/${made.id}`, ADMIN)).json(),
    );
    expect(seen.status).toBe("CREATED");
    expectError(await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, ADMIN), 409);
  });
});

describe("the account a batch pays", () => {
  it("is the store's account as the batch was approved, whatever the store saves afterwards", async () => {
    const shop = await store();
    const approvedIban = shop.iban?.replaceAll(" ", "") as string;
    await matchedOrder(shop.bikeStoreId);
    const made = await batchOf(shop.bikeStoreId);
    const approved = await approveAs(made.id, ADMIN, {});
    expect(approved.statusCode, approved.body).toBe(200);
    // The store's account changes after the second person's approval, then is removed altogether.
    await t.database.db
      .update(bikeStores)
      .set({ iban: ibanOf(999_999) })
      .where(eq(bikeStores.id, shop.bikeStoreId));
    const file = await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, ADMIN);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain(`<IBAN>${approvedIban}</IBAN>`);
    expect(file.body).not.toContain(ibanOf(999_999));
    await t.database.db
      .update(bikeStores)
      .set({ iban: null, bic: null })
      .where(eq(bikeStores.id, shop.bikeStoreId));
    expect((await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, ADMIN)).body).toBe(file.body);
    const seen = zPayoutBatchDetails.parse(
      (await call("GET", `/api/store-payouts/batches/${made.id}`, ADMIN)).json(),
    );
    expect(seen.stores[0]?.iban?.replaceAll(" ", "")).toBe(approvedIban);
  });
});

describe("discarding a batch", () => {
  it("opens its payables again for the next batch, keeps its record in the event log, and is refused once approved", async () => {
    const shop = await store();
    const order = await matchedOrder(shop.bikeStoreId, 70_000);
    const made = await batchOf(shop.bikeStoreId);
    expect(made.allowedActions).toEqual(["DISCARD"]);
    // Its maker may discard it: no file has been made and no money has moved.
    const res = await call("DELETE", `/api/store-payouts/batches/${made.id}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Payout batch discarded" });
    expect(await payableOf(order.orderId)).toMatchObject({ status: "OPEN", payoutBatchId: null });
    expectError(await call("GET", `/api/store-payouts/batches/${made.id}`, HELPDESK), 404);
    const [event] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "PAYOUT_BATCH_DISCARDED"), eq(eventLog.entityId, made.id)));
    expect(event?.data).toMatchObject({
      batchNumber: made.batchNumber,
      orderIds: [order.orderId],
      netCents: 70_000,
    });

    const next = await batchOf(shop.bikeStoreId);
    expect(next).toMatchObject({ payableCount: 1, netCents: 70_000 });
    const approved = await approveAs(next.id, ADMIN, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expectError(
      await call("DELETE", `/api/store-payouts/batches/${next.id}`, ADMIN),
      409,
      "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
    );
    expectError(await call("DELETE", `/api/store-payouts/batches/${next.id}`, EMPLOYER), 403);
  });
});

describe("what a batch takes", () => {
  it("leaves the payables of a store without a bank account open, and refuses a batch of that store", async () => {
    const without = await store({ iban: null });
    await matchedOrder(without.bikeStoreId);
    expectError(
      await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: without.bikeStoreId }),
      409,
      "STORE_BANK_ACCOUNT_MISSING",
    );
    const all = await call("POST", "/api/store-payouts/batches", HELPDESK, {});
    expect([201, 409]).toContain(all.statusCode);
    const page = zStorePayablePage.parse(
      (await call("GET", `/api/store-payouts/payables?bikeStoreId=${without.bikeStoreId}`, HELPDESK)).json(),
    );
    expect(page.items.map((p) => p.status)).toEqual(["OPEN"]);
    const open = zOpenPayables.parse((await call("GET", "/api/store-payouts/open", HELPDESK)).json());
    expect(open.stores.find((s) => s.bikeStoreId === without.bikeStoreId)?.iban).toBeNull();
  });

  it("answers 409 NO_OPEN_PAYABLES when the store has nothing open", async () => {
    const shop = await store();
    expectError(
      await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: shop.bikeStoreId }),
      409,
      "NO_OPEN_PAYABLES",
    );
  });
});

describe("refusals", () => {
  it("400 for bad input", async () => {
    expectError(await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: "kauppa" }), 400);
    expectError(await call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: MISSING }), 400);
    expectError(await call("GET", "/api/store-payouts/reconciliation", HELPDESK), 400);
    expectError(
      await call("GET", "/api/store-payouts/reconciliation?paidFrom=2026-02-02&paidTo=2026-01-01", HELPDESK),
      400,
    );
    const shop = await store();
    await matchedOrder(shop.bikeStoreId);
    const made = await batchOf(shop.bikeStoreId);
    expectError(
      await approveAs(made.id, ADMIN, {
        executionDate: "2020-01-01",
      }),
      400,
    );
    expectError(
      await call("POST", `/api/store-payouts/batches/${made.id}/paid`, ADMIN, { paidDate: "1.1.2026" }),
      400,
    );
  });

  it("400 for a bike store's IBAN with wrong check digits or a malformed BIC", async () => {
    const body = { storeName: "Väärä tili Oy", iban: "FI91 4055 0012 3456 76" };
    expectError(await call("POST", "/api/bike-stores", HELPDESK, body), 400);
    expectError(
      await call("POST", "/api/bike-stores", HELPDESK, { storeName: "Väärä BIC Oy", bic: "HELS1" }),
      400,
    );
  });

  it("shows a store's bank account and commission to the admin tier only", async () => {
    const shop = await store({ commissionPercent: 5 });
    expect(shop).toMatchObject({ commissionPercent: 5, bic: "HELSFIHH" });
    expect(shop.iban).toMatch(/^FI\d{2} \d{4} /);
    const seen = zBikeStore.parse(
      (await call("GET", `/api/bike-stores/${shop.bikeStoreId}`, EMPLOYEE)).json(),
    );
    expect(seen).toMatchObject({ iban: null, bic: null, commissionPercent: null });
  });

  it("403 for a caller without store-payouts.manage", async () => {
    expectError(await call("GET", "/api/store-payouts/open", EMPLOYER), 403, "FORBIDDEN");
    expectError(await call("POST", "/api/store-payouts/batches", EMPLOYEE, {}), 403, "FORBIDDEN");
    expectError(
      await call("GET", `/api/store-payouts/reconciliation?batchId=${MISSING}`, EMPLOYER),
      403,
      "FORBIDDEN",
    );
  });

  it("404 for a batch or a store that does not exist", async () => {
    expectError(await call("GET", `/api/store-payouts/batches/${MISSING}`, HELPDESK), 404);
    expectError(await approveAs(MISSING, ADMIN, {}), 404);
    expectError(await call("GET", `/api/store-payouts/batches/${MISSING}/pain001`, ADMIN), 404);
    expectError(await call("GET", `/api/bike-stores/${MISSING}/payouts`, ADMIN), 404);
  });
});
