import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfTextOf } from "../../../../tests/helpers/pdf-text.ts";
import { pdfSafeText } from "../../pdf/writer.ts";
import { type AgreementPdfInput, renderAgreementPdf } from "./agreement-pdf.ts";

const INPUT: AgreementPdfInput = {
  orderNumber: 10_042,
  employeeName: "Emilia Laine",
  employeeEmail: "employee@demo.test",
  employeeNumber: "1001",
  companyName: "Demo Oy",
  companyBusinessId: "1234567-8",
  leasingCompanyName: "Pedaali Oy",
  bikeStoreName: "Vauhti Espoo",
  lines: [
    {
      name: "Tunturi eSport 500",
      brand: "Tunturi",
      model: "eSport",
      modelYear: 2026,
      frameSize: "M",
      color: "musta",
      quantity: 1,
      unitPriceCents: 300_000,
      discountCents: 10_000,
    },
    {
      name: "Lukko",
      brand: null,
      model: null,
      modelYear: null,
      frameSize: null,
      color: null,
      quantity: 2,
      unitPriceCents: 5_000,
      discountCents: 0,
    },
  ],
  totalPriceCents: 300_000,
  userPaymentCents: 0,
  leaseTimeMonths: 36,
  monthlyPaymentCents: 10_486,
  residualValueCents: 15_000,
  cover: { maintenanceIncluded: false, insuranceRequired: true },
  taxRegime: "TAXABLE",
  documentDate: new Date("2026-05-04T09:00:00Z"),
  signature: null,
  language: "fi",
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the agreement PDF", () => {
  it("renders the same bytes for the same agreement, so the signed hash can be checked again", async () => {
    const signed = {
      ...INPUT,
      signature: { signerName: "Emilia Laine", signedAt: new Date("2026-05-04T09:05:00Z") },
    };
    const [a, b] = await Promise.all([renderAgreementPdf(signed), renderAgreementPdf(signed)]);
    expect(sha256(a)).toBe(sha256(b));
    expect(sha256(await renderAgreementPdf(INPUT))).not.toBe(sha256(a));
    const doc = await PDFDocument.load(a, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Työsuhdepyörän leasingsopimus, tilaus 10042");
    expect(doc.getCreationDate()?.toISOString()).toBe("2026-05-04T09:00:00.000Z");
    expect(doc.getModificationDate()?.toISOString()).toBe("2026-05-04T09:05:00.000Z");
  });

  it("draws any text the store typed, replacing what the standard fonts cannot show", async () => {
    expect(pdfSafeText("Pyörä 1 234,56 € – “hyvä”")).toBe("Pyörä 1 234,56 € – “hyvä”");
    expect(pdfSafeText("Велосипед 🚲\nrivi")).toBe("????????? ? rivi");
    const lines = [{ ...INPUT.lines[0], name: "Велосипед 🚲 ".repeat(40) } as AgreementPdfInput["lines"][0]];
    const many = Array.from({ length: 60 }, () => INPUT.lines[1] as AgreementPdfInput["lines"][0]);
    const pdf = await renderAgreementPdf({ ...INPUT, lines: [...lines, ...many] });
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
  });
});

describe("the agreement PDF in the signer's language", () => {
  it("writes a Swedish employee's agreement in Swedish, amounts as sv-FI writes them", async () => {
    const pdf = await renderAgreementPdf({ ...INPUT, language: "sv" });
    const text = pdfTextOf(pdf);
    expect(text).toContain("Leasingavtal för förmånscykel");
    expect(text).toContain("Beställningsnummer 10042 · daterat 04.05.2026");
    expect(text).toContain("Månadsavgift (dras av från bruttolönen)");
    expect(text).toContain("104,86\u00a0€");
    expect(text.join("\n")).not.toMatch(/Kuukausierä|Sopimuskausi/);
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.getTitle()).toBe("Leasingavtal för förmånscykel, beställning 10042");
  });

  it("writes an English employee's agreement in English, amounts as en-FI writes them", async () => {
    const text = pdfTextOf(await renderAgreementPdf({ ...INPUT, language: "en" }));
    expect(text).toContain("Benefit bike leasing agreement");
    expect(text).toContain("DRAFT – not signed");
    expect(text).toContain("€104.86");
    expect(text).toContain("€3,000.00");
    expect(text.join("\n")).not.toMatch(/Kuukausierä|Sopimuskausi/);
  });
});
