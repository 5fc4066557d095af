import type {
  InsuranceClaimOutcome,
  InsuranceClaimType,
  Language,
  PaymentMethod,
} from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { MailContent } from "./layout.ts";
import { greeting, type MailTemplate, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The employee's mails about their insurance claim, in their language and the
 * glossary's words: the confirmation that the claim (vahinkoilmoitus) was received, with what they bear
 * (the deductible and the insured value) and the 14-day report deadline; and the claim's settlement,
 * with the deductible to pay.
 */

const RECEIVED: MailTemplate = "insurance-claim-received";
const COMPLETED: MailTemplate = "insurance-claim-completed";

/** A YYYY-MM-DD date as DD.MM.YYYY (docs/product.md "Constants"). */
function day(date: string): string {
  const [year, month, dayOfMonth] = date.split("-");
  return `${dayOfMonth}.${month}.${year}`;
}

const TYPE_WORDS: Record<Language, Record<InsuranceClaimType, string>> = {
  fi: { THEFT: "varkaus", DAMAGE: "vahinko" },
  en: { THEFT: "theft", DAMAGE: "damage" },
  sv: { THEFT: "stöld", DAMAGE: "skada" },
};

export type ClaimReceivedParams = {
  name?: string | null;
  type: InsuranceClaimType;
  orderNumber: number | null;
  incidentDate: string | null;
  reportedLate: boolean;
  deductibleCents: number;
  insuredValueCents: number;
  /** Where the employee follows the claim (/mybike). */
  link: string;
};

/** The claim was received: what happens next, and what the employee bears. */
export function insuranceClaimReceivedMail(
  language: string | null | undefined,
  params: ClaimReceivedParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const type = TYPE_WORDS[lang][params.type];
  const deductible = formatCents(params.deductibleCents, lang);
  const insured = formatCents(params.insuredValueCents, lang);
  const order = params.orderNumber;
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Vahinkoilmoituksesi on vastaanotettu (${type})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        order === null
          ? `Olemme vastaanottaneet vahinkoilmoituksesi työsuhdepyörästäsi (${type}).`
          : `Olemme vastaanottaneet vahinkoilmoituksesi tilauksen ${order} työsuhdepyörästä (${type}).`,
        ...(params.incidentDate ? [`Vahinkopäivä: ${day(params.incidentDate)}.`] : []),
        ...(params.reportedLate
          ? [
              "Ilmoitus tehtiin yli 14 päivää vahingon jälkeen. Käsittelemme sen silti, mutta vakuutusyhtiö voi pyytää selvitystä viiveestä.",
            ]
          : []),
        `Omavastuusi on ${deductible}. Pyörän vakuutusarvo vahinkopäivänä on ${insured}.`,
        "Asiakaspalvelumme käsittelee ilmoituksen ja kertoo, korjataanko pyörä vai saatko uuden. Voit lisätä kuvia ja liitteitä ilmoitukseen Pedaalissa.",
      ],
      action: { label: "Avaa vahinkoilmoitus", url: params.link },
    },
    en: {
      subject: `Your insurance claim has been received (${type})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        order === null
          ? `We have received your insurance claim for your benefit bike (${type}).`
          : `We have received your insurance claim for the benefit bike of order ${order} (${type}).`,
        ...(params.incidentDate ? [`Date of the incident: ${day(params.incidentDate)}.`] : []),
        ...(params.reportedLate
          ? [
              "The claim was made more than 14 days after the incident. We will still handle it, but the insurer may ask about the delay.",
            ]
          : []),
        `Your deductible is ${deductible}. The bike's insured value on the day of the incident is ${insured}.`,
        "Our customer service will handle the claim and tell you whether the bike is repaired or replaced. You can add photos and documents to the claim in Pedaali.",
      ],
      action: { label: "Open the insurance claim", url: params.link },
    },
    sv: {
      subject: `Din skadeanmälan har tagits emot (${type})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        order === null
          ? `Vi har tagit emot din skadeanmälan om din förmånscykel (${type}).`
          : `Vi har tagit emot din skadeanmälan om förmånscykeln i beställning ${order} (${type}).`,
        ...(params.incidentDate ? [`Skadedatum: ${day(params.incidentDate)}.`] : []),
        ...(params.reportedLate
          ? [
              "Anmälan gjordes mer än 14 dagar efter skadan. Vi behandlar den ändå, men försäkringsbolaget kan fråga om dröjsmålet.",
            ]
          : []),
        `Din självrisk är ${deductible}. Cykelns försäkringsvärde på skadedagen är ${insured}.`,
        "Vår kundtjänst behandlar anmälan och meddelar om cykeln repareras eller ersätts. Du kan lägga till bilder och bilagor till anmälan i Pedaali.",
      ],
      action: { label: "Öppna skadeanmälan", url: params.link },
    },
  };
  return mail(RECEIVED, lang, content[lang]);
}

export type ClaimCompletedParams = {
  name?: string | null;
  type: InsuranceClaimType;
  outcome: InsuranceClaimOutcome;
  orderNumber: number | null;
  /** The deductible to pay; 0 when there is nothing to pay. */
  deductibleOwedCents: number;
  paymentMethod: PaymentMethod | null;
  dueDate: string | null;
  link: string;
};

const OUTCOME_SENTENCES: Record<Language, Record<InsuranceClaimOutcome, string>> = {
  fi: {
    REPAIR: "Pyöräsi on korjattu vakuutuksen piikkiin.",
    NEW_BIKE: "Saat uuden pyörän vakuutuksen korvaamana; leasingsopimuksesi jatkuu.",
    END_OF_LEASING: "Pyörää ei korvata uudella, joten leasingsopimuksesi päättyy.",
  },
  en: {
    REPAIR: "Your bike has been repaired at the insurance's expense.",
    NEW_BIKE: "The insurance replaces your bike with a new one; your leasing agreement continues.",
    END_OF_LEASING: "The bike is not replaced, so your leasing agreement ends.",
  },
  sv: {
    REPAIR: "Din cykel har reparerats på försäkringens bekostnad.",
    NEW_BIKE: "Försäkringen ersätter din cykel med en ny; ditt leasingavtal fortsätter.",
    END_OF_LEASING: "Cykeln ersätts inte, så ditt leasingavtal upphör.",
  },
};

function paymentSentence(lang: Language, params: ClaimCompletedParams): string {
  if (params.deductibleOwedCents <= 0) {
    return {
      fi: "Sinulta ei peritä omavastuuta.",
      en: "You pay no deductible.",
      sv: "Du betalar ingen självrisk.",
    }[lang];
  }
  const amount = formatCents(params.deductibleOwedCents, lang);
  const due = params.dueDate ? day(params.dueDate) : "";
  if (params.paymentMethod === "PAYROLL") {
    return {
      fi: `Omavastuu ${amount} vähennetään nettopalkastasi${due ? ` (${due})` : ""}.`,
      en: `The deductible of ${amount} is deducted from your net pay${due ? ` (${due})` : ""}.`,
      sv: `Självrisken ${amount} dras av från din nettolön${due ? ` (${due})` : ""}.`,
    }[lang];
  }
  return {
    fi: `Maksa omavastuu ${amount}${due ? ` viimeistään ${due}` : ""}. Maksutiedot löydät Pedaalista.`,
    en: `Please pay the deductible of ${amount}${due ? ` by ${due}` : ""}. The payment details are in Pedaali.`,
    sv: `Betala självrisken ${amount}${due ? ` senast ${due}` : ""}. Betalningsuppgifterna finns i Pedaali.`,
  }[lang];
}

/** The claim was settled: how it ended, and the deductible to pay. */
export function insuranceClaimCompletedMail(
  language: string | null | undefined,
  params: ClaimCompletedParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const type = TYPE_WORDS[lang][params.type];
  const order = params.orderNumber === null ? "" : ` ${params.orderNumber}`;
  const subjects: Record<Language, string> = {
    fi: `Vahinkoilmoituksesi on käsitelty (${type})`,
    en: `Your insurance claim has been settled (${type})`,
    sv: `Din skadeanmälan har behandlats (${type})`,
  };
  const openings: Record<Language, string> = {
    fi: `Vahinkoilmoituksesi${order ? ` tilauksen${order} pyörästä` : ""} on käsitelty.`,
    en: `Your insurance claim${order ? ` for the bike of order${order}` : ""} has been settled.`,
    sv: `Din skadeanmälan${order ? ` om cykeln i beställning${order}` : ""} har behandlats.`,
  };
  const actions: Record<Language, string> = {
    fi: "Avaa vahinkoilmoitus",
    en: "Open the insurance claim",
    sv: "Öppna skadeanmälan",
  };
  const content: MailContent = {
    subject: subjects[lang],
    greeting: greeting(lang, params.name),
    paragraphs: [openings[lang], OUTCOME_SENTENCES[lang][params.outcome], paymentSentence(lang, params)],
    action: { label: actions[lang], url: params.link },
  };
  return mail(COMPLETED, lang, content);
}
