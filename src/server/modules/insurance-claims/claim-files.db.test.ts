import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import {
  elevenMegabytes,
  justOverLimit,
  RENAMED_EXE,
  realPdf,
  SAMPLE_HEIC,
  SAMPLE_PNG,
} from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zInsuranceClaim, zInsuranceClaimFile } from "../../../contract/insurance-claims.ts";
import { buildApp } from "../../app.ts";
import { testConfig } from "../../config.ts";
import { files, insuranceClaimFiles, rateLimitCounters } from "../../db/schema/index.ts";
import { memoryBlobStore } from "../../files/blob-store.ts";
import { createFileStore } from "../../files/file-store.ts";
import type { ScanVerdict } from "../../files/virus-scan.ts";
import { bikeInUse, EMPLOYEE, EMPLOYER, employmentOf, HELPDESK, MISSING, OTHER_TENANT } from "./test-kit.ts";

/** An insurance claim's photos and documents (ADR 009, "Uploads"): uploads checked by their bytes. */

/** The app's secret, shared with the second app below so a session works on both. */
const JWT_SECRET = "claim-files-test-secret-of-at-least-32-characters";
const t = setupTestApp({ jwtSecret: JWT_SECRET }, { demoData: true });
const { as, call } = apiCaller(t);

const COLLEAGUE = "juho.nieminen@demo.test";
let employee: Awaited<ReturnType<typeof employmentOf>>;

beforeAll(async () => {
  employee = await employmentOf(t.database.db, EMPLOYEE);
});

async function newClaim(): Promise<string> {
  const orderId = await bikeInUse(t.database.db, employee);
  const res = await call("POST", "/api/insurance-claims", EMPLOYEE, {
    beneficiaryEmployeeId: employee.id,
    type: "DAMAGE",
    orderId,
    description: "Etuhaarukka vääntyi kolarissa.",
  });
  expect(res.statusCode, res.body).toBe(201);
  return zInsuranceClaim.parse(res.json()).insuranceId;
}

/** Sends the bytes as the web app does: octet-stream, the name in the query. */
async function upload(claimId: string, who: string | null, content: Buffer, fileName = "kuva.png") {
  const headers = who ? (await as(who)).headers() : {};
  return t.app.inject({
    method: "POST",
    url: `/api/insurance-claims/${claimId}/files?${new URLSearchParams({ fileName })}`,
    headers: { ...headers, "content-type": "application/octet-stream" },
    payload: content,
  });
}

const stored = async () => ({
  files: await t.database.db.$count(files),
  claimFiles: await t.database.db.$count(insuranceClaimFiles),
});

async function completed(claimId: string) {
  const put = await call("PUT", `/api/insurance-claims/${claimId}`, HELPDESK, { outcome: "NEW_BIKE" });
  expect(put.statusCode, put.body).toBe(200);
  for (const step of [
    "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
    "INSURANCE_GRENKE_INVOICE_SENT",
    "INSURANCE_CASE_COMPLETED",
  ]) {
    const res = await call("POST", `/api/insurance-claims/${claimId}/steps`, HELPDESK, { step });
    expect(res.statusCode, res.body).toBe(200);
  }
}

describe("POST /api/insurance-claims/{id}/files", () => {
  it("stores a real PDF and a PNG by their sniffed type, and gives them back byte for byte", async () => {
    const claimId = await newClaim();
    const pdf = await realPdf("Korjausarvio 465,00 €");
    const pdfRes = await upload(claimId, EMPLOYEE, pdf, "../../korjausarvio.PDF");
    expect(pdfRes.statusCode, pdfRes.body).toBe(201);
    const pdfRef = zInsuranceClaimFile.parse(pdfRes.json());
    expect(pdfRef).toMatchObject({
      fileName: "korjausarvio.pdf",
      mimeType: "application/pdf",
      sizeBytes: pdf.length,
    });
    const pngRes = await upload(claimId, HELPDESK, SAMPLE_PNG, "vaurio.jpg");
    expect(pngRes.statusCode, pngRes.body).toBe(201);
    const pngRef = zInsuranceClaimFile.parse(pngRes.json());
    expect(pngRef).toMatchObject({ fileName: "vaurio.jpg.png", mimeType: "image/png" });

    const back = await call("GET", `/api/insurance-claims/${claimId}/files/${pdfRef.id}`, EMPLOYEE);
    expect(back.statusCode).toBe(200);
    expect(back.headers["content-type"]).toBe("application/pdf");
    expect(back.headers["x-content-type-options"]).toBe("nosniff");
    expect(back.rawPayload.equals(pdf)).toBe(true);

    const claim = zInsuranceClaim.parse(
      (await call("GET", `/api/insurance-claims/${claimId}`, EMPLOYEE)).json(),
    );
    expect(claim.files.map((f) => f.id)).toEqual([pdfRef.id, pngRef.id]);
    expect(claim.events.filter((e) => e.type === "INSURANCE_CLAIM_FILE_ADDED")).toHaveLength(2);
    const [row] = await t.database.db
      .select({ companyId: files.companyId })
      .from(files)
      .innerJoin(insuranceClaimFiles, eq(insuranceClaimFiles.fileId, files.id))
      .where(eq(insuranceClaimFiles.id, pdfRef.id));
    expect(row?.companyId).toBe(employee.companyId);
  });

  it("takes a phone's HEIC photo as it is and sends it back as a download, streamed with its length", async () => {
    const claimId = await newClaim();
    const res = await upload(claimId, EMPLOYEE, SAMPLE_HEIC, "IMG_4211.HEIC");
    expect(res.statusCode, res.body).toBe(201);
    const ref = zInsuranceClaimFile.parse(res.json());
    expect(ref).toMatchObject({
      fileName: "IMG_4211.heic",
      mimeType: "image/heic",
      sizeBytes: SAMPLE_HEIC.length,
    });

    const back = await call("GET", `/api/insurance-claims/${claimId}/files/${ref.id}`, EMPLOYEE);
    expect(back.statusCode).toBe(200);
    expect(back.headers["content-type"]).toBe("image/heic");
    // Most browsers cannot show HEIC: it is saved, never opened in our origin.
    expect(back.headers["content-disposition"]).toBe(
      `attachment; filename="IMG_4211.heic"; filename*=UTF-8''IMG_4211.heic`,
    );
    expect(back.headers["content-length"]).toBe(String(SAMPLE_HEIC.length));
    expect(back.rawPayload.equals(SAMPLE_HEIC)).toBe(true);
    const png = zInsuranceClaimFile.parse((await upload(claimId, EMPLOYEE, SAMPLE_PNG, "runko.png")).json());
    const shown = await call("GET", `/api/insurance-claims/${claimId}/files/${png.id}`, EMPLOYEE);
    expect(shown.headers["content-disposition"]).toMatch(/^inline; filename="runko.png"/);
  });

  it("refuses a renamed executable, 11 MB, one byte over the limit and an empty body, storing nothing", async () => {
    const claimId = await newClaim();
    const before = await stored();
    expectError(await upload(claimId, EMPLOYEE, RENAMED_EXE, "kuitti.pdf"), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(await upload(claimId, EMPLOYEE, elevenMegabytes(), "iso.pdf"), 400, "FILE_TOO_LARGE");
    expectError(await upload(claimId, EMPLOYEE, justOverLimit(), "raja.pdf"), 400, "FILE_TOO_LARGE");
    expectError(await upload(claimId, EMPLOYEE, Buffer.alloc(0), "tyhja.pdf"), 400, "FILE_EMPTY");
    expectError(await upload(claimId, EMPLOYEE, SAMPLE_PNG, ""), 400);
    expect(await stored()).toEqual(before);
  });

  it("holds at most 20 files", async () => {
    const claimId = await newClaim();
    for (let i = 0; i < 20; i++)
      expect((await upload(claimId, EMPLOYEE, SAMPLE_PNG, `kuva-${i}.png`)).statusCode).toBe(201);
    const before = await stored();
    expectError(await upload(claimId, EMPLOYEE, SAMPLE_PNG), 409, "CONFLICT");
    expectError(await upload(claimId, HELPDESK, SAMPLE_PNG), 409, "CONFLICT");
    expect(await stored()).toEqual(before);
  });

  it("takes the employee's files on an open claim only; the helpdesk's on a closed one too", async () => {
    const claimId = await newClaim();
    await completed(claimId);
    expectError(await upload(claimId, EMPLOYEE, SAMPLE_PNG), 409, "INSURANCE_CLAIM_CLOSED");
    expect((await upload(claimId, HELPDESK, await realPdf("Lasku"), "lasku.pdf")).statusCode).toBe(201);
  });

  it("keeps the others out", async () => {
    const claimId = await newClaim();
    const before = await stored();
    expectError(await upload(claimId, COLLEAGUE, SAMPLE_PNG), 404);
    for (const who of [EMPLOYER, "reporting@demo.test", OTHER_TENANT])
      expectError(await upload(claimId, who, SAMPLE_PNG), 403);
    expectError(await upload(claimId, null, SAMPLE_PNG), 401);
    expectError(await upload(MISSING, HELPDESK, SAMPLE_PNG), 404);
    expect(await stored()).toEqual(before);
  });
});

describe("GET /api/insurance-claims/{id}/files/{fileId}", () => {
  it("gives the file to whoever may read the claim, and only under its own claim", async () => {
    const claimId = await newClaim();
    const ref = zInsuranceClaimFile.parse((await upload(claimId, EMPLOYEE, SAMPLE_PNG)).json());
    const path = `/api/insurance-claims/${claimId}/files/${ref.id}`;
    for (const who of [HELPDESK, EMPLOYER, "reporting@demo.test", EMPLOYEE]) {
      const res = await call("GET", path, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
    }
    expectError(await call("GET", path, OTHER_TENANT), 404);
    expectError(await call("GET", path, COLLEAGUE), 404);
    expectError(await call("GET", path, null), 401);
    const otherClaim = await newClaim();
    expectError(await call("GET", `/api/insurance-claims/${otherClaim}/files/${ref.id}`, HELPDESK), 404);
    expectError(await call("GET", `/api/insurance-claims/${claimId}/files/${MISSING}`, HELPDESK), 404);
    expectError(await call("GET", `/api/insurance-claims/${claimId}/files/x`, HELPDESK), 400);
  });

  it("deletes a claim's files with it", async () => {
    const claimId = await newClaim();
    const ref = zInsuranceClaimFile.parse((await upload(claimId, EMPLOYEE, SAMPLE_PNG)).json());
    const [link] = await t.database.db
      .select({ fileId: insuranceClaimFiles.fileId })
      .from(insuranceClaimFiles)
      .where(eq(insuranceClaimFiles.id, ref.id));
    const res = await call("DELETE", `/api/insurance-claims/delete/${claimId}`, EMPLOYEE);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.$count(files, eq(files.id, link?.fileId as string))).toBe(0);
  });
});

describe("uploads with the virus scan on (CLAMAV_HOST)", () => {
  // The scanner's own talk with ClamAV is tested against a real daemon in virus-scan.test.ts; here
  // the app around it: what an infected file and an unreachable scanner do to an upload.
  let verdict: () => Promise<ScanVerdict> = async () => ({ infected: false });
  let scanned: FastifyInstance;

  beforeAll(async () => {
    const scanner = { scan: () => verdict() };
    scanned = await buildApp(testConfig({ jwtSecret: JWT_SECRET }), {
      database: t.database,
      files: createFileStore(memoryBlobStore(), scanner),
    });
    await scanned.ready();
  });
  afterAll(() => scanned?.close());

  async function scannedUpload(claimId: string, content: Buffer) {
    const session = await as(EMPLOYEE);
    return scanned.inject({
      method: "POST",
      url: `/api/insurance-claims/${claimId}/files?fileName=kuva.png`,
      headers: { ...session.headers(), "content-type": "application/octet-stream" },
      payload: content,
    });
  }

  it("stores a clean file, refuses an infected one with its signature, and answers 503 when the scan cannot be had", async () => {
    const claimId = await newClaim();
    expect((await scannedUpload(claimId, SAMPLE_PNG)).statusCode).toBe(201);
    const before = await stored();

    verdict = async () => ({ infected: true, signature: "Eicar-Test-Signature" });
    const infected = expectError(await scannedUpload(claimId, SAMPLE_PNG), 400, "FILE_INFECTED");
    expect(infected.message).toBe("The file contains malware (Eicar-Test-Signature) and was not stored");
    expect(infected.details).toEqual([{ field: "body", message: infected.message }]);

    verdict = async () => {
      throw new Error("The virus scan is unavailable: ClamAV at 127.0.0.1:3310 could not be reached");
    };
    const down = await scannedUpload(claimId, SAMPLE_PNG);
    expectError(down, 503, "SERVICE_UNAVAILABLE");
    expect(down.body).not.toContain("127.0.0.1");
    expect(await stored()).toEqual(before);
  });
});

describe("limits per user", () => {
  it("stops an employee's flood of uploads with 429 without stopping a colleague behind the same address", async () => {
    let target = await newClaim();
    let refused: Awaited<ReturnType<typeof upload>> | null = null;
    // 60 uploads in 10 minutes (earlier cases' uploads count too); a full claim (409) gives way to a new one.
    for (let i = 0; i < 70 && !refused; i++) {
      const res = await upload(target, EMPLOYEE, SAMPLE_PNG, `kuva-${i}.png`);
      if (res.statusCode === 409) target = await newClaim();
      else if (res.statusCode === 429) refused = res;
      else expect(res.statusCode, res.body).toBe(201);
    }
    expect(refused, "no 429 within 70 uploads").not.toBeNull();
    expectError(refused as NonNullable<typeof refused>, 429, "TOO_MANY_REQUESTS");
    // The helpdesk, from the same address, still uploads.
    expect((await upload(target, HELPDESK, await realPdf("Arvio"), "arvio.pdf")).statusCode).toBe(201);
  });

  // The cases run in a random order: the employee's next ones start from no count.
  afterAll(async () => {
    await t.database.db.delete(rateLimitCounters);
  });
});
