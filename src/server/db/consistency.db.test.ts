import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase, testFileStore } from "../../../tests/helpers/test-db.ts";
import { localBlobStore } from "../files/blob-store.ts";
import { CONSISTENCY_RULES, checkConsistency, type Finding } from "./consistency.ts";
import { rawRows } from "./raw.ts";

/**
 * The consistency check finds a row of each kind that breaks a promise, planted in the demo data: a
 * signed agreement whose PDF is gone, evidence that names another PDF, an order moved without its
 * event, a file nothing holds, a payment marked paid without its time, an own share without its order,
 * a file whose bytes are gone from the store.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ demoData: true });
});
afterAll(async () => {
  await database.close();
});

const one = async (what: string, query: ReturnType<typeof sql>) => {
  const [row] = await rawRows<{ id: string }>(database.db, query);
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row.id;
};
const idsOf = (findings: Finding[], rule: string) => {
  const finding = findings.find((f) => f.rule === rule);
  return finding ? finding.ids : [];
};

describe("the consistency check", () => {
  // One case: the demo data is found whole before rows are broken in it (cases run in a random order).
  it("finds the demo data whole, then each kind of broken row under its rule", async () => {
    const db = database.db;
    expect(Object.keys(CONSISTENCY_RULES)).toHaveLength(9);
    expect(await checkConsistency(db, testFileStore())).toEqual([]);

    // A signature whose evidence names other bytes than the PDF stored with it.
    const document = await one(
      "signature",
      sql`select id::text as id from signed_documents where signed_at is not null limit 1`,
    );
    await db.execute(
      sql`update signed_documents set document_sha256 = ${"0".repeat(64)} where id = ${document}`,
    );
    // A signed agreement whose PDF reference is gone.
    const agreement = await one(
      "signed agreement",
      sql`select la.id::text as id from leasing_agreements la join signed_documents sd on sd.leasing_agreement_id = la.id and sd.file_id = la.file_id where la.signed_at is not null and sd.id <> ${document} limit 1`,
    );
    await db.execute(sql`update leasing_agreements set file_id = null where id = ${agreement}`);
    // An order put in another status without the move's event.
    const order = await one(
      "moved order",
      sql`select o.id::text as id from orders o where exists (select 1 from event_log e where e.entity_id = o.id and e.data ? 'from') and o.order_status <> 'CASE_X' limit 1`,
    );
    await db.execute(sql`update orders set order_status = 'CASE_X' where id = ${order}`);
    // A file nothing holds.
    const file = randomUUID();
    await db.execute(
      sql`insert into files (id, file_name, mime_type, size_bytes, sha256, content) values (${file}, 'left.pdf', 'application/pdf', 1, ${"a".repeat(64)}, '\\x00'::bytea)`,
    );
    // A payment marked paid with no time, and an own share without its order.
    const paid = await one(
      "pending payment",
      sql`select id::text as id from user_payments where payment_status = 'PENDING' limit 1`,
    );
    await db.execute(
      sql`update user_payments set payment_status = 'PAID', paid_at = null where id = ${paid}`,
    );
    const share = await one(
      "own share",
      sql`select id::text as id from user_payments where kind = 'OWN_SHARE' and id <> ${paid} limit 1`,
    );
    await db.execute(sql`update user_payments set order_id = null where id = ${share}`);

    // An employee's active-lease flag written past the orders' triggers.
    const flagged = await one(
      "employee with an active lease",
      sql`select id::text as id from beneficiary_employees where has_active_lease limit 1`,
    );
    await db.execute(sql`update beneficiary_employees set has_active_lease = false where id = ${flagged}`);

    // A file row whose bytes are gone from the store.
    const lost = await testFileStore().put(db, {
      fileName: "kadonnut.pdf",
      mimeType: "application/pdf",
      content: Buffer.from("%PDF-1.4 kadonnut"),
      companyId: null,
      uploadedByUserId: null,
    });
    await localBlobStore(inject("testDatabase").filesDir).delete(lost.id);

    const after = await checkConsistency(db, testFileStore());
    const planted: [string, string][] = [
      [CONSISTENCY_RULES.evidenceMatchesPdf, document],
      [CONSISTENCY_RULES.signedAgreementHasPdf, agreement],
      [CONSISTENCY_RULES.statusFollowsMoves, order],
      [CONSISTENCY_RULES.fileBelongsToSomething, file],
      [CONSISTENCY_RULES.paidPaymentHasTime, paid],
      [CONSISTENCY_RULES.paymentNamesItsCase, share],
      [CONSISTENCY_RULES.fileBytesStored, lost.id],
      [CONSISTENCY_RULES.orderFlagsFollowOrders, flagged],
    ];
    for (const [rule, id] of planted) expect(idsOf(after, rule), rule).toContain(id);
  });
});
