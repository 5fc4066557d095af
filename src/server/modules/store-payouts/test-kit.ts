import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { apiCaller } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeStoreSaved } from "../../../contract/bike-stores.ts";
import { zInvoice } from "../../../contract/invoices.ts";
import { zPayoutBatchDetails } from "../../../contract/store-payouts.ts";
import { FINNISH_VAT_PERCENT, netFromGross } from "../../../domain/money.ts";
import { ibanCheckDigits } from "../../../domain/validation/bank-account.ts";
import { beneficiaryEmployees, orders, users } from "../../db/schema/index.ts";

/**
 * The payout tests' own bike stores and orders, made through the API as the helpdesk makes them: a
 * store with a bank account (and a commission when given), an order whose purchase invoice is recorded
 * and matched, a batch of one store, and an approval of what the batch's read showed.
 */

export const HELPDESK = "helpdesk@pedaali.test";
export const ADMIN = "admin@pedaali.test";
const EMPLOYEE = "employee@demo.test";

/** A valid Finnish IBAN of its own for each number. */
export function ibanOf(n: number): string {
  const bban = `405500${String(n).padStart(8, "0")}`;
  return `FI${ibanCheckDigits("FI", bban)}${bban}`;
}

export function payoutKit(t: TestApp, firstAccount: number) {
  const { call } = apiCaller(t);
  let serial = 0;
  let employment: { id: string; companyId: string } | undefined;

  async function demoEmployment() {
    if (employment) return employment;
    const companyId = await companyIdByName(t.database.db, "Demo Oy");
    const [row] = await t.database.db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(users.email, EMPLOYEE), eq(beneficiaryEmployees.companyId, companyId)));
    employment = { id: row?.id as string, companyId };
    return employment;
  }

  /** A store of the test's own, with a bank account unless `iban` is null. */
  async function store(options: { iban?: string | null; commissionPercent?: number | null } = {}) {
    serial += 1;
    const iban = options.iban === undefined ? ibanOf(firstAccount + serial) : options.iban;
    const res = await call("POST", "/api/bike-stores", HELPDESK, {
      storeName: `Tilityspyörä ${firstAccount + serial} ${Math.random().toString(36).slice(2, 8)}`,
      businessId: "3011223-0",
      email: `tilitys${firstAccount + serial}@pyora.test`,
      iban,
      bic: iban ? "HELSFIHH" : null,
      commissionPercent: options.commissionPercent ?? null,
    });
    expect(res.statusCode, res.body).toBe(201);
    return zBikeStoreSaved.parse(res.json()).bikeStore;
  }

  /**
   * An order of `storeId` whose purchase invoice of `totalCents` the helpdesk records and matches; the
   * invoice prints the VAT-free amount at the general rate and the rest as VAT, as a store's does.
   */
  async function matchedOrder(storeId: string, totalCents = 125_500) {
    const { id: beneficiaryEmployeeId, companyId } = await demoEmployment();
    const [row] = await t.database.db
      .insert(orders)
      .values({
        beneficiaryEmployeeId,
        companyId,
        bikeStoreId: storeId,
        orderStatus: "WAITING_FOR_INVOICE_MATCH",
        totalPriceCents: totalCents,
      })
      .returning({ id: orders.id, orderNumber: orders.orderNumber });
    const amountCents = netFromGross(totalCents, FINNISH_VAT_PERCENT);
    const created = await call("POST", "/api/invoices", HELPDESK, {
      orderId: row?.id,
      invoiceNumber: `TP-${row?.orderNumber}`,
      amountCents,
      vatCents: totalCents - amountCents,
      issueDate: "2026-02-02",
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = zInvoice.parse(created.json());
    const matched = await call("POST", `/api/invoices/${invoice.id}/match`, HELPDESK);
    expect(matched.statusCode, matched.body).toBe(200);
    return {
      orderId: row?.id as string,
      orderNumber: row?.orderNumber as number,
      invoiceId: invoice.id,
      amountCents,
      vatCents: totalCents - amountCents,
    };
  }

  async function batchOf(storeId: string, who = HELPDESK) {
    const res = await call("POST", "/api/store-payouts/batches", who, { bikeStoreId: storeId });
    expect(res.statusCode, res.body).toBe(201);
    return zPayoutBatchDetails.parse(res.json());
  }

  /** Approves as `who` the batch its read shows them now (sending its approval digest back). */
  async function approveAs(id: string, who: string, body: Record<string, unknown> = {}) {
    const read = await call("GET", `/api/store-payouts/batches/${id}`, who);
    const approvalDigest =
      read.statusCode === 200 ? zPayoutBatchDetails.parse(read.json()).approvalDigest : "0".repeat(64);
    return call("POST", `/api/store-payouts/batches/${id}/approve`, who, { approvalDigest, ...body });
  }

  return { call, store, matchedOrder, batchOf, approveAs, demoEmployment };
}
