import { readdirSync, readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zPayoutBatchDetails, zStorePayouts } from "../../../contract/store-payouts.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { percentOfCents } from "../../../domain/money.ts";
import { bikeStores, storePayables } from "../../db/schema/index.ts";
import { ADMIN, HELPDESK, payoutKit } from "./test-kit.ts";

/**
 * Decision 022: a store's commission is taken of the price without VAT, through the payable, the
 * batch, the bank file, the reconciliation CSV and the store's own view; and the migration that
 * brought it leaves the batches already approved or paid as they were.
 */

const t = setupTestApp({}, { demoData: true });
const { call, store, matchedOrder, batchOf, approveAs } = payoutKit(t, 1_700);

const today = () => toHelsinkiDateString(new Date());

describe("a store with a commission, from the match to the money", () => {
  it("pays the store its VAT in full and keeps the percent of the price without VAT, in every file and view", async () => {
    const shop = await store({ commissionPercent: 3.5 });
    // 1 599,00 € = 1 274,10 € + VAT 324,90 €: 3.5 % of 1 274,10 € is 44,5935 € → 44,59 €.
    const first = await matchedOrder(shop.bikeStoreId, 159_900);
    // 3 197,00 € = 2 547,41 € + VAT 649,59 €: 3.5 % of 2 547,41 € is 89,15935 € → 89,16 €.
    const second = await matchedOrder(shop.bikeStoreId, 319_700);
    expect([first.amountCents, second.amountCents]).toEqual([127_410, 254_741]);

    const made = await batchOf(shop.bikeStoreId);
    expect(made).toMatchObject({ grossCents: 479_600, commissionCents: 13_375, netCents: 466_225 });
    expect(made.stores[0]?.payables).toEqual([
      expect.objectContaining({
        orderId: first.orderId,
        vatCents: 32_490,
        commissionBase: "VAT_EXCLUDED",
        commissionBaseCents: 127_410,
        commissionPercent: 3.5,
        commissionCents: 4_459,
        netCents: 155_441,
      }),
      expect.objectContaining({
        orderId: second.orderId,
        commissionBaseCents: 254_741,
        commissionCents: 8_916,
        netCents: 310_784,
      }),
    ]);
    const approved = await approveAs(made.id, ADMIN);
    expect(approved.statusCode, approved.body).toBe(200);

    // The bank pays the store its price less the commission: the whole VAT goes to the store.
    const file = await call("GET", `/api/store-payouts/batches/${made.id}/pain001`, HELPDESK);
    expect(file.statusCode, file.body).toBe(200);
    const transfer = new XMLParser({ parseTagValue: false }).parse(file.body).Document.CstmrCdtTrfInitn.PmtInf
      .CdtTrfTxInf;
    expect(transfer.Amt.InstdAmt).toBe("4662.25");

    const csv = await call("GET", `/api/store-payouts/reconciliation?batchId=${made.id}`, HELPDESK);
    expect(csv.body).toContain(
      `;${first.orderNumber};TP-${first.orderNumber};1599,00;324,90;1274,10;veroton hinta;3,5;44,59;1554,41;${made.batchNumber};`,
    );
    const sv = await call("GET", `/api/store-payouts/reconciliation?batchId=${made.id}&language=sv`, ADMIN);
    expect(sv.body).toContain(";pris utan moms;3,5;89,16;3107,84;");

    const paid = await call("POST", `/api/store-payouts/batches/${made.id}/paid`, HELPDESK, {
      paidDate: today(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const view = zStorePayouts.parse(
      (await call("GET", `/api/bike-stores/${shop.bikeStoreId}/payouts`, ADMIN)).json(),
    );
    expect(view.payouts[0]).toMatchObject({
      grossCents: 479_600,
      commissionCents: 13_375,
      netCents: 466_225,
    });
    expect(view.payables.items.find((p) => p.orderId === first.orderId)).toMatchObject({
      vatCents: 32_490,
      commissionBase: "VAT_EXCLUDED",
      commissionBaseCents: 127_410,
      commissionPercent: 3.5,
      commissionCents: 4_459,
    });
  });

  it("keeps a payable's percent as it was made, when the store's agreement changes later", async () => {
    const shop = await store({ commissionPercent: 5 });
    const order = await matchedOrder(shop.bikeStoreId, 202_419);
    await t.database.db
      .update(bikeStores)
      .set({ commissionPercent: 10 })
      .where(eq(bikeStores.id, shop.bikeStoreId));
    const made = await batchOf(shop.bikeStoreId);
    expect(made.stores[0]?.payables[0]).toMatchObject({
      orderId: order.orderId,
      commissionPercent: 5,
      commissionCents: 8_065,
    });
  });
});

/** The hand-written statements of the migration that brought the commission's base, as the file has them. */
function commissionBaseMigration(): string[] {
  const dir = "src/server/db/migrations";
  const marker = "-- Commission base (decision 022), hand-written";
  const file = readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .map((name) => readFileSync(`${dir}/${name}`, "utf8"))
    .find((text) => text.includes(marker));
  if (!file) throw new Error("No migration carries the commission base's statements");
  // From the line after the marker's to the file's end.
  const below = (file.split(marker)[1] as string).split("\n").slice(1).join("\n");
  return below
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /\bUPDATE\b/.test(statement));
}

async function runMigration() {
  for (const statement of commissionBaseMigration()) await t.database.db.execute(sql.raw(statement));
}

/**
 * The payable as a match made it before decision 022: the commission of the price with VAT, and
 * neither the VAT nor the percent kept with it.
 */
async function asBeforeTheDecision(payableId: string, percentThen: number) {
  const [row] = await t.database.db.select().from(storePayables).where(eq(storePayables.id, payableId));
  const commissionCents = percentOfCents(row?.grossCents as number, percentThen);
  await t.database.db
    .update(storePayables)
    .set({
      commissionBase: "VAT_INCLUDED",
      vatCents: 0,
      commissionPercent: null,
      commissionCents,
      netCents: (row?.grossCents as number) - commissionCents,
    })
    .where(eq(storePayables.id, payableId));
}

async function payablesOf(orderIds: string[]) {
  const rows = await t.database.db
    .select()
    .from(storePayables)
    .where(inArray(storePayables.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}

describe("the migration to the price without VAT", () => {
  it("takes the open payables and those of batches waiting for approval to the new base, and leaves approved and paid batches as they were", async () => {
    const PRICE = 202_419; // 1 612,90 € + VAT 411,29 €
    const opened = await store({ commissionPercent: 5 });
    const waiting = await store({ commissionPercent: 5 });
    const approvedStore = await store({ commissionPercent: 5 });
    const paidStore = await store({ commissionPercent: 5 });
    const changedStore = await store({ commissionPercent: 5 });
    const none = await store();
    const fresh = await store({ commissionPercent: 5 });

    const open = await matchedOrder(opened.bikeStoreId, PRICE);
    const inWaiting = await matchedOrder(waiting.bikeStoreId, PRICE);
    const inApproved = await matchedOrder(approvedStore.bikeStoreId, PRICE);
    const inPaid = await matchedOrder(paidStore.bikeStoreId, PRICE);
    const unknown = await matchedOrder(changedStore.bikeStoreId, PRICE);
    const noCommission = await matchedOrder(none.bikeStoreId, PRICE);
    const madeAfter = await matchedOrder(fresh.bikeStoreId, PRICE);
    const old = [open, inWaiting, inApproved, inPaid, unknown, noCommission];
    const before = await payablesOf(old.map((o) => o.orderId));
    for (const order of old)
      await asBeforeTheDecision(before.get(order.orderId)?.id as string, order === noCommission ? 0 : 5);
    // The store of this one has agreed another percent since: its payable's percent cannot be told.
    await t.database.db
      .update(bikeStores)
      .set({ commissionPercent: 7 })
      .where(eq(bikeStores.id, changedStore.bikeStoreId));

    const waitingBatch = await batchOf(waiting.bikeStoreId);
    const approvedBatch = await batchOf(approvedStore.bikeStoreId);
    expect((await approveAs(approvedBatch.id, ADMIN)).statusCode).toBe(200);
    const paidBatch = await batchOf(paidStore.bikeStoreId);
    expect((await approveAs(paidBatch.id, ADMIN)).statusCode).toBe(200);
    const marked = await call("POST", `/api/store-payouts/batches/${paidBatch.id}/paid`, HELPDESK, {
      paidDate: today(),
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const approvedFile = await call("GET", `/api/store-payouts/batches/${approvedBatch.id}/pain001`, ADMIN);
    expect(approvedFile.body).toContain('<InstdAmt Ccy="EUR">1922.98</InstdAmt>');
    const legacy = await payablesOf([...old, madeAfter].map((o) => o.orderId));

    await runMigration();
    const after = await payablesOf([...old, madeAfter].map((o) => o.orderId));

    // Open, or in a batch not yet approved: 5 % of 1 612,90 €, the store paid its VAT in full.
    for (const order of [open, inWaiting])
      expect(after.get(order.orderId)).toMatchObject({
        commissionBase: "VAT_EXCLUDED",
        vatCents: 41_129,
        commissionPercent: 5,
        commissionCents: 8_065,
        netCents: 194_354,
      });
    // The approver was shown the old amounts: approving what they saw is refused, the batch changed.
    expectError(
      await call("POST", `/api/store-payouts/batches/${waitingBatch.id}/approve`, ADMIN, {
        approvalDigest: waitingBatch.approvalDigest,
      }),
      409,
      "PAYOUT_BATCH_CHANGED",
    );
    // Approved or paid: the same amounts (5 % of 2 024,19 € = 101,21 €), the base said as it was.
    for (const order of [inApproved, inPaid]) {
      const was = legacy.get(order.orderId);
      expect(was?.commissionCents).toBe(10_121);
      expect(after.get(order.orderId)).toMatchObject({
        commissionBase: "VAT_INCLUDED",
        commissionCents: 10_121,
        netCents: 192_298,
        grossCents: PRICE,
        vatCents: 41_129,
        commissionPercent: 5,
        status: was?.status,
        payoutBatchId: was?.payoutBatchId,
      });
    }
    expect((await call("GET", `/api/store-payouts/batches/${approvedBatch.id}/pain001`, ADMIN)).body).toBe(
      approvedFile.body,
    );
    const approvedRead = zPayoutBatchDetails.parse(
      (await call("GET", `/api/store-payouts/batches/${approvedBatch.id}`, ADMIN)).json(),
    );
    expect(approvedRead.stores[0]?.payables[0]).toMatchObject({
      commissionBase: "VAT_INCLUDED",
      commissionBaseCents: PRICE,
      commissionPercent: 5,
    });
    // A percent that cannot be told stays as it was made; no commission is no commission on either base.
    expect(after.get(unknown.orderId)).toMatchObject({
      commissionBase: "VAT_INCLUDED",
      commissionPercent: null,
      commissionCents: 10_121,
    });
    expect(after.get(noCommission.orderId)).toMatchObject({
      commissionBase: "VAT_EXCLUDED",
      vatCents: 41_129,
      commissionCents: 0,
      netCents: PRICE,
    });
    // A payable made on the new base is not touched, and a second run changes nothing.
    expect(after.get(madeAfter.orderId)).toEqual(legacy.get(madeAfter.orderId));
    await runMigration();
    expect(await payablesOf([...old, madeAfter].map((o) => o.orderId))).toEqual(after);
  });
});
