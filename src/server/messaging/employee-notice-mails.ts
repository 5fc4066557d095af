import type { Language } from "../../domain/enums.ts";
import type { NotificationChannel, NotificationEvent } from "../../domain/notification-table.ts";
import type { MailContent } from "./layout.ts";
import { greeting, mail, type RenderedMail, type RenderedSms, resolveLanguage } from "./templates.ts";

/**
 * The employee's mails of their order's steps, in their language, each with the one thing to do next
 * as its button (the My bike page, after login). The notification table says which events send them;
 * EMPLOYEE_NOTICE_EVENTS is what this sender can render, and a test holds the two together.
 */
export const EMPLOYEE_NOTICE_EVENTS = {
  ORDER_PACKAGE_PROVIDED: ["EMAIL"],
  ORDER_PACKAGE_CHANGED: ["EMAIL"],
  ORDER_AGREEMENT_READY_TO_SIGN: ["EMAIL"],
  ORDER_EMPLOYER_APPROVED: ["EMAIL"],
  ORDER_EMPLOYER_REFUSED: ["EMAIL"],
  ORDER_HANDOVER_READY: ["EMAIL", "SMS"],
  ORDER_LEASE_STARTED: ["EMAIL"],
  ORDER_CUSTOMER_QUESTION: ["EMAIL"],
} as const satisfies Partial<Record<NotificationEvent, readonly NotificationChannel[]>>;

export type EmployeeNoticeEvent = keyof typeof EMPLOYEE_NOTICE_EVENTS;

export type EmployeeNoticeParams = {
  name?: string | null;
  orderNumber: number;
  /** The employer's reason of a refusal. */
  reason?: string | null;
  /** The helpdesk's question, which the employee answers on the My bike page. */
  question?: string | null;
  /** The My bike page, where the employee acts. */
  myBikeUrl: string;
};

type Words = { subject: string; paragraphs: string[]; label: string };

function words(event: EmployeeNoticeEvent, lang: Language, p: EmployeeNoticeParams): Words {
  const n = p.orderNumber;
  const reason = p.reason?.trim();
  const question = p.question?.trim();
  switch (event) {
    case "ORDER_CUSTOMER_QUESTION":
      return {
        fi: {
          subject: `Asiakaspalvelu tarvitsee vastauksesi (tilaus ${n})`,
          paragraphs: [
            `Asiakaspalvelulla on kysymys tilauksestasi ${n}, ja tilaus odottaa vastaustasi.`,
            ...(question ? [`Kysymys: ${question}`] : []),
            "Vastaa kysymykseen Oma pyörä -sivulla.",
          ],
          label: "Vastaa kysymykseen",
        },
        en: {
          subject: `Customer service needs your reply (order ${n})`,
          paragraphs: [
            `Customer service has a question about your order ${n}, and the order waits for your reply.`,
            ...(question ? [`Question: ${question}`] : []),
            "Reply to the question on the My bike page.",
          ],
          label: "Reply to the question",
        },
        sv: {
          subject: `Kundtjänsten behöver ditt svar (beställning ${n})`,
          paragraphs: [
            `Kundtjänsten har en fråga om din beställning ${n}, och beställningen väntar på ditt svar.`,
            ...(question ? [`Fråga: ${question}`] : []),
            "Svara på frågan på sidan Min cykel.",
          ],
          label: "Svara på frågan",
        },
      }[lang];
    case "ORDER_PACKAGE_PROVIDED":
      return {
        fi: {
          subject: `Pyöräpakettisi on valmis tarkistettavaksi (tilaus ${n})`,
          paragraphs: [
            `Pyöräliike on lisännyt tilaukseesi ${n} pyöräpaketin ja sen hinnan.`,
            "Tarkista paketti, valitse vuokrakausi ja hyväksy paketti Oma pyörä -sivulla.",
          ],
          label: "Tarkista pyöräpaketti",
        },
        en: {
          subject: `Your bike package is ready for review (order ${n})`,
          paragraphs: [
            `The bike store has added the bike package and its price to your order ${n}.`,
            "Check the package, choose the lease period and accept the package on the My bike page.",
          ],
          label: "Check the bike package",
        },
        sv: {
          subject: `Ditt cykelpaket är klart att granska (beställning ${n})`,
          paragraphs: [
            `Cykelaffären har lagt till cykelpaketet och dess pris i din beställning ${n}.`,
            "Granska paketet, välj leasingperiod och godkänn paketet på sidan Min cykel.",
          ],
          label: "Granska cykelpaketet",
        },
      }[lang];
    case "ORDER_PACKAGE_CHANGED":
      return {
        fi: {
          subject: `Pyöräliike muutti pyöräpakettiasi (tilaus ${n})`,
          paragraphs: [
            `Pyöräliike on muuttanut tilauksesi ${n} pyöräpakettia tai sen hintaa.`,
            "Tarkista muuttunut paketti ja hyväksy se Oma pyörä -sivulla ennen kuin tilaus etenee.",
          ],
          label: "Tarkista pyöräpaketti",
        },
        en: {
          subject: `The bike store changed your bike package (order ${n})`,
          paragraphs: [
            `The bike store has changed the bike package or its price in your order ${n}.`,
            "Check the changed package and accept it on the My bike page before the order moves on.",
          ],
          label: "Check the bike package",
        },
        sv: {
          subject: `Cykelaffären ändrade ditt cykelpaket (beställning ${n})`,
          paragraphs: [
            `Cykelaffären har ändrat cykelpaketet eller dess pris i din beställning ${n}.`,
            "Granska det ändrade paketet och godkänn det på sidan Min cykel innan beställningen går vidare.",
          ],
          label: "Granska cykelpaketet",
        },
      }[lang];
    case "ORDER_AGREEMENT_READY_TO_SIGN":
      return {
        fi: {
          subject: `Leasingsopimuksesi odottaa allekirjoitusta (tilaus ${n})`,
          paragraphs: [
            `Tilauksesi ${n} leasingsopimus on valmis.`,
            "Tarkista sopimus ja allekirjoita se Oma pyörä -sivulla vahvistuskoodilla, jonka saat puhelimeesi.",
          ],
          label: "Allekirjoita sopimus",
        },
        en: {
          subject: `Your leasing agreement is ready to sign (order ${n})`,
          paragraphs: [
            `The leasing agreement of your order ${n} is ready.`,
            "Check the agreement and sign it on the My bike page with the verification code sent to your phone.",
          ],
          label: "Sign the agreement",
        },
        sv: {
          subject: `Ditt leasingavtal väntar på underskrift (beställning ${n})`,
          paragraphs: [
            `Leasingavtalet för din beställning ${n} är klart.`,
            "Granska avtalet och underteckna det på sidan Min cykel med verifieringskoden som skickas till din telefon.",
          ],
          label: "Underteckna avtalet",
        },
      }[lang];
    case "ORDER_EMPLOYER_APPROVED":
      return {
        fi: {
          subject: `Työnantajasi hyväksyi tilauksesi ${n}`,
          paragraphs: [
            `Työnantajasi on hyväksynyt työsuhdepyörän tilauksesi ${n}.`,
            "Jos et ole vielä allekirjoittanut leasingsopimusta, allekirjoita se Oma pyörä -sivulla.",
          ],
          label: "Avaa Oma pyörä",
        },
        en: {
          subject: `Your employer approved your order ${n}`,
          paragraphs: [
            `Your employer has approved your benefit bike order ${n}.`,
            "If you have not signed the leasing agreement yet, sign it on the My bike page.",
          ],
          label: "Open My bike",
        },
        sv: {
          subject: `Din arbetsgivare godkände din beställning ${n}`,
          paragraphs: [
            `Din arbetsgivare har godkänt din beställning ${n} av en förmånscykel.`,
            "Om du inte ännu har undertecknat leasingavtalet, underteckna det på sidan Min cykel.",
          ],
          label: "Öppna Min cykel",
        },
      }[lang];
    case "ORDER_EMPLOYER_REFUSED":
      return {
        fi: {
          subject: `Työnantajasi ei hyväksynyt tilaustasi ${n}`,
          paragraphs: [
            `Työnantajasi ei hyväksynyt työsuhdepyörän tilaustasi ${n}, ja tilaus on peruttu.`,
            ...(reason ? [`Syy: ${reason}`] : []),
          ],
          label: "Avaa Oma pyörä",
        },
        en: {
          subject: `Your employer did not approve your order ${n}`,
          paragraphs: [
            `Your employer did not approve your benefit bike order ${n}, and the order has been cancelled.`,
            ...(reason ? [`Reason: ${reason}`] : []),
          ],
          label: "Open My bike",
        },
        sv: {
          subject: `Din arbetsgivare godkände inte din beställning ${n}`,
          paragraphs: [
            `Din arbetsgivare godkände inte din beställning ${n} av en förmånscykel, och beställningen har avbeställts.`,
            ...(reason ? [`Orsak: ${reason}`] : []),
          ],
          label: "Öppna Min cykel",
        },
      }[lang];
    case "ORDER_HANDOVER_READY":
      return {
        fi: {
          subject: `Pyöräsi on noudettavissa (tilaus ${n})`,
          paragraphs: [
            `Pyöräliike luovuttaa tilauksesi ${n} pyörän sinulle liikkeessä.`,
            "Ota mukaan noutokoodi: se on tekstiviestissä, jonka lähetimme sinulle, ja Oma pyörä -sivulla. Pyöräliike tarkistaa koodin, ja te molemmat allekirjoitatte luovutuksen.",
          ],
          label: "Avaa noutokoodi",
        },
        en: {
          subject: `Your bike is ready for pickup (order ${n})`,
          paragraphs: [
            `The bike store hands over the bike of your order ${n} to you at the store.`,
            "Bring the pickup code: it is in the text message we sent you and on the My bike page. The bike store checks the code, and you both sign the handover.",
          ],
          label: "Open the pickup code",
        },
        sv: {
          subject: `Din cykel kan hämtas (beställning ${n})`,
          paragraphs: [
            `Cykelaffären överlämnar cykeln i din beställning ${n} till dig i butiken.`,
            "Ta med avhämtningskoden: den finns i textmeddelandet som vi skickade dig och på sidan Min cykel. Cykelaffären kontrollerar koden, och ni båda undertecknar överlämningen.",
          ],
          label: "Öppna avhämtningskoden",
        },
      }[lang];
    case "ORDER_LEASE_STARTED":
      return {
        fi: {
          subject: `Pyöräsi leasing on alkanut (tilaus ${n})`,
          paragraphs: [
            `Työsuhdepyöräsi leasing on alkanut (tilaus ${n}).`,
            "Palkkavähennykset alkavat seuraavasta palkasta. Näet pyöräsi ja sopimuksesi Oma pyörä -sivulla.",
          ],
          label: "Avaa Oma pyörä",
        },
        en: {
          subject: `Your bike's lease has started (order ${n})`,
          paragraphs: [
            `The lease of your benefit bike has started (order ${n}).`,
            "The salary deductions begin from your next salary. You see your bike and agreement on the My bike page.",
          ],
          label: "Open My bike",
        },
        sv: {
          subject: `Leasingen av din cykel har börjat (beställning ${n})`,
          paragraphs: [
            `Leasingen av din förmånscykel har börjat (beställning ${n}).`,
            "Löneavdragen börjar från din nästa lön. Du ser din cykel och ditt avtal på sidan Min cykel.",
          ],
          label: "Öppna Min cykel",
        },
      }[lang];
  }
}

/** The employee's mail of an order step, in their language. */
export function employeeNoticeMail(
  event: EmployeeNoticeEvent,
  language: string | null | undefined,
  params: EmployeeNoticeParams,
): RenderedMail {
  const lang = resolveLanguage(language);
  const w = words(event, lang, params);
  const content: MailContent = {
    subject: w.subject,
    greeting: greeting(lang, params.name),
    paragraphs: w.paragraphs,
    action: { label: w.label, url: params.myBikeUrl },
  };
  return mail("employee-notice", lang, content);
}

/** The pickup code by text message when the bike is ready at the store: what the store asks for. */
export function pickupCodeSms(
  language: string | null | undefined,
  params: { orderNumber: number; pickupCode: string },
): RenderedSms {
  const lang = resolveLanguage(language);
  const { orderNumber: n, pickupCode: code } = params;
  const text = {
    fi: `Pedaali: pyöräsi (tilaus ${n}) noutokoodi on ${code}. Näytä koodi pyöräliikkeelle, kun noudat pyörän.`,
    en: `Pedaali: the pickup code of your bike (order ${n}) is ${code}. Show the code to the bike store when you pick up the bike.`,
    sv: `Pedaali: avhämtningskoden för din cykel (beställning ${n}) är ${code}. Visa koden för cykelaffären när du hämtar cykeln.`,
  }[lang];
  return { template: "pickup-code", text };
}
