import { eq } from "drizzle-orm";
import type { RedemptionReason } from "../../src/domain/enums.ts";
import { redemptionOffers, redemptionPayments } from "../../src/server/db/schema/index.ts";
import { write } from "../../src/server/db/transaction.ts";
import { chooseRedemption } from "../../src/server/modules/redemptions/choose.ts";
import { openRedemptionCase } from "../../src/server/modules/redemptions/open-case.ts";
import { activeLease, endingLease } from "../../src/server/modules/redemptions/test-kit.ts";
import { realPdf } from "../helpers/sample-files.ts";
import { testFileStore } from "../helpers/test-db.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Bike redemptions, redemption offers and payments, redemption cases. Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * A case is read by the helpdesk, the employer (orders.read: Demo Oy's admin, editor, group admin and
 * reporting) and its employee; opened and chosen for by the helpdesk, the employer's managers
 * (employees.manage; reporting has not) and the employee. The rest is the helpdesk's
 * (redemptions.manage), so the employer roles and the other tenant get 403 there; Toinen Oy's admin gets
 * 404 on Demo Oy's cases wherever the role may act at all. Each case acts on a throw-away lease of
 * Demo Oy's demo employee (employee@demo.test) and a case opened for it.
 */

const EMPLOYEE = "employee@demo.test";

const readers: Expectations = { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" };
const actors: Expectations = {
  anonymous: 401,
  EMPLOYER_REPORTING: 403,
  BIKE_STORE: 403,
  otherTenant: 404,
  rest: "ok",
};
const helpdeskOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

/** A running lease of the demo employee: started a year ago, or ending this month (`ending`). */
async function freshLease(f: Fixtures, ending = false): Promise<string> {
  const lease = ending
    ? await endingLease(f.db, { email: EMPLOYEE })
    : await activeLease(f.db, { email: EMPLOYEE });
  return lease.orderId;
}

/** An open case of a fresh lease, opened by the helpdesk side (no user: the daily job). */
async function freshCase(f: Fixtures, reason: RedemptionReason = "EMPLOYEE_RESIGNED"): Promise<string> {
  const orderId = await freshLease(f, reason === "LEASE_TERM_ENDS");
  return write(f.db, { actor: { userId: null } }, (change) =>
    openRedemptionCase(change, { orderId, reason }, "SYSTEM", {
      publicUrl: "https://pedaali.example",
      files: testFileStore(),
    }),
  );
}

/** A term-end case whose bike the employee returns: ready for the helpdesk to complete. */
async function returnedCase(f: Fixtures): Promise<string> {
  const id = await freshCase(f, "LEASE_TERM_ENDS");
  const employee = { userId: f.employeeUserId, helpdesk: false };
  await write(f.db, { actor: employee }, (change) => chooseRedemption(change, id, { choice: "RETURN" }));
  return id;
}

async function freshOffer(f: Fixtures): Promise<string> {
  const [offer] = await f.db
    .select({ id: redemptionOffers.id })
    .from(redemptionOffers)
    .where(eq(redemptionOffers.bikeRedemptionId, await freshCase(f)));
  return offer?.id as string;
}

async function freshPayment(f: Fixtures): Promise<string> {
  const [payment] = await f.db
    .insert(redemptionPayments)
    .values({
      bikeRedemptionId: await freshCase(f),
      companyId: f.demoCompanyId,
      payerType: "GRENKE",
      amountCents: 15_000,
      status: "PENDING",
    })
    .returning({ id: redemptionPayments.id });
  return payment?.id as string;
}

const payment = { payerType: "OTHER", amountCents: 2_500, status: "PENDING", note: "Matriisin maksu" };

export const REDEMPTION_ROWS: readonly MatrixRow[] = [
  {
    // Each reads their own reach; Toinen Oy's admin gets an empty page, not an error.
    operation: "GET /api/bike-redemption",
    call: () => ({ query: { status: "PENDING", reason: "EMPLOYEE_RESIGNED", search: "Laine", limit: "5" } }),
    expect: { anonymous: 401, BIKE_STORE: 403, rest: "ok" },
  },
  {
    operation: "POST /api/bike-redemption",
    ok: 201,
    call: async (f) => ({
      body: { orderId: await freshLease(f), reason: "EMPLOYEE_RESIGNED", note: "Matriisi" },
    }),
    expect: actors,
  },
  {
    operation: "GET /api/bike-redemption/{id}",
    call: async (f) => ({ params: { id: await freshCase(f) } }),
    expect: readers,
  },
  {
    operation: "PUT /api/bike-redemption/{id}",
    call: async (f) => ({ params: { id: await freshCase(f) }, body: { note: "Matriisin muutos" } }),
    expect: helpdeskOnly,
  },
  {
    operation: "DELETE /api/bike-redemption/{id}",
    call: async (f) => ({ params: { id: await freshCase(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/bike-redemption/{id}/choice",
    call: async (f) => ({
      params: { id: await freshCase(f) },
      body: { choice: "REDEEM", paymentMethod: "PAYROLL" },
    }),
    expect: actors,
  },
  {
    operation: "POST /api/bike-redemption/{id}/grenke-invoice",
    call: async (f) => ({ params: { id: await freshCase(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/bike-redemption/{id}/complete",
    call: async (f) => ({ params: { id: await returnedCase(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/bike-redemption/{id}/offer",
    ok: 201,
    call: async (f) => ({ params: { id: await freshCase(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/redemptionOffer",
    ok: 201,
    upload: true,
    call: async (f) => ({
      query: { bikeRedemptionId: await freshCase(f), fileName: "lunastustarjous.pdf" },
      rawBody: await realPdf("Lunastustarjous 150,00 €"),
    }),
    expect: helpdeskOnly,
  },
  {
    operation: "GET /api/redemption-offers/{id}/file",
    call: async (f) => ({ params: { id: await freshOffer(f) } }),
    expect: readers,
  },
  {
    // The employer reads its companies' payments (orders.read); the employee has no such list.
    operation: "GET /api/redemption-payment",
    call: () => ({ query: { status: "PENDING", search: "Laine", limit: "5" } }),
    expect: { anonymous: 401, BIKE_BENEFICIARY: 403, BIKE_STORE: 403, rest: "ok" },
  },
  {
    operation: "POST /api/redemption-payment",
    ok: 201,
    call: async (f) => ({ body: { ...payment, bikeRedemptionId: await freshCase(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "GET /api/redemption-payment/{id}",
    call: async (f) => ({ params: { id: await freshPayment(f) } }),
    expect: helpdeskOnly,
  },
  {
    operation: "PUT /api/redemption-payment/{id}",
    call: async (f) => ({ params: { id: await freshPayment(f) }, body: { ...payment, status: "PAID" } }),
    expect: helpdeskOnly,
  },
  {
    operation: "DELETE /api/redemption-payment/{id}",
    call: async (f) => ({ params: { id: await freshPayment(f) } }),
    expect: helpdeskOnly,
  },
];
