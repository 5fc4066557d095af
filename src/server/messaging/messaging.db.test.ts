import { Writable } from "node:stream";
import { asc } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { Database } from "../db/client.ts";
import { outbox } from "../db/schema/index.ts";
import { passwordResetMail, twoFactorCodeSms } from "./account-mails.ts";
import { createMessaging, MAIL_FROM, type MessagingDeps, maskEmail } from "./messaging.ts";
import { type SmsSink, type SmtpSink, startSmsSink, startSmtpSink } from "./test-servers.ts";

const logLines: Record<string, unknown>[] = [];
const log = pino(
  { level: "info" },
  new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  }),
);

const RESET_LINK = "http://localhost:3000/reset/secret-reset-token-0123456789";
const CODE = "482915";
const EMAIL = "erkki.esimerkki@demo.test";
const PHONE = "+358501234510";
const resetMail = () => ({ to: EMAIL, ...passwordResetMail("fi", { name: "Erkki", link: RESET_LINK }) });
const codeSms = () => ({ to: PHONE, ...twoFactorCodeSms("fi", { code: CODE }) });

let database: Database;
let smtp: SmtpSink;
let sms: SmsSink;

function messagingWith(config: Partial<MessagingDeps["config"]>) {
  return createMessaging({
    config: { smtpUrl: null, smsProviderUrl: null, devOutbox: false, ...config },
    db: database.db,
    log,
  });
}

const outboxRows = () => database.db.select().from(outbox).orderBy(asc(outbox.createdAt));

beforeAll(async () => {
  [database, smtp, sms] = await Promise.all([createTestDatabase(), startSmtpSink(), startSmsSink()]);
});
afterAll(async () => {
  await Promise.all([database?.close(), smtp?.close(), sms?.close()]);
});
beforeEach(async () => {
  await database.db.delete(outbox);
  smtp.messages.length = 0;
  sms.requests.length = 0;
  sms.status = 202;
});

describe("mail over SMTP", () => {
  it("delivers the mail from Pedaali with the subject and both a text and an HTML part", async () => {
    const mail = resetMail();
    await messagingWith({ smtpUrl: smtp.url }).sendMail(mail);

    expect(smtp.messages).toHaveLength(1);
    const received = smtp.messages[0];
    expect(received?.envelopeFrom).toBe("info@pedaali.fi");
    expect(received?.envelopeTo).toEqual([EMAIL]);
    expect(received?.headers.from).toBe(MAIL_FROM);
    expect(received?.headers.to).toBe(EMAIL);
    expect(received?.headers.subject).toBe(mail.subject);
    expect(received?.headers["content-type"]).toMatch(/^multipart\/alternative/);
    expect(received?.text?.replaceAll("\r\n", "\n")).toBe(mail.text);
    expect(received?.html?.replaceAll("\r\n", "\n")).toBe(mail.html);
    expect(received?.text).toContain(RESET_LINK);
    expect(received?.html).toContain(`href="${RESET_LINK}"`);
    // The outbox is a dev tool: without it nothing is stored.
    expect(await outboxRows()).toHaveLength(0);
  });

  it("carries Finnish and Swedish letters intact through the MIME encoding", async () => {
    const mail = {
      to: EMAIL,
      subject: "Työsuhdepyörä – förmånscykel",
      text: "Hyvää päivää, åäö!",
      html: "<p>Hyvää päivää, åäö!</p>",
    };
    await messagingWith({ smtpUrl: smtp.url }).sendMail(mail);
    expect(smtp.messages[0]?.headers.subject).toBe(mail.subject);
    expect(smtp.messages[0]?.text?.trimEnd()).toBe(mail.text);
    expect(smtp.messages[0]?.html?.trimEnd()).toBe(mail.html);
  });

  it("throws when the SMTP server cannot be reached", async () => {
    const closed = await startSmtpSink();
    await closed.close();
    await expect(messagingWith({ smtpUrl: closed.url }).sendMail(resetMail())).rejects.toThrow(
      /Mail could not be sent/,
    );
  });
});

describe("SMS over the HTTP provider", () => {
  it("posts the number and the text as JSON", async () => {
    await messagingWith({ smsProviderUrl: sms.url }).sendSms(codeSms());
    expect(sms.requests).toHaveLength(1);
    expect(sms.requests[0]?.method).toBe("POST");
    expect(sms.requests[0]?.headers["content-type"]).toBe("application/json");
    expect(sms.requests[0]?.body).toEqual({
      to: PHONE,
      text: "Pedaali: vahvistuskoodisi on 482915. Koodi on voimassa 5 minuuttia.",
    });
    expect(sms.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("gives the provider a number stored with the trunk 0 in its +358 form", async () => {
    await messagingWith({ smsProviderUrl: sms.url }).sendSms({ ...codeSms(), to: "0401234567" });
    expect(sms.requests[0]?.body).toMatchObject({ to: "+358401234567" });
  });

  it("sends the credentials of the provider URL as Basic authorization", async () => {
    const url = new URL(sms.url);
    url.username = "pedaali";
    url.password = "s3cret";
    await messagingWith({ smsProviderUrl: url.toString() }).sendSms(codeSms());
    expect(sms.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from("pedaali:s3cret").toString("base64")}`,
    );
  });

  it("throws with the status when the provider answers 500", async () => {
    sms.status = 500;
    await expect(messagingWith({ smsProviderUrl: sms.url }).sendSms(codeSms())).rejects.toThrow(
      "SMS provider answered 500",
    );
    expect(sms.requests).toHaveLength(1);
  });
});

describe("the dev outbox", () => {
  it("keeps every message even when a provider sent it", async () => {
    const messaging = messagingWith({ smtpUrl: smtp.url, smsProviderUrl: sms.url, devOutbox: true });
    const mail = resetMail();
    await messaging.sendMail(mail);
    await messaging.sendSms(codeSms());

    expect(smtp.messages).toHaveLength(1);
    expect(sms.requests).toHaveLength(1);
    const [mailRow, smsRow] = await outboxRows();
    expect(mailRow).toMatchObject({
      channel: "EMAIL",
      recipient: EMAIL,
      subject: mail.subject,
      bodyText: mail.text,
      bodyHtml: mail.html,
      template: "password-reset",
      error: null,
    });
    expect(mailRow?.sentAt).toBeInstanceOf(Date);
    expect(smsRow).toMatchObject({
      channel: "SMS",
      recipient: PHONE,
      subject: null,
      bodyHtml: null,
      template: "two-factor-code",
      error: null,
    });
    expect(smsRow?.bodyText).toContain(CODE);
    expect(smsRow?.sentAt).toBeInstanceOf(Date);
  });

  it("is the only destination when no provider is configured", async () => {
    const messaging = messagingWith({ devOutbox: true });
    await messaging.sendMail(resetMail());
    await messaging.sendSms(codeSms());
    const rows = await outboxRows();
    expect(rows.map((r) => [r.channel, r.recipient, r.sentAt])).toEqual([
      ["EMAIL", EMAIL, null],
      ["SMS", PHONE, null],
    ]);
  });

  it("records a provider failure and still fails the send", async () => {
    sms.status = 503;
    const messaging = messagingWith({ smsProviderUrl: sms.url, devOutbox: true });
    await expect(messaging.sendSms(codeSms())).rejects.toThrow("SMS provider answered 503");
    const [row] = await outboxRows();
    expect(row).toMatchObject({ channel: "SMS", sentAt: null, error: "SMS provider answered 503" });
  });
});

describe("without a provider and without the outbox (production without SMTP)", () => {
  it("lets a mail go with a warning naming only the recipient's domain", async () => {
    logLines.length = 0;
    await expect(messagingWith({}).sendMail(resetMail())).resolves.toBeUndefined();
    const warning = logLines.find((l) => l.msg === "mail not sent: no SMTP server configured");
    expect(warning).toMatchObject({ level: 40, channel: "EMAIL", domain: "demo.test" });
    expect(JSON.stringify(logLines)).not.toContain("erkki");
    expect(await outboxRows()).toHaveLength(0);
  });

  it("fails an SMS, so a two-factor code that cannot be sent fails the login", async () => {
    await expect(messagingWith({}).sendSms(codeSms())).rejects.toThrow(/no SMS provider configured/);
    expect(await outboxRows()).toHaveLength(0);
  });
});

describe("logs", () => {
  it("name channel, masked recipient and subject, never a body", async () => {
    logLines.length = 0;
    const messaging = messagingWith({ smtpUrl: smtp.url, smsProviderUrl: sms.url, devOutbox: true });
    const mail = resetMail();
    await messaging.sendMail(mail);
    await messaging.sendSms(codeSms());
    sms.status = 500;
    await expect(messaging.sendSms(codeSms())).rejects.toThrow();

    expect(logLines.find((l) => l.msg === "mail sent")).toMatchObject({
      channel: "EMAIL",
      to: "e***@demo.test",
      subject: mail.subject,
    });
    expect(logLines.find((l) => l.msg === "SMS sent")).toMatchObject({ channel: "SMS", to: "+35850•••••10" });
    expect(logLines.find((l) => l.msg === "SMS sending failed")).toMatchObject({ level: 50 });
    const all = JSON.stringify(logLines);
    expect(all).not.toContain(CODE);
    expect(all).not.toContain("secret-reset-token");
    expect(all).not.toContain(EMAIL);
    expect(all).not.toContain(PHONE);
  });

  it("mask addresses, and numbers the way the login page does (maskPhoneNumber)", () => {
    expect(maskEmail("erkki@demo.test")).toBe("e***@demo.test");
    expect(maskEmail("no-at-sign")).toBe("***");
  });
});
