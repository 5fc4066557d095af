import type { Language } from "../../domain/enums.ts";
import type { NotificationKind } from "../../domain/notification-kinds.ts";
import { escapeHtml } from "./layout.ts";
import { greeting, mail, type RenderedMail, resolveLanguage } from "./templates.ts";

/**
 * The words of a person's notification choices in mails: the kinds' names, the unsubscribe line at the
 * foot of every mail a person may turn off, and the daily digest of the mails they chose to get once a
 * day. The web's texts of the same kinds are in src/web/i18n/pages (notificationPreferences).
 */

const KIND_NAMES: Record<Language, Record<NotificationKind, string>> = {
  fi: {
    ORDER_STEPS: "tilauksen vaiheet",
    APPROVALS: "hyväksyntääsi odottavat tilaukset",
    REMINDERS: "muistutukset",
    LEASE_END_AND_CLAIMS: "vuokrakauden loppu ja vakuutusvahingot",
    COMPANY_AND_PEOPLE: "yritys ja henkilöt",
    SIGNING: "allekirjoitukset ja sopimukset",
    PAYMENTS: "maksut, laskut ja palkanlaskenta",
    SECURITY: "kirjautuminen ja tietoturva",
  },
  en: {
    ORDER_STEPS: "order steps",
    APPROVALS: "orders waiting for your approval",
    REMINDERS: "reminders",
    LEASE_END_AND_CLAIMS: "lease end and insurance claims",
    COMPANY_AND_PEOPLE: "company and people",
    SIGNING: "signing and agreements",
    PAYMENTS: "payments, invoices and payroll",
    SECURITY: "login and security",
  },
  sv: {
    ORDER_STEPS: "beställningens steg",
    APPROVALS: "beställningar som väntar på ditt godkännande",
    REMINDERS: "påminnelser",
    LEASE_END_AND_CLAIMS: "leasingperiodens slut och försäkringsskador",
    COMPANY_AND_PEOPLE: "företag och personer",
    SIGNING: "underskrifter och avtal",
    PAYMENTS: "betalningar, fakturor och lönehantering",
    SECURITY: "inloggning och säkerhet",
  },
};

function footerWords(language: Language, kind: NotificationKind): string {
  const name = KIND_NAMES[language][kind];
  return {
    fi: `Saat tämän sähköpostin, koska saat ilmoitukset aiheesta ${name} sähköpostilla. Lopeta nämä sähköpostit`,
    en: `You get this mail because you get notifications of ${name} by mail. Stop these mails`,
    sv: `Du får detta e-postmeddelande eftersom du får aviseringar om ${name} per e-post. Sluta få dessa e-postmeddelanden`,
  }[language];
}

/**
 * The mail with its unsubscribe line in the footer: in the plain text before the signature's dashes,
 * in the HTML under the card, each with the page that shows what is turned off and asks to confirm
 * (a link never changes anything by itself).
 */
export function withUnsubscribeFooter<M extends { text: string; html: string }>(
  rendered: M,
  languageCode: string,
  kind: NotificationKind,
  pageAddress: string,
): M {
  const language = resolveLanguage(languageCode);
  const words = footerWords(language, kind);
  const dashes = rendered.text.lastIndexOf("\n\n--\n");
  const line = `${words}:\n${pageAddress}`;
  const text =
    dashes >= 0
      ? `${rendered.text.slice(0, dashes)}\n\n${line}${rendered.text.slice(dashes)}`
      : `${rendered.text}\n${line}\n`;
  const paragraph = `<p style="margin:12px 0 0;font-size:13px;color:#555555;text-align:center">${escapeHtml(words)}: <a href="${escapeHtml(pageAddress)}" style="color:#555555">${escapeHtml(pageAddress)}</a></p>`;
  const end = rendered.html.lastIndexOf("\n</div>\n</body>");
  const html =
    end >= 0 ? `${rendered.html.slice(0, end)}\n${paragraph}${rendered.html.slice(end)}` : rendered.html;
  return { ...rendered, text, html };
}

export type DailyDigestParams = {
  name?: string | null;
  /** The subjects of the mails held for the digest, oldest first. */
  subjects: string[];
};

/** The daily digest: the day's held mails by their subjects, and one button to where the person works. */
export function dailyDigestMail(
  languageCode: string,
  params: DailyDigestParams & { workUrl: string; preferencesUrl: string },
): RenderedMail {
  const language = resolveLanguage(languageCode);
  const count = params.subjects.length;
  const w = {
    fi: {
      subject: `Päivittäinen kooste: ${count} ${count === 1 ? "ilmoitus" : "ilmoitusta"}`,
      intro: "Tässä ovat ilmoitukset, jotka valitsit saavasi kerran päivässä koosteena:",
      label: "Avaa Pedaali",
      after: `Voit muuttaa, mistä saat sähköpostia ja mistä koosteen, omien tietojesi sivulla: ${params.preferencesUrl}`,
    },
    en: {
      subject: `Daily digest: ${count} ${count === 1 ? "notification" : "notifications"}`,
      intro: "Here are the notifications you chose to get once a day in a digest:",
      label: "Open Pedaali",
      after: `You can change what you get by mail and what in the digest on your own details page: ${params.preferencesUrl}`,
    },
    sv: {
      subject: `Dagligt sammandrag: ${count} ${count === 1 ? "avisering" : "aviseringar"}`,
      intro: "Här är aviseringarna som du valt att få en gång om dagen i ett sammandrag:",
      label: "Öppna Pedaali",
      after: `Du kan ändra vad du får per e-post och vad i sammandraget på sidan med dina egna uppgifter: ${params.preferencesUrl}`,
    },
  }[language];
  return mail("daily-digest", language, {
    subject: w.subject,
    greeting: greeting(language, params.name),
    paragraphs: [w.intro, ...params.subjects.map((subject) => `• ${subject}`)],
    action: { label: w.label, url: params.workUrl },
    after: [w.after],
  });
}
