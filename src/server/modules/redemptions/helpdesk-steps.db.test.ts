import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectError } from "../../../../tests/helpers/api.ts";
import { outboxRowsOf } from "../../../../tests/helpers/outbox.ts";
import { elevenMegabytes, RENAMED_EXE, realPdf, SAMPLE_PNG } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zBikeRedemptionDetails, zBikeRedemptionSaved } from "../../../contract/bike-redemptions.ts";
import { zRedemptionOfferSaved } from "../../../contract/redemption-offers.ts";
import { redemptionPriceCents } from "../../../domain/redemption.ts";
import {
  bikeBrokerages,
  files,
  invoices,
  leasingAgreements,
  outbox,
  userPayments,
} from "../../db/schema/index.ts";
import {
  EMPLOYEE,
  EMPLOYER,
  endingLease,
  HELPDESK,
  MISSING,
  monthEnd,
  OTHER_TENANT,
  REPORTING,
  redemptionKit,
  today,
} from "./test-kit.ts";

/**
 * The helpdesk's steps on a redemption case (ADR 009, "The lease's end"): changing and cancelling it,
 * buying the bike from the leasing company, completing it, and its offers.
 */

const t = setupTestApp({}, { demoData: true });
const { call, as, db, lease, open, details, choose, pay, caseRow } = redemptionKit(t);

describe("PUT and DELETE /api/bike-redemption/{id}", () => {
  it("changes the figures, recomputes the price from a new last day and remakes an open payment", async () => {
    const l = await lease({ billingTable: false });
    const c = await open(l.orderId, HELPDESK, { reason: "EMPLOYEE_RESIGNED" });
    await choose(c.id, { choice: "REDEEM", paymentMethod: "PAYROLL" });
    const newEnd = monthEnd(2);
    const res = await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, {
      leaseEndsOn: newEnd,
      note: "Sovittu",
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = zBikeRedemptionSaved.parse(res.json());
    expect(saved.message).toBe("Bike redemption updated successfully");
    const price = redemptionPriceCents(
      { packageCents: 300_000, residualCents: 15_000, leaseTimeMonths: 36, annualInterestPercent: 0 },
      15,
    );
    expect(saved.bikeRedemption).toMatchObject({
      leaseEndsOn: newEnd,
      redemptionPriceCents: price,
      note: "Sovittu",
    });
    expect(saved.bikeRedemption.userPayment).toMatchObject({ amountCents: price, paymentStatus: "PENDING" });
    const cancelled = await db()
      .select()
      .from(userPayments)
      .where(and(eq(userPayments.bikeRedemptionId, c.id), eq(userPayments.paymentStatus, "CANCELLED")));
    expect(cancelled).toHaveLength(1);
    const priced = zBikeRedemptionSaved.parse(
      (await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 100_000 })).json(),
    );
    expect(priced.bikeRedemption.redemptionPriceCents).toBe(100_000);
    expect(priced.bikeRedemption.agreement?.rulePriceCents).toBe(price);
    await pay(c.id);
    expectError(
      await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 1 }),
      409,
      "REDEMPTION_CLOSED",
    );
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK), 409, "REDEMPTION_CLOSED");
  });

  it("answers 400 to bad figures, 403 to every other side, 404 to a missing case", async () => {
    const c = await open((await lease()).orderId);
    for (const body of [
      {},
      { leaseEndsOn: "2026-02-15" },
      { redemptionPriceCents: -1 },
      { redemptionPriceCents: 1.5 },
      { leaseEndsOn: "2000-01-31" },
    ])
      expectError(await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, body), 400);
    expect((await caseRow(c.id)).redemptionPriceCents).toBe(c.redemptionPriceCents);
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT, REPORTING])
      expectError(await call("PUT", `/api/bike-redemption/${c.id}`, who, { note: "x" }), 403);
    expectError(await call("PUT", `/api/bike-redemption/${c.id}`, null, { note: "x" }), 401);
    expectError(await call("PUT", `/api/bike-redemption/${MISSING}`, HELPDESK, { note: "x" }), 404);
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, EMPLOYER), 403);
  });

  it("cancels a case, kept for history, its open payment cancelled; a closed case is 409", async () => {
    const c = await open((await lease()).orderId);
    await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    const res = await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Bike redemption deleted successfully" });
    const row = await caseRow(c.id);
    expect(row.status).toBe("CANCELLED");
    const [payment] = await db().select().from(userPayments).where(eq(userPayments.bikeRedemptionId, c.id));
    expect(payment?.paymentStatus).toBe("CANCELLED");
    expectError(await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK), 409, "REDEMPTION_CLOSED");
    expectError(await choose(c.id, { choice: "RETURN" }), 409, "REDEMPTION_CLOSED");
    // Its order may have a new case.
    expect(
      (
        await call("POST", "/api/bike-redemption", HELPDESK, {
          orderId: row.orderId,
          reason: "LEASE_TERM_ENDS",
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe("the helpdesk's steps: the leasing company's invoice and completion", () => {
  it("buys the bike from the leasing company once, then completes a paid redemption and ends the lease", async () => {
    const l = await endingLease(db(), { email: EMPLOYEE });
    const c = await open(l.orderId);
    expectError(await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, EMPLOYER), 403);
    const invoiced = await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, HELPDESK);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const after = zBikeRedemptionDetails.parse(invoiced.json());
    expect(after.leasingCompanyInvoiceSentAt).not.toBeNull();
    expect(after.leasingCompanyInvoice).toMatchObject({
      totalCents: 15_000,
      invoiceNumber: `PED-R-${l.orderNumber}`,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bikeRedemptionId, c.id));
    expect(invoice).toMatchObject({
      payerType: "PEDAALI",
      amountCents: 11_952,
      vatCents: 3_048,
      totalCents: 15_000,
      status: "SENT",
    });
    expect(after.redemptionPayments).toMatchObject([
      { payerType: "PEDAALI", amountCents: 15_000, status: "PENDING" },
    ]);
    expect((await details(c.id, EMPLOYER)).leasingCompanyInvoice).toBeNull();
    expectError(await call("POST", `/api/bike-redemption/${c.id}/grenke-invoice`, HELPDESK), 409, "CONFLICT");

    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "LEASE_END_CHOICE_NOT_ALLOWED",
    );
    await choose(c.id, { choice: "REDEEM", paymentMethod: "BATCH" });
    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "REDEMPTION_NOT_PAID",
    );
    await pay(c.id);
    expectError(await call("POST", `/api/bike-redemption/${c.id}/complete`, EMPLOYEE), 403);
    const done = await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK);
    expect(done.statusCode, done.body).toBe(200);
    const completed = zBikeRedemptionDetails.parse(done.json());
    expect(completed).toMatchObject({ status: "COMPLETED", allowedActions: ["RECORD_PAYMENT"] });
    expect(completed.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "BIKE_REDEMPTION_USER_PAYMENT_PAID",
        "BIKE_REDEMPTION_COMPLETED",
        "LEASING_ENDED",
      ]),
    );
    expectError(
      await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK),
      409,
      "REDEMPTION_CLOSED",
    );
    const mails = await db()
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(and(eq(outbox.recipient, EMPLOYEE), eq(outbox.template, "redemption-completed")));
    expect(mails.map((m) => m.subject).some((subject) => subject?.includes(String(l.orderNumber)))).toBe(
      true,
    );
    const [queued] = await outboxRowsOf(t.database, "REDEMPTION_COMPLETED", { caseId: c.id });
    expect(queued?.params).toEqual({ caseId: c.id });
    expect(queued).toMatchObject({ recipient: EMPLOYEE, status: "SENT" });
  });

  it("completes a return: the lease ends early and the bike waits in the brokerage, not listed yet", async () => {
    const l = await lease();
    const c = await open(l.orderId, EMPLOYER, {
      reason: "EMPLOYER_ENDED_EMPLOYMENT",
      lastWorkingDay: today(),
    });
    await choose(c.id, { choice: "RETURN" }, EMPLOYER);
    const done = zBikeRedemptionDetails.parse(
      (await call("POST", `/api/bike-redemption/${c.id}/complete`, HELPDESK)).json(),
    );
    expect(done.brokerage).toMatchObject({ status: "PENDING", listedAt: null });
    const [agreement] = await db()
      .select()
      .from(leasingAgreements)
      .where(eq(leasingAgreements.id, l.agreementId));
    expect(agreement?.endDate).toBe(monthEnd());
    const [brokerage] = await db()
      .select()
      .from(bikeBrokerages)
      .where(eq(bikeBrokerages.bikeRedemptionId, c.id));
    expect(brokerage).toMatchObject({
      orderId: l.orderId,
      contactName: "Pedaali asiakaspalvelu",
      brand: "Tunturi",
    });
  });
});

describe("POST /api/bike-redemption/{id}/offer and POST /api/redemptionOffer", () => {
  it("makes the offer again after a price change, and takes an uploaded PDF or image", async () => {
    const c = await open((await lease()).orderId);
    await call("PUT", `/api/bike-redemption/${c.id}`, HELPDESK, { redemptionPriceCents: 12_345 });
    const again = await call("POST", `/api/bike-redemption/${c.id}/offer`, HELPDESK);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      message: "Redemption offer created successfully",
      offer: { offerPriceCents: 12_345 },
    });
    expectError(await call("POST", `/api/bike-redemption/${c.id}/offer`, EMPLOYEE), 403);
    expect((await details(c.id)).offers).toHaveLength(2);
  });

  async function upload(
    caseId: string,
    body: Buffer,
    who: string | null = HELPDESK,
    fileName = "tarjous.pdf",
  ) {
    const session = who ? (await as(who)).headers() : {};
    return t.app.inject({
      method: "POST",
      url: `/api/redemptionOffer?bikeRedemptionId=${caseId}&fileName=${encodeURIComponent(fileName)}`,
      headers: { ...session, "content-type": "application/octet-stream" },
      payload: body,
    });
  }

  const storedFiles = async () => (await db().select({ id: files.id }).from(files)).length;

  it("stores an uploaded PDF or image as an offer at the case's price and deadline", async () => {
    const c = await open((await lease()).orderId);
    const res = await upload(
      c.id,
      await realPdf("Lunastustarjous 150,00 €"),
      HELPDESK,
      "../Tarjous\u202e.pdf",
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = zRedemptionOfferSaved.parse(res.json());
    expect(saved).toMatchObject({
      message: "Redemption offer uploaded successfully",
      offer: {
        bikeRedemptionId: c.id,
        offerPriceCents: c.redemptionPriceCents,
        validUntil: c.decisionDeadline,
      },
    });
    expect(saved.offer.file.fileName).not.toContain("/");
    const png = zRedemptionOfferSaved.parse((await upload(c.id, SAMPLE_PNG, HELPDESK, "kuva.png")).json());
    expect(png.offer.file.mimeType).toBe("image/png");
    const file = await call("GET", png.offer.fileUrl, EMPLOYEE);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    const after = await details(c.id);
    expect(after.offers).toHaveLength(3);
    expect(after.events.filter((e) => e.type === "BIKE_REDEMPTION_OFFER_ADDED")).toHaveLength(3);
  });

  it("refuses a renamed executable, 11 MB and an empty body with 400 and stores nothing", async () => {
    const c = await open((await lease()).orderId);
    const before = await storedFiles();
    expectError(await upload(c.id, RENAMED_EXE, HELPDESK, "kuitti.pdf"), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(await upload(c.id, elevenMegabytes()), 400, "FILE_TOO_LARGE");
    expectError(await upload(c.id, Buffer.alloc(0)), 400, "FILE_EMPTY");
    expect(await storedFiles()).toBe(before);
    expect((await details(c.id)).offers).toHaveLength(1);
  });

  it("is the helpdesk's: 403 for the other sides, 401 anonymous, 404 for no case, 409 on a closed case", async () => {
    const c = await open((await lease()).orderId);
    const pdf = await realPdf();
    for (const who of [EMPLOYER, EMPLOYEE, OTHER_TENANT]) expectError(await upload(c.id, pdf, who), 403);
    expectError(await upload(c.id, pdf, null), 401);
    expectError(await upload(MISSING, pdf), 404);
    const bad = await t.app.inject({
      method: "POST",
      url: `/api/redemptionOffer?bikeRedemptionId=${c.id}`,
      headers: { ...(await as(HELPDESK)).headers(), "content-type": "application/octet-stream" },
      payload: pdf,
    });
    expectError(bad, 400);
    await call("DELETE", `/api/bike-redemption/${c.id}`, HELPDESK);
    expectError(await upload(c.id, pdf), 409, "REDEMPTION_CLOSED");
    expectError(await call("POST", `/api/bike-redemption/${c.id}/offer`, HELPDESK), 409, "REDEMPTION_CLOSED");
  });
});
