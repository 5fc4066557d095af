import { type Config, loadConfig } from "../../src/server/config.ts";
import type { Messaging, OutgoingMail, OutgoingSms } from "../../src/server/messaging/types.ts";

/** The least a production start needs (README.md "Configuration"); the providers are dummies nothing is sent to. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  PUBLIC_URL: "https://pedaali.example",
  JWT_SECRET: "production-test-secret-of-at-least-32-characters",
  DATA_KEYS: `prod-test:${Buffer.alloc(32, "production test data key").toString("base64")}`,
  SMTP_URL: "smtp://mail.example:587",
  SMS_PROVIDER_URL: "https://sms.example/send",
} as const;

/**
 * A production config read the way main.ts reads it, plus `env`, on the test's own database: what
 * production derives (API docs, proxies, cookies, HSTS) comes from loadConfig itself.
 */
export function productionConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ ...PRODUCTION_ENV, PGLITE_DIR: "memory://", LOG_LEVEL: "silent", ...env });
}

/** Messaging that keeps what the app hands over instead of reaching the dummy providers. */
export function recordingMessaging(): Messaging & { mails: OutgoingMail[]; sms: OutgoingSms[] } {
  const mails: OutgoingMail[] = [];
  const sms: OutgoingSms[] = [];
  return {
    mails,
    sms,
    sendMail: async (mail) => void mails.push(mail),
    sendSms: async (message) => void sms.push(message),
  };
}
