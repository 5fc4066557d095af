import { brokerageBikeTitle } from "../../domain/brokerage.ts";
import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { MailContent } from "./layout.ts";
import { greeting, type MailTemplate, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The bike brokerage's mail to customer service: someone logged in asks to buy a bike
 * listed on /bikeBrokerageService. Customer service answers the asker directly, so the mail carries
 * their contact details and message, the bike, and the link to the bike's page in the admin. Customer
 * service reads Finnish; the other languages are there for a helpdesk that reads them.
 */

const BROKERAGE_INQUIRY: MailTemplate = "brokerage-inquiry";

export type BrokerageInquiryMailParams = {
  bike: {
    brand: string | null;
    model: string | null;
    modelYear: number | null;
    frameSize: string | null;
    askingPriceCents: number | null;
    city: string | null;
  };
  asker: { name: string; email: string; phoneNumber: string | null; message: string };
  /** The bike's page in the admin. */
  link: string;
};

/** brokerage-inquiry: to customer service, who answers the asker. */
export function brokerageInquiryMail(
  language: string | null | undefined,
  params: BrokerageInquiryMailParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const { bike, asker } = params;
  const title = brokerageBikeTitle(bike);
  const price = bike.askingPriceCents === null ? "–" : formatCents(bike.askingPriceCents, lang);
  const words: Record<Language, { size: string; price: string; city: string; phone: string; none: string }> =
    {
      fi: {
        size: "Runkokoko",
        price: "Hintapyyntö",
        city: "Paikkakunta",
        phone: "Puhelin",
        none: "ei annettu",
      },
      en: { size: "Frame size", price: "Asking price", city: "Location", phone: "Phone", none: "not given" },
      sv: { size: "Ramstorlek", price: "Begärt pris", city: "Ort", phone: "Telefon", none: "inte angiven" },
    };
  const w = words[lang];
  const bikeLine = `${title} · ${w.size}: ${bike.frameSize ?? "–"} · ${w.price}: ${price} · ${w.city}: ${bike.city ?? "–"}`;
  const askerLine = `${asker.name} <${asker.email}> · ${w.phone}: ${asker.phoneNumber ?? w.none}`;
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Pyörävälitys: kysely pyörästä ${title}`,
      greeting: greeting(lang),
      paragraphs: [
        "Pyörävälityksen pyörää on kysytty. Vastaa kysyjälle suoraan hänen sähköpostiinsa tai puhelimeensa.",
        `Pyörä: ${bikeLine}`,
        `Kysyjä: ${askerLine}`,
        `Viesti: ${asker.message}`,
      ],
      action: { label: "Avaa pyörä ylläpidossa", url: params.link },
      after: ["Merkitse kysely käsitellyksi pyörän sivulla, kun olet vastannut."],
    },
    en: {
      subject: `Bike brokerage: inquiry about ${title}`,
      greeting: greeting(lang),
      paragraphs: [
        "Someone has asked about a bike in the bike brokerage. Answer them directly by e-mail or phone.",
        `Bike: ${bikeLine}`,
        `Asked by: ${askerLine}`,
        `Message: ${asker.message}`,
      ],
      action: { label: "Open the bike in the admin", url: params.link },
      after: ["Mark the inquiry handled on the bike's page once you have answered."],
    },
    sv: {
      subject: `Cykelförmedling: förfrågan om ${title}`,
      greeting: greeting(lang),
      paragraphs: [
        "Någon har frågat om en cykel i cykelförmedlingen. Svara direkt per e-post eller telefon.",
        `Cykel: ${bikeLine}`,
        `Frågat av: ${askerLine}`,
        `Meddelande: ${asker.message}`,
      ],
      action: { label: "Öppna cykeln i administrationen", url: params.link },
      after: ["Markera förfrågan som behandlad på cykelns sida när du har svarat."],
    },
  };
  return mail(BROKERAGE_INQUIRY, lang, content[lang]);
}
