import type { Language } from "../../domain/enums.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The reminders of an order left waiting, in the reader's language, each with the one place to act as
 * its button: the employer's orders waiting for approval, the employee's My bike page, the store's
 * account. Queued by the daily reminders job (jobs/reminders.ts) and rendered as the outbox sends them.
 */
export const REMINDER_MAIL_EVENTS = [
  "ORDER_APPROVAL_REMINDER",
  "ORDER_APPROVAL_ESCALATED",
  "ORDER_PACKAGE_REMINDER",
  "ORDER_SIGNING_REMINDER",
  "ORDER_STORE_PACKAGE_REMINDER",
] as const;
export type ReminderMailEvent = (typeof REMINDER_MAIL_EVENTS)[number];

export function isReminderMailEvent(event: string): event is ReminderMailEvent {
  return (REMINDER_MAIL_EVENTS as readonly string[]).includes(event);
}

export type ReminderMailParams = {
  name?: string | null;
  orderNumber: number;
  /** The company whose order waits (the employer's and the group admin's mails). */
  companyName?: string | null;
  /** Days the order has waited, in the step's unit. */
  days: number;
};

type Words = { subject: string; paragraphs: string[]; label: string };

function words(event: ReminderMailEvent, lang: Language, p: ReminderMailParams): Words {
  const n = p.orderNumber;
  const d = p.days;
  const company = p.companyName ?? "";
  switch (event) {
    case "ORDER_APPROVAL_REMINDER":
      return {
        fi: {
          subject: `Tilaus ${n} odottaa hyväksyntääsi`,
          paragraphs: [
            `Työsuhdepyörän tilaus ${n} (${company}) on odottanut työnantajan hyväksyntää ${d} arkipäivää.`,
            "Hyväksy tai hylkää tilaus työnantajan tilaussivulla, jotta työntekijä saa pyöränsä.",
          ],
          label: "Avaa hyväksyntää odottavat tilaukset",
        },
        en: {
          subject: `Order ${n} is waiting for your approval`,
          paragraphs: [
            `The benefit bike order ${n} (${company}) has waited ${d} working days for the employer's approval.`,
            "Approve or refuse the order on the employer's orders page so that the employee gets their bike.",
          ],
          label: "Open the orders waiting for approval",
        },
        sv: {
          subject: `Beställning ${n} väntar på ditt godkännande`,
          paragraphs: [
            `Beställningen ${n} av en förmånscykel (${company}) har väntat på arbetsgivarens godkännande i ${d} arbetsdagar.`,
            "Godkänn eller avslå beställningen på arbetsgivarens beställningssida så att arbetstagaren får sin cykel.",
          ],
          label: "Öppna beställningarna som väntar på godkännande",
        },
      }[lang];
    case "ORDER_APPROVAL_ESCALATED":
      return {
        fi: {
          subject: `Tilaus ${n} on odottanut hyväksyntää ${d} arkipäivää`,
          paragraphs: [
            `Konsernin yrityksen ${company} työsuhdepyörän tilaus ${n} on odottanut työnantajan hyväksyntää ${d} arkipäivää, eikä kukaan ole vielä hyväksynyt tai hylännyt sitä.`,
            "Hyväksy tai hylkää tilaus, tai pyydä yrityksen hyväksyjää tekemään se.",
          ],
          label: "Avaa hyväksyntää odottavat tilaukset",
        },
        en: {
          subject: `Order ${n} has waited ${d} working days for approval`,
          paragraphs: [
            `The benefit bike order ${n} of ${company} has waited ${d} working days for the employer's approval, and no one has approved or refused it yet.`,
            "Approve or refuse the order, or ask the company's approver to do it.",
          ],
          label: "Open the orders waiting for approval",
        },
        sv: {
          subject: `Beställning ${n} har väntat på godkännande i ${d} arbetsdagar`,
          paragraphs: [
            `Beställningen ${n} av en förmånscykel hos ${company} har väntat på arbetsgivarens godkännande i ${d} arbetsdagar, och ingen har ännu godkänt eller avslagit den.`,
            "Godkänn eller avslå beställningen, eller be företagets godkännare att göra det.",
          ],
          label: "Öppna beställningarna som väntar på godkännande",
        },
      }[lang];
    case "ORDER_PACKAGE_REMINDER":
      return {
        fi: {
          subject: `Muistutus: pyöräpakettisi odottaa hyväksyntääsi (tilaus ${n})`,
          paragraphs: [
            `Pyöräliikkeen tekemä pyöräpaketti on odottanut tilauksessasi ${n} ${d} päivää.`,
            "Tarkista paketti, valitse vuokrakausi ja hyväksy paketti Oma pyörä -sivulla.",
          ],
          label: "Tarkista pyöräpaketti",
        },
        en: {
          subject: `Reminder: your bike package is waiting for you to accept it (order ${n})`,
          paragraphs: [
            `The bike package from the bike store has waited ${d} days in your order ${n}.`,
            "Check the package, choose the lease period and accept the package on the My bike page.",
          ],
          label: "Check the bike package",
        },
        sv: {
          subject: `Påminnelse: ditt cykelpaket väntar på ditt godkännande (beställning ${n})`,
          paragraphs: [
            `Cykelpaketet från cykelaffären har väntat i ${d} dagar i din beställning ${n}.`,
            "Granska paketet, välj leasingperiod och godkänn paketet på sidan Min cykel.",
          ],
          label: "Granska cykelpaketet",
        },
      }[lang];
    case "ORDER_SIGNING_REMINDER":
      return {
        fi: {
          subject: `Muistutus: leasingsopimuksesi odottaa allekirjoitusta (tilaus ${n})`,
          paragraphs: [
            `Tilauksesi ${n} leasingsopimus on odottanut allekirjoitustasi ${d} päivää.`,
            "Tarkista sopimus ja allekirjoita se Oma pyörä -sivulla vahvistuskoodilla, jonka saat puhelimeesi.",
          ],
          label: "Allekirjoita sopimus",
        },
        en: {
          subject: `Reminder: your leasing agreement is waiting for your signature (order ${n})`,
          paragraphs: [
            `The leasing agreement of your order ${n} has waited ${d} days for your signature.`,
            "Check the agreement and sign it on the My bike page with the verification code sent to your phone.",
          ],
          label: "Sign the agreement",
        },
        sv: {
          subject: `Påminnelse: ditt leasingavtal väntar på underskrift (beställning ${n})`,
          paragraphs: [
            `Leasingavtalet för din beställning ${n} har väntat på din underskrift i ${d} dagar.`,
            "Granska avtalet och underteckna det på sidan Min cykel med verifieringskoden som skickas till din telefon.",
          ],
          label: "Underteckna avtalet",
        },
      }[lang];
    case "ORDER_STORE_PACKAGE_REMINDER":
      return {
        fi: {
          subject: `Muistutus: tilaus ${n} odottaa pyöräpakettia`,
          paragraphs: [
            `Työntekijän tilaus ${n} on odottanut pyöräliikkeen pyöräpakettia ${d} arkipäivää.`,
            "Lisää pyöräpaketti ja sen hinta linkillä, jonka lähetimme, kun tilaus aloitettiin, tai pyöräliikkeen tililläsi. Jos linkki on vanhentunut, pyydä uusi asiakaspalvelusta.",
          ],
          label: "Avaa pyöräliikkeen tili",
        },
        en: {
          subject: `Reminder: order ${n} is waiting for the bike package`,
          paragraphs: [
            `The employee's order ${n} has waited ${d} working days for the bike store's bike package.`,
            "Add the bike package and its price with the link we sent when the order was started, or in your bike store account. If the link has expired, ask customer service for a new one.",
          ],
          label: "Open the bike store account",
        },
        sv: {
          subject: `Påminnelse: beställning ${n} väntar på cykelpaketet`,
          paragraphs: [
            `Arbetstagarens beställning ${n} har väntat på cykelaffärens cykelpaket i ${d} arbetsdagar.`,
            "Lägg till cykelpaketet och dess pris med länken som vi skickade när beställningen startades, eller på ditt cykelaffärskonto. Om länken har gått ut, be kundtjänsten om en ny.",
          ],
          label: "Öppna cykelaffärskontot",
        },
      }[lang];
  }
}

/** Where each reminder's reader acts, under the deployment's address. */
const ACTION_PATH: Record<ReminderMailEvent, string> = {
  ORDER_APPROVAL_REMINDER: "/tyonantaja",
  ORDER_APPROVAL_ESCALATED: "/tyonantaja",
  ORDER_PACKAGE_REMINDER: "/mybike",
  ORDER_SIGNING_REMINDER: "/mybike",
  ORDER_STORE_PACKAGE_REMINDER: "/pyoraliike",
};

/** A reminder's mail in the reader's language. */
export function reminderMail(
  event: ReminderMailEvent,
  language: string | null | undefined,
  params: ReminderMailParams & { publicUrl: string },
): RenderedMail {
  const lang = resolveLanguage(language);
  const w = words(event, lang, params);
  const content: MailContent = {
    subject: w.subject,
    greeting: greeting(lang, params.name),
    paragraphs: w.paragraphs,
    action: { label: w.label, url: `${params.publicUrl}${ACTION_PATH[event]}` },
  };
  return mail("reminder", lang, content);
}
