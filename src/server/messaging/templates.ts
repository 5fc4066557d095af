import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../domain/enums.ts";
import { CONTACT_EMAIL, type LayoutWords, type MailContent, renderMail } from "./layout.ts";

/**
 * The mails and SMS the app sends, in Finnish (default), English and Swedish, in the words of
 * GLOSSARY.md. Each mail renders `{ template, subject, text, html }` and each SMS `{ template, text }`,
 * ready to spread into `messaging.sendMail({ to, ...mail })` / `sendSms({ to, ...sms })`.
 */

export type MailTemplate =
  | "password-reset"
  | "set-password"
  | "registration-received"
  | "employer-signup-received"
  | "account-deactivated";
export type SmsTemplate = "two-factor-code";

export type RenderedMail = { template: MailTemplate; subject: string; text: string; html: string };
export type RenderedSms = { template: SmsTemplate; text: string };

/** A user's stored language, or anything else (null, "de"): unknown languages get Finnish. */
export function resolveLanguage(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? "")
    ? (language as Language)
    : DEFAULT_LANGUAGE;
}

const LAYOUT: Record<Language, LayoutWords> = {
  fi: {
    signOff: "Ystävällisin terveisin",
    tagline: "Pedaali – Suomen helpoin polkupyöräetu",
    copyLink: "Jos painike ei toimi, kopioi tämä osoite selaimeesi:",
  },
  en: {
    signOff: "Best regards",
    tagline: "Pedaali – the easiest bike benefit in Finland",
    copyLink: "If the button does not work, copy this address into your browser:",
  },
  sv: {
    signOff: "Med vänliga hälsningar",
    tagline: "Pedaali – Finlands enklaste cykelförmån",
    copyLink: "Om knappen inte fungerar, kopiera den här adressen till din webbläsare:",
  },
};

function greeting(language: Language, name?: string | null): string {
  const hello = { fi: "Hei", en: "Hello", sv: "Hej" }[language];
  const trimmed = name?.trim();
  return trimmed ? `${hello} ${trimmed},` : `${hello},`;
}

function hours(language: Language, count: number): string {
  if (count === 1) return { fi: "tunnin", en: "one hour", sv: "en timme" }[language];
  return { fi: `${count} tuntia`, en: `${count} hours`, sv: `${count} timmar` }[language];
}

function mail(template: MailTemplate, language: Language, content: MailContent): RenderedMail {
  return { template, ...renderMail(content, LAYOUT[language], language) };
}

/** The two-factor code (6 digits, valid 5 minutes). Text only, short enough for one SMS. */
export function twoFactorCodeSms(language: string | null | undefined, params: { code: string }): RenderedSms {
  const texts: Record<Language, string> = {
    fi: `Pedaali: vahvistuskoodisi on ${params.code}. Koodi on voimassa 5 minuuttia.`,
    en: `Pedaali: your verification code is ${params.code}. The code is valid for 5 minutes.`,
    sv: `Pedaali: din verifieringskod är ${params.code}. Koden är giltig i 5 minuter.`,
  };
  return { template: "two-factor-code", text: texts[resolveLanguage(language)] };
}

export type LinkMailParams = {
  name?: string | null;
  /** The full link with its single-use token, e.g. `${publicUrl}/reset/<token>`. */
  link: string;
  /** How long the link works; the reset token's lifetime. Default 1. */
  validHours?: number;
};

/** Password reset requested: link valid for an hour, single use. */
export function passwordResetMail(language: string | null | undefined, params: LinkMailParams): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 1);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-salasanasi vaihtaminen",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Saimme pyynnön vaihtaa Pedaali-tilisi salasanan. Voit valita uuden salasanan alla olevasta linkistä.",
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`,
        "Jos et pyytänyt salasanan vaihtamista, voit jättää tämän viestin huomiotta. Salasanasi pysyy ennallaan.",
      ],
    },
    en: {
      subject: "Reset your Pedaali password",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "We received a request to reset the password of your Pedaali account. You can choose a new password through the link below.",
      ],
      action: { label: "Reset password", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once.`,
        "If you did not ask for a new password, you can ignore this message. Your password stays as it is.",
      ],
    },
    sv: {
      subject: "Återställ ditt lösenord till Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Vi har fått en begäran om att återställa lösenordet till ditt Pedaali-konto. Du kan välja ett nytt lösenord via länken nedan.",
      ],
      action: { label: "Återställ lösenordet", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång.`,
        "Om du inte bad om ett nytt lösenord kan du bortse från det här meddelandet. Ditt lösenord förblir oförändrat.",
      ],
    },
  };
  return mail("password-reset", lang, content[lang]);
}

/** For a user who has no password yet (NO_PASSWORD_SET): a link to set one. */
export function setPasswordMail(language: string | null | undefined, params: LinkMailParams): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 1);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Aseta salasana Pedaali-tilillesi",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tililläsi ei ole vielä salasanaa. Aseta salasana alla olevasta linkistä, niin voit sen jälkeen kirjautua sisään sähköpostiosoitteellasi ja salasanallasi.",
      ],
      action: { label: "Aseta salasana", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`,
        "Jos et yrittänyt kirjautua sisään, voit jättää tämän viestin huomiotta.",
      ],
    },
    en: {
      subject: "Set a password for your Pedaali account",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Your Pedaali account does not have a password yet. Set one through the link below, and then you can log in with your e-mail address and password.",
      ],
      action: { label: "Set password", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once.`,
        "If you did not try to log in, you can ignore this message.",
      ],
    },
    sv: {
      subject: "Ange ett lösenord för ditt Pedaali-konto",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Ditt Pedaali-konto har ännu inget lösenord. Ange ett lösenord via länken nedan, så kan du sedan logga in med din e-postadress och ditt lösenord.",
      ],
      action: { label: "Ange lösenord", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång.`,
        "Om du inte försökte logga in kan du bortse från det här meddelandet.",
      ],
    },
  };
  return mail("set-password", lang, content[lang]);
}

/** An employee registered through their employer's registration link; the employer still has to accept. */
export function registrationReceivedMail(
  language: string | null | undefined,
  params: { name?: string | null; companyName: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Rekisteröitymisesi Pedaaliin on vastaanotettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Kiitos rekisteröitymisestä! Rekisteröidyit Pedaaliin työnantajasi ${params.companyName} rekisteröintilinkillä.`,
        "Työnantajasi tarkistaa vielä tietosi ja hyväksyy rekisteröitymisesi. Kun se on hyväksytty, voit kirjautua sisään ja aloittaa työsuhdepyörän tilauksen.",
      ],
    },
    en: {
      subject: "Your registration to Pedaali has been received",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Thank you for registering! You registered to Pedaali through the registration link of your employer, ${params.companyName}.`,
        "Your employer will still check your details and accept your registration. Once it has been accepted, you can log in and start ordering your benefit bike.",
      ],
    },
    sv: {
      subject: "Din registrering i Pedaali har tagits emot",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Tack för din registrering! Du registrerade dig i Pedaali via registreringslänken från din arbetsgivare ${params.companyName}.`,
        "Din arbetsgivare kontrollerar ännu dina uppgifter och godkänner din registrering. När den har godkänts kan du logga in och beställa din förmånscykel.",
      ],
    },
  };
  return mail("registration-received", lang, content[lang]);
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

/** The inactivity job deactivated the account (event log: auto-deactivated for inactivity). */
export function accountDeactivatedMail(
  language: string | null | undefined,
  params: { name?: string | null },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilisi on poistettu käytöstä",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tilisi on poistettu käytöstä, koska sitä ei ole käytetty pitkään aikaan.",
        `Jos tarvitset tiliä vielä, ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}, niin autamme sinua.`,
      ],
    },
    en: {
      subject: "Your Pedaali account has been deactivated",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Your Pedaali account has been deactivated because it has not been used for a long time.",
        `If you still need your account, contact our customer service at ${CONTACT_EMAIL} and we will help you.`,
      ],
    },
    sv: {
      subject: "Ditt Pedaali-konto har inaktiverats",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Ditt Pedaali-konto har inaktiverats eftersom det inte har använts på länge.",
        `Om du fortfarande behöver kontot, kontakta vår kundtjänst på ${CONTACT_EMAIL} så hjälper vi dig.`,
      ],
    },
  };
  return mail("account-deactivated", lang, content[lang]);
}
