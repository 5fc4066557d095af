import { formatHelsinkiDate } from "../../domain/dates.ts";
import type { Language } from "../../domain/enums.ts";
import { formatCents } from "../../domain/money.ts";
import type { RouteId } from "../../domain/routes.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, pageUrl, type RenderedMail, resolveLanguage } from "./templates.ts";

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
  "ORDER_DEFECT_WINDOW_REMINDER",
  "REDEMPTION_CHOICE_REMINDER",
  "LEASE_END_REMINDER",
  "USER_PAYMENT_DUE_REMINDER",
] as const;
export type ReminderMailEvent = (typeof REMINDER_MAIL_EVENTS)[number];

export type ReminderMailParams = {
  name?: string | null;
  /** The order it concerns; none for a payment that belongs to no order. */
  orderNumber: number | null;
  /** The company whose order waits (the employer's and the group admin's mails). */
  companyName?: string | null;
  /** Days the order has waited, in the step's unit; for a deadline, the days left until it. */
  days: number;
  /** A deadline's day (YYYY-MM-DD): the defect window's last day, the decision deadline, the lease's end, the due date. */
  deadline?: string | null;
  /** The unpaid payment's amount and reference number. */
  amountCents?: number | null;
  referenceNumber?: string | null;
};

type Words = { subject: string; paragraphs: string[]; label: string };

function words(event: ReminderMailEvent, lang: Language, p: ReminderMailParams): Words {
  const n = p.orderNumber ?? "";
  const d = p.days;
  const company = p.companyName ?? "";
  const date = p.deadline ? formatHelsinkiDate(p.deadline) : "";
  const weeks = Math.round(d / 7);
  switch (event) {
    case "ORDER_DEFECT_WINDOW_REMINDER":
      return {
        fi: {
          subject: `Vikailmoituksen aika päättyy ${date} (tilaus ${n})`,
          paragraphs: [
            `Jos kotiinkuljetuksena toimitetussa työsuhdepyörässäsi (tilaus ${n}) on vika tai kuljetusvaurio, kerro siitä ${date} mennessä.`,
            "Tee vikailmoitus Oma pyörä -sivulla. Pyöräliike ja Pedaalin asiakaspalvelu saavat ilmoituksesi.",
          ],
          label: "Tee vikailmoitus",
        },
        en: {
          subject: `The time to report a defect ends on ${date} (order ${n})`,
          paragraphs: [
            `If your home-delivered benefit bike (order ${n}) has a defect or transport damage, report it by ${date}.`,
            "Report the defect on the My bike page. The bike store and Pedaali's customer service receive your report.",
          ],
          label: "Report a defect",
        },
        sv: {
          subject: `Tiden att anmäla ett fel går ut ${date} (beställning ${n})`,
          paragraphs: [
            `Om din hemlevererade förmånscykel (beställning ${n}) har ett fel eller en transportskada, anmäl det senast ${date}.`,
            "Anmäl felet på sidan Min cykel. Cykelaffären och Pedaalis kundtjänst får din anmälan.",
          ],
          label: "Anmäl ett fel",
        },
      }[lang];
    case "REDEMPTION_CHOICE_REMINDER":
      return {
        fi: {
          subject: `Muistutus: tee valintasi viimeistään ${date} (tilaus ${n})`,
          paragraphs: [
            `Työsuhdepyöräsi (tilaus ${n}) leasingsopimus päättyy, etkä ole vielä valinnut, mitä pyörälle tapahtuu. Tee valintasi viimeistään ${date}.`,
            "Oma pyörä -sivulla näet kaikki vaihtoehdot – lunastuksen, palautuksen ja pyörävälityksen – ja niiden kustannukset rinnakkain.",
          ],
          label: "Tee valinta",
        },
        en: {
          subject: `Reminder: please make your choice by ${date} (order ${n})`,
          paragraphs: [
            `The leasing agreement of your benefit bike (order ${n}) ends, and you have not yet chosen what happens to the bike. Please make your choice by ${date}.`,
            "The My bike page shows every option – redemption, return and bike brokerage – with their costs side by side.",
          ],
          label: "Make your choice",
        },
        sv: {
          subject: `Påminnelse: gör ditt val senast ${date} (beställning ${n})`,
          paragraphs: [
            `Leasingavtalet för din förmånscykel (beställning ${n}) upphör, och du har ännu inte valt vad som händer med cykeln. Gör ditt val senast ${date}.`,
            "På sidan Min cykel ser du alla alternativ – inlösen, återlämning och cykelförmedling – och deras kostnader sida vid sida.",
          ],
          label: "Gör ditt val",
        },
      }[lang];
    case "LEASE_END_REMINDER":
      return {
        fi: {
          subject: `Työsuhdepyöräsi leasingsopimus päättyy ${date} (tilaus ${n})`,
          paragraphs: [
            `Työsuhdepyöräsi (tilaus ${n}) leasingsopimus päättyy ${date}, noin ${weeks} viikon päästä.`,
            "Ennen sitä valitset, lunastatko pyörän, palautatko sen vai myytkö sen pyörävälityksen kautta. Lunastustarjous ja kaikki vaihtoehdot kustannuksineen ovat Oma pyörä -sivulla, kun valinnan aika tulee.",
          ],
          label: "Avaa Oma pyörä",
        },
        en: {
          subject: `The leasing agreement of your benefit bike ends on ${date} (order ${n})`,
          paragraphs: [
            `The leasing agreement of your benefit bike (order ${n}) ends on ${date}, in about ${weeks} weeks.`,
            "Before then you choose whether to redeem the bike, return it or sell it through the bike brokerage. The redemption offer and every option with its costs are on the My bike page when it is time to choose.",
          ],
          label: "Open My bike",
        },
        sv: {
          subject: `Leasingavtalet för din förmånscykel upphör ${date} (beställning ${n})`,
          paragraphs: [
            `Leasingavtalet för din förmånscykel (beställning ${n}) upphör ${date}, om cirka ${weeks} veckor.`,
            "Innan dess väljer du om du löser in cykeln, lämnar tillbaka den eller säljer den via cykelförmedlingen. Inlösenerbjudandet och alla alternativ med deras kostnader finns på sidan Min cykel när det är dags att välja.",
          ],
          label: "Öppna Min cykel",
        },
      }[lang];
    case "USER_PAYMENT_DUE_REMINDER": {
      const amount = p.amountCents != null ? formatCents(p.amountCents, lang) : "";
      const reference = p.referenceNumber ?? "";
      const order = {
        fi: p.orderNumber ? ` (tilaus ${p.orderNumber})` : "",
        en: p.orderNumber ? ` (order ${p.orderNumber})` : "",
        sv: p.orderNumber ? ` (beställning ${p.orderNumber})` : "",
      }[lang];
      return {
        fi: {
          subject: `Muistutus: laskusi eräpäivä on tänään${order}`,
          paragraphs: [
            `Pedaalin lasku${order}, ${amount}, erääntyy tänään ${date}, emmekä ole vielä saaneet maksua.`,
            `Maksa lasku pankkisiirtona viitenumerolla ${reference}. Tilinumeron ja virtuaaliviivakoodin näet Oma pyörä -sivulla. Jos olet jo maksanut laskun, tämä viesti on aiheeton.`,
          ],
          label: "Näytä maksut Pedaalissa",
        },
        en: {
          subject: `Reminder: your invoice is due today${order}`,
          paragraphs: [
            `Pedaali's invoice${order} of ${amount} is due today, ${date}, and we have not yet received the payment.`,
            `Pay the invoice by bank transfer with the reference number ${reference}. The account number and the virtual barcode are on the My bike page. If you have already paid the invoice, please ignore this message.`,
          ],
          label: "Show payments in Pedaali",
        },
        sv: {
          subject: `Påminnelse: din faktura förfaller i dag${order}`,
          paragraphs: [
            `Pedaalis faktura${order} på ${amount} förfaller i dag ${date}, och vi har ännu inte fått betalningen.`,
            `Betala fakturan med banköverföring med referensnumret ${reference}. Kontonumret och den virtuella streckkoden finns på sidan Min cykel. Om du redan har betalat fakturan kan du bortse från det här meddelandet.`,
          ],
          label: "Visa betalningarna i Pedaali",
        },
      }[lang];
    }
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

/** Where each reminder's reader acts: the page, in the reader's language, after login. */
const ACTION_PAGE: Record<ReminderMailEvent, RouteId> = {
  ORDER_APPROVAL_REMINDER: "employer",
  ORDER_APPROVAL_ESCALATED: "employer",
  ORDER_PACKAGE_REMINDER: "myBike",
  ORDER_SIGNING_REMINDER: "myBike",
  ORDER_STORE_PACKAGE_REMINDER: "bikeStore",
  ORDER_DEFECT_WINDOW_REMINDER: "myBike",
  REDEMPTION_CHOICE_REMINDER: "myBike",
  LEASE_END_REMINDER: "myBike",
  USER_PAYMENT_DUE_REMINDER: "myBike",
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
    action: { label: w.label, url: pageUrl(params.publicUrl, lang, ACTION_PAGE[event]) },
  };
  return mail("reminder", lang, content);
}
