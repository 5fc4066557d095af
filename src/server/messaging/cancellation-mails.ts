import type { Language, OrderCancellationRequester } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The employee's mails about their order's cancellation, in their language: the
 * employer or the helpdesk cancelled the order (with the reason), and the refund to the employee is done.
 */

export type OrderCancelledParams = {
  name?: string | null;
  orderNumber: number;
  /** Who cancelled it: the employer or the helpdesk (the employee's own needs no mail). */
  cancelledBy: Exclude<OrderCancellationRequester, "EMPLOYEE">;
  reason: string;
  /** The employee's own page, where the order and its state are. */
  myBikeUrl: string;
};

export function orderCancelledMail(
  language: string | null | undefined,
  params: OrderCancelledParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const n = params.orderNumber;
  const by = {
    fi: { EMPLOYER: "Työnantajasi", HELPDESK: "Pedaalin asiakaspalvelu" },
    en: { EMPLOYER: "Your employer", HELPDESK: "Pedaali's customer service" },
    sv: { EMPLOYER: "Din arbetsgivare", HELPDESK: "Pedaalis kundtjänst" },
  }[lang][params.cancelledBy];
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Tilauksesi ${n} on peruttu`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${by} on perunut työsuhdepyörän tilauksesi ${n}.`,
        `Peruutuksen syy: ${params.reason}`,
        "Jos olet jo maksanut omaa osuuttasi, saat sen takaisin; kerromme, kun hyvitys on maksettu. Voit aloittaa uuden tilauksen Oma pyörä -sivulta, kun pyöräetusi sen sallii.",
      ],
      action: { label: "Avaa Oma pyörä", url: params.myBikeUrl },
    },
    en: {
      subject: `Your order ${n} has been cancelled`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${by} has cancelled your benefit bike order ${n}.`,
        `Reason for the cancellation: ${params.reason}`,
        "If you have already paid your own share, you will get it back; we will tell you when the refund has been paid. You can start a new order on the My bike page when your bike benefit allows it.",
      ],
      action: { label: "Open My bike", url: params.myBikeUrl },
    },
    sv: {
      subject: `Din beställning ${n} har avbeställts`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `${by} har avbeställt din beställning ${n} av en förmånscykel.`,
        `Orsak till avbeställningen: ${params.reason}`,
        "Om du redan har betalat din egen andel får du tillbaka den; vi meddelar när återbetalningen har gjorts. Du kan göra en ny beställning på sidan Min cykel när din cykelförmån tillåter det.",
      ],
      action: { label: "Öppna Min cykel", url: params.myBikeUrl },
    },
  };
  return mail("order-cancelled", lang, content[lang]);
}

export type OrderRefundedParams = {
  name?: string | null;
  orderNumber: number;
  amountCents: number;
  myBikeUrl: string;
};

export function orderRefundedMail(
  language: string | null | undefined,
  params: OrderRefundedParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const n = params.orderNumber;
  const amount = formatCents(params.amountCents, lang);
  const content: Record<Language, MailContent> = {
    fi: {
      subject: `Peruutetun tilauksen ${n} hyvitys on maksettu`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Tilauksesi ${n} on peruttu, ja olemme maksaneet sinulle hyvityksenä ${amount}.`,
        "Hyvitys näkyy tililläsi pankin käsittelyajan jälkeen, yleensä 1–3 pankkipäivässä.",
      ],
      action: { label: "Avaa Oma pyörä", url: params.myBikeUrl },
    },
    en: {
      subject: `The refund of your cancelled order ${n} has been paid`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Your order ${n} has been cancelled, and we have paid you a refund of ${amount}.`,
        "The refund reaches your account after the bank's processing time, usually in 1–3 banking days.",
      ],
      action: { label: "Open My bike", url: params.myBikeUrl },
    },
    sv: {
      subject: `Återbetalningen för den avbeställda beställningen ${n} har gjorts`,
      greeting: greeting(lang, params.name),
      paragraphs: [
        `Din beställning ${n} har avbeställts, och vi har betalat dig ${amount} i återbetalning.`,
        "Återbetalningen syns på ditt konto efter bankens behandlingstid, vanligen inom 1–3 bankdagar.",
      ],
      action: { label: "Öppna Min cykel", url: params.myBikeUrl },
    },
  };
  return mail("order-refunded", lang, content[lang]);
}
