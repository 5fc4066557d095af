import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language, LeaseInvoiceKind } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import { periodName } from "../modules/notifications/texts.ts";
import type { MailContent } from "./layout.ts";
import { mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The monthly lease invoice mailed to a company's billing e-mail when it is issued: the month, the
 * sum, the reference number and the due date, and a link to the invoice in Pedaali (its Finvoice is
 * downloaded there, behind login, rather than sent around as an attachment). A supplementary invoice
 * and a credit note say so and name the invoice they go with; a credit note asks for no payment.
 */

export type LeaseInvoiceMailParams = {
  companyName: string;
  invoiceNumber: number;
  kind: LeaseInvoiceKind;
  /** The month's regular invoice of a supplementary one; the invoice a credit note credits. */
  originalInvoiceNumber: number | null;
  /** The month billed, YYYY-MM. */
  period: string;
  totalCents: number;
  referenceNumber: string;
  dueDate: string;
  /** The company's settings in Pedaali, where its lease invoices are. */
  link: string;
};

export function leaseInvoiceIssuedMail(
  language: string | null | undefined,
  p: LeaseInvoiceMailParams,
): RenderedMail {
  const lang: Language = resolveLanguage(language);
  const month = periodName(lang, p.period);
  const total = formatCents(p.totalCents, lang);
  const due = formatHelsinkiDate(p.dueDate);
  const original = p.originalInvoiceNumber ?? "";
  const credit = formatCents(Math.abs(p.totalCents), lang);
  const words: Record<Language, Omit<MailContent, "action"> & { action: string }> = {
    fi: {
      subject: {
        REGULAR: `Pedaalin leasinglasku ${p.invoiceNumber} – ${month}`,
        SUPPLEMENTARY: `Pedaalin lisälasku ${p.invoiceNumber} – ${month}`,
        CREDIT_NOTE: `Pedaalin hyvityslasku ${p.invoiceNumber} – ${month}`,
      }[p.kind],
      greeting: "Hei,",
      paragraphs: {
        REGULAR: [
          `Yritykselle ${p.companyName} on muodostettu työsuhdepyörien leasinglasku kuukaudelta ${month}.`,
          `Laskun numero ${p.invoiceNumber}, summa ${total}, viitenumero ${p.referenceNumber}, eräpäivä ${due}.`,
        ],
        SUPPLEMENTARY: [
          `Yritykselle ${p.companyName} on muodostettu lisälasku kuukaudelta ${month}: se laskuttaa leasingsopimukset, jotka puuttuivat laskulta ${original}.`,
          `Lisälaskun numero ${p.invoiceNumber}, summa ${total}, viitenumero ${p.referenceNumber}, eräpäivä ${due}.`,
        ],
        CREDIT_NOTE: [
          `Yritykselle ${p.companyName} on muodostettu hyvityslasku kuukaudelta ${month}: se hyvittää laskulta ${original} leasingsopimukset, jotka eivät olleet käynnissä sinä kuukautena.`,
          `Hyvityslaskun numero ${p.invoiceNumber}, hyvitys ${credit}, viitenumero ${p.referenceNumber}. Hyvityslaskua ei makseta.`,
        ],
      }[p.kind],
      action: "Avaa lasku Pedaalissa",
      after: [
        "Laskun rivit ja verkkolaskuaineisto ovat ladattavissa Pedaalista kirjautumisen jälkeen. Sait tämän viestin, koska osoite on yrityksen laskutussähköposti.",
      ],
    },
    en: {
      subject: {
        REGULAR: `Pedaali lease invoice ${p.invoiceNumber} – ${month}`,
        SUPPLEMENTARY: `Pedaali supplementary invoice ${p.invoiceNumber} – ${month}`,
        CREDIT_NOTE: `Pedaali credit note ${p.invoiceNumber} – ${month}`,
      }[p.kind],
      greeting: "Hello,",
      paragraphs: {
        REGULAR: [
          `The bike lease invoice of ${p.companyName} for ${month} has been issued.`,
          `Invoice number ${p.invoiceNumber}, amount ${total}, reference number ${p.referenceNumber}, due date ${due}.`,
        ],
        SUPPLEMENTARY: [
          `A supplementary invoice of ${p.companyName} for ${month} has been issued: it bills the leasing agreements missing from invoice ${original}.`,
          `Supplementary invoice number ${p.invoiceNumber}, amount ${total}, reference number ${p.referenceNumber}, due date ${due}.`,
        ],
        CREDIT_NOTE: [
          `A credit note of ${p.companyName} for ${month} has been issued: it credits the leasing agreements on invoice ${original} that did not run that month.`,
          `Credit note number ${p.invoiceNumber}, credit ${credit}, reference number ${p.referenceNumber}. A credit note is not paid.`,
        ],
      }[p.kind],
      action: "Open the invoice in Pedaali",
      after: [
        "The invoice's lines and its e-invoice file can be downloaded in Pedaali after logging in. You got this message because this is the company's billing e-mail.",
      ],
    },
    sv: {
      subject: {
        REGULAR: `Pedaalis leasingfaktura ${p.invoiceNumber} – ${month}`,
        SUPPLEMENTARY: `Pedaalis tilläggsfaktura ${p.invoiceNumber} – ${month}`,
        CREDIT_NOTE: `Pedaalis kreditnota ${p.invoiceNumber} – ${month}`,
      }[p.kind],
      greeting: "Hej,",
      paragraphs: {
        REGULAR: [
          `Leasingfakturan för förmånscyklarna hos ${p.companyName} för ${month} har skapats.`,
          `Fakturanummer ${p.invoiceNumber}, belopp ${total}, referensnummer ${p.referenceNumber}, förfallodag ${due}.`,
        ],
        SUPPLEMENTARY: [
          `En tilläggsfaktura för ${p.companyName} för ${month} har skapats: den fakturerar de leasingavtal som saknades på faktura ${original}.`,
          `Tilläggsfakturans nummer ${p.invoiceNumber}, belopp ${total}, referensnummer ${p.referenceNumber}, förfallodag ${due}.`,
        ],
        CREDIT_NOTE: [
          `En kreditnota för ${p.companyName} för ${month} har skapats: den krediterar de leasingavtal på faktura ${original} som inte löpte den månaden.`,
          `Kreditnotans nummer ${p.invoiceNumber}, kredit ${credit}, referensnummer ${p.referenceNumber}. En kreditnota betalas inte.`,
        ],
      }[p.kind],
      action: "Öppna fakturan i Pedaali",
      after: [
        "Fakturans rader och e-fakturafilen kan laddas ner i Pedaali efter inloggning. Du fick det här meddelandet eftersom adressen är företagets faktureringsadress.",
      ],
    },
  };
  const w = words[lang];
  return mail("lease-invoice-issued", lang, { ...w, action: { label: w.action, url: p.link } });
}
