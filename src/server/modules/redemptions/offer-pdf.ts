import { PDFDocument, StandardFonts } from "pdf-lib";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import type { Language, RedemptionReason } from "../../../domain/enums.ts";
import { formatCents } from "../../../domain/money.ts";
import {
  type CostRange,
  isEarlyEnd,
  type OptionOutcome,
  type OptionTaxNote,
  type RedemptionOption,
} from "../../../domain/redemption.ts";
import { CONTACT_EMAIL } from "../../messaging/layout.ts";
import { CHOICE_WORDS, REASON_WORDS } from "../../messaging/redemption-mails.ts";
import { GREY, PdfWriter, pdfSafeText } from "../../pdf/writer.ts";
import type { AgreementPdfLine } from "../orders/agreement-pdf.ts";

/**
 * The redemption offer (lunastustarjous) as a PDF (ADR 009): made when a redemption case opens
 * and again on the helpdesk's request. It tells the employee what ends and when, the price by rule,
 * every option with its cost side by side, the deadline and how to choose. In the employee's own
 * language (fi, en or sv), like the agreement; standard fonts; the output depends only on the input (its date comes from it, never from the clock).
 */

export type RedemptionOfferPdfInput = {
  orderNumber: number;
  employeeName: string;
  employeeEmail: string;
  companyName: string;
  reason: RedemptionReason;
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
  options: readonly RedemptionOption[];
  /** Where the employee chooses (the app's /mybike). */
  choiceUrl: string;
  documentDate: Date;
  /** The employee's own language (fi, en or sv): the offer is written in it. */
  language: Language;
};

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

type OfferTexts = {
  locale: string;
  title: string;
  docTitle: (orderNumber: number) => string;
  orderAndDate: (orderNumber: number, date: string) => string;
  employee: string;
  email: string;
  employer: string;
  reason: string;
  bike: string;
  frameSerialNumber: string;
  leasingAgreement: string;
  periodStarted: string;
  periodEnds: string;
  endsEarly: string;
  monthlyPayment: string;
  monthsPaid: string;
  price: string;
  chooseBy: string;
  earlyPriceRule: string;
  priceRule: string;
  options: string;
  outcomes: Record<OptionOutcome, string>;
  employerPaysReturn: (amount: string) => string;
  taxNotes: Record<OptionTaxNote, string>;
  /** Only the options open in the case are offered; a return after a resignation is named with why not. */
  resignedNoReturn: string;
  howToChoose: string;
  choose: (url: string, deadline: string) => string;
  noChoice: string;
  footer: (email: string) => string;
};

/** The offer's words in each language the employee may have chosen; one place, so the three say the same. */
const TEXTS: Record<Language, OfferTexts> = {
  fi: {
    locale: "fi-FI",
    title: "Lunastustarjous",
    docTitle: (n) => `Lunastustarjous, tilaus ${n}`,
    orderAndDate: (n, d) => `Tilausnumero ${n} · päivätty ${d}`,
    employee: "Työntekijä",
    email: "Sähköposti",
    employer: "Työnantaja",
    reason: "Syy",
    bike: "Pyörä",
    frameSerialNumber: "Runkonumero",
    leasingAgreement: "Leasingsopimus",
    periodStarted: "Sopimuskausi alkoi",
    periodEnds: "Sopimuskausi päättyy",
    endsEarly: "Sopimus päättyy ennenaikaisesti",
    monthlyPayment: "Kuukausierä",
    monthsPaid: "Maksetut kuukaudet",
    price: "Lunastushinta (sis. ALV)",
    chooseBy: "Valinta viimeistään",
    earlyPriceRule:
      "Lunastushinta on rahoituksesta jäljellä oleva osuus sopimuksen päättyessä, vähintään sopimuksen jäännösarvo.",
    priceRule: "Lunastushinta on leasingsopimuksen jäännösarvo.",
    options: "Vaihtoehdot ja niiden kustannukset",
    outcomes: {
      BIKE_BECOMES_YOURS: "Maksat lunastushinnan, ja pyörä siirtyy omistukseesi.",
      PICKUP_ARRANGED: "Palautat pyörän; asiakaspalvelu sopii noudosta kanssasi.",
      PEDAALI_SELLS_BIKE:
        "Pedaali myy pyörän pyörävälityksessä. Ennenaikaisessa päättymisessä maksat jäljellä olevan rahoituksen, josta vähennetään myynnin tuotto.",
      COLLEAGUE_TAKES_OVER:
        "Työkaverisi jatkaa leasingsopimusta jo maksettujen kuukausien jälkeen; asiakaspalvelu laatii hänelle uuden sopimuksen.",
      KEEP_BIKE_AND_PAY:
        "Pidät pyörän ja maksat itse ne kuukausierät, joita työnantaja ei poissaolon aikana kata.",
    },
    employerPaysReturn: (a) => `Työnantaja maksaa palautuksen kulut ${a}.`,
    taxNotes: {
      VERIFY_FAIR_VALUE:
        "Verotus: jos pyörä ostetaan alle käyvän arvon, erotus voidaan katsoa palkaksi (Verohallinnon kanta 2020). Tarkista ajantasainen ohje.",
      NEW_CONTRACT_TAXABLE:
        "Verotus: työkaverille siirto on uusi sopimus, joka on veronalainen alusta alkaen.",
    },
    resignedNoReturn:
      "Palautus: irtisanouduttuasi pyörä lunastetaan; palautuksesta voi sopia asiakaspalvelun kanssa.",
    howToChoose: "Näin valitset",
    choose: (url, d) => `Kirjaudu Pedaaliin osoitteessa ${url} ja tee valintasi viimeistään ${d}.`,
    noChoice: "Jos et valitse ajoissa, pyörä palautetaan, ja asiakaspalvelu sopii noudosta kanssasi.",
    footer: (e) => `Pedaali Oy · asiakaspalvelu ${e} · arkisin klo 9–17`,
  },
  en: {
    locale: "en-FI",
    title: "Redemption offer",
    docTitle: (n) => `Redemption offer, order ${n}`,
    orderAndDate: (n, d) => `Order number ${n} · dated ${d}`,
    employee: "Employee",
    email: "Email",
    employer: "Employer",
    reason: "Reason",
    bike: "Bike",
    frameSerialNumber: "Frame serial number",
    leasingAgreement: "Leasing agreement",
    periodStarted: "Lease period started",
    periodEnds: "Lease period ends",
    endsEarly: "The agreement ends early",
    monthlyPayment: "Monthly payment",
    monthsPaid: "Months paid",
    price: "Redemption price (incl. VAT)",
    chooseBy: "Choose by",
    earlyPriceRule:
      "The redemption price is the part of the financing left when the agreement ends, at least the agreement's residual value.",
    priceRule: "The redemption price is the leasing agreement's residual value.",
    options: "Options and what they cost",
    outcomes: {
      BIKE_BECOMES_YOURS: "You pay the redemption price, and the bike becomes yours.",
      PICKUP_ARRANGED: "You return the bike; customer service agrees the pickup with you.",
      PEDAALI_SELLS_BIKE:
        "Pedaali sells the bike through bike brokerage. When the agreement ends early, you pay the financing left, less what the sale brings.",
      COLLEAGUE_TAKES_OVER:
        "Your colleague continues the leasing agreement after the months already paid; customer service draws up a new agreement for them.",
      KEEP_BIKE_AND_PAY:
        "You keep the bike and pay yourself the monthly payments the employer does not cover during the absence.",
    },
    employerPaysReturn: (a) => `The employer pays the return's costs of ${a}.`,
    taxNotes: {
      VERIFY_FAIR_VALUE:
        "Taxation: if the bike is bought below its fair value, the difference may be taken as salary (the Tax Administration's position of 2020). Check the current guidance.",
      NEW_CONTRACT_TAXABLE: "Taxation: a transfer to a colleague is a new agreement, taxable from the start.",
    },
    resignedNoReturn:
      "Return: after your resignation the bike is redeemed; a return can be agreed with customer service.",
    howToChoose: "How to choose",
    choose: (url, d) => `Log in to Pedaali at ${url} and make your choice by ${d}.`,
    noChoice:
      "If you do not choose in time, the bike is returned, and customer service agrees the pickup with you.",
    footer: (e) => `Pedaali Oy · customer service ${e} · weekdays 9–17`,
  },
  sv: {
    locale: "sv-FI",
    title: "Inlösenerbjudande",
    docTitle: (n) => `Inlösenerbjudande, beställning ${n}`,
    orderAndDate: (n, d) => `Beställningsnummer ${n} · daterat ${d}`,
    employee: "Arbetstagare",
    email: "E-post",
    employer: "Arbetsgivare",
    reason: "Orsak",
    bike: "Cykel",
    frameSerialNumber: "Ramnummer",
    leasingAgreement: "Leasingavtal",
    periodStarted: "Avtalsperioden började",
    periodEnds: "Avtalsperioden slutar",
    endsEarly: "Avtalet slutar i förtid",
    monthlyPayment: "Månadsavgift",
    monthsPaid: "Betalda månader",
    price: "Inlösenpris (inkl. moms)",
    chooseBy: "Välj senast",
    earlyPriceRule:
      "Inlösenpriset är den del av finansieringen som återstår när avtalet slutar, minst avtalets restvärde.",
    priceRule: "Inlösenpriset är leasingavtalets restvärde.",
    options: "Alternativ och deras kostnader",
    outcomes: {
      BIKE_BECOMES_YOURS: "Du betalar inlösenpriset, och cykeln blir din.",
      PICKUP_ARRANGED: "Du lämnar tillbaka cykeln; kundtjänst kommer överens med dig om avhämtningen.",
      PEDAALI_SELLS_BIKE:
        "Pedaali säljer cykeln via cykelförmedling. När avtalet slutar i förtid betalar du den återstående finansieringen, minus vad försäljningen ger.",
      COLLEAGUE_TAKES_OVER:
        "Din kollega fortsätter leasingavtalet efter de månader som redan betalats; kundtjänst gör upp ett nytt avtal för hen.",
      KEEP_BIKE_AND_PAY:
        "Du behåller cykeln och betalar själv de månadsavgifter som arbetsgivaren inte täcker under frånvaron.",
    },
    employerPaysReturn: (a) => `Arbetsgivaren betalar returens kostnader ${a}.`,
    taxNotes: {
      VERIFY_FAIR_VALUE:
        "Beskattning: om cykeln köps under gängse värde kan skillnaden anses vara lön (Skatteförvaltningens ståndpunkt 2020). Kontrollera den aktuella anvisningen.",
      NEW_CONTRACT_TAXABLE:
        "Beskattning: en överföring till en kollega är ett nytt avtal, skattepliktigt från början.",
    },
    resignedNoReturn:
      "Retur: efter att du sagt upp dig löses cykeln in; en retur kan avtalas med kundtjänst.",
    howToChoose: "Så här väljer du",
    choose: (url, d) => `Logga in i Pedaali på ${url} och gör ditt val senast ${d}.`,
    noChoice:
      "Om du inte väljer i tid lämnas cykeln tillbaka, och kundtjänst kommer överens med dig om avhämtningen.",
    footer: (e) => `Pedaali Oy · kundtjänst ${e} · vardagar kl. 9–17`,
  },
};

function describeLine(line: AgreementPdfLine): string {
  const details = [line.brand, line.model, line.modelYear?.toString() ?? null, line.frameSize, line.color]
    .filter((v): v is string => !!v)
    .join(", ");
  return `${line.quantity > 1 ? `${line.quantity} × ` : ""}${line.name}${details ? ` (${details})` : ""}`;
}

export async function renderRedemptionOfferPdf(input: RedemptionOfferPdfInput): Promise<Uint8Array> {
  const lang = input.language;
  const t = TEXTS[lang];
  const euros = (cents: number) => formatCents(cents, lang);
  const date = (value: string | Date) => formatHelsinkiDate(value);
  const cost = ({ min, max }: CostRange) => (min === max ? euros(min) : `${euros(min)} – ${euros(max)}`);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(pdfSafeText(t.docTitle(input.orderNumber)));
  doc.setAuthor("Pedaali");
  doc.setCreator("Pedaali");
  doc.setProducer("Pedaali");
  doc.setLanguage(t.locale);
  doc.setCreationDate(input.documentDate);
  doc.setModificationDate(input.documentDate);
  const w = new PdfWriter(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const early = isEarlyEnd(input.reason);

  w.text(t.title, { size: 18, bold: true });
  w.text(t.orderAndDate(input.orderNumber, date(input.documentDate)), { color: GREY });
  w.gap();
  w.row(t.employee, input.employeeName);
  w.row(t.email, input.employeeEmail);
  w.row(t.employer, input.companyName);
  w.row(t.reason, REASON_WORDS[lang][input.reason]);
  w.gap();

  w.text(t.bike, { size: 12, bold: true });
  for (const line of input.lines) w.row(describeLine(line), "");
  if (input.frameSerialNumber) w.row(t.frameSerialNumber, input.frameSerialNumber);
  w.gap();

  w.text(t.leasingAgreement, { size: 12, bold: true });
  w.row(t.periodStarted, date(input.leaseStartDate));
  w.row(t.periodEnds, date(input.termEndDate));
  if (early) w.row(t.endsEarly, date(input.leaseEndsOn), true);
  w.row(t.monthlyPayment, euros(input.monthlyPaymentCents));
  w.row(t.monthsPaid, `${input.monthsPaid} / ${input.leaseTimeMonths}`);
  w.gap();

  w.row(t.price, euros(input.priceCents), true);
  w.row(t.chooseBy, date(input.decisionDeadline), true);
  w.text(early ? t.earlyPriceRule : t.priceRule, { color: GREY });
  w.gap();

  w.text(t.options, { size: 12, bold: true });
  for (const option of input.options.filter((o) => o.available)) {
    w.row(capitalised(CHOICE_WORDS[lang][option.choice]), cost(option.costCents), true);
    w.text(t.outcomes[option.outcome]);
    if (option.employerCostCents > 0)
      w.text(t.employerPaysReturn(euros(option.employerCostCents)), { color: GREY });
    if (option.taxNote) w.text(t.taxNotes[option.taxNote], { color: GREY });
    w.gap(4);
  }
  if (input.options.some((o) => o.unavailableReason === "RESIGNED_MUST_REDEEM"))
    w.text(t.resignedNoReturn, { color: GREY });
  w.gap();

  w.text(t.howToChoose, { size: 12, bold: true });
  w.text(t.choose(input.choiceUrl, date(input.decisionDeadline)));
  if (!early) w.text(t.noChoice);
  w.gap();
  w.text(t.footer(CONTACT_EMAIL), { color: GREY });

  return doc.save({ useObjectStreams: false });
}
