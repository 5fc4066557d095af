import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { redemptionOptions, returnFeeShares } from "../../../domain/redemption.ts";
import { type RedemptionOfferPdfInput, renderRedemptionOfferPdf } from "./offer-pdf.ts";

const INPUT: RedemptionOfferPdfInput = {
  orderNumber: 10_057,
  employeeName: "Iida Saarinen",
  employeeEmail: "iida.saarinen@demo.test",
  companyName: "Demo Oy",
  reason: "EMPLOYEE_RESIGNED",
  lines: [
    {
      name: "Helkama E3 Bosch",
      brand: "Helkama",
      model: "E3 Bosch",
      modelYear: 2024,
      frameSize: "50 cm",
      color: null,
      quantity: 1,
      unitPriceCents: 299_000,
      discountCents: 0,
    },
  ],
  frameSerialNumber: "WH009512345",
  leaseStartDate: "2025-02-01",
  termEndDate: "2027-01-31",
  leaseEndsOn: "2026-06-30",
  leaseTimeMonths: 24,
  monthsPaid: 17,
  monthlyPaymentCents: 14_210,
  priceCents: 98_765,
  decisionDeadline: "2026-06-20",
  options: redemptionOptions({
    reason: "EMPLOYEE_RESIGNED",
    redemptionPriceCents: 98_765,
    returnFee: returnFeeShares("EMPLOYEE_RESIGNED", "Espoo"),
    monthlyPaymentCents: 14_210,
    absence: null,
  }),
  choiceUrl: "https://pedaali.example/mybike",
  documentDate: new Date("2026-05-04T04:00:00Z"),
  language: "fi",
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the redemption offer PDF", () => {
  it("is the same bytes for the same case, a one-page Finnish PDF titled by its order", async () => {
    const [a, b] = await Promise.all([renderRedemptionOfferPdf(INPUT), renderRedemptionOfferPdf(INPUT)]);
    expect(sha256(a)).toBe(sha256(b));
    expect(sha256(await renderRedemptionOfferPdf({ ...INPUT, priceCents: 1 }))).not.toBe(sha256(a));
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Lunastustarjous, tilaus 10057");
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it("draws text the standard fonts cannot (emoji, other scripts) without failing", async () => {
    const pdf = await renderRedemptionOfferPdf({
      ...INPUT,
      employeeName: "Iida 🚲 Саарінен",
      companyName: "Demo\nOy",
    });
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the redemption offer PDF in the employee's language", () => {
  it("writes an English employee's offer in English", async () => {
    const pdf = await renderRedemptionOfferPdf({ ...INPUT, language: "en" });
    const text = pdfTextOf(pdf);
    expect(text).toContain("Redemption offer");
    expect(text).toContain("Redemption price (incl. VAT)");
    expect(text).toContain("€987.65");
    expect(text).toContain(
      "Log in to Pedaali at https://pedaali.example/mybike and make your choice by 20.06.2026.",
    );
    expect(text.join("\n")).not.toMatch(/Lunastushinta|Työnantaja/);
    expect((await PDFDocument.load(pdf, { updateMetadata: false })).getTitle()).toBe(
      "Redemption offer, order 10057",
    );
  });

  it("writes a Swedish employee's offer in Swedish", async () => {
    const text = pdfTextOf(await renderRedemptionOfferPdf({ ...INPUT, language: "sv" }));
    expect(text).toContain("Inlösenerbjudande");
    expect(text).toContain("Inlösenpris (inkl. moms)");
    expect(text).toContain("987,65\u00a0€");
    expect(text.join("\n")).not.toMatch(/Lunastushinta|Työnantaja/);
  });
});
