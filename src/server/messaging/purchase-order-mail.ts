import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The purchase order to the bike store: when the helpdesk processes an order (the
 * leasing company accepted its agreement), the store is asked to deliver the package the employee
 * accepted, line by line, and to invoice Pedaali for it, in the store's own language.
 */

type PurchaseOrderLine = {
  name: string;
  brand: string | null;
  model: string | null;
  frameSize: string | null;
  color: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
};

export type PurchaseOrderMailParams = {
  storeName: string;
  orderNumber: number;
  bikeStoreOrderNumber: string | null;
  customerName: string;
  companyName: string;
  /** The home delivery address, or null for a pickup at the store. */
  deliveryAddress: string | null;
  lines: readonly PurchaseOrderLine[];
  totalCents: number;
};

function lineText(line: PurchaseOrderLine, money: (cents: number) => string, discountWord: string): string {
  const details = [line.brand, line.model, line.frameSize, line.color].filter(Boolean).join(", ");
  const price = money(line.unitPriceCents * line.quantity - line.discountCents);
  const discount = line.discountCents > 0 ? ` (${discountWord} ${money(line.discountCents)})` : "";
  return `• ${line.quantity} × ${line.name}${details ? ` (${details})` : ""}: ${price}${discount}`;
}

export function purchaseOrderMail(
  language: string | null | undefined,
  params: PurchaseOrderMailParams,
): RenderedMail {
  const lang: Language = resolveLanguage(language);
  const money = (cents: number) => formatCents(cents, lang);
  const discountWord = { fi: "alennus", en: "discount", sv: "rabatt" }[lang];
  const lines = params.lines.map((line) => lineText(line, money, discountWord));
  const yours = params.bikeStoreOrderNumber;
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Ostotilaus ${params.orderNumber}${yours ? ` (teidän tilauksenne ${yours})` : ""}`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `Leasingyhtiö on hyväksynyt asiakkaan ${params.customerName} (${params.companyName}) työsuhdepyöräsopimuksen. Tilaamme teiltä paketin tilaukselle ${params.orderNumber}:`,
        ...lines,
        `Yhteensä ${money(params.totalCents)} (sis. alv).`,
        params.deliveryAddress
          ? `Toimitus kotiin osoitteeseen ${params.deliveryAddress}.`
          : "Asiakas noutaa pyörän liikkeestänne.",
        `Laskuttakaa paketti Pedaalilta ja merkitkää laskuun tilausnumero ${params.orderNumber}. Kun lasku on täsmäytetty, saatte linkin, josta ilmoitatte rungon numeron ja toimituspäivän.`,
      ],
    },
    en: {
      subject: `Purchase order ${params.orderNumber}${yours ? ` (your order ${yours})` : ""}`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `The leasing company has accepted the benefit bike agreement of ${params.customerName} (${params.companyName}). We order from you the package of order ${params.orderNumber}:`,
        ...lines,
        `Total ${money(params.totalCents)} (incl. VAT).`,
        params.deliveryAddress
          ? `Home delivery to ${params.deliveryAddress}.`
          : "The customer picks the bike up at your store.",
        `Please invoice Pedaali for the package and mark the invoice with order number ${params.orderNumber}. Once the invoice is matched, you get a link for entering the frame number and the delivery date.`,
      ],
    },
    sv: {
      subject: `Inköpsorder ${params.orderNumber}${yours ? ` (er beställning ${yours})` : ""}`,
      greeting: greeting(lang, params.storeName),
      paragraphs: [
        `Leasingbolaget har godkänt förmånscykelavtalet för ${params.customerName} (${params.companyName}). Vi beställer av er paketet för beställning ${params.orderNumber}:`,
        ...lines,
        `Totalt ${money(params.totalCents)} (inkl. moms).`,
        params.deliveryAddress
          ? `Hemleverans till ${params.deliveryAddress}.`
          : "Kunden hämtar cykeln i er affär.",
        `Fakturera Pedaali för paketet och ange beställningsnummer ${params.orderNumber} på fakturan. När fakturan har stämts av får ni en länk för att ange ramnumret och leveransdagen.`,
      ],
    },
  };
  return mail("purchase-order", lang, content[lang]);
}
