import { PDFDocument, StandardFonts } from "pdf-lib";
import type { PolicyCover } from "../../../domain/calculator/lease-payment.ts";
import { formatHelsinkiDate, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import { formatCents } from "../../../domain/money.ts";
import { financedCentsOf } from "../../../domain/order-offer.ts";
import type { TaxRegime } from "../../../domain/payroll/types.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";

/**
 * The leasing agreement as a PDF: what the employee signs with a fresh two-factor code and
 * what the signed document keeps byte for byte. Finnish, the agreement's language. The output depends
 * only on the input: the document's dates come from it, never from the clock, so the same agreement
 * renders to the same bytes (the signed document's SHA-256 is of these bytes).
 */

export type AgreementPdfLine = {
  name: string;
  brand: string | null;
  model: string | null;
  modelYear: number | null;
  frameSize: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
};

export type AgreementPdfInput = {
  orderNumber: number;
  employeeName: string;
  employeeEmail: string;
  employeeNumber: string | null;
  companyName: string;
  companyBusinessId: string | null;
  leasingCompanyName: string;
  bikeStoreName: string | null;
  lines: readonly AgreementPdfLine[];
  totalPriceCents: number;
  userPaymentCents: number;
  leaseTimeMonths: number;
  monthlyPaymentCents: number;
  residualValueCents: number;
  /** Whether the monthly payment includes the maintenance budget and the insurance (the bike policy's). */
  cover: PolicyCover;
  /** The regime the commitment date gives (the day of signing for a draft). */
  taxRegime: TaxRegime;
  /** The document's date: the signing time of a signed agreement, the drafting time of a draft. */
  documentDate: Date;
  /** Null renders the draft, marked LUONNOS, with an empty signature block. */
  signature: { signerName: string; signedAt: Date } | null;
};

const TAX_NOTES: Record<TaxRegime, string> = {
  GRANDFATHERED:
    "Etuun on sitouduttu viimeistään 23.4.2025: työsuhdepyöräetu säilyy verovapaana sopimuskauden loppuun, kuitenkin enintään viisi vuotta edun alkamisesta.",
  EXEMPT_2025_ONLY:
    "Etuun on sitouduttu 24.4.–31.12.2025: työsuhdepyöräetu on verovapaa vuoden 2025 loppuun ja sen jälkeen veronalaista luontoisetua.",
  TAXABLE:
    "Etuun on sitouduttu 1.1.2026 tai myöhemmin: työsuhdepyöräetu on veronalaista luontoisetua koko sopimuskauden ajan.",
};

const euros = (cents: number) => formatCents(cents, "fi");

function describeLine(line: AgreementPdfLine): string {
  const details = [line.brand, line.model, line.modelYear?.toString() ?? null, line.frameSize, line.color]
    .filter((v): v is string => !!v)
    .join(", ");
  const quantity = line.quantity > 1 ? `${line.quantity} × ` : "";
  return `${quantity}${line.name}${details ? ` (${details})` : ""}`;
}

export async function renderAgreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const title = `Työsuhdepyörän leasingsopimus, tilaus ${input.orderNumber}`;
  doc.setTitle(pdfSafeText(title));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage("fi-FI");
  doc.setCreationDate(input.documentDate);
  doc.setModificationDate(input.signature?.signedAt ?? input.documentDate);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PdfWriter(doc, regular, bold, input.signature === null ? "LUONNOS" : null);

  w.text("Työsuhdepyörän leasingsopimus", { size: 18, bold: true });
  w.text(`Tilausnumero ${input.orderNumber} · päivätty ${formatHelsinkiDate(input.documentDate)}`, {
    color: GREY,
  });
  if (!input.signature) w.text("LUONNOS – ei allekirjoitettu", { bold: true });
  w.gap();

  w.text("Osapuolet", { size: 12, bold: true });
  w.row("Vuokralle ottaja (työntekijä)", input.employeeName);
  w.row("Sähköposti", input.employeeEmail);
  if (input.employeeNumber) w.row("Henkilönumero", input.employeeNumber);
  w.row(
    "Työnantaja",
    input.companyBusinessId ? `${input.companyName} (${input.companyBusinessId})` : input.companyName,
  );
  w.row("Vuokralle antaja (leasingyhtiö)", input.leasingCompanyName);
  if (input.bikeStoreName) w.row("Pyöräliike", input.bikeStoreName);
  w.gap();

  w.text("Pyöräpaketti", { size: 12, bold: true });
  for (const line of input.lines) {
    w.row(describeLine(line), euros(line.unitPriceCents * line.quantity - line.discountCents));
    if (line.discountCents > 0) w.text(`   sis. alennuksen ${euros(line.discountCents)}`, { color: GREY });
  }
  w.rule();
  w.row("Paketin hinta yhteensä (sis. ALV)", euros(input.totalPriceCents), true);
  w.row("Työntekijän omavastuu (enimmäishinnan ylittävä osa)", euros(input.userPaymentCents));
  w.row("Leasingillä rahoitettava osuus", euros(financedCentsOf(input)));
  w.gap();

  w.text("Sopimusehdot", { size: 12, bold: true });
  w.row("Sopimuskausi", `${input.leaseTimeMonths} kuukautta`);
  w.row("Kuukausierä (bruttopalkasta vähennettävä)", euros(input.monthlyPaymentCents), true);
  w.row("Jäännösarvo (lunastushinta sopimuskauden lopussa)", euros(input.residualValueCents));
  w.row("Kuukausierä sisältää huollon", input.cover.maintenanceIncluded ? "Kyllä" : "Ei");
  w.row("Kuukausierä sisältää vakuutuksen", input.cover.insuranceRequired ? "Kyllä" : "Ei");
  w.text(
    "Sopimuskausi alkaa pyörän toimitusta seuraavan kuukauden ensimmäisenä päivänä ja jatkuu sopimuskauden kuukausien ajan.",
  );
  w.text(
    "Kuukausierä vähennetään työntekijän bruttopalkasta jokaiselta sopimuskauden kuukaudelta. Omavastuu maksetaan erikseen ennen pyörän toimitusta.",
  );
  w.gap();

  w.text("Verotus", { size: 12, bold: true });
  w.text(TAX_NOTES[input.taxRegime]);
  w.gap();

  w.text("Allekirjoitus", { size: 12, bold: true });
  if (input.signature) {
    w.row("Allekirjoittaja", input.signature.signerName);
    w.row("Allekirjoitettu (Suomen aikaa)", formatHelsinkiDateTime(input.signature.signedAt));
    w.text(
      "Allekirjoitettu sähköisesti Pedaalissa tekstiviestillä lähetetyllä kertakäyttöisellä vahvistuskoodilla.",
      { color: GREY },
    );
  } else {
    w.text("Allekirjoitetaan sähköisesti Pedaalissa tekstiviestillä lähetettävällä vahvistuskoodilla.", {
      color: GREY,
    });
  }

  return doc.save({ useObjectStreams: false });
}
