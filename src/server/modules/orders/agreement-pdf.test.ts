import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
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
