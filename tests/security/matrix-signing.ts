import { files, signedDocuments } from "../../src/server/db/schema/index.ts";
import { sha256Hex } from "../../src/server/files/file-store.ts";
import { acceptedOrder, packagedOrder, packageVersionOf } from "../helpers/package-order.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The employee's acceptance and signature, the employer's approval and signed documents.
 * Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * own-order.manage acts on the caller's own order only: the admin tier holds the permission but has
 * no order of its own, so the demo employee's order is 404 to them. orders.approve: the admin tier
 * and the employer managers, in scope (the other tenant 404), not reporting. signed-documents.read:
 * the same roles; the employee reads their own documents through own-order.manage.
 * signed-documents.manage: the admin tier.
 */

const notTheirs = { status: 404, code: "NOT_FOUND", why: "the demo employee's order is not the admin's own" };

const employeeOnly: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: "ok",
  admins: notTheirs,
  rest: 403,
};

/** The employee (own), the admin tier (all), the employer managers (scoped); not reporting. */
const documentReaders: Expectations = {
  anonymous: 401,
  BIKE_BENEFICIARY: "ok",
  admins: "ok",
  employerManagers: "ok",
  otherTenant: 404,
  rest: 403,
};

const packaged = (f: Fixtures) =>
  packagedOrder(f.db, { employmentId: f.employeeEmploymentId, companyId: f.demoCompanyId });

const accepted = (f: Fixtures, employerApprovalRequired: boolean) =>
  acceptedOrder(f.db, {
    employmentId: f.employeeEmploymentId,
    companyId: f.demoCompanyId,
    employeeUserId: f.employeeUserId,
    leasingCompanyId: f.leasingCompanyId,
    employerApprovalRequired,
  });

/** A Demo Oy signed document recorded by hand (no evidence), with a PDF when asked. */
async function manualDocument(f: Fixtures, withFile = false): Promise<string> {
  const { agreementId } = await accepted(f, false);
  let fileId: string | null = null;
  if (withFile) {
    const content = Buffer.from("%PDF-1.7\n% matrix\n");
    const [file] = await f.db
      .insert(files)
      .values({
        fileName: "sopimus.pdf",
        mimeType: "application/pdf",
        sizeBytes: content.byteLength,
        sha256: sha256Hex(content),
        content,
        companyId: f.demoCompanyId,
      })
      .returning({ id: files.id });
    fileId = file?.id ?? null;
  }
  const [doc] = await f.db
    .insert(signedDocuments)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      leasingAgreementId: agreementId,
      companyId: f.demoCompanyId,
      fileId,
    })
    .returning({ id: signedDocuments.id });
  return doc?.id as string;
}

export const SIGNING_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/orders/my/benefit",
    call: () => ({}),
    expect: {
      anonymous: 401,
      BIKE_BENEFICIARY: "ok",
      admins: { status: 404, code: "NOT_FOUND", why: "no employment of their own" },
      rest: 403,
    },
  },
  {
    operation: "GET /api/orders/{orderId}/offer",
    call: async (f) => ({ params: { orderId: await packaged(f) }, query: { leaseTimeMonths: "36" } }),
    expect: employeeOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/accept",
    call: async (f) => {
      const orderId = await packaged(f);
      return {
        params: { orderId },
        body: { leaseTimeMonths: 36, packageVersion: await packageVersionOf(f.db, orderId) },
      };
    },
    expect: employeeOnly,
  },
  {
    operation: "POST /api/orders/{orderId}/sign/code",
    call: async (f) => ({ params: { orderId: (await accepted(f, true)).orderId } }),
    expect: employeeOnly,
  },
  {
    // The code itself is random and hashed with the app's secret: the right code's path is
    // signing.db.test.ts's. Here the employee passes the guard and the ownership check and meets the
    // code step (no code was sent for the fresh order); everyone else stops before it.
    operation: "POST /api/orders/{orderId}/sign",
    call: async (f) => ({ params: { orderId: (await accepted(f, true)).orderId }, body: { code: "123456" } }),
    expect: {
      ...employeeOnly,
      BIKE_BENEFICIARY: { status: 400, code: "VERIFICATION_EXPIRED", why: "no code was sent for this order" },
    },
  },
  {
    operation: "GET /api/orders/{orderId}/agreement.pdf",
    call: async (f) => ({ params: { orderId: (await accepted(f, true)).orderId } }),
    expect: documentReaders,
  },
  {
    operation: "POST /api/orders/{orderId}/employer-decision",
    call: async (f) => ({ params: { orderId: (await accepted(f, true)).orderId }, body: { approve: true } }),
    expect: { anonymous: 401, admins: "ok", employerManagers: "ok", otherTenant: 404, rest: 403 },
  },
  {
    operation: "GET /api/orders/awaiting-employer",
    call: () => ({}),
    expect: { anonymous: 401, admins: "ok", employerManagers: "ok", otherTenant: "ok", rest: 403 },
  },
  {
    operation: "GET /api/signed-documents",
    call: () => ({ query: { paymentStatus: "PENDING", search: "Laine" } }),
    expect: { ...documentReaders, otherTenant: "ok" },
  },
  {
    operation: "POST /api/signed-documents",
    ok: 201,
    call: async (f) => {
      const { agreementId } = await accepted(f, false);
      return { body: { leasingAgreementId: agreementId, paymentStatus: "PENDING" } };
    },
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "GET /api/signed-documents/{id}",
    call: async (f) => ({ params: { id: await manualDocument(f) } }),
    expect: documentReaders,
  },
  {
    operation: "PUT /api/signed-documents/{id}",
    call: async (f) => ({ params: { id: await manualDocument(f) }, body: { paymentStatus: "PAID" } }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "DELETE /api/signed-documents/{id}",
    call: async (f) => ({ params: { id: await manualDocument(f) } }),
    expect: { anonymous: 401, admins: "ok", rest: 403 },
  },
  {
    operation: "GET /api/signed-documents/{id}/file",
    call: async (f) => ({ params: { id: await manualDocument(f, true) } }),
    expect: documentReaders,
  },
];
