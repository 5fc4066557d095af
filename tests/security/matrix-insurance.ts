import { insuranceClaimFiles, insuranceClaims } from "../../src/server/db/schema/index.ts";
import { bikeInUse } from "../../src/server/modules/insurance-claims/test-kit.ts";
import { SAMPLE_PNG } from "../helpers/sample-files.ts";
import { testFileStore } from "../helpers/test-db.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * Insurance claims and their files. Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * Reading (insurance-claims.manage, orders.read or own-order.manage): the helpdesk every claim, the
 * employer roles their companies' (reporting included), the employee their own; the other tenant's
 * list of Demo Oy is empty and Demo Oy's claim is 404 to them. Changing (insurance-claims.manage or
 * own-order.manage): the helpdesk, and the employee on their own open claim; the employer roles and
 * the other tenant hold neither permission, so 403. The steps are the helpdesk's only. Each case acts
 * on a throw-away claim of the demo employee's fresh bike in use.
 */
const readers: Expectations = { anonymous: 401, BIKE_STORE: 403, otherTenant: 404, rest: "ok" };
const scopedList: Expectations = { anonymous: 401, BIKE_STORE: 403, rest: "ok" };
const helpdeskOrOwner: Expectations = { anonymous: 401, admins: "ok", BIKE_BENEFICIARY: "ok", rest: 403 };
const helpdeskOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };

/** A fresh open claim of the demo employee's fresh bike in use; `outcome` set when given. */
async function freshClaim(f: Fixtures, outcome: "NEW_BIKE" | null = null): Promise<string> {
  const orderId = await bikeInUse(f.db, { id: f.employeeEmploymentId, companyId: f.demoCompanyId });
  const [claim] = await f.db
    .insert(insuranceClaims)
    .values({
      beneficiaryEmployeeId: f.employeeEmploymentId,
      companyId: f.demoCompanyId,
      orderId,
      type: "THEFT",
      outcome,
      policeReportNumber: "5500/R/MATRIISI",
      deductibleCents: 24_000,
      reportedByUserId: f.employeeUserId,
    })
    .returning({ id: insuranceClaims.id });
  return claim?.id as string;
}

/** A fresh claim with one photo: the claim's and the photo's ids. */
async function freshClaimFile(f: Fixtures): Promise<{ id: string; fileId: string }> {
  const id = await freshClaim(f);
  const stored = await testFileStore().put(f.db, {
    fileName: "kuva.png",
    mimeType: "image/png",
    content: SAMPLE_PNG,
    companyId: f.demoCompanyId,
    uploadedByUserId: f.employeeUserId,
  });
  const [file] = await f.db
    .insert(insuranceClaimFiles)
    .values({ insuranceClaimId: id, fileId: stored.id, fileName: "kuva.png" })
    .returning({ id: insuranceClaimFiles.id });
  return { id, fileId: file?.id as string };
}

export const INSURANCE_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/insurance-claims",
    call: () => ({ query: { searchTerm: "demo", status: "PENDING", type: "THEFT", page: "1", limit: "10" } }),
    expect: scopedList,
  },
  {
    operation: "POST /api/insurance-claims",
    ok: 201,
    call: async (f) => ({
      body: {
        beneficiaryEmployeeId: f.employeeEmploymentId,
        type: "DAMAGE",
        orderId: await bikeInUse(f.db, { id: f.employeeEmploymentId, companyId: f.demoCompanyId }),
        description: "Matriisin vahinko",
      },
    }),
    expect: helpdeskOrOwner,
  },
  {
    operation: "GET /api/insurance-claims/{id}",
    call: async (f) => ({ params: { id: await freshClaim(f) } }),
    expect: readers,
  },
  {
    operation: "PUT /api/insurance-claims/{id}",
    call: async (f) => ({ params: { id: await freshClaim(f) }, body: { description: "Matriisin muutos" } }),
    expect: helpdeskOrOwner,
  },
  {
    operation: "POST /api/insurance-claims/{id}/steps",
    call: async (f) => ({
      params: { id: await freshClaim(f, "NEW_BIKE") },
      body: { step: "INSURANCE_NEW_BIKE_CASE_SUBMITTED" },
    }),
    expect: helpdeskOnly,
  },
  {
    operation: "POST /api/insurance-claims/{id}/files",
    ok: 201,
    upload: true,
    call: async (f) => ({
      params: { id: await freshClaim(f) },
      query: { fileName: "vaurio.png" },
      rawBody: SAMPLE_PNG,
    }),
    expect: helpdeskOrOwner,
  },
  {
    operation: "GET /api/insurance-claims/{id}/files/{fileId}",
    call: async (f) => ({ params: await freshClaimFile(f) }),
    expect: readers,
  },
  {
    operation: "DELETE /api/insurance-claims/delete/{id}",
    call: async (f) => ({ params: { id: await freshClaim(f) } }),
    expect: helpdeskOrOwner,
  },
];
