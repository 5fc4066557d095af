import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { capSplit } from "../../../domain/order-offer.ts";
import { isValidReferenceNumber } from "../../../domain/reference-number.ts";

/**
 * Every demo order keeps the rule of the max price the product keeps: the lease finances the package up
 * to the employee's max price, the employee's own share is the rest and is paid once (with a reference
 * number), and the leasing company is billed what its lease finances.
 */

const t = setupTestApp({}, { demoData: true });

type Row = {
  order_number: number;
  order_status: string;
  total: number;
  own: number;
  cap: number | null;
  financed: number | null;
};

async function acceptedOrders(): Promise<Row[]> {
  const res = await t.database.db.execute(sql`
    select o.order_number, o.order_status, o.total_price_cents as total, o.user_payment_cents as own,
      coalesce(be.max_price_cents, c.max_price_cents) as cap, a.total_price_cents as financed
    from orders o
    join beneficiary_employees be on be.id = o.beneficiary_employee_id
    join companies c on c.id = o.company_id
    join leasing_agreements a on a.order_id = o.id
    order by o.order_number`);
  return (res as unknown as { rows: Row[] }).rows;
}

describe("the demo orders and the max price", () => {
  it("finance no more than the max price and leave the rest as the own share", async () => {
    const rows = await acceptedOrders();
    expect(rows.length).toBeGreaterThan(20);
    const wrong = rows
      .filter((r) => {
        const split = capSplit(r.total, r.cap);
        return r.own !== split.ownShareCents || r.financed !== split.financedCents;
      })
      .map(
        (r) =>
          `${r.order_number} ${r.order_status}: ${r.total} cap ${r.cap} own ${r.own} financed ${r.financed}`,
      );
    expect(wrong).toEqual([]);
  });

  it("ask each own share once, from the order's confirmation, as a payment with a reference number", async () => {
    // An order accepted but not confirmed yet (not signed, or waiting for the employer) owes nothing.
    const res = await t.database.db.execute(sql`
      select o.order_number, case when o.is_order_confirmed then o.user_payment_cents else 0 end as own,
        coalesce(sum(p.amount_cents) filter (where p.payment_status <> 'CANCELLED'), 0)::int as asked,
        count(p.id) filter (where p.reference_number is null)::int as unreferenced,
        array_remove(array_agg(p.reference_number), null) as refs
      from orders o
      left join user_payments p on p.order_id = o.id and p.kind = 'OWN_SHARE'
      where o.order_status not in ('NOT_STARTED', 'PENDING', 'PACKAGE_PROVIDED', 'CANCELLED', 'REFUNDED')
      group by o.id`);
    const wrong = (
      (res as unknown as { rows: unknown[] }).rows as {
        order_number: number;
        own: number;
        asked: number;
        unreferenced: number;
        refs: string[];
      }[]
    )
      .filter(
        (r) => r.own !== r.asked || r.unreferenced > 0 || r.refs.some((ref) => !isValidReferenceNumber(ref)),
      )
      .map((r) => `${r.order_number}: own ${r.own} asked ${r.asked} refs ${r.refs.join(",")}`);
    expect(wrong).toEqual([]);
  });

  it("bill the leasing company what its lease finances", async () => {
    const res = await t.database.db.execute(sql`
      select i.invoice_number, i.total_cents as billed, o.total_price_cents - o.user_payment_cents as financed
      from invoices i join orders o on o.id = i.order_id
      where i.leasing_company_id is not null and i.invoice_number like 'PED-L-%'`);
    const wrong = (
      (res as unknown as { rows: unknown[] }).rows as {
        invoice_number: string;
        billed: number;
        financed: number;
      }[]
    )
      // The bill's VAT is the rate of its VAT-free part (decision 018): a cent beside the financed
      // amount where no VAT-free amount gives it exactly.
      .filter((r) => Math.abs(Number(r.billed) - Number(r.financed)) > 1)
      .map((r) => `${r.invoice_number}: billed ${r.billed} financed ${r.financed}`);
    expect(wrong).toEqual([]);
  });
});
