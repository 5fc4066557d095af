import type { Language } from "../../domain/enums.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The approver's mail when an order starts waiting for the employer's approval (the employee accepted
 * the package and the bike policy asks for approval), in the approver's language: the order's number,
 * the employee's name and the one place to decide, the order opened on the employer's orders page.
 */
export type ApprovalRequestParams = {
  /** The approver's first name, for the greeting. */
  name?: string | null;
  orderNumber: number;
  employeeName: string;
  companyName: string;
  /** The order on the employer's orders page, under the approver's language prefix. */
  orderUrl: string;
};

type Words = { subject: string; paragraphs: string[]; label: string };

function words(lang: Language, p: ApprovalRequestParams): Words {
  const n = p.orderNumber;
  const who = p.employeeName;
  const company = p.companyName;
  return {
    fi: {
      subject: `Tilaus ${n} odottaa hyväksyntääsi: ${who}`,
      paragraphs: [
        `${who} (${company}) on hyväksynyt työsuhdepyörän tilauksensa ${n} pyöräpaketin. Pyöräetupolitiikkanne edellyttää työnantajan hyväksyntää ennen kuin tilaus etenee.`,
        "Tarkista pyöräpaketti ja kuukausierä ja hyväksy tai hylkää tilaus työnantajan tilaussivulla.",
      ],
      label: "Avaa tilaus",
    },
    en: {
      subject: `Order ${n} is waiting for your approval: ${who}`,
      paragraphs: [
        `${who} (${company}) has accepted the bike package of their benefit bike order ${n}. Your bike policy asks for the employer's approval before the order moves on.`,
        "Check the bike package and the monthly payment, and approve or refuse the order on the employer's orders page.",
      ],
      label: "Open the order",
    },
    sv: {
      subject: `Beställning ${n} väntar på ditt godkännande: ${who}`,
      paragraphs: [
        `${who} (${company}) har godkänt cykelpaketet i sin beställning ${n} av en förmånscykel. Er cykelförmånspolicy kräver arbetsgivarens godkännande innan beställningen går vidare.`,
        "Granska cykelpaketet och månadsavgiften och godkänn eller avslå beställningen på arbetsgivarens beställningssida.",
      ],
      label: "Öppna beställningen",
    },
  }[lang];
}

/** The approval request in the approver's language. */
export function approvalRequestMail(
  language: string | null | undefined,
  params: ApprovalRequestParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const w = words(lang, params);
  const content: MailContent = {
    subject: w.subject,
    greeting: greeting(lang, params.name),
    paragraphs: w.paragraphs,
    action: { label: w.label, url: params.orderUrl },
  };
  return mail("approval-request", lang, content);
}
