import { eq } from "drizzle-orm";
import type { OrderStatus, RequestStatusWithSigned } from "../../src/domain/enums.ts";
import { invoices, leasingAgreements, leasingCompanies, orders } from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The helpdesk's processing of orders, the leasing companies' decisions and invoices.
 * Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * Every operation here is the admin tier's: orders.process (the order actions, invoice changes),
 * leasing.manage (decisions, the sync), invoices.read (reading invoices). No employer role holds
 * them, so the employer roles and the other tenant get 403, not 404. Each case acts on a throw-away
 * order of Demo Oy's demo employee, made in the status its action leaves from.
 */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

const TOTAL = 250_000;

/** A fresh Demo Oy order in `status`, with its agreement in `agreementStatus` (none when undefined). */
async function freshOrder(
  f: Fixtures,
  status: OrderStatus,
  agreementStatus?: RequestStatusWithSigned,
  extra: Partial<typeof orders.$inferInsert> = {},
): Promise<{ orderId: string; agreementId: string | null }> {
  const [order] = await f.db
    .insert(orders)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      orderStatus: status,
      totalPriceCents: TOTAL,
      vatPercent: 25.5,
      ...extra,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as string;
  if (agreementStatus === undefined) return { orderId, agreementId: null };
  const [agreement] = await f.db
    .insert(leasingAgreements)
    .values({
      orderId,
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      leasingCompanyId: f.leasingCompanyId,
      status: agreementStatus,
      leaseTimeMonths: 36,
      monthlyPaymentCents: 8_000,
      totalPriceCents: TOTAL,
    })
    .returning({ id: leasingAgreements.id });
  return { orderId, agreementId: agreement?.id as string };
}

/** A fresh store purchase invoice (RECEIVED) of a fresh order in `status`, with the order's total. */
async function freshInvoice(f: Fixtures, status: OrderStatus = "WAITING_FOR_INVOICE_MATCH"): Promise<string> {
  const { orderId } = await freshOrder(f, status);
  const [invoice] = await f.db
    .insert(invoices)
    .values({
      invoiceNumber: "MATRIISI-1",
      status: "RECEIVED",
      payerType: "PEDAALI",
      companyId: f.demoCompanyId,
      orderId,
      amountCents: 200_000,
      vatCents: 50_000,
      totalCents: TOTAL,
    })
    .returning({ id: invoices.id });
  return invoice?.id as string;
}

/**
 * A fresh bill of ours (SENT) to a leasing company that takes e-invoices, the kind that is given as a
 * Finvoice message; the leasing company is made once and shared by the cases.
 */
async function freshBill(f: Fixtures): Promise<string> {
  const name = "Matriisirahoitus Oy";
  await f.db
    .insert(leasingCompanies)
    .values({ companyName: name, eInvoiceAddress: "003734012368", eInvoiceOperator: "NDEAFIHH" })
    .onConflictDoNothing();
  const [leasing] = await f.db
    .select({ id: leasingCompanies.id })
    .from(leasingCompanies)
    .where(eq(leasingCompanies.companyName, name));
  const { orderId } = await freshOrder(f, "GRENKE_INVOICE_SENT");
  const [invoice] = await f.db
    .insert(invoices)
    .values({
      invoiceNumber: "PED-L-MATRIISI",
      status: "SENT",
      payerType: "OTHER",
      companyId: f.demoCompanyId,
      orderId,
      leasingCompanyId: leasing?.id as string,
      amountCents: 199_203,
      vatCents: 50_797,
      totalCents: TOTAL,
      referenceNumber: "1232",
      issueDate: "2026-02-01",
      dueDate: "2026-02-15",
    })
    .returning({ id: invoices.id });
  return invoice?.id as string;
}

async function orderParams(
  f: Fixtures,
  status: OrderStatus,
  agreementStatus?: RequestStatusWithSigned,
  extra: Partial<typeof orders.$inferInsert> = {},
) {
  return { params: { orderId: (await freshOrder(f, status, agreementStatus, extra)).orderId } };
}

export const PROCESSING_ROWS: readonly MatrixRow[] = [
  {
    operation: "POST /api/orders/{orderId}/send-to-leasing-company",
    call: (f) => orderParams(f, "CONFIRMED", "SIGNED"),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/process",
    call: (f) => orderParams(f, "CONFIRMED", "ACCEPTED"),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/bill",
    call: (f) => orderParams(f, "READY_FOR_BILLING", "ACCEPTED"),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/start-leasing",
    call: (f) => orderParams(f, "GRENKE_INVOICE_SENT", "ACCEPTED", { deliveryDate: "2026-01-15" }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/status",
    call: async (f) => ({ ...(await orderParams(f, "PENDING")), body: { to: "CASE_X", note: "Matriisi" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/orders/bulk-status",
    call: async (f) => ({
      body: {
        orderIds: [(await freshOrder(f, "PENDING")).orderId, (await freshOrder(f, "CONFIRMED")).orderId],
        to: "CASE_X",
      },
    }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/leasing-agreements/{id}/decision",
    ok: 202,
    call: async (f) => ({
      params: { id: (await freshOrder(f, "CONFIRMED", "PENDING")).agreementId as string },
      body: { decision: "REJECTED", reason: "Matriisin päätös" },
    }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/leasing-agreements/sync",
    call: () => ({}),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/invoices",
    ok: 201,
    call: async (f) => ({
      body: {
        orderId: (await freshOrder(f, "PROCESSED")).orderId,
        invoiceNumber: "MATRIISI-2",
        amountCents: 200_000,
        vatCents: 50_000,
        issueDate: "2026-02-01",
      },
    }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/invoices",
    call: () => ({ query: { status: "RECEIVED", payerType: "PEDAALI", limit: "5" } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/invoices/{id}",
    call: async (f) => ({ params: { id: await freshInvoice(f) } }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/invoices/{id}/finvoice.xml",
    call: async (f) => ({ params: { id: await freshBill(f) } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/invoices/{id}/match",
    call: async (f) => ({ params: { id: await freshInvoice(f) } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/invoices/{id}/status",
    call: async (f) => ({ params: { id: await freshInvoice(f, "PROCESSED") }, body: { status: "VERIFIED" } }),
    expect: adminsOnly,
  },
];
