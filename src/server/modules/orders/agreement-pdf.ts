import { PDFDocument, StandardFonts } from "pdf-lib";
import type { PolicyCover } from "../../../domain/calculator/lease-payment.ts";
import { formatHelsinkiDate, formatHelsinkiDateTime } from "../../../domain/dates.ts";
import type { Language } from "../../../domain/enums.ts";
import { formatCents } from "../../../domain/money.ts";
import { financedCentsOf } from "../../../domain/order-offer.ts";
import type { TaxRegime } from "../../../domain/payroll/types.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";

/**
 * The leasing agreement as a PDF: what the employee signs with a fresh two-factor code and
 * what the signed document keeps byte for byte, in the employee's own language (fi, en or sv; dates
 * as day.month.year in each, amounts as the app formats them). The output depends
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
  /** The signer's own language (fi, en or sv): the document is written in it. */
  language: Language;
};

/** The agreement's words in each language the signer may have chosen; one place, so the three say the same. */
const TEXTS: Record<
  Language,
  {
    locale: string;
    title: string;
    docTitle: (orderNumber: number) => string;
    draftMark: string;
    orderAndDate: (orderNumber: number, date: string) => string;
    draftNotSigned: string;
    parties: string;
    lessee: string;
    email: string;
    employeeNumber: string;
    employer: string;
    lessor: string;
    bikeStore: string;
    bikePackage: string;
    includesDiscount: (amount: string) => string;
    packagePrice: string;
    userPayment: string;
    financed: string;
    terms: string;
    leasePeriod: string;
    months: (count: number) => string;
    monthlyPayment: string;
    residualValue: string;
    includesMaintenance: string;
    includesInsurance: string;
    yes: string;
    no: string;
    periodStarts: string;
    deduction: string;
    taxation: string;
    taxNotes: Record<TaxRegime, string>;
    signature: string;
    signer: string;
    signedAt: string;
    signedWith: string;
    toBeSignedWith: string;
  }
> = {
  fi: {
    locale: "fi-FI",
    title: "Työsuhdepyörän leasingsopimus",
    docTitle: (n) => `Työsuhdepyörän leasingsopimus, tilaus ${n}`,
    draftMark: "LUONNOS",
    orderAndDate: (n, d) => `Tilausnumero ${n} · päivätty ${d}`,
    draftNotSigned: "LUONNOS – ei allekirjoitettu",
    parties: "Osapuolet",
    lessee: "Vuokralle ottaja (työntekijä)",
    email: "Sähköposti",
    employeeNumber: "Henkilönumero",
    employer: "Työnantaja",
    lessor: "Vuokralle antaja (leasingyhtiö)",
    bikeStore: "Pyöräliike",
    bikePackage: "Pyöräpaketti",
    includesDiscount: (a) => `sis. alennuksen ${a}`,
    packagePrice: "Paketin hinta yhteensä (sis. ALV)",
    userPayment: "Työntekijän omavastuu (enimmäishinnan ylittävä osa)",
    financed: "Leasingillä rahoitettava osuus",
    terms: "Sopimusehdot",
    leasePeriod: "Sopimuskausi",
    months: (n) => `${n} kuukautta`,
    monthlyPayment: "Kuukausierä (bruttopalkasta vähennettävä)",
    residualValue: "Jäännösarvo (lunastushinta sopimuskauden lopussa)",
    includesMaintenance: "Kuukausierä sisältää huollon",
    includesInsurance: "Kuukausierä sisältää vakuutuksen",
    yes: "Kyllä",
    no: "Ei",
    periodStarts:
      "Sopimuskausi alkaa pyörän toimitusta seuraavan kuukauden ensimmäisenä päivänä ja jatkuu sopimuskauden kuukausien ajan.",
    deduction:
      "Kuukausierä vähennetään työntekijän bruttopalkasta jokaiselta sopimuskauden kuukaudelta. Omavastuu maksetaan erikseen ennen pyörän toimitusta.",
    taxation: "Verotus",
    taxNotes: {
      GRANDFATHERED:
        "Etuun on sitouduttu viimeistään 23.4.2025: työsuhdepyöräetu säilyy verovapaana sopimuskauden loppuun, kuitenkin enintään viisi vuotta edun alkamisesta.",
      EXEMPT_2025_ONLY:
        "Etuun on sitouduttu 24.4.–31.12.2025: työsuhdepyöräetu on verovapaa vuoden 2025 loppuun ja sen jälkeen veronalaista luontoisetua.",
      TAXABLE:
        "Etuun on sitouduttu 1.1.2026 tai myöhemmin: työsuhdepyöräetu on veronalaista luontoisetua koko sopimuskauden ajan.",
    },
    signature: "Allekirjoitus",
    signer: "Allekirjoittaja",
    signedAt: "Allekirjoitettu (Suomen aikaa)",
    signedWith:
      "Allekirjoitettu sähköisesti Pedaalissa tekstiviestillä lähetetyllä kertakäyttöisellä vahvistuskoodilla.",
    toBeSignedWith:
      "Allekirjoitetaan sähköisesti Pedaalissa tekstiviestillä lähetettävällä vahvistuskoodilla.",
  },
  en: {
    locale: "en-FI",
    title: "Benefit bike leasing agreement",
    docTitle: (n) => `Benefit bike leasing agreement, order ${n}`,
    draftMark: "DRAFT",
    orderAndDate: (n, d) => `Order number ${n} · dated ${d}`,
    draftNotSigned: "DRAFT – not signed",
    parties: "Parties",
    lessee: "Lessee (employee)",
    email: "Email",
    employeeNumber: "Employee number",
    employer: "Employer",
    lessor: "Lessor (leasing company)",
    bikeStore: "Bike store",
    bikePackage: "Bike package",
    includesDiscount: (a) => `incl. a discount of ${a}`,
    packagePrice: "Package price in total (incl. VAT)",
    userPayment: "Employee's own payment (the part above the maximum price)",
    financed: "Part financed by the lease",
    terms: "Terms of the agreement",
    leasePeriod: "Lease period",
    months: (n) => `${n} months`,
    monthlyPayment: "Monthly payment (deducted from the gross salary)",
    residualValue: "Residual value (redemption price at the end of the lease period)",
    includesMaintenance: "The monthly payment includes maintenance",
    includesInsurance: "The monthly payment includes insurance",
    yes: "Yes",
    no: "No",
    periodStarts:
      "The lease period starts on the first day of the month after the bike's delivery and lasts for the months of the lease period.",
    deduction:
      "The monthly payment is deducted from the employee's gross salary for each month of the lease period. The own payment is paid separately before the bike's delivery.",
    taxation: "Taxation",
    taxNotes: {
      GRANDFATHERED:
        "The benefit was committed to by 23.4.2025: the employee bicycle benefit stays tax-free until the end of the lease period, but for at most five years from the start of the benefit.",
      EXEMPT_2025_ONLY:
        "The benefit was committed to between 24.4. and 31.12.2025: the employee bicycle benefit is tax-free until the end of 2025 and a taxable benefit in kind after that.",
      TAXABLE:
        "The benefit was committed to on 1.1.2026 or later: the employee bicycle benefit is a taxable benefit in kind for the whole lease period.",
    },
    signature: "Signature",
    signer: "Signed by",
    signedAt: "Signed (Finnish time)",
    signedWith: "Signed electronically in Pedaali with a one-time verification code sent by text message.",
    toBeSignedWith: "To be signed electronically in Pedaali with a verification code sent by text message.",
  },
  sv: {
    locale: "sv-FI",
    title: "Leasingavtal för förmånscykel",
    docTitle: (n) => `Leasingavtal för förmånscykel, beställning ${n}`,
    draftMark: "UTKAST",
    orderAndDate: (n, d) => `Beställningsnummer ${n} · daterat ${d}`,
    draftNotSigned: "UTKAST – inte undertecknat",
    parties: "Parter",
    lessee: "Leasingtagare (arbetstagare)",
    email: "E-post",
    employeeNumber: "Personalnummer",
    employer: "Arbetsgivare",
    lessor: "Leasinggivare (leasingbolag)",
    bikeStore: "Cykelaffär",
    bikePackage: "Cykelpaket",
    includesDiscount: (a) => `inkl. rabatt ${a}`,
    packagePrice: "Paketets pris totalt (inkl. moms)",
    userPayment: "Arbetstagarens självrisk (delen över maxpriset)",
    financed: "Del som finansieras med leasing",
    terms: "Avtalsvillkor",
    leasePeriod: "Avtalsperiod",
    months: (n) => `${n} månader`,
    monthlyPayment: "Månadsavgift (dras av från bruttolönen)",
    residualValue: "Restvärde (inlösenpris i slutet av avtalsperioden)",
    includesMaintenance: "Månadsavgiften inkluderar service",
    includesInsurance: "Månadsavgiften inkluderar försäkring",
    yes: "Ja",
    no: "Nej",
    periodStarts:
      "Avtalsperioden börjar den första dagen i månaden efter cykelns leverans och pågår under avtalsperiodens månader.",
    deduction:
      "Månadsavgiften dras av från arbetstagarens bruttolön för varje månad under avtalsperioden. Självrisken betalas separat före cykelns leverans.",
    taxation: "Beskattning",
    taxNotes: {
      GRANDFATHERED:
        "Förmånen har man förbundit sig till senast 23.4.2025: cykelförmånen förblir skattefri till avtalsperiodens slut, dock högst fem år från förmånens början.",
      EXEMPT_2025_ONLY:
        "Förmånen har man förbundit sig till 24.4–31.12.2025: cykelförmånen är skattefri till slutet av 2025 och därefter en skattepliktig naturaförmån.",
      TAXABLE:
        "Förmånen har man förbundit sig till 1.1.2026 eller senare: cykelförmånen är en skattepliktig naturaförmån under hela avtalsperioden.",
    },
    signature: "Underskrift",
    signer: "Undertecknare",
    signedAt: "Undertecknat (finsk tid)",
    signedWith: "Undertecknat elektroniskt i Pedaali med en engångsverifieringskod som skickats per sms.",
    toBeSignedWith: "Undertecknas elektroniskt i Pedaali med en verifieringskod som skickas per sms.",
  },
};

function describeLine(line: AgreementPdfLine): string {
  const details = [line.brand, line.model, line.modelYear?.toString() ?? null, line.frameSize, line.color]
    .filter((v): v is string => !!v)
    .join(", ");
  const quantity = line.quantity > 1 ? `${line.quantity} × ` : "";
  return `${quantity}${line.name}${details ? ` (${details})` : ""}`;
}

export async function renderAgreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const t = TEXTS[input.language];
  const euros = (cents: number) => formatCents(cents, input.language);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfSafeText(t.docTitle(input.orderNumber)));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage(t.locale);
  doc.setCreationDate(input.documentDate);
  doc.setModificationDate(input.signature?.signedAt ?? input.documentDate);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PdfWriter(doc, regular, bold, input.signature === null ? t.draftMark : null);

  w.text(t.title, { size: 18, bold: true });
  w.text(t.orderAndDate(input.orderNumber, formatHelsinkiDate(input.documentDate)), { color: GREY });
  if (!input.signature) w.text(t.draftNotSigned, { bold: true });
  w.gap();

  w.text(t.parties, { size: 12, bold: true });
  w.row(t.lessee, input.employeeName);
  w.row(t.email, input.employeeEmail);
  if (input.employeeNumber) w.row(t.employeeNumber, input.employeeNumber);
  w.row(
    t.employer,
    input.companyBusinessId ? `${input.companyName} (${input.companyBusinessId})` : input.companyName,
  );
  w.row(t.lessor, input.leasingCompanyName);
  if (input.bikeStoreName) w.row(t.bikeStore, input.bikeStoreName);
  w.gap();

  w.text(t.bikePackage, { size: 12, bold: true });
  for (const line of input.lines) {
    w.row(describeLine(line), euros(line.unitPriceCents * line.quantity - line.discountCents));
    if (line.discountCents > 0)
      w.text(`   ${t.includesDiscount(euros(line.discountCents))}`, { color: GREY });
  }
  w.rule();
  w.row(t.packagePrice, euros(input.totalPriceCents), true);
  w.row(t.userPayment, euros(input.userPaymentCents));
  w.row(t.financed, euros(financedCentsOf(input)));
  w.gap();

  w.text(t.terms, { size: 12, bold: true });
  w.row(t.leasePeriod, t.months(input.leaseTimeMonths));
  w.row(t.monthlyPayment, euros(input.monthlyPaymentCents), true);
  w.row(t.residualValue, euros(input.residualValueCents));
  w.row(t.includesMaintenance, input.cover.maintenanceIncluded ? t.yes : t.no);
  w.row(t.includesInsurance, input.cover.insuranceRequired ? t.yes : t.no);
  w.text(t.periodStarts);
  w.text(t.deduction);
  w.gap();

  w.text(t.taxation, { size: 12, bold: true });
  w.text(t.taxNotes[input.taxRegime]);
  w.gap();

  w.text(t.signature, { size: 12, bold: true });
  if (input.signature) {
    w.row(t.signer, input.signature.signerName);
    w.row(t.signedAt, formatHelsinkiDateTime(input.signature.signedAt));
    w.text(t.signedWith, { color: GREY });
  } else {
    w.text(t.toBeSignedWith, { color: GREY });
  }

  return doc.save({ useObjectStreams: false });
}
