import { createHash } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { cancelOpenOrders, packagedOrder } from "../../../../tests/helpers/package-order.ts";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { testFileStore } from "../../../../tests/helpers/test-db.ts";
import { zAwaitingEmployer, zOrderOffer, zSigningCodeSent } from "../../../contract/order-acceptance.ts";
import { type TOrderDetails, zOrderDetails } from "../../../contract/orders.ts";
import { zSignedDocumentEnvelope, zSignedDocumentPage } from "../../../contract/signed-documents.ts";
import { toHelsinkiDateString } from "../../../domain/dates.ts";
import { formatEurosInText } from "../../../domain/money-text.ts";
import {
  beneficiaryEmployees,
  bikePolicies,
  eventLog,
  files,
  leasingAgreements,
  orderCancellations,
  orderItems,
  orders,
  outbox,
  signedDocuments,
  users,
} from "../../db/schema/index.ts";

/**
 * The employee's signature with a fresh two-factor code, the employer's approval, the agreement PDF
 * and signed documents.
 */

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const EMPLOYEE = "employee@demo.test";
const DEMO_ADMIN = "employer.admin@demo.test";
const EDITOR = "employer.editor@demo.test";
const REPORTING = "reporting@demo.test";
const OTHER_TENANT = "employer.admin@toinen.test";
const ADMIN = "admin@pedaali.test";

let employmentId: string;
let employeeUserId: string;
let demoOyId: string;

beforeAll(async () => {
  const db = t.database.db;
  demoOyId = await companyIdByName(db, "Demo Oy");
  employeeUserId = await userIdByEmail(db, EMPLOYEE);
  const [row] = await db
    .select({ id: beneficiaryEmployees.id })
    .from(beneficiaryEmployees)
    .where(
      and(eq(beneficiaryEmployees.userId, employeeUserId), eq(beneficiaryEmployees.companyId, demoOyId)),
    );
  employmentId = row?.id as string;
});

beforeEach(async () => cancelOpenOrders(t.database.db, employmentId));
afterEach(async () => {
  await t.database.db.delete(bikePolicies).where(eq(bikePolicies.userId, employeeUserId));
});

/** The employee's own policy without the employer's approval (a user override of Demo Oy's). */
async function withoutApproval() {
  await t.database.db.insert(bikePolicies).values({
    companyId: demoOyId,
    userId: employeeUserId,
    minLeaseTimeMonths: 12,
    maxLeaseTimeMonths: 36,
    requiresEmployerApproval: false,
  });
}

async function acceptedOrder(): Promise<string> {
  const orderId = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
  // The employee accepts the package of the offer they read.
  const offer = zOrderOffer.parse((await call("GET", `/api/orders/${orderId}/offer`, EMPLOYEE)).json());
  const res = await call("POST", `/api/orders/${orderId}/accept`, EMPLOYEE, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
  });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}

async function code(orderId: string): Promise<string> {
  const res = await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE);
  expect(res.statusCode, res.body).toBe(200);
  const sent = zSigningCodeSent.parse(res.json());
  expect(sent.phoneNumberHint).toMatch(/•/);
  return sent.devCode as string;
}

async function sign(orderId: string, value: string): Promise<TOrderDetails> {
  const res = await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: value });
  expect(res.statusCode, res.body).toBe(200);
  return zOrderDetails.parse(res.json());
}

const wrong = (value: string) => (value === "000000" ? "111111" : "000000");
const sha256 = (bytes: Buffer | string) => createHash("sha256").update(bytes).digest("hex");
const today = () => toHelsinkiDateString(new Date());

describe("signing without the employer's approval", () => {
  it("signs with the code, keeps the PDF with its SHA-256 and evidence, and confirms with today's commitment", async () => {
    await withoutApproval();
    const orderId = await acceptedOrder();
    const value = await code(orderId);
    expectError(
      await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: wrong(value) }),
      400,
      "VERIFICATION_FAILED",
    );

    const order = await sign(orderId, value);
    expect(order).toMatchObject({
      orderStatus: "CONFIRMED",
      isOrderConfirmed: true,
      employerApprovalRequired: false,
      agreement: { status: "SIGNED", commitmentDate: today(), taxRegime: "TAXABLE" },
    });
    expect(order.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["LEASING_AGREEMENT_SIGNED", "ORDER_CONFIRMED"]),
    );
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.confirmedAt).not.toBeNull();

    const documentId = order.agreement?.signedDocumentId as string;
    const [doc] = await t.database.db
      .select()
      .from(signedDocuments)
      .where(eq(signedDocuments.id, documentId));
    expect(doc).toMatchObject({
      signedByUserId: employeeUserId,
      paymentStatus: "PENDING",
      leasingSignDate: today(),
    });
    expect(doc?.signerIp).toBeTruthy();
    const [file] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, doc?.fileId as string));
    expect(file?.mimeType).toBe("application/pdf");
    const stored = await testFileStore().read(t.database.db, file?.id as string);
    expect(sha256(stored?.content as Buffer)).toBe(doc?.documentSha256);

    const pdf = await call("GET", `/api/orders/${orderId}/agreement.pdf`, EMPLOYEE);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(sha256(pdf.rawPayload)).toBe(doc?.documentSha256);
    const downloaded = await call("GET", `/api/signed-documents/${documentId}/file`, EMPLOYEE);
    expect(sha256(downloaded.rawPayload)).toBe(doc?.documentSha256);
    const byEmployer = await call("GET", `/api/orders/${orderId}/agreement.pdf`, DEMO_ADMIN);
    expect(sha256(byEmployer.rawPayload)).toBe(doc?.documentSha256);

    // Signing again, or asking for another code, is refused; the used code signs nothing.
    expectError(
      await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: value }),
      409,
      "ORDER_ALREADY_SIGNED",
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE),
      409,
      "ORDER_ALREADY_SIGNED",
    );
  });

  it("writes a Swedish employee's signed agreement in Swedish, the draft too", async () => {
    await withoutApproval();
    const db = t.database.db;
    await db.update(users).set({ language: "sv" }).where(eq(users.id, employeeUserId));
    try {
      const orderId = await acceptedOrder();
      const draft = pdfTextOf(
        (await call("GET", `/api/orders/${orderId}/agreement.pdf`, EMPLOYEE)).rawPayload,
      );
      expect(draft).toContain("UTKAST – inte undertecknat");
      await sign(orderId, await code(orderId));
      // The signed bytes are the employee's language, whoever reads them.
      const signed = pdfTextOf(
        (await call("GET", `/api/orders/${orderId}/agreement.pdf`, DEMO_ADMIN)).rawPayload,
      );
      expect(signed).toContain("Leasingavtal för förmånscykel");
      expect(signed).toContain(
        "Undertecknat elektroniskt i Pedaali med en engångsverifieringskod som skickats per sms.",
      );
      expect(signed.some((line) => /^\d[\d\u00a0]*,\d\d\u00a0€$/.test(line))).toBe(true);
      expect(signed.join("\n")).not.toMatch(/Työsuhdepyörän leasingsopimus|Kuukausierä/);
    } finally {
      await db.update(users).set({ language: "fi" }).where(eq(users.id, employeeUserId));
    }
  });

  it("takes only the newest code, ends a code after five wrong tries, and never takes it twice", async () => {
    await withoutApproval();
    const orderId = await acceptedOrder();
    const first = await code(orderId);
    const second = await code(orderId);
    if (first !== second) {
      expectError(
        await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: first }),
        400,
        "VERIFICATION_FAILED",
      );
    }
    for (let i = 0; i < 4; i++) {
      expectError(await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: wrong(second) }), 400);
    }
    expectError(
      await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: second }),
      400,
      "VERIFICATION_EXPIRED",
    );
    const third = await code(orderId);
    await sign(orderId, third);
  });

  it("sends at most five codes per order in a quarter of an hour", async () => {
    const orderId = await acceptedOrder();
    for (let i = 0; i < 5; i++) await code(orderId);
    expectError(await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE), 429, "TOO_MANY_REQUESTS");
  });

  it("needs a phone number, an accepted order, the employee themself and a 6-digit code", async () => {
    const db = t.database.db;
    const packaged = await packagedOrder(db, { employmentId, companyId: demoOyId });
    expectError(
      await call("POST", `/api/orders/${packaged}/sign/code`, EMPLOYEE),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
    await db.update(orders).set({ orderStatus: "CANCELLED" }).where(eq(orders.id, packaged));
    const orderId = await acceptedOrder();
    expectError(await call("POST", `/api/orders/${orderId}/sign/code`, DEMO_ADMIN), 403, "FORBIDDEN");
    expectError(await call("POST", `/api/orders/${orderId}/sign/code`, ADMIN), 404, "NOT_FOUND");
    expectError(await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: "12345" }), 400);
    expectError(await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, {}), 400);
    expectError(
      await call("POST", `/api/orders/${orderId}/sign`, EMPLOYEE, { code: "123456" }),
      400,
      "VERIFICATION_EXPIRED",
    );
    const [user] = await db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, employeeUserId));
    await db.update(users).set({ phoneNumber: null }).where(eq(users.id, employeeUserId));
    try {
      expectError(
        await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE),
        400,
        "PHONE_NUMBER_REQUIRED_FOR_SIGNING",
      );
    } finally {
      await db
        .update(users)
        .set({ phoneNumber: user?.phone ?? null })
        .where(eq(users.id, employeeUserId));
    }
  });
});

describe("signing with the employer's approval (Demo Oy's policy)", () => {
  it("signed first: waits for the employer, who sees it and confirms it with today's commitment", async () => {
    const orderId = await acceptedOrder();
    const signed = await sign(orderId, await code(orderId));
    expect(signed).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      waitingOn: "EMPLOYER",
      employerApprovalRequired: true,
      agreement: { status: "SIGNED", commitmentDate: null },
    });
    const waiting = zAwaitingEmployer.parse(
      (await call("GET", "/api/orders/awaiting-employer", DEMO_ADMIN)).json(),
    );
    expect(waiting.items.map((o) => o.orderId)).toContain(orderId);
    const elsewhere = zAwaitingEmployer.parse(
      (await call("GET", "/api/orders/awaiting-employer", OTHER_TENANT)).json(),
    );
    expect(elsewhere.items.map((o) => o.orderId)).not.toContain(orderId);

    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    const approved = zOrderDetails.parse(res.json());
    expect(approved).toMatchObject({
      orderStatus: "CONFIRMED",
      agreement: { status: "SIGNED", commitmentDate: today() },
    });
    expect(approved.employerApprovedAt).not.toBeNull();
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true }),
      409,
      "ORDER_TRANSITION_NOT_ALLOWED",
    );
  });

  it("approved first: the employee's signature confirms", async () => {
    const orderId = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, EDITOR, { approve: true });
    expect(zOrderDetails.parse(res.json())).toMatchObject({
      orderStatus: "ALL_INFO_PROVIDED",
      waitingOn: "EMPLOYEE",
    });
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: false }),
      409,
      "EMPLOYER_ALREADY_DECIDED",
    );
    const order = await sign(orderId, await code(orderId));
    expect(order).toMatchObject({ orderStatus: "CONFIRMED", agreement: { commitmentDate: today() } });
  });

  it("approved first: the audit log keeps who approved, for which company, though the status stays", async () => {
    const orderId = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, EDITOR, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    // The order's moves so far (PENDING, PACKAGE_PROVIDED, ALL_INFO_PROVIDED) all have a `to`.
    const rows = await t.database.db
      .select()
      .from(eventLog)
      .where(
        and(
          eq(eventLog.entityType, "order"),
          eq(eventLog.entityId, orderId),
          sql`${eventLog.data}->>'decision' = 'EMPLOYER_APPROVED'`,
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "ORDER_STATUS_UPDATED",
      actorUserId: await userIdByEmail(t.database.db, EDITOR),
      companyId: demoOyId,
      entityType: "order",
      entityId: orderId,
      data: { decision: "EMPLOYER_APPROVED", by: "user" },
    });
    expect(rows[0]?.data).not.toHaveProperty("to");
  });

  it("refused: the order is cancelled as the employer's cancellation, with the reason", async () => {
    const orderId = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, {
      approve: false,
      reason: "Työsuhde päättymässä.",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(zOrderDetails.parse(res.json()).orderStatus).toBe("CANCELLED");
    const { db } = t.database;
    const cancellations = await db
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId));
    // Cancelled at once, the cancellation stays open for the helpdesk to settle any refund and close.
    expect(cancellations).toMatchObject([
      {
        status: "PENDING",
        requestedBy: "EMPLOYER",
        reason: "Työsuhde päättymässä.",
        orderStatusAtRequest: "ALL_INFO_PROVIDED",
        requestedByUserId: await userIdByEmail(db, DEMO_ADMIN),
      },
    ]);
    const [event] = await db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entityId, orderId), eq(eventLog.type, "ORDER_STATUS_UPDATED")))
      .orderBy(desc(eventLog.createdAt))
      .limit(1);
    expect(event?.data).toMatchObject({
      to: "CANCELLED",
      reason: "Työsuhde päättymässä.",
      orderCancellationId: cancellations[0]?.id,
    });
    expectError(await call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE), 409);
  });

  it("refused without a reason: the cancellation is recorded all the same", async () => {
    const orderId = await acceptedOrder();
    const res = await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, {
      approve: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [cancellation] = await t.database.db
      .select()
      .from(orderCancellations)
      .where(eq(orderCancellations.orderId, orderId));
    expect(cancellation).toMatchObject({ status: "PENDING", requestedBy: "EMPLOYER", reason: null });
  });

  it("is refused to reporting users (403), another tenant (404), bad input (400), and orders needing none (409)", async () => {
    const orderId = await acceptedOrder();
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, REPORTING, { approve: true }),
      403,
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, EMPLOYEE, { approve: true }),
      403,
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, OTHER_TENANT, { approve: true }),
      404,
    );
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: "yes" }),
      400,
    );
    expectError(await call("GET", "/api/orders/awaiting-employer", REPORTING), 403);
    await t.database.db.update(orders).set({ employerApprovalRequired: false }).where(eq(orders.id, orderId));
    expectError(
      await call("POST", `/api/orders/${orderId}/employer-decision`, DEMO_ADMIN, { approve: true }),
      409,
      "EMPLOYER_APPROVAL_NOT_REQUIRED",
    );
  });
});

describe("GET /api/orders/{orderId}/agreement.pdf", () => {
  it("renders a draft before signing, to the employee, the employer and the admin tier only (another tenant: 404)", async () => {
    const orderId = await acceptedOrder();
    for (const who of [EMPLOYEE, DEMO_ADMIN, ADMIN]) {
      const res = await call("GET", `/api/orders/${orderId}/agreement.pdf`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      expect(res.headers["content-disposition"]).toContain("luonnos-");
    }
    expectError(await call("GET", `/api/orders/${orderId}/agreement.pdf`, REPORTING), 403);
    expectError(await call("GET", `/api/orders/${orderId}/agreement.pdf`, OTHER_TENANT), 404);
    const packaged = await packagedOrder(t.database.db, { employmentId, companyId: demoOyId });
    expectError(await call("GET", `/api/orders/${packaged}/agreement.pdf`, EMPLOYEE), 404);
  });
});

describe("/api/signed-documents", () => {
  it("lists and reads scoped, changes only payment status and sign date, and never deletes a signed one", async () => {
    await withoutApproval();
    const orderId = await acceptedOrder();
    const order = await sign(orderId, await code(orderId));
    const id = order.agreement?.signedDocumentId as string;

    for (const who of [EMPLOYEE, DEMO_ADMIN, ADMIN]) {
      const page = zSignedDocumentPage.parse(
        (await call("GET", "/api/signed-documents?limit=100", who)).json(),
      );
      expect(page.data.map((d) => d.id)).toContain(id);
      // The employee signed it: the list names them as its signer.
      const listed = page.data.find((d) => d.id === id);
      expect(listed?.signerName).toBe(listed?.employee.name);
      expect(listed?.signerName).toBeTruthy();
      // The employee reads their own documents only.
      if (who === EMPLOYEE)
        expect(new Set(page.data.map((d) => d.employee.email))).toEqual(new Set([EMPLOYEE]));
    }
    const other = zSignedDocumentPage.parse(
      (await call("GET", "/api/signed-documents", OTHER_TENANT)).json(),
    );
    expect(other.data.map((d) => d.id)).not.toContain(id);
    expectError(await call("GET", `/api/signed-documents/${id}`, OTHER_TENANT), 404);
    expectError(await call("GET", "/api/signed-documents", REPORTING), 403);
    expectError(await call("GET", "/api/signed-documents?paymentStatus=MAYBE", ADMIN), 400);
    const searched = zSignedDocumentPage.parse(
      (
        await call("GET", `/api/signed-documents?search=${order.orderNumber}&paymentStatus=PENDING`, ADMIN)
      ).json(),
    );
    expect(searched.data.map((d) => d.id)).toEqual([id]);

    const asEmployer = zSignedDocumentEnvelope.parse(
      (await call("GET", `/api/signed-documents/${id}`, DEMO_ADMIN)).json(),
    );
    expect(asEmployer.data).toMatchObject({ hasEvidence: true, hasFile: true, signerIp: null, orderId });
    const asAdmin = zSignedDocumentEnvelope.parse(
      (await call("GET", `/api/signed-documents/${id}`, ADMIN)).json(),
    );
    expect(asAdmin.data.signerIp).toBeTruthy();

    const put = await call("PUT", `/api/signed-documents/${id}`, ADMIN, { paymentStatus: "PAID" });
    expect(put.statusCode, put.body).toBe(200);
    const changed = zSignedDocumentEnvelope.parse(put.json()).data;
    expect(changed).toMatchObject({ paymentStatus: "PAID", documentSha256: asAdmin.data.documentSha256 });
    expectError(await call("PUT", `/api/signed-documents/${id}`, ADMIN, {}), 400);
    expectError(await call("PUT", `/api/signed-documents/${id}`, DEMO_ADMIN, { paymentStatus: "PAID" }), 403);
    expectError(await call("DELETE", `/api/signed-documents/${id}`, ADMIN), 409, "SIGNED_DOCUMENT_LOCKED");
  });

  it("records a document by hand (admin tier), without evidence or file, and deletes it", async () => {
    const orderId = await acceptedOrder();
    const [agreement] = await t.database.db
      .select({ id: leasingAgreements.id })
      .from(leasingAgreements)
      .where(and(eq(leasingAgreements.orderId, orderId), isNull(leasingAgreements.status)));
    const body = {
      leasingAgreementId: agreement?.id,
      paymentStatus: "NOT_PAID",
      leasingSignDate: "2026-03-02",
    };
    expectError(await call("POST", "/api/signed-documents", DEMO_ADMIN, body), 403);
    expectError(
      await call("POST", "/api/signed-documents", ADMIN, { ...body, leasingSignDate: "2026-02-30" }),
      400,
    );
    expectError(
      await call("POST", "/api/signed-documents", ADMIN, {
        ...body,
        leasingAgreementId: "00000000-0000-4000-8000-000000000000",
      }),
      400,
    );
    const res = await call("POST", "/api/signed-documents", ADMIN, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = zSignedDocumentEnvelope.parse(res.json()).data;
    expect(created).toMatchObject({
      hasEvidence: false,
      hasFile: false,
      paymentStatus: "NOT_PAID",
      leasingSignDate: "2026-03-02",
    });
    expectError(await call("GET", `/api/signed-documents/${created.id}/file`, ADMIN), 404);
    const removed = await call("DELETE", `/api/signed-documents/${created.id}`, ADMIN);
    expect(removed.statusCode, removed.body).toBe(200);
    expectError(await call("GET", `/api/signed-documents/${created.id}`, ADMIN), 404);
  });
});

describe("the signing code's SMS names what is being signed", () => {
  afterEach(async () => {
    await t.database.db.update(users).set({ language: "fi" }).where(eq(users.id, employeeUserId));
  });

  it("names the order number, the bike and the monthly payment, in the signer's language (sv)", async () => {
    await withoutApproval();
    await t.database.db.update(users).set({ language: "sv" }).where(eq(users.id, employeeUserId));
    const orderId = await acceptedOrder();
    const value = await code(orderId);
    const db = t.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const [agreement] = await db
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.orderId, orderId))
      .orderBy(desc(leasingAgreements.createdAt));
    const [bike] = await db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), eq(orderItems.itemType, "BIKE")));
    const [sms] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, "SMS"), eq(outbox.template, "signing-code")))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const text = sms?.bodyText ?? "";
    expect(text).toContain(value);
    expect(text).toContain(`beställning ${order?.orderNumber}`);
    expect(text).toContain([bike?.brand, bike?.model].filter(Boolean).join(" ") || (bike?.name as string));
    expect(text).toContain(`månadsavgift ${formatEurosInText(agreement?.monthlyPaymentCents ?? -1, "sv")}`);
    expect(text).toContain("signeringskod");
    // Never the login code's words: a signing code read out as a login code is how people are fooled.
    expect(text).not.toContain("verifieringskod");
    // Recorded in the message outbox as sent, for the employee's account, without the code: no resend.
    const [recorded] = await outboxRowsOf(t.database, "ORDER_SIGNING_CODE");
    expect(recorded).toMatchObject({
      userId: employeeUserId,
      channel: "SMS",
      recipient: sms?.recipient,
      language: "sv",
      status: "SENT",
      template: "signing-code",
    });
    expect(recorded?.params).toEqual({});
    expect(JSON.stringify(recorded)).not.toContain(value);
  });
});
