import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The bike store's links, mailed to the store's address: the package link when an
 * employee starts an order at the store, the delivery link when the bike is paid and waits for its
 * frame serial number and delivery date. In the store's own language (Finnish unless the store chose
 * another).
 */

export type StoreLinkMailParams = {
  storeName: string;
  orderNumber: number;
  customerName: string;
  companyName: string;
  link: string;
  expiresAt: Date;
};

/** store-package-link: the store enters the bike package the employee then accepts. */
export function storePackageLinkMail(
  language: string | null | undefined,
  params: StoreLinkMailParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const until = formatHelsinkiDate(params.expiresAt);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Uusi työsuhdepyörätilaus ${params.orderNumber}: syötä paketti`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `${params.customerName} (${params.companyName}) on aloittanut työsuhdepyörän tilauksen liikkeessänne (tilausnumero ${params.orderNumber}).`,
        "Syötä tilauksen paketti – pyörä, varusteet ja palvelut hintoineen – alla olevasta linkistä. Työntekijä hyväksyy paketin Pedaalissa.",
      ],
      action: { label: "Syötä paketti", url: params.link },
      after: [
        `Linkki on voimassa ${until} asti. Voit muuttaa pakettia linkistä, kunnes työntekijä on hyväksynyt sen. Älä välitä linkkiä eteenpäin.`,
      ],
    },
    en: {
      subject: `New benefit bike order ${params.orderNumber}: enter the package`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `${params.customerName} (${params.companyName}) has started a benefit bike order at your store (order number ${params.orderNumber}).`,
        "Enter the order's package – the bike, accessories and services with their prices – through the link below. The employee accepts the package in Pedaali.",
      ],
      action: { label: "Enter the package", url: params.link },
      after: [
        `The link is valid until ${until}. You can change the package through the link until the employee has accepted it. Do not forward the link.`,
      ],
    },
    sv: {
      subject: `Ny förmånscykelbeställning ${params.orderNumber}: ange paketet`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `${params.customerName} (${params.companyName}) har påbörjat en beställning av en förmånscykel i er cykelaffär (beställningsnummer ${params.orderNumber}).`,
        "Ange beställningens paket – cykeln, tillbehören och tjänsterna med priser – via länken nedan. Arbetstagaren godkänner paketet i Pedaali.",
      ],
      action: { label: "Ange paketet", url: params.link },
      after: [
        `Länken är giltig till ${until}. Du kan ändra paketet via länken tills arbetstagaren har godkänt det. Vidarebefordra inte länken.`,
      ],
    },
  };
  return mail("store-package-link", lang, content[lang]);
}

/** store-delivery-link: the store gives the frame serial number and the delivery date. */
export function storeDeliveryLinkMail(
  language: string | null | undefined,
  params: StoreLinkMailParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const until = formatHelsinkiDate(params.expiresAt);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Tilaus ${params.orderNumber}: syötä runkonumero ja toimituspäivä`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `Tilauksen ${params.orderNumber} (${params.customerName}, ${params.companyName}) lasku on käsitelty ja pyörä voidaan luovuttaa.`,
        "Kun pyörä on luovutettu, syötä sen runkonumero ja toimituspäivä alla olevasta linkistä. Leasing alkaa toimituspäivän perusteella.",
      ],
      action: { label: "Syötä runkonumero ja toimituspäivä", url: params.link },
      after: [`Linkki on voimassa ${until} asti. Älä välitä linkkiä eteenpäin.`],
    },
    en: {
      subject: `Order ${params.orderNumber}: enter the frame serial number and delivery date`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `The invoice of order ${params.orderNumber} (${params.customerName}, ${params.companyName}) has been handled and the bike can be handed over.`,
        "Once the bike has been handed over, enter its frame serial number and the delivery date through the link below. The lease starts by the delivery date.",
      ],
      action: { label: "Enter serial number and delivery date", url: params.link },
      after: [`The link is valid until ${until}. Do not forward the link.`],
    },
    sv: {
      subject: `Beställning ${params.orderNumber}: ange ramnummer och leveransdatum`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `Fakturan för beställning ${params.orderNumber} (${params.customerName}, ${params.companyName}) har behandlats och cykeln kan lämnas ut.`,
        "När cykeln har lämnats ut, ange dess ramnummer och leveransdatum via länken nedan. Leasingen börjar utifrån leveransdatumet.",
      ],
      action: { label: "Ange ramnummer och leveransdatum", url: params.link },
      after: [`Länken är giltig till ${until}. Vidarebefordra inte länken.`],
    },
  };
  return mail("store-delivery-link", lang, content[lang]);
}
