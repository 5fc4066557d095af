import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import type { LeaseEndReason } from "../../../domain/enums.ts";
import {
  type CostRange,
  isEarlyEnd,
  type LeaseEndOption,
  type OptionOutcome,
  type OptionTaxNote,
} from "../../../domain/lease-end.ts";
import { formatCents } from "../../../domain/money.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { CHOICE_WORDS, REASON_WORDS } from "../../messaging/redemption-mails.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";
import type { AgreementPdfLine } from "../orders/agreement-pdf.ts";

/**
 * The redemption offer (lunastustarjous) as a PDF (ADR 009): made when a lease-end case opens
 * and again on the helpdesk's request. It tells the employee what ends and when, the price by rule,
 * every option with its cost side by side, the deadline and how to choose. Finnish, like the agreement;
 * standard fonts; the output depends only on the input (its date comes from it, never from the clock).
 */

export type RedemptionOfferPdfInput = {
  orderNumber: number;
  employeeName: string;
  employeeEmail: string;
  companyName: string;
  reason: LeaseEndReason;
  lines: readonly AgreementPdfLine[];
  frameSerialNumber: string | null;
  leaseStartDate: string;
  /** The term's last day. */
  termEndDate: string;
  leaseEndsOn: string;
  leaseTimeMonths: number;
  monthsPaid: number;
  monthlyPaymentCents: number;
  priceCents: number;
  decisionDeadline: string;
  options: readonly LeaseEndOption[];
  /** Where the employee chooses (the app's /mybike). */
  choiceUrl: string;
  documentDate: Date;
};

const euros = (cents: number) => formatCents(cents, "fi");
const date = (value: string) => formatHelsinkiDate(value);
const cost = ({ min, max }: CostRange) => (min === max ? euros(min) : `${euros(min)} – ${euros(max)}`);
const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const OUTCOMES: Record<OptionOutcome, string> = {
  BIKE_BECOMES_YOURS: "Maksat lunastushinnan, ja pyörä siirtyy omistukseesi.",
  PICKUP_ARRANGED: "Palautat pyörän; asiakaspalvelu sopii noudosta kanssasi.",
  PEDAALI_SELLS_BIKE:
    "Pedaali myy pyörän pyörävälityksessä. Ennenaikaisessa päättymisessä maksat jäljellä olevan rahoituksen, josta vähennetään myynnin tuotto.",
  COLLEAGUE_TAKES_OVER:
    "Työkaverisi jatkaa leasingsopimusta jo maksettujen kuukausien jälkeen; asiakaspalvelu laatii hänelle uuden sopimuksen.",
  KEEP_BIKE_AND_PAY:
    "Pidät pyörän ja maksat itse ne kuukausierät, joita työnantaja ei poissaolon aikana kata.",
};

/** Only the options open in the case are offered; a return after a resignation is named with why not. */
const RESIGNED_NO_RETURN =
  "Palautus: irtisanouduttuasi pyörä lunastetaan; palautuksesta voi sopia asiakaspalvelun kanssa.";

const TAX_NOTES: Record<OptionTaxNote, string> = {
  VERIFY_FAIR_VALUE:
    "Verotus: jos pyörä ostetaan alle käyvän arvon, erotus voidaan katsoa palkaksi (Verohallinnon kanta 2020). Tarkista ajantasainen ohje.",
  NEW_CONTRACT_TAXABLE: "Verotus: työkaverille siirto on uusi sopimus, joka on veronalainen alusta alkaen.",
};

function describeLine(line: AgreementPdfLine): string {
  const details = [line.brand, line.model, line.modelYear?.toString() ?? null, line.frameSize, line.color]
    .filter((v): v is string => !!v)
    .join(", ");
  return `${line.quantity > 1 ? `${line.quantity} × ` : ""}${line.name}${details ? ` (${details})` : ""}`;
}

export async function renderRedemptionOfferPdf(input: RedemptionOfferPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfSafeText(`Lunastustarjous, tilaus ${input.orderNumber}`));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage("fi-FI");
  doc.setCreationDate(input.documentDate);
  doc.setModificationDate(input.documentDate);
  const w = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const early = isEarlyEnd(input.reason);

  w.text("Lunastustarjous", { size: 18, bold: true });
  w.text(`Tilausnumero ${input.orderNumber} · päivätty ${formatHelsinkiDate(input.documentDate)}`, {
    color: GREY,
  });
  w.gap();
  w.row("Työntekijä", input.employeeName);
  w.row("Sähköposti", input.employeeEmail);
  w.row("Työnantaja", input.companyName);
  w.row("Syy", REASON_WORDS.fi[input.reason]);
  w.gap();

  w.text("Pyörä", { size: 12, bold: true });
  for (const line of input.lines) w.row(describeLine(line), "");
  if (input.frameSerialNumber) w.row("Runkonumero", input.frameSerialNumber);
  w.gap();

  w.text("Leasingsopimus", { size: 12, bold: true });
  w.row("Sopimuskausi alkoi", date(input.leaseStartDate));
  w.row("Sopimuskausi päättyy", date(input.termEndDate));
  if (early) w.row("Sopimus päättyy ennenaikaisesti", date(input.leaseEndsOn), true);
  w.row("Kuukausierä", euros(input.monthlyPaymentCents));
  w.row("Maksetut kuukaudet", `${input.monthsPaid} / ${input.leaseTimeMonths}`);
  w.gap();

  w.row("Lunastushinta (sis. ALV)", euros(input.priceCents), true);
  w.row("Valinta viimeistään", date(input.decisionDeadline), true);
  w.text(
    early
      ? "Lunastushinta on rahoituksesta jäljellä oleva osuus sopimuksen päättyessä, vähintään sopimuksen jäännösarvo."
      : "Lunastushinta on leasingsopimuksen jäännösarvo.",
    { color: GREY },
  );
  w.gap();

  w.text("Vaihtoehdot ja niiden kustannukset", { size: 12, bold: true });
  for (const option of input.options.filter((o) => o.available)) {
    w.row(capitalised(CHOICE_WORDS.fi[option.choice]), cost(option.costCents), true);
    w.text(OUTCOMES[option.outcome]);
    if (option.employerCostCents > 0)
      w.text(`Työnantaja maksaa palautuksen kulut ${euros(option.employerCostCents)}.`, { color: GREY });
    if (option.taxNote) w.text(TAX_NOTES[option.taxNote], { color: GREY });
    w.gap(4);
  }
  if (input.options.some((o) => o.unavailableReason === "RESIGNED_MUST_REDEEM"))
    w.text(RESIGNED_NO_RETURN, { color: GREY });
  w.gap();

  w.text("Näin valitset", { size: 12, bold: true });
  w.text(
    `Kirjaudu Pedaaliin osoitteessa ${input.choiceUrl} ja tee valintasi viimeistään ${date(input.decisionDeadline)}.`,
  );
  if (!early) w.text("Jos et valitse ajoissa, pyörä palautetaan, ja asiakaspalvelu sopii noudosta kanssasi.");
  w.gap();
  w.text(`Pedaali Oy · asiakaspalvelu ${CONTACT_EMAIL} · arkisin klo 9–17`, { color: GREY });

  return doc.save({ useObjectStreams: false });
}
