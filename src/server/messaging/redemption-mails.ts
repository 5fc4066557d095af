import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language, RedemptionChoice, RedemptionReason } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import { isEarlyEnd } from "../../domain/redemption.ts";
import type { MailContent } from "./layout.ts";
import { greeting, type MailTemplate, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The employee's mails at the end of their lease, in their language and the
 * glossary's words (lunastus, lunastustarjous, pyörävälitys): the redemption offer when a case opens,
 * and the case's completion. The words for reasons and choices are also the bell's and the offer PDF's.
 */

export const REASON_WORDS: Record<Language, Record<RedemptionReason, string>> = {
  fi: {
    LEASE_TERM_ENDS: "Sopimuskausi päättyy",
    EMPLOYEE_RESIGNED: "Työntekijä irtisanoutui",
    EMPLOYER_ENDED_EMPLOYMENT: "Työnantaja päätti työsuhteen",
    LONG_ABSENCE: "Pitkä poissaolo",
  },
  en: {
    LEASE_TERM_ENDS: "The lease period ends",
    EMPLOYEE_RESIGNED: "The employee resigned",
    EMPLOYER_ENDED_EMPLOYMENT: "The employer ended the employment",
    LONG_ABSENCE: "A long absence",
  },
  sv: {
    LEASE_TERM_ENDS: "Avtalsperioden tar slut",
    EMPLOYEE_RESIGNED: "Arbetstagaren sade upp sig",
    EMPLOYER_ENDED_EMPLOYMENT: "Arbetsgivaren avslutade anställningen",
    LONG_ABSENCE: "Lång frånvaro",
  },
};

export const CHOICE_WORDS: Record<Language, Record<RedemptionChoice, string>> = {
  fi: {
    REDEEM: "lunastus",
    RETURN: "palautus",
    BROKERAGE: "pyörävälitys",
    TRANSFER: "siirto työkaverille",
    CONTINUE: "jatkaminen omalla maksulla",
  },
  en: {
    REDEEM: "redemption",
    RETURN: "return",
    BROKERAGE: "bike brokerage",
    TRANSFER: "transfer to a colleague",
    CONTINUE: "continuing at own cost",
  },
  sv: {
    REDEEM: "inlösen",
    RETURN: "återlämning",
    BROKERAGE: "cykelförmedling",
    TRANSFER: "överlåtelse till en kollega",
    CONTINUE: "fortsättning med egen betalning",
  },
};

const OFFER_TEMPLATE: MailTemplate = "redemption-offer";
const COMPLETED_TEMPLATE: MailTemplate = "redemption-completed";

export type RedemptionOfferMailParams = {
  name?: string | null;
  orderNumber: number;
  bikeName: string | null;
  reason: RedemptionReason;
  leaseEndsOn: string;
  decisionDeadline: string;
  priceCents: number;
  /** Where the employee chooses (the app's /mybike). */
  link: string;
};

/** A redemption case opened: the redemption offer, the deadline and where to choose. */
export function redemptionOfferMail(
  language: string | null | undefined,
  params: RedemptionOfferMailParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const ends = formatHelsinkiDate(params.leaseEndsOn);
  const deadline = formatHelsinkiDate(params.decisionDeadline);
  const price = formatCents(params.priceCents, lang);
  const reason = REASON_WORDS[lang][params.reason];
  const early = isEarlyEnd(params.reason);
  const bike = params.bikeName ? ` (${params.bikeName})` : "";
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Työsuhdepyöräsi leasingsopimus päättyy ${ends} – tee valintasi`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        early
          ? `Työsuhdepyöräsi${bike} leasingsopimus (tilaus ${params.orderNumber}) päättyy ennenaikaisesti ${ends}. Syy: ${reason}.`
          : `Työsuhdepyöräsi${bike} leasingsopimuksen (tilaus ${params.orderNumber}) sopimuskausi päättyy ${ends}.`,
        `Lunastushinta on ${price} (sis. ALV). Lunastustarjouksessa ja Pedaalissa näet kaikki vaihtoehdot – lunastuksen, palautuksen ja pyörävälityksen – ja niiden kustannukset rinnakkain.`,
        `Tee valintasi viimeistään ${deadline}.`,
      ],
      action: { label: "Tee valinta", url: params.link },
      after: early
        ? []
        : ["Jos et valitse ajoissa, pyörä palautetaan, ja asiakaspalvelu sopii noudosta kanssasi."],
    },
    en: {
      subject: `The leasing agreement of your benefit bike ends on ${ends} – make your choice`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        early
          ? `The leasing agreement of your benefit bike${bike} (order ${params.orderNumber}) ends early on ${ends}. Reason: ${reason}.`
          : `The lease period of your benefit bike${bike} (order ${params.orderNumber}) ends on ${ends}.`,
        `The redemption price is ${price} (VAT included). The redemption offer and Pedaali show every option – redemption, return and bike brokerage – with their costs side by side.`,
        `Please make your choice by ${deadline}.`,
      ],
      action: { label: "Make your choice", url: params.link },
      after: early
        ? []
        : [
            "If you do not choose in time, the bike is returned and customer service agrees on the pickup with you.",
          ],
    },
    sv: {
      subject: `Leasingavtalet för din förmånscykel upphör ${ends} – gör ditt val`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        early
          ? `Leasingavtalet för din förmånscykel${bike} (beställning ${params.orderNumber}) upphör i förtid ${ends}. Orsak: ${reason}.`
          : `Avtalsperioden för din förmånscykel${bike} (beställning ${params.orderNumber}) tar slut ${ends}.`,
        `Inlösenpriset är ${price} (inkl. moms). I inlösenerbjudandet och i Pedaali ser du alla alternativ – inlösen, återlämning och cykelförmedling – och deras kostnader sida vid sida.`,
        `Gör ditt val senast ${deadline}.`,
      ],
      action: { label: "Gör ditt val", url: params.link },
      after: early
        ? []
        : [
            "Om du inte väljer i tid lämnas cykeln tillbaka, och kundtjänsten kommer överens med dig om avhämtningen.",
          ],
    },
  };
  return mail(OFFER_TEMPLATE, lang, content[lang]);
}

export type RedemptionCompletedMailParams = {
  name?: string | null;
  orderNumber: number;
  bikeName: string | null;
  choice: RedemptionChoice;
  leaseEndsOn: string;
  link: string;
};

const COMPLETED_LINES: Record<Language, Record<RedemptionChoice, string>> = {
  fi: {
    REDEEM: "Lunastus on maksettu, ja pyörä on nyt sinun.",
    RETURN: "Pyörä on palautettu.",
    BROKERAGE: "Pyörä on siirretty Pedaalin pyörävälitykseen.",
    TRANSFER: "Leasingsopimus on siirretty työkaverillesi.",
    CONTINUE: "Pidät pyörän ja maksat kuukausierät itse poissaolosi ajan.",
  },
  en: {
    REDEEM: "The redemption has been paid, and the bike is now yours.",
    RETURN: "The bike has been returned.",
    BROKERAGE: "The bike has been handed to Pedaali's bike brokerage.",
    TRANSFER: "The leasing agreement has been transferred to your colleague.",
    CONTINUE: "You keep the bike and pay the monthly payments yourself during your absence.",
  },
  sv: {
    REDEEM: "Inlösen är betald, och cykeln är nu din.",
    RETURN: "Cykeln har lämnats tillbaka.",
    BROKERAGE: "Cykeln har överlämnats till Pedaalis cykelförmedling.",
    TRANSFER: "Leasingavtalet har överlåtits till din kollega.",
    CONTINUE: "Du behåller cykeln och betalar själv månadsavgifterna under din frånvaro.",
  },
};

/** The case is completed: what became of the bike, and when the lease (and the deduction) ends. */
export function redemptionCompletedMail(
  language: string | null | undefined,
  params: RedemptionCompletedMailParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const ends = formatHelsinkiDate(params.leaseEndsOn);
  const bike = params.bikeName ? ` (${params.bikeName})` : "";
  const leaseEnds = params.choice !== "CONTINUE";
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Työsuhdepyöräsi lunastusasia on valmis (tilaus ${params.orderNumber})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Työsuhdepyöräsi${bike} leasingsopimuksen päättymistä koskeva asia on käsitelty. ${COMPLETED_LINES.fi[params.choice]}`,
        ...(leaseEnds
          ? [`Leasingsopimus päättyy ${ends}; sen jälkeen kuukausierää ei enää vähennetä palkastasi.`]
          : []),
      ],
      action: { label: "Avaa Pedaali", url: params.link },
    },
    en: {
      subject: `The end of your benefit bike's lease is settled (order ${params.orderNumber})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `The end of the leasing agreement of your benefit bike${bike} has been handled. ${COMPLETED_LINES.en[params.choice]}`,
        ...(leaseEnds
          ? [
              `The leasing agreement ends on ${ends}; after that no monthly payment is deducted from your pay.`,
            ]
          : []),
      ],
      action: { label: "Open Pedaali", url: params.link },
    },
    sv: {
      subject: `Inlösenärendet för din förmånscykel är klart (beställning ${params.orderNumber})`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Ärendet om slutet på leasingavtalet för din förmånscykel${bike} har behandlats. ${COMPLETED_LINES.sv[params.choice]}`,
        ...(leaseEnds
          ? [`Leasingavtalet upphör ${ends}; därefter dras ingen månadsavgift längre av från din lön.`]
          : []),
      ],
      action: { label: "Öppna Pedaali", url: params.link },
    },
  };
  return mail(COMPLETED_TEMPLATE, lang, content[lang]);
}
