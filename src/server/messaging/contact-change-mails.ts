import type { Language } from "../../domain/enums.ts";
import type { LinkMailParams } from "./account-mails.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, hours, mail, type RenderedMail, type RenderedSms, resolveLanguage } from "./templates.ts";

/**
 * The mails and SMS of a change of the login e-mail or phone, in the user's language: the link that
 * confirms a new e-mail, the code that confirms a new phone, and the notices to the current and the
 * previous address.
 */

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
