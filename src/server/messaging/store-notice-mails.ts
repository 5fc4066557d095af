import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { formatEurosInText } from "../../domain/money-text.ts";
import type { NotificationEvent } from "../../domain/notification-table.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, pageUrl, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The bike store's mails of what happens to its orders, in the store's own language, each with the
 * store's account (/pyoraliike, after login) as its button: a defect the employee reports of a bike
 * it handed over, the cancellation of an order whose purchase order it has (it must not deliver), and
 * a payout that paid its orders. Queued in the message outbox (notifications/notify-store.ts) and
 * rendered as the outbox sends them.
 */
export const STORE_NOTICE_EVENTS = ["ORDER_HANDOVER_DEFECT", "ORDER_CANCELLED", "PAYOUT_BATCH_SENT"] as const;
export type StoreNoticeEvent = (typeof STORE_NOTICE_EVENTS)[number] & NotificationEvent;

export function isStoreNoticeEvent(event: string): event is StoreNoticeEvent {
  return (STORE_NOTICE_EVENTS as readonly string[]).includes(event);
}

/** One order a payout paid: its number and what the store got for it. */
type PaidOrder = { orderNumber: number; netCents: number };

export type StoreNoticeParams = {
  storeName: string;
  /** The order the mail is about (a defect, a cancellation). */
  orderNumber?: number;
  bikeStoreOrderNumber?: string | null;
  customerName?: string | null;
  /** The employee's own words of the defect. */
  description?: string | null;
  /** The payout: its number, the day it was paid, the total and its orders. */
  batchNumber?: number;
  paidDate?: string;
  totalCents?: number;
  paidOrders?: readonly PaidOrder[];
};

type Words = { subject: string; paragraphs: string[]; label: string };

const ACCOUNT_LABEL: Record<Language, string> = {
  fi: "Avaa pyöräliikkeen tili",
  en: "Open the bike store account",
  sv: "Öppna cykelaffärskontot",
};

function words(event: StoreNoticeEvent, lang: Language, p: StoreNoticeParams): Words {
  const n = p.orderNumber ?? 0;
  const customer = p.customerName?.trim() ?? "";
  const yours = p.bikeStoreOrderNumber ? ` (${p.bikeStoreOrderNumber})` : "";
  const label = ACCOUNT_LABEL[lang];
  switch (event) {
    case "ORDER_HANDOVER_DEFECT": {
      const description = p.description?.trim();
      return {
        fi: {
          subject: `Vikailmoitus: tilauksen ${n} pyörä`,
          paragraphs: [
            `Työntekijä ${customer} ilmoitti viasta tilauksen ${n}${yours} pyörässä, jonka toimititte.`,
            ...(description ? [`Kuvaus: ${description}`] : []),
            "Ota yhteyttä työntekijään ja sovi korjauksesta. Tilauksen tiedot ovat pyöräliikkeen tilillä.",
          ],
          label,
        },
        en: {
          subject: `Defect reported: the bike of order ${n}`,
          paragraphs: [
            `The employee ${customer} reported a defect in the bike of order ${n}${yours} that you delivered.`,
            ...(description ? [`Description: ${description}`] : []),
            "Contact the employee and agree on the repair. The order's details are in the bike store account.",
          ],
          label,
        },
        sv: {
          subject: `Felanmälan: cykeln i beställning ${n}`,
          paragraphs: [
            `Arbetstagaren ${customer} anmälde ett fel i cykeln i beställning ${n}${yours} som ni levererade.`,
            ...(description ? [`Beskrivning: ${description}`] : []),
            "Kontakta arbetstagaren och kom överens om reparationen. Beställningens uppgifter finns på cykelaffärskontot.",
          ],
          label,
        },
      }[lang];
    }
    case "ORDER_CANCELLED":
      return {
        fi: {
          subject: `Tilaus ${n} on peruttu – älä toimita pyörää`,
          paragraphs: [
            `Työntekijän ${customer} tilaus ${n}${yours} on peruttu, vaikka lähetimme teille siitä ostotilauksen.`,
            "Älä toimita pyörää äläkä laskuta tilauksesta. Jos pyörä on jo toimitettu tai laskutettu, ota yhteyttä asiakaspalveluun.",
          ],
          label,
        },
        en: {
          subject: `Order ${n} is cancelled – do not deliver the bike`,
          paragraphs: [
            `The employee ${customer}'s order ${n}${yours} is cancelled, although we sent you its purchase order.`,
            "Do not deliver the bike or invoice the order. If the bike is already delivered or invoiced, contact customer service.",
          ],
          label,
        },
        sv: {
          subject: `Beställning ${n} är avbeställd – leverera inte cykeln`,
          paragraphs: [
            `Arbetstagaren ${customer}s beställning ${n}${yours} är avbeställd, trots att vi skickade er inköpsordern.`,
            "Leverera inte cykeln och fakturera inte beställningen. Om cykeln redan är levererad eller fakturerad, kontakta kundtjänsten.",
          ],
          label,
        },
      }[lang];
    case "PAYOUT_BATCH_SENT": {
      const total = formatEurosInText(p.totalCents ?? 0, lang);
      const day = p.paidDate ? formatHelsinkiDate(p.paidDate) : "";
      const order = { fi: "tilaus", en: "order", sv: "beställning" }[lang];
      const lines = (p.paidOrders ?? []).map(
        (paid) => `• ${order} ${paid.orderNumber}: ${formatEurosInText(paid.netCents, lang)}`,
      );
      return {
        fi: {
          subject: `Pedaali maksoi teille ${total} (tilitys ${p.batchNumber})`,
          paragraphs: [
            `Pedaali on maksanut ${day} tilillenne ${total} tilityksellä ${p.batchNumber}. Maksu koskee näitä tilauksia (välityspalkkio vähennettynä):`,
            ...lines,
            "Tilitykset ja niiden tilaukset näkyvät pyöräliikkeen tilillä.",
          ],
          label,
        },
        en: {
          subject: `Pedaali paid you ${total} (payout ${p.batchNumber})`,
          paragraphs: [
            `Pedaali paid ${total} to your account on ${day} in payout ${p.batchNumber}. It pays these orders (commission deducted):`,
            ...lines,
            "The payouts and their orders are in the bike store account.",
          ],
          label,
        },
        sv: {
          subject: `Pedaali betalade er ${total} (utbetalning ${p.batchNumber})`,
          paragraphs: [
            `Pedaali har ${day} betalat ${total} till ert konto i utbetalning ${p.batchNumber}. Den gäller dessa beställningar (provisionen avdragen):`,
            ...lines,
            "Utbetalningarna och deras beställningar finns på cykelaffärskontot.",
          ],
          label,
        },
      }[lang];
    }
  }
}

/** A store's mail of its order or payout, in the store's language, with its account as the button. */
export function storeNoticeMail(
  event: StoreNoticeEvent,
  language: string | null | undefined,
  params: StoreNoticeParams & { publicUrl: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const w = words(event, lang, params);
  const content: MailContent = {
    subject: w.subject,
    greeting: greeting(lang, params.storeName),
    paragraphs: w.paragraphs,
    action: { label: w.label, url: pageUrl(params.publicUrl, lang, "bikeStore") },
  };
  return mail("store-notice", lang, content);
}
