import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language, UserPaymentKind } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { BankTransferInstructions } from "../../domain/payment-instructions.ts";
import type { MailContent } from "./layout.ts";
import { greeting, type MailTemplate, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The employee's invoice for a payment they make themself (user payments), mailed
 * when a BATCH payment is sent: what it is for, and how to pay it — Pedaali's account, the reference
 * number, the amount and the due date, and the virtual barcode an online bank takes in one go.
 */

const TEMPLATE: MailTemplate = "user-payment-invoice";

export type UserPaymentInvoiceParams = {
  name?: string | null;
  /** What the payment is for: its kind, named in the mail's language. */
  kind: UserPaymentKind;
  /** What a person typed for the payment, shown as typed; none on a payment Pedaali made itself. */
  description?: string | null;
  /** The order the payment belongs to, if any. */
  orderNumber?: number | null;
  bankTransfer: BankTransferInstructions;
  /** Where the employee sees their payments (/mybike). */
  link: string;
};

type Words = {
  subject: string;
  intro: string;
  how: string;
  recipient: string;
  iban: string;
  reference: string;
  amount: string;
  due: string;
  barcode: string;
  action: string;
  paidAlready: string;
  kind: Record<UserPaymentKind, string>;
  order: string;
};

const WORDS: Record<Language, Words> = {
  fi: {
    subject: "Lasku",
    intro: "Sinulla on Pedaalissa maksettava lasku:",
    how: "Maksa lasku pankkisiirtona alla olevilla tiedoilla viimeistään eräpäivänä. Käytä viitenumeroa, niin maksu kohdistuu oikein.",
    recipient: "Saaja",
    iban: "Tilinumero",
    reference: "Viitenumero",
    amount: "Summa",
    due: "Eräpäivä",
    barcode:
      "Voit myös maksaa virtuaaliviivakoodilla: liitä se verkkopankkisi maksulomakkeelle, niin tiedot täyttyvät itsestään.",
    action: "Näytä maksut Pedaalissa",
    paidAlready: "Jos olet jo maksanut laskun, tämä viesti on aiheeton.",
    kind: {
      OWN_SHARE: "Enimmäishinnan ylittävä osuus",
      REDEMPTION: "Pyörän lunastus",
      RETURN_FEE: "Palautusmaksu",
      DEDUCTIBLE: "Omavastuu",
      OTHER: "Muu maksu",
    },
    order: "tilaus",
  },
  en: {
    subject: "Invoice",
    intro: "You have an invoice to pay in Pedaali:",
    how: "Pay the invoice by bank transfer with the details below by the due date at the latest. Use the reference number so that the payment is matched correctly.",
    recipient: "Recipient",
    iban: "Account number",
    reference: "Reference number",
    amount: "Amount",
    due: "Due date",
    barcode:
      "You can also pay with the virtual barcode: paste it into your online bank's payment form and the details are filled in for you.",
    action: "See your payments in Pedaali",
    paidAlready: "If you have already paid the invoice, please ignore this message.",
    kind: {
      OWN_SHARE: "Share above the maximum price",
      REDEMPTION: "Bike redemption",
      RETURN_FEE: "Return fee",
      DEDUCTIBLE: "Deductible",
      OTHER: "Other payment",
    },
    order: "order",
  },
  sv: {
    subject: "Faktura",
    intro: "Du har en faktura att betala i Pedaali:",
    how: "Betala fakturan som banköverföring med uppgifterna nedan senast på förfallodagen. Använd referensnumret så att betalningen riktas rätt.",
    recipient: "Mottagare",
    iban: "Kontonummer",
    reference: "Referensnummer",
    amount: "Belopp",
    due: "Förfallodag",
    barcode:
      "Du kan också betala med den virtuella streckkoden: klistra in den i nätbankens betalningsformulär så fylls uppgifterna i automatiskt.",
    action: "Visa betalningarna i Pedaali",
    paidAlready: "Om du redan har betalat fakturan kan du bortse från det här meddelandet.",
    kind: {
      OWN_SHARE: "Andel över maxpriset",
      REDEMPTION: "Inlösen av cykeln",
      RETURN_FEE: "Returavgift",
      DEDUCTIBLE: "Självrisk",
      OTHER: "Annan betalning",
    },
    order: "beställning",
  },
};

/** user-payment-invoice: a BATCH payment sent to the employee, with everything needed to pay it. */
export function userPaymentInvoiceMail(
  language: string | null | undefined,
  params: UserPaymentInvoiceParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const w = WORDS[lang];
  const transfer = params.bankTransfer;
  // The kind in the reader's words, then what a person typed, then the order: as the web lists it.
  const what = [
    w.kind[params.kind],
    params.description,
    params.orderNumber == null ? null : `${w.order} ${params.orderNumber}`,
  ]
    .filter(Boolean)
    .join(" · ");
  const content: MailContent = {
    subject: `${w.subject}: ${what}`,
    greeting: greeting(lang, params.name),
    paragraphs: [
      `${w.intro} ${what}.`,
      w.how,
      `${w.recipient}: ${transfer.recipient}`,
      `${w.iban}: ${transfer.iban} (BIC ${transfer.bic})`,
      `${w.reference}: ${transfer.referenceNumber}`,
      `${w.amount}: ${formatCents(transfer.amountCents, lang)}`,
      ...(transfer.dueDate ? [`${w.due}: ${formatHelsinkiDate(transfer.dueDate)}`] : []),
      ...(transfer.virtualBarcode ? [w.barcode, transfer.virtualBarcode] : []),
    ],
    action: { label: w.action, url: params.link },
    after: [w.paidAlready],
  };
  return mail(TEMPLATE, lang, content);
}
