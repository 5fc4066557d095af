import { formatHelsinkiDateTime } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { CONTACT_EMAIL, type MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

type Words = {
  subject: string;
  happened: (at: string) => string;
  device: (device: string) => string;
  unknownDevice: string;
  place: (place: string) => string;
  unknownPlace: string;
  ifYou: string;
  ifNotYou: string;
  action: string;
  never: string;
};

const WORDS: Record<Language, Words> = {
  fi: {
    subject: "Pedaali-tilillesi kirjauduttiin uudelta laitteelta",
    happened: (at) =>
      `Pedaali-tilillesi kirjauduttiin ${at} (Suomen aikaa) laitteelta, jolta et ole kirjautunut viime aikoina.`,
    device: (device) => `Laite: ${device}`,
    unknownDevice: "Laite: tuntematon",
    place: (place) => `Verkko: ${place}`,
    unknownPlace: "Verkko: tuntematon",
    ifYou: "Jos kirjauduit itse, sinun ei tarvitse tehdä mitään.",
    ifNotYou: `Jos et kirjautunut itse, kirjaa laite ulos Omat tiedot -sivun kohdasta Kirjautuneet laitteet ja vaihda salasanasi heti. Ota myös yhteyttä asiakaspalveluumme osoitteeseen ${CONTACT_EMAIL}.`,
    action: "Avaa Omat tiedot",
    never: "Pedaali ei koskaan kysy salasanaasi sähköpostitse eikä puhelimitse.",
  },
  en: {
    subject: "Your Pedaali account was logged in to from a new device",
    happened: (at) =>
      `Your Pedaali account was logged in to on ${at} (Finnish time) from a device you have not logged in from lately.`,
    device: (device) => `Device: ${device}`,
    unknownDevice: "Device: unknown",
    place: (place) => `Network: ${place}`,
    unknownPlace: "Network: unknown",
    ifYou: "If it was you, there is nothing more to do.",
    ifNotYou: `If it was not you, log the device out under Logged-in devices on the Own details page and change your password right away. Please also contact our customer service at ${CONTACT_EMAIL}.`,
    action: "Open Own details",
    never: "Pedaali never asks for your password by e-mail or by phone.",
  },
  sv: {
    subject: "Någon loggade in på ditt Pedaali-konto från en ny enhet",
    happened: (at) =>
      `Någon loggade in på ditt Pedaali-konto ${at} (finsk tid) från en enhet som du inte har loggat in från på sistone.`,
    device: (device) => `Enhet: ${device}`,
    unknownDevice: "Enhet: okänd",
    place: (place) => `Nätverk: ${place}`,
    unknownPlace: "Nätverk: okänt",
    ifYou: "Om det var du behöver du inte göra något.",
    ifNotYou: `Om det inte var du, logga ut enheten under Inloggade enheter på sidan Egna uppgifter och byt lösenord genast. Kontakta också vår kundtjänst på ${CONTACT_EMAIL}.`,
    action: "Öppna Egna uppgifter",
    never: "Pedaali frågar aldrig efter ditt lösenord per e-post eller telefon.",
  },
};

/**
 * Tells a person that their account was logged in to from a device it was not logged in from lately:
 * the device, the network (never the full address) and the time, and where to log it out (the own
 * details page, `link`) if it was not them.
 */
export function newDeviceLoginMail(
  language: string | null | undefined,
  params: {
    name?: string | null;
    /** "Chrome, Windows"; null when the browser did not say. */
    device: string | null;
    /** "192.168.1.x"; null when unknown. */
    place: string | null;
    at: Date;
    /** The own details page, in the mail's language. */
    link: string;
  },
): RenderedMail {
  const lang = resolveLanguage(language);
  const words = WORDS[lang];
  const content: MailContent = {
    subject: words.subject,
    greeting: greeting(lang, params.name),
    paragraphs: [
      words.happened(formatHelsinkiDateTime(params.at)),
      params.device ? words.device(params.device) : words.unknownDevice,
      params.place ? words.place(params.place) : words.unknownPlace,
      words.ifYou,
      words.ifNotYou,
    ],
    action: { label: words.action, url: params.link },
    after: [words.never],
  };
  return mail("new-device-login", lang, content);
}
