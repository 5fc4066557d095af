import { formatHelsinkiDateTime } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * A bike store's bank account changed: told to the store's users in their language and to customer
 * service (in Finnish), because the account is where Pedaali pays the store and a changed one is
 * how a payout would be redirected. The accounts are masked as a notice shows them.
 */

export type StoreAccountChangedParams = {
  name?: string | null;
  storeName: string;
  /** The masked IBAN and the BIC before and after; null where none was given. */
  previous: { iban: string | null; bic: string | null };
  next: { iban: string | null; bic: string | null };
  /** The store's own user, or Pedaali's customer service. */
  changedBy: "STORE" | "HELPDESK";
  changedAt: Date;
};

const NONE: Record<Language, string> = { fi: "ei tiliä", en: "no account", sv: "inget konto" };

function account(lang: Language, value: { iban: string | null; bic: string | null }): string {
  if (!value.iban && !value.bic) return NONE[lang];
  return [value.iban, value.bic].filter(Boolean).join(", ");
}

export function storeAccountChangedMail(
  language: string | null | undefined,
  params: StoreAccountChangedParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const at = formatHelsinkiDateTime(params.changedAt);
  const before = account(lang, params.previous);
  const after = account(lang, params.next);
  const by = {
    fi: params.changedBy === "HELPDESK" ? "Pedaalin asiakaspalvelu" : "liikkeen käyttäjä",
    en: params.changedBy === "HELPDESK" ? "Pedaali's customer service" : "a user of the store",
    sv: params.changedBy === "HELPDESK" ? "Pedaalis kundtjänst" : "en användare i affären",
  }[lang];
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Pyöräliikkeen ${params.storeName} tilinumero on muutettu`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Pyöräliikkeen ${params.storeName} tilinumero, jolle Pedaali maksaa tilitykset, muutettiin ${at}. Muutoksen teki ${by}.`,
        `Aiempi tili: ${before}. Uusi tili: ${after}.`,
        "Hyväksymistä odottavat tilityserät, joissa on liikkeen tilauksia, merkitään tarkistettaviksi ennen maksua.",
        `Jos et tunnista muutosta, ota heti yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
      ],
    },
    en: {
      subject: `The bank account of the bike store ${params.storeName} has been changed`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `The bank account to which Pedaali pays the bike store ${params.storeName} was changed at ${at}. The change was made by ${by}.`,
        `Previous account: ${before}. New account: ${after}.`,
        "Payout batches waiting for approval that hold the store's orders are flagged to be checked before payment.",
        `If you do not recognise this change, contact our customer service at once at ${CONTACT_EMAIL}.`,
      ],
    },
    sv: {
      subject: `Cykelaffären ${params.storeName}s kontonummer har ändrats`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Kontot som Pedaali betalar cykelaffären ${params.storeName}s utbetalningar till ändrades ${at}. Ändringen gjordes av ${by}.`,
        `Tidigare konto: ${before}. Nytt konto: ${after}.`,
        "Utbetalningar som väntar på godkännande och innehåller affärens beställningar märks för kontroll före betalningen.",
        `Om du inte känner igen ändringen, kontakta genast vår kundtjänst på ${CONTACT_EMAIL}.`,
      ],
    },
  };
  return mail("store-account-changed", lang, content[lang]);
}
