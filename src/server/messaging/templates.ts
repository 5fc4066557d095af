import { formatHelsinkiDateTime } from "../../domain/dates.ts";
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
  | "password-changed"
  | "registration-received"
  | "employer-signup-received"
  | "account-deactivated"
  | "email-change-confirm"
  | "email-change-in-use"
  | "contact-change-requested"
  | "contact-changed"
  | "two-factor-locked"
  | "company-application-accepted"
  | "company-application-rejected"
  | "employee-invitation"
  | "employee-accepted"
  | "employee-rejected"
  | "payroll-report"
  | "purchase-order"
  | "store-package-link"
  | "store-delivery-link"
  // After the sale (issue 13)
  | "order-cancelled"
  | "order-refunded"
  | "insurance-claim-received"
  | "insurance-claim-completed"
  | "redemption-offer"
  | "redemption-completed"
  | "user-payment-invoice"
  | "brokerage-inquiry";
export type SmsTemplate = "two-factor-code" | "phone-change-code";

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

export function greeting(language: Language, name?: string | null): string {
  const hello = { fi: "Hei", en: "Hello", sv: "Hej" }[language];
  const trimmed = name?.trim();
  return trimmed ? `${hello} ${trimmed},` : `${hello},`;
}

export function hours(language: Language, count: number): string {
  if (count === 1) return { fi: "tunnin", en: "one hour", sv: "en timme" }[language];
  return { fi: `${count} tuntia`, en: `${count} hours`, sv: `${count} timmar` }[language];
}

export function mail(template: MailTemplate, language: Language, content: MailContent): RenderedMail {
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

/**
 * To the account whose password was just changed by a reset link, or set for the first time: when it
 * happened, that every session was ended, and what to do if it was not the owner. Never the password.
 */
export function passwordChangedMail(
  language: string | null | undefined,
  params: {
    name?: string | null;
    /** The password recovery page, for an owner who did not make the change. */
    link: string;
    changedAt: Date;
    /** The account had no password before (NO_PASSWORD_SET): "set", not "changed". */
    firstPassword: boolean;
  },
): RenderedMail {
  const lang = resolveLanguage(language);
  const at = formatHelsinkiDateTime(params.changedAt);
  const first = params.firstPassword;
  const content: Record<Language, MailContent> = {
    fi: {
      subject: first ? "Pedaali-tilillesi on asetettu salasana" : "Pedaali-tilisi salasana on vaihdettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `Pedaali-tilillesi asetettiin salasana ${at} (Suomen aikaa).`
          : `Pedaali-tilisi salasana vaihdettiin ${at} (Suomen aikaa).`,
        "Tilisi kirjattiin samalla ulos kaikilta laitteilta. Jos teit tämän itse, sinun ei tarvitse tehdä mitään.",
        `Jos et tehnyt tätä itse, joku muu voi päästä tilillesi. Vaihda salasana heti alla olevasta linkistä ja ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: ["Pedaali ei koskaan kysy salasanaasi sähköpostitse eikä puhelimitse."],
    },
    en: {
      subject: first
        ? "A password has been set for your Pedaali account"
        : "Your Pedaali password has been changed",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `A password was set for your Pedaali account on ${at} (Finnish time).`
          : `The password of your Pedaali account was changed on ${at} (Finnish time).`,
        "Your account was logged out on every device at the same time. If it was you, there is nothing more to do.",
        `If it was not you, someone else may be able to get into your account. Change your password right away through the link below and contact our customer service at ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Change password", url: params.link },
      after: ["Pedaali never asks for your password by e-mail or by phone."],
    },
    sv: {
      subject: first
        ? "Ett lösenord har angetts för ditt Pedaali-konto"
        : "Lösenordet till ditt Pedaali-konto har bytts",
      greeting: greeting(lang, params.name),
      paragraphs: [
        first
          ? `Ett lösenord angavs för ditt Pedaali-konto ${at} (finsk tid).`
          : `Lösenordet till ditt Pedaali-konto byttes ${at} (finsk tid).`,
        "Samtidigt loggades ditt konto ut på alla enheter. Om det var du behöver du inte göra något.",
        `Om det inte var du kan någon annan komma åt ditt konto. Byt lösenord genast via länken nedan och kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
      action: { label: "Byt lösenord", url: params.link },
      after: ["Pedaali ber aldrig om ditt lösenord per e-post eller telefon."],
    },
  };
  return mail("password-changed", lang, content[lang]);
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

/** What a contact change is about, in a mail to the account's current address. */
export type ContactChangeParams = {
  name?: string | null;
  /** EMAIL: the login e-mail; PHONE: the phone number that receives the two-factor codes. */
  kind: "EMAIL" | "PHONE";
  /** The new address or number, so the owner recognises the change (or sees it is not theirs). */
  newValue: string;
};

function contactWords(language: Language, kind: ContactChangeParams["kind"]): string {
  const words = {
    EMAIL: {
      fi: "kirjautumissähköpostiosoitteesi",
      en: "your login e-mail address",
      sv: "din e-postadress för inloggning",
    },
    PHONE: { fi: "puhelinnumerosi", en: "your phone number", sv: "ditt telefonnummer" },
  };
  return words[kind][language];
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** To the new login e-mail of a self-service change: the link that makes the change (single use). */
export function emailChangeConfirmMail(
  language: string | null | undefined,
  params: LinkMailParams & { newEmail: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const valid = hours(lang, params.validHours ?? 24);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Vahvista uusi sähköpostiosoitteesi Pedaalissa",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Pedaali-tilisi kirjautumissähköpostiosoitteeksi on pyydetty ${params.newEmail}. Vahvista muutos alla olevasta linkistä. Osoite vaihtuu vasta, kun olet vahvistanut sen.`,
      ],
      action: { label: "Vahvista sähköpostiosoite", url: params.link },
      after: [
        `Linkki on voimassa ${valid}, ja sen voi käyttää vain kerran.`,
        "Jos et pyytänyt muutosta, voit jättää tämän viestin huomiotta.",
      ],
    },
    en: {
      subject: "Confirm your new e-mail address in Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `A change of the login e-mail address of your Pedaali account to ${params.newEmail} was requested. Confirm the change through the link below. The address changes only once you have confirmed it.`,
      ],
      action: { label: "Confirm e-mail address", url: params.link },
      after: [
        `The link is valid for ${valid} and can be used only once.`,
        "If you did not ask for this change, you can ignore this message.",
      ],
    },
    sv: {
      subject: "Bekräfta din nya e-postadress i Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Det har begärts att e-postadressen för inloggning till ditt Pedaali-konto ändras till ${params.newEmail}. Bekräfta ändringen via länken nedan. Adressen ändras först när du har bekräftat den.`,
      ],
      action: { label: "Bekräfta e-postadressen", url: params.link },
      after: [
        `Länken är giltig i ${valid} och kan användas bara en gång.`,
        "Om du inte bad om ändringen kan du bortse från det här meddelandet.",
      ],
    },
  };
  return mail("email-change-confirm", lang, content[lang]);
}

/**
 * To an address a self-service change asked for that another account already uses. The requester gets
 * the same answer as for a free address; only the owner of this mailbox learns that it is in use.
 */
export function emailChangeInUseMail(
  language: string | null | undefined,
  params: { name?: string | null; newEmail: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Sähköpostiosoitteesi on jo käytössä Pedaalissa",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Joku pyysi vaihtamaan Pedaali-tilinsä kirjautumissähköpostiosoitteeksi ${params.newEmail}. Osoite on jo toisen Pedaali-tilin käytössä, joten muutosta ei voi tehdä.`,
        `Jos pyysit muutosta itse, kirjaudu sisään tällä osoitteella tai ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}. Muuten voit jättää tämän viestin huomiotta.`,
      ],
    },
    en: {
      subject: "Your e-mail address is already in use in Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Someone asked to change the login e-mail address of their Pedaali account to ${params.newEmail}. The address is already used by another Pedaali account, so the change cannot be made.`,
        `If you asked for the change yourself, log in with this address or contact our customer service at ${CONTACT_EMAIL}. Otherwise you can ignore this message.`,
      ],
    },
    sv: {
      subject: "Din e-postadress används redan i Pedaali",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Någon bad om att e-postadressen för inloggning till sitt Pedaali-konto ändras till ${params.newEmail}. Adressen används redan av ett annat Pedaali-konto, så ändringen kan inte göras.`,
        `Om du själv bad om ändringen, logga in med den här adressen eller kontakta vår kundtjänst på ${CONTACT_EMAIL}. Annars kan du bortse från det här meddelandet.`,
      ],
    },
  };
  return mail("email-change-in-use", lang, content[lang]);
}

/** To the current login e-mail: a change of the login e-mail or phone was requested and awaits confirmation. */
export function contactChangeRequestedMail(
  language: string | null | undefined,
  params: ContactChangeParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const what = contactWords(lang, params.kind);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilisi yhteystietojen muutosta on pyydetty",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Pedaali-tilillesi pyydettiin muutosta: ${capitalize(what)} olisi jatkossa ${params.newValue}. Muutos tulee voimaan vasta, kun se on vahvistettu uudesta osoitteesta tai numerosta.`,
        `Jos et pyytänyt muutosta itse, vaihda salasanasi heti ja ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "A change of your Pedaali contact details was requested",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `A change of ${what} to ${params.newValue} was requested on your Pedaali account. The change takes effect only once it has been confirmed from the new address or number.`,
        `If you did not ask for this change yourself, change your password at once and contact our customer service at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: "En ändring av kontaktuppgifterna till ditt Pedaali-konto har begärts",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `En ändring har begärts för ditt Pedaali-konto: ${what} ändras till ${params.newValue}. Ändringen träder i kraft först när den har bekräftats från den nya adressen eller det nya numret.`,
        `Om du inte själv bad om ändringen, byt ditt lösenord genast och kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("contact-change-requested", lang, content[lang]);
}

/** To the previous login e-mail: the login e-mail or phone has been changed (by the user or by someone else). */
export function contactChangedMail(
  language: string | null | undefined,
  params: ContactChangeParams & { byOther: boolean },
): RenderedMail {
  const lang = resolveLanguage(language);
  const what = contactWords(lang, params.kind);
  const who = {
    fi: params.byOther ? " Muutoksen teki tilisi hallinnoija." : "",
    en: params.byOther ? " The change was made by an administrator of your account." : "",
    sv: params.byOther ? " Ändringen gjordes av en administratör för ditt konto." : "",
  }[lang];
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilisi yhteystiedot on muutettu",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${capitalize(what)} Pedaali-tililläsi on nyt ${params.newValue}.${who}`,
        `Jos et tunnista muutosta, ota heti yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "Your Pedaali contact details have been changed",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `On your Pedaali account, ${what} is now ${params.newValue}.${who}`,
        `If you do not recognise this change, contact our customer service at ${CONTACT_EMAIL} at once.`,
      ],
    },
    sv: {
      subject: "Kontaktuppgifterna till ditt Pedaali-konto har ändrats",
      greeting: greeting(lang, params.name),
      paragraphs: [
        `I ditt Pedaali-konto är ${what} nu ${params.newValue}.${who}`,
        `Om du inte känner igen ändringen, kontakta genast vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("contact-changed", lang, content[lang]);
}

/** The code that confirms a new phone number (6 digits, valid 5 minutes). */
export function phoneChangeCodeSms(
  language: string | null | undefined,
  params: { code: string },
): RenderedSms {
  const texts: Record<Language, string> = {
    fi: `Pedaali: vahvista uusi puhelinnumerosi koodilla ${params.code}. Koodi on voimassa 5 minuuttia.`,
    en: `Pedaali: confirm your new phone number with the code ${params.code}. The code is valid for 5 minutes.`,
    sv: `Pedaali: bekräfta ditt nya telefonnummer med koden ${params.code}. Koden är giltig i 5 minuter.`,
  };
  return { template: "phone-change-code", text: texts[resolveLanguage(language)] };
}

/**
 * Someone typed the account's password right and then too many wrong two-factor codes (defect 4), so
 * the code step is locked for a while. A mail, not an SMS: the mail address is always there and cannot
 * be chosen at login, whereas a user without a stored number gets codes at whatever number was typed in
 * (possibly the attacker's own); and whoever has the password must be told to change it, with a link.
 */
export function twoFactorLockedMail(
  language: string | null | undefined,
  params: { name?: string | null /** The password recovery page. */; link: string; lockedMinutes: number },
): RenderedMail {
  const lang = resolveLanguage(language);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: "Pedaali-tilillesi yritetään kirjautua",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Pedaali-tilillesi yritettiin kirjautua oikealla salasanalla, mutta tekstiviestillä lähetetty vahvistuskoodi annettiin väärin liian monta kertaa.",
        `Kirjautuminen tilillesi on siksi estetty enintään ${params.lockedMinutes} minuutiksi.`,
        "Jos et itse yrittänyt kirjautua, joku muu tietää salasanasi. Vaihda salasana heti alla olevasta linkistä, äläkä kerro vahvistuskoodeja kenellekään.",
      ],
      action: { label: "Vaihda salasana", url: params.link },
      after: [
        "Jos yritit itse kirjautua, voit jättää tämän viestin huomiotta ja yrittää myöhemmin uudelleen.",
        `Kysyttävää? Ota yhteyttä asiakaspalveluumme: ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: "Someone is trying to log in to your Pedaali account",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Someone tried to log in to your Pedaali account with the right password, but entered the verification code sent by text message wrong too many times.",
        `Logging in to your account is therefore blocked for up to ${params.lockedMinutes} minutes.`,
        "If it was not you, someone else knows your password. Change your password right away through the link below, and never tell anyone your verification codes.",
      ],
      action: { label: "Change password", url: params.link },
      after: [
        "If it was you, you can ignore this message and try again later.",
        `Questions? Contact our customer service at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: "Någon försöker logga in på ditt Pedaali-konto",
      greeting: greeting(lang, params.name),
      paragraphs: [
        "Någon försökte logga in på ditt Pedaali-konto med rätt lösenord, men angav verifieringskoden som skickades per sms fel för många gånger.",
        `Inloggningen på ditt konto är därför spärrad i högst ${params.lockedMinutes} minuter.`,
        "Om det inte var du vet någon annan ditt lösenord. Byt lösenord genast via länken nedan, och berätta aldrig dina verifieringskoder för någon.",
      ],
      action: { label: "Byt lösenord", url: params.link },
      after: [
        "Om det var du kan du bortse från det här meddelandet och försöka igen senare.",
        `Frågor? Kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("two-factor-locked", lang, content[lang]);
}
