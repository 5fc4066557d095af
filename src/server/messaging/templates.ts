import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../domain/enums.ts";
import { buildPath, type RouteId } from "../../domain/routes.ts";
import { type LayoutWords, type MailContent, renderMail } from "./layout.ts";

/**
 * The mails and SMS the app sends, in Finnish (default), English and Swedish, in the words of
 * docs/glossary.md: what every template shares (the template names, the language, the greeting, the frame
 * of layout.ts). The texts are in one file per area (account-mails.ts, contact-change-mails.ts,
 * employee-mails.ts, …). Each mail renders `{ template, subject, text, html }` and each SMS
 * `{ template, text }`, ready to spread into `messaging.sendMail({ to, ...mail })` /
 * `sendSms({ to, ...sms })`.
 */

export type MailTemplate =
  | "password-reset"
  | "set-password"
  | "password-changed"
  | "registration-received"
  | "join-confirmation"
  | "employer-signup-received"
  | "account-deactivated"
  | "email-change-confirm"
  | "email-change-in-use"
  | "contact-change-requested"
  | "contact-changed"
  | "two-factor-locked"
  | "second-factor-changed"
  | "new-device-login"
  | "staff-role-granted"
  | "company-application-accepted"
  | "company-application-rejected"
  | "employee-invitation"
  | "employment-invitation"
  | "employee-accepted"
  | "employee-rejected"
  | "payroll-report"
  | "purchase-order"
  | "store-package-link"
  | "store-delivery-link"
  // After the sale (ADR 009)
  | "order-cancelled"
  | "order-refunded"
  | "insurance-claim-received"
  | "insurance-claim-completed"
  | "redemption-offer"
  | "redemption-completed"
  | "user-payment-invoice"
  | "brokerage-inquiry"
  | "store-account-changed"
  | "lease-invoice-issued"
  // The employee's order steps (employee-notice-mails.ts)
  | "employee-notice"
  // The bike store's notices of its orders and payouts (store-notice-mails.ts)
  | "store-notice"
  | "reminder"
  // The approvers' mail when an order starts waiting for them (approver-mails.ts)
  | "approval-request"
  // A person's held mails, once a day (notification-preference-mails.ts)
  | "daily-digest";
type SmsTemplate = "two-factor-code" | "phone-change-code" | "signing-code" | "pickup-code";

export type RenderedMail = { template: MailTemplate; subject: string; text: string; html: string };
export type RenderedSms = { template: SmsTemplate; text: string };

/** A user's stored language, or anything else (null, "de"): unknown languages get Finnish. */
export function resolveLanguage(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? "")
    ? (language as Language)
    : DEFAULT_LANGUAGE;
}

/**
 * A page's address for a mail, under the recipient's language prefix (`/sv/reset/…`), so the page opens
 * in the language the mail was written in, whatever language the browser used before.
 */
export function pageUrl(
  publicUrl: string,
  language: string | null | undefined,
  id: RouteId,
  params: Record<string, string> = {},
): string {
  return `${publicUrl}${buildPath(id, params, resolveLanguage(language))}`;
}

const LAYOUT: Record<Language, LayoutWords> = {
  fi: {
    signOff: "Ystävällisin terveisin",
    tagline: "Pedaali – Suomen helpoin polkupyöräetu",
    copyLink: "Jos painike ei toimi, kopioi tämä osoite selaimeesi:",
  },
  en: {
    signOff: "Best regards",
    tagline: "Pedaali – the easiest bike benefit in Finland",
    copyLink: "If the button does not work, copy this address into your browser:",
  },
  sv: {
    signOff: "Med vänliga hälsningar",
    tagline: "Pedaali – Finlands enklaste cykelförmån",
    copyLink: "Om knappen inte fungerar, kopiera den här adressen till din webbläsare:",
  },
};

export function greeting(language: Language, name?: string | null): string {
  const hello = { fi: "Hei", en: "Hello", sv: "Hej" }[language];
  const trimmed = name?.trim();
  return trimmed ? `${hello} ${trimmed},` : `${hello},`;
}

/** A link's lifetime in words: hours, or whole days from two days on ("7 päivää"). */
export function hours(language: Language, count: number): string {
  if (count >= 48 && count % 24 === 0) {
    const days = count / 24;
    return { fi: `${days} päivää`, en: `${days} days`, sv: `${days} dagar` }[language];
  }
  if (count === 1) return { fi: "tunnin", en: "one hour", sv: "en timme" }[language];
  return { fi: `${count} tuntia`, en: `${count} hours`, sv: `${count} timmar` }[language];
}

export function mail(template: MailTemplate, language: Language, content: MailContent): RenderedMail {
  return { template, ...renderMail(content, LAYOUT[language], language) };
}
