import type { Language } from "../../domain/enums.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, hours, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * A company's sign-up as an employer, in the applicant's language: its receipt, and the helpdesk's
 * answer to it: accepted (with a set-password link when a new account was made for the contact person)
 * or rejected with the reason.
 */

export type ApplicationAcceptedParams = {
  name?: string | null;
  companyName: string;
  /** The set-password link of a new account; absent when the contact person already had one. */
  link?: string;
  validHours?: number;
};

export function companyApplicationAcceptedMail(
  language: string | null | undefined,
  params: ApplicationAcceptedParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 1);
  // A new account's set-password button and its validity; nothing for an existing account.
  const linkPart = (label: string, validity: string): Partial<MailContent> =>
    params.link ? { action: { label, url: params.link }, after: [validity] } : {};
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Yrityksenne on hyväksytty Pedaaliin",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Työnantajan ${params.companyName} rekisteröityminen Pedaaliin on hyväksytty, ja sinut on lisätty yrityksen pääkäyttäjäksi.`,
        params.link
          ? "Aseta Pedaali-tilillesi salasana alla olevasta linkistä, niin pääset kirjautumaan sisään ja kutsumaan työntekijät mukaan."
          : "Voit kirjautua sisään nykyisellä Pedaali-tililläsi ja kutsua työntekijät mukaan.",
      ],
      ...linkPart("Aseta salasana", `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`),
    },
    en: {
      subject: "Your company has been accepted to Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `The sign-up of the employer ${params.companyName} to Pedaali has been accepted, and you have been added as the company's admin.`,
        params.link
          ? "Set a password for your Pedaali account through the link below, and then you can log in and invite your employees."
          : "You can log in with your existing Pedaali account and invite your employees.",
      ],
      ...linkPart("Set password", `The link is valid for ${valid} and can be used only once.`),
    },
    sv: {
      subject: "Ert företag har godkänts i Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Registreringen av arbetsgivaren ${params.companyName} i Pedaali har godkänts, och du har lagts till som företagets huvudanvändare.`,
        params.link
          ? "Ange ett lösenord för ditt Pedaali-konto via länken nedan, så kan du logga in och bjuda in era arbetstagare."
          : "Du kan logga in med ditt befintliga Pedaali-konto och bjuda in era arbetstagare.",
      ],
      ...linkPart("Ange lösenord", `Länken är giltig i ${valid} och kan användas bara en gång.`),
    },
  };
  return mail("company-application-accepted", lang, content[lang]);
}

export function companyApplicationRejectedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string; reason: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Yrityksenne rekisteröityminen Pedaaliin",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Emme valitettavasti voi hyväksyä työnantajan ${params.companyName} rekisteröitymistä Pedaaliin.`,
        `Perustelu: ${params.reason}`,
        `Jos teillä on kysyttävää, ottakaa yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "Your company's sign-up to Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Unfortunately we cannot accept the sign-up of the employer ${params.companyName} to Pedaali.`,
        `Reason: ${params.reason}`,
        `If you have any questions, contact our customer service at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: "Ert företags registrering i Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Vi kan tyvärr inte godkänna registreringen av arbetsgivaren ${params.companyName} i Pedaali.`,
        `Motivering: ${params.reason}`,
        `Om ni har frågor, kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("company-application-rejected", lang, content[lang]);
}

/** A company signed up as an employer; customer service checks it before it starts. */
export function employerSignupReceivedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Yrityksenne rekisteröityminen Pedaaliin on vastaanotettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Kiitos, että haluatte tarjota työntekijöillenne polkupyöräedun Pedaalin kautta. Olemme vastaanottaneet työnantajan ${params.companyName} rekisteröitymisen.`,
        "Asiakaspalvelumme tarkistaa tiedot ja on teihin pian yhteydessä. Jos teillä on kysyttävää, voitte vastata tähän viestiin.",
      ],
    },
    en: {
      subject: "Your company's sign-up to Pedaali has been received",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Thank you for choosing to offer your employees a bike benefit through Pedaali. We have received the sign-up of the employer ${params.companyName}.`,
        "Our customer service will check the details and contact you soon. If you have any questions, just reply to this message.",
      ],
    },
    sv: {
      subject: "Ert företags registrering i Pedaali har tagits emot",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Tack för att ni vill erbjuda era arbetstagare cykelförmån via Pedaali. Vi har tagit emot registreringen av arbetsgivaren ${params.companyName}.`,
        "Vår kundtjänst kontrollerar uppgifterna och kontaktar er snart. Om ni har frågor kan ni svara på det här meddelandet.",
      ],
    },
  };
  return mail("employer-signup-received", lang, content[lang]);
}
