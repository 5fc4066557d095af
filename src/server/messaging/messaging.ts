import nodemailer from "nodemailer";
import type { BaseLogger } from "pino";
import { maskPhoneNumber } from "../../domain/auth-rules.ts";
import { internationalPhoneNumber } from "../../domain/validation/phone.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import type { Messaging, OutgoingMail, OutgoingSms } from "./types.ts";

/** The sender of every mail; replies reach customer service. */
export const MAIL_FROM = "Pedaali <info@pedaali.fi>";

/** A provider that does not answer in this time counts as failed, so a login never hangs on it. */
const SMS_TIMEOUT_MS = 10_000;

export type MessagingDeps = {
  config: Pick<Config, "smtpUrl" | "smsProviderUrl" | "devOutbox">;
  db: Db;
  log: Pick<BaseLogger, "info" | "warn" | "error">;
};

/** `erkki@demo.test` → `e***@demo.test`: enough to tell recipients apart in logs, not to harvest them. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "***";
  return `${address[0]}***${address.slice(at)}`;
}

function emailDomain(address: string): string {
  const at = address.lastIndexOf("@");
  return at >= 0 ? address.slice(at + 1) : "(none)";
}

/** A short, body-free reason for logs: SMTP and fetch errors may quote the recipient or the message. */
function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown; responseCode?: unknown }).code;
    const responseCode = (error as { responseCode?: unknown }).responseCode;
    return [
      error.name,
      typeof code === "string" ? code : null,
      typeof responseCode === "number" ? responseCode : null,
    ]
      .filter((part) => part !== null)
      .join(" ");
  }
  return "unknown error";
}

/**
 * fetch() refuses URLs with user:password, but a provider URL like https://key:secret@sms.example/send
 * is the natural way to configure one: move the credentials into a Basic authorization header.
 */
function smsRequestTarget(providerUrl: string): { url: string; headers: Record<string, string> } {
  const url = new URL(providerUrl);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const password = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
    url.username = "";
    url.password = "";
  }
  return { url: url.toString(), headers };
}

/**
 * Mail over SMTP (nodemailer, `SMTP_URL`) and SMS over a small HTTP provider (`SMS_PROVIDER_URL`:
 * POST JSON `{ to, text }`, any 2xx is success). With the dev outbox on, every message is also
 * written to the `outbox` table, even when a provider sent it, so a developer can always read the
 * code or link that was sent. In production the outbox is never written: its rows would hold live
 * reset links and codes in plain text.
 *
 * Bodies are never logged (they carry codes and links): only channel, masked recipient and subject.
 */
export function createMessaging({ config, db, log }: MessagingDeps): Messaging {
  const transport = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // nodemailer waits minutes by default; a request that sends mail should fail fast instead.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : null;
  const sms = config.smsProviderUrl ? smsRequestTarget(config.smsProviderUrl) : null;

  async function keepInOutbox(row: typeof outbox.$inferInsert, sentByProvider: boolean): Promise<void> {
    try {
      await db.insert(outbox).values(row);
    } catch (error) {
      // The outbox is the only copy when no provider sent it: then losing it is a failure.
      if (!sentByProvider) throw error;
      log.warn(
        { channel: row.channel, reason: reasonOf(error) },
        "could not keep a sent message in the dev outbox",
      );
    }
  }

  return {
    async sendMail(mail: OutgoingMail): Promise<void> {
      const meta = { channel: "EMAIL", to: maskEmail(mail.to), subject: mail.subject };
      if (!transport && !config.devOutbox) {
        // Production without SMTP: mails are informative, so the action that sends one still succeeds.
        log.warn(
          { channel: "EMAIL", domain: emailDomain(mail.to), subject: mail.subject },
          "mail not sent: no SMTP server configured",
        );
        return;
      }

      let failure: unknown = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: MAIL_FROM,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.headers ? { headers: { ...mail.headers } } : {}),
          });
        } catch (error) {
          failure = error;
        }
      }
      if (config.devOutbox) {
        await keepInOutbox(
          {
            channel: "EMAIL",
            recipient: mail.to,
            subject: mail.subject,
            bodyText: mail.text,
            bodyHtml: mail.html,
            headers: mail.headers ? { ...mail.headers } : null,
            template: mail.template ?? null,
            sentAt: transport && !failure ? new Date() : null,
            error: failure ? String(failure instanceof Error ? failure.message : failure) : null,
          },
          Boolean(transport && !failure),
        );
      }
      if (failure) {
        log.error({ ...meta, reason: reasonOf(failure) }, "mail sending failed");
        throw new Error(`Mail could not be sent (${reasonOf(failure)})`);
      }
      log.info(meta, transport ? "mail sent" : "mail kept in the dev outbox");
    },

    async sendSms(message: OutgoingSms): Promise<void> {
      const meta = { channel: "SMS", to: maskPhoneNumber(message.to) };
      if (!sms && !config.devOutbox) {
        // A two-factor code that cannot be sent must fail the login, not leave the user waiting.
        log.error(meta, "SMS not sent: no SMS provider configured");
        throw new Error("SMS could not be sent: no SMS provider configured");
      }

      let failure: Error | null = null;
      if (sms) {
        try {
          const response = await fetch(sms.url, {
            method: "POST",
            headers: sms.headers,
            // Stored numbers keep the leading 0 or +358 of docs/product.md "Field rules"; the provider always gets +358 (decision 007).
            body: JSON.stringify({ to: internationalPhoneNumber(message.to), text: message.text }),
            signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
          });
          // Release the connection; the provider's answer is not used.
          await response.body?.cancel();
          if (!response.ok) failure = new Error(`SMS provider answered ${response.status}`);
        } catch (error) {
          failure = new Error(`SMS provider not reachable (${reasonOf(error)})`);
        }
      }
      if (config.devOutbox) {
        await keepInOutbox(
          {
            channel: "SMS",
            recipient: message.to,
            subject: null,
            bodyText: message.text,
            bodyHtml: null,
            template: message.template ?? null,
            sentAt: sms && !failure ? new Date() : null,
            error: failure?.message ?? null,
          },
          Boolean(sms && !failure),
        );
      }
      if (failure) {
        log.error({ ...meta, reason: failure.message }, "SMS sending failed");
        throw failure;
      }
      log.info(meta, sms ? "SMS sent" : "SMS kept in the dev outbox");
    },
  };
}
