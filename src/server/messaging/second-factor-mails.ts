import type { Language } from "../../domain/enums.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/** A change to how a staff user's login is confirmed, told to the account's own address. */
export type SecondFactorChange =
  | { kind: "ENABLED" }
  | { kind: "REMOVED" }
  | { kind: "RECOVERY_CODES_RENEWED" }
  | { kind: "RECOVERY_CODE_USED"; left: number }
  | { kind: "PASSKEY_ADDED" }
  | { kind: "PASSKEY_REMOVED" };

const WHAT: Record<SecondFactorChange["kind"], Record<Language, { subject: string; text: string }>> = {
  ENABLED: {
    fi: {
      subject: "Todennussovellus otettiin käyttöön",
      text: "Pedaali-tilisi kirjautuminen vahvistetaan nyt todennussovelluksen koodilla tekstiviestin sijaan.",
    },
    en: {
      subject: "An authenticator app was set up",
      text: "Logging in to your Pedaali account is now confirmed with an authenticator app's code instead of a text message.",
    },
    sv: {
      subject: "En autentiseringsapp togs i bruk",
      text: "Inloggningen på ditt Pedaali-konto bekräftas nu med en kod från en autentiseringsapp i stället för ett textmeddelande.",
    },
  },
  REMOVED: {
    fi: {
      subject: "Todennussovellus poistettiin käytöstä",
      text: "Pedaali-tilisi todennussovellus poistettiin käytöstä. Kirjautumisen vahvistuskoodit tulevat taas tekstiviestillä.",
    },
    en: {
      subject: "The authenticator app was removed",
      text: "The authenticator app of your Pedaali account was removed. Login verification codes come by text message again.",
    },
    sv: {
      subject: "Autentiseringsappen togs bort",
      text: "Autentiseringsappen för ditt Pedaali-konto togs bort. Inloggningens verifieringskoder kommer som textmeddelande igen.",
    },
  },
  RECOVERY_CODES_RENEWED: {
    fi: {
      subject: "Uudet varakoodit luotiin",
      text: "Pedaali-tilillesi luotiin uudet varakoodit. Aiemmat varakoodit eivät enää käy.",
    },
    en: {
      subject: "New recovery codes were made",
      text: "New recovery codes were made for your Pedaali account. The earlier recovery codes no longer work.",
    },
    sv: {
      subject: "Nya reservkoder skapades",
      text: "Nya reservkoder skapades för ditt Pedaali-konto. De tidigare reservkoderna fungerar inte längre.",
    },
  },
  PASSKEY_ADDED: {
    fi: {
      subject: "Tilillesi lisättiin pääsyavain",
      text: "Pedaali-tilillesi lisättiin pääsyavain. Kirjautumisen voi nyt vahvistaa myös sillä.",
    },
    en: {
      subject: "A passkey was added to your account",
      text: "A passkey was added to your Pedaali account. Logins can now be confirmed with it too.",
    },
    sv: {
      subject: "En nyckel lades till på ditt konto",
      text: "En nyckel lades till på ditt Pedaali-konto. Inloggningar kan nu bekräftas även med den.",
    },
  },
  PASSKEY_REMOVED: {
    fi: { subject: "Tililtäsi poistettiin pääsyavain", text: "Pedaali-tililtäsi poistettiin pääsyavain." },
    en: {
      subject: "A passkey was removed from your account",
      text: "A passkey was removed from your Pedaali account.",
    },
    sv: {
      subject: "En nyckel togs bort från ditt konto",
      text: "En nyckel togs bort från ditt Pedaali-konto.",
    },
  },
  RECOVERY_CODE_USED: {
    fi: {
      subject: "Tilillesi kirjauduttiin varakoodilla",
      text: "Pedaali-tilillesi kirjauduttiin varakoodilla.",
    },
    en: {
      subject: "A recovery code was used to log in",
      text: "A recovery code was used to log in to your Pedaali account.",
    },
    sv: {
      subject: "En reservkod användes för inloggning",
      text: "En reservkod användes för att logga in på ditt Pedaali-konto.",
    },
  },
};

const LEFT: Record<Language, (left: number) => string> = {
  fi: (left) => `Varakoodeja on jäljellä ${left}. Voit luoda uudet Omat tiedot -sivulla.`,
  en: (left) => `You have ${left} recovery codes left. You can make new ones on the Own details page.`,
  sv: (left) => `Du har ${left} reservkoder kvar. Du kan skapa nya på sidan Egna uppgifter.`,
};

const NOT_YOU: Record<Language, string> = {
  fi: `Jos et tehnyt tätä itse, joku muu voi päästä tilillesi. Vaihda salasana heti alla olevasta linkistä ja ota yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
  en: `If it was not you, someone else may be able to get into your account. Change your password right away through the link below and contact our customer service at ${CONTACT_EMAIL}.`,
  sv: `Om det inte var du kan någon annan komma åt ditt konto. Byt lösenord genast via länken nedan och kontakta vår kundtjänst på ${CONTACT_EMAIL}.`,
};

const CHANGE_PASSWORD: Record<Language, string> = {
  fi: "Vaihda salasana",
  en: "Change password",
  sv: "Byt lösenord",
};

/**
 * Tells a staff user that their authenticator app was set up or removed, that new recovery codes
 * were made, or that one was used to log in: whoever else did it is then found out by the owner.
 */
export function secondFactorChangedMail(
  language: string | null | undefined,
  params: {
    name?: string | null;
    change: SecondFactorChange /** The password recovery page. */;
    link: string;
  },
): RenderedMail {
  const lang = resolveLanguage(language);
  const what = WHAT[params.change.kind][lang];
  const content: MailContent = {
    subject: what.subject,
    greeting: greeting(lang, params.name),
    paragraphs: [
      what.text,
      ...(params.change.kind === "RECOVERY_CODE_USED" ? [LEFT[lang](params.change.left)] : []),
      NOT_YOU[lang],
    ],
    action: { label: CHANGE_PASSWORD[lang], url: params.link },
  };
  return mail("second-factor-changed", lang, content);
}
