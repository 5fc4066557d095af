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
 * a file whose bytes are gone from the store; and a row breaking each money rule: an own share not the
 * package above the cap, a bill to the leasing company above what it finances, a fee without its case,
 * a month billed after the lease ended, an ended employment's lease without its case, a late lease
 * start, a lease longer than the policy, VAT beside its rate, a broken reference number, a credit note
 * crediting what its invoice never billed, a refunded order's store still to be paid and a refunded
 * order whose cancellation was never completed.
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
    expect(Object.keys(CONSISTENCY_RULES)).toHaveLength(21);
    const before = await checkConsistency(db, testFileStore());
    expect(before.map((f) => f.rule)).toEqual([]);
    const offendersBefore = new Set(before.flatMap((f) => f.ids));
    const fresh = (rows: { id: string }[], what: string) => {
      const row = rows.find((r) => !offendersBefore.has(r.id));
      if (!row) throw new Error(`the demo data has no sound ${what}`);
      return row.id;
    };
    const rows = (query: ReturnType<typeof sql>) => rawRows<{ id: string }>(db, query);

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

    // The money rules. An own share that is not the package above the cap.
    const shareOrder = fresh(
      await rows(sql`select id::text as id from orders where monthly_payment_cents is not null`),
      "offered order",
    );
    await db.execute(
      sql`update orders set user_payment_cents = user_payment_cents + 100 where id = ${shareOrder}`,
    );
    // The leasing company billed more than the lease finances.
    const bill = fresh(
      await rows(
        sql`select id::text as id from invoices where invoice_number like 'PED-L-%' and status not in ('INVALIDATED', 'OVERRIDDEN', 'DELETED')`,
      ),
      "leasing company's bill",
    );
    await db.execute(
      sql`update invoices set amount_cents = amount_cents + 2700, total_cents = total_cents + 2700 where id = ${bill}`,
    );
    // A deductible with no claim behind it.
    const fee = fresh(
      await rows(
        sql`select id::text as id from user_payments where kind = 'OWN_SHARE' and order_id is not null and id <> ${share}`,
      ),
      "payment",
    );
    await db.execute(
      sql`update user_payments set kind = 'DEDUCTIBLE', insurance_claim_id = null where id = ${fee}`,
    );
    // A lease invoice billing a month after the lease's case ended it.
    const [billed] = await rawRows<{ id: string; orderNumber: number }>(
      db,
      sql`select li.id::text as id, (li.lines->0->>'orderNumber')::int as "orderNumber" from lease_invoices li where jsonb_array_length(li.lines) > 0 limit 1`,
    );
    if (!billed) throw new Error("the demo data has no lease invoice");
    await db.execute(sql`
      insert into bike_redemptions (order_id, beneficiary_employee_id, company_id, status, lease_ends_on, redemption_price_cents)
      select id, beneficiary_employee_id, company_id, 'COMPLETED', '2001-01-31', 0 from orders where order_number = ${billed.orderNumber}`);
    // An employment ended with a running lease and no case for it.
    const leaver = fresh(
      await rows(sql`
        select o.id::text as id from orders o join leasing_agreements la on la.order_id = o.id and la.signed_at is not null
        where o.order_status = 'ACTIVE_LEASING' and la.end_date > '2027-01-01'
          and not exists (select 1 from bike_redemptions br where br.order_id = o.id)
          and not exists (select 1 from orders other where other.beneficiary_employee_id = o.beneficiary_employee_id and other.order_number = ${billed.orderNumber})`),
      "running lease",
    );
    await db.execute(sql`
      update beneficiary_employees set last_working_day_date = '2026-01-31'
      where id = (select beneficiary_employee_id from orders where id = ${leaver})`);
    // A lease that starts three days late.
    const late = fresh(
      await rows(sql`
        select la.id::text as id from leasing_agreements la join orders o on o.id = la.order_id
        where la.start_date is not null and o.delivery_date is not null`),
      "delivered lease",
    );
    await db.execute(sql`update leasing_agreements set start_date = start_date + 3 where id = ${late}`);
    // A lease longer than its company's policy allows.
    const long = fresh(
      await rows(sql`
        select o.id::text as id from orders o
        where o.lease_time_months > 12 and not exists (select 1 from bike_policies bp where bp.company_id = o.company_id and bp.user_id is not null)
          and exists (select 1 from bike_policies bp where bp.company_id = o.company_id)`),
      "order under a company policy",
    );
    await db.execute(sql`
      update bike_policies set min_lease_time_months = 12, max_lease_time_months = 12
      where company_id = (select company_id from orders where id = ${long})`);
    // A lease invoice whose VAT is a cent beside its rate, and one with a broken reference number.
    const [vatInvoice, referenceInvoice] = await rows(
      sql`select id::text as id from lease_invoices order by invoice_number limit 2`,
    );
    if (!vatInvoice || !referenceInvoice) throw new Error("the demo data has no two lease invoices");
    await db.execute(
      sql`update lease_invoices set vat_cents = vat_cents + 1, total_cents = total_cents + 1 where id = ${vatInvoice.id}`,
    );
    await db.execute(
      sql`update lease_invoices set reference_number = '124' where id = ${referenceInvoice.id}`,
    );
    // A credit note taking back an order its invoice never billed.
    const note = await one(
      "credit note",
      sql`select id::text as id from lease_invoices where kind = 'CREDIT_NOTE' limit 1`,
    );
    await db.execute(
      sql`update lease_invoices set lines = jsonb_set(lines, '{0,orderNumber}', '1') where id = ${note}`,
    );
    // A refunded order whose store is still to be paid.
    const payable = await one("store payable", sql`select id::text as id from store_payables limit 1`);
    await db.execute(
      sql`update store_payables set status = 'OPEN', payout_batch_id = null where id = ${payable}`,
    );
    await db.execute(
      sql`update orders set order_status = 'REFUNDED' where id = (select order_id from store_payables where id = ${payable})`,
    );

    // A refunded order whose cancellation, refund and receipt are not behind it: the cancellation is
    // still open.
    const refunded = fresh(
      await rows(sql`select id::text as id from orders where order_status = 'REFUNDED'`),
      "refunded order",
    );
    await db.execute(sql`
      update order_cancellations set status = 'PENDING', completed_at = null, completed_by_user_id = null
      where id = (select id from order_cancellations where order_id = ${refunded} order by created_at desc limit 1)`);

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
      [CONSISTENCY_RULES.ownShareFollowsCap, shareOrder],
      [CONSISTENCY_RULES.lessorBilledFinanced, bill],
      [CONSISTENCY_RULES.feeHasItsCase, fee],
      [CONSISTENCY_RULES.nothingBilledAfterLeaseEnds, billed.id],
      [CONSISTENCY_RULES.endedEmploymentLeasesHaveCases, leaver],
      [CONSISTENCY_RULES.leaseStartsAfterDelivery, late],
      [CONSISTENCY_RULES.leaseMonthsWithinPolicy, long],
      [CONSISTENCY_RULES.invoiceSumsAndVat, vatInvoice.id],
      [CONSISTENCY_RULES.referenceNumbersValid, referenceInvoice.id],
      [CONSISTENCY_RULES.correctionsNameTheirInvoice, note],
      [CONSISTENCY_RULES.cancelledOrderStorePaid, payable],
      [CONSISTENCY_RULES.refundedOrderHasRefund, refunded],
    ];
    const countOf = (findings: Finding[], rule: string) => findings.find((f) => f.rule === rule)?.count ?? 0;
    for (const [rule, id] of planted) {
      // A finding names its first few rows: where a planting breaks more rows than that (a policy
      // shortened for the whole company), the planted row shows in the count.
      expect(countOf(after, rule), rule).toBeGreaterThan(countOf(before, rule));
      if (countOf(after, rule) <= idsOf(after, rule).length) expect(idsOf(after, rule), rule).toContain(id);
    }
  });
});
