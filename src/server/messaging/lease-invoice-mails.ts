import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import { periodName } from "../modules/notifications/texts.ts";
import type { MailContent } from "./layout.ts";
import { mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The monthly lease invoice mailed to a company's billing e-mail when it is issued: the month, the
 * sum, the reference number and the due date, and a link to the invoice in Pedaali (its Finvoice is
 * downloaded there, behind login, rather than sent around as an attachment).
 */

export type LeaseInvoiceMailParams = {
  companyName: string;
  invoiceNumber: number;
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
  const words: Record<Language, Omit<MailContent, "action"> & { action: string }> = {
    fi: {
      subject: `Pedaalin leasinglasku ${p.invoiceNumber} – ${month}`,
      greeting: "Hei,",
      paragraphs: [
        `Yritykselle ${p.companyName} on muodostettu työsuhdepyörien leasinglasku kuukaudelta ${month}.`,
        `Laskun numero ${p.invoiceNumber}, summa ${total}, viitenumero ${p.referenceNumber}, eräpäivä ${due}.`,
      ],
      action: "Avaa lasku Pedaalissa",
      after: [
        "Laskun rivit ja verkkolaskuaineisto ovat ladattavissa Pedaalista kirjautumisen jälkeen. Sait tämän viestin, koska osoite on yrityksen laskutussähköposti.",
      ],
    },
    en: {
      subject: `Pedaali lease invoice ${p.invoiceNumber} – ${month}`,
      greeting: "Hello,",
      paragraphs: [
        `The bike lease invoice of ${p.companyName} for ${month} has been issued.`,
        `Invoice number ${p.invoiceNumber}, amount ${total}, reference number ${p.referenceNumber}, due date ${due}.`,
      ],
      action: "Open the invoice in Pedaali",
      after: [
        "The invoice's lines and its e-invoice file can be downloaded in Pedaali after logging in. You got this message because this is the company's billing e-mail.",
      ],
    },
    sv: {
      subject: `Pedaalis leasingfaktura ${p.invoiceNumber} – ${month}`,
      greeting: "Hej,",
      paragraphs: [
        `Leasingfakturan för förmånscyklarna hos ${p.companyName} för ${month} har skapats.`,
        `Fakturanummer ${p.invoiceNumber}, belopp ${total}, referensnummer ${p.referenceNumber}, förfallodag ${due}.`,
      ],
      action: "Öppna fakturan i Pedaali",
      after: [
        "Fakturans rader och e-fakturafilen kan laddas ner i Pedaali efter inloggning. Du fick det här meddelandet eftersom adressen är företagets faktureringsadress.",
      ],
    },
  };
  const w = words[lang];
  return mail("lease-invoice-issued", lang, { ...w, action: { label: w.action, url: p.link } });
}
