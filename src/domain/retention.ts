import { DAY_MS } from "./dates.ts";

/**
 * How long each kind of personal data that no law makes us keep lives after it stops being needed, and
 * why (docs/privacy.md "Retention"): the nightly retention job deletes what is older. What the
 * Accounting Act or an open lease keeps (invoices, payments, signed agreements, their evidence) is not
 * here: it stays for its legal time.
 */
export type RetentionRule = {
  /** Days kept after the row's moment (its end, its answer or its sending). */
  keepDays: number;
  /** The row's moment, in words: what the days count from. */
  from: string;
};

export const RETENTION_RULES = {
  /**
   * A login's sessions once ended or expired: the person's own list shows the live ones only, but the
   * new-device mail (auth/new-device.ts KNOWN_DEVICE_DAYS) remembers a device for 90 days.
   */
  endedSessions: { keepDays: 90, from: "the session's end or expiry" },
  /** Password links, login codes, contact change codes, identification and passkey starts. */
  usedCodesAndLinks: { keepDays: 7, from: "the link's or code's use or expiry" },
  /** The development mail outbox (never used in production): what a test or demo mailed. */
  devOutbox: { keepDays: 30, from: "the mail's sending" },
  /** The message outbox's sent, skipped and failed rows: the helpdesk's answer to "did I get it". */
  sentMessages: { keepDays: 730, from: "the message's creation" },
  /** A contact form: two years after it was sent, answered or not. */
  contactForms: { keepDays: 730, from: "the form's sending" },
  /** A company's application that was refused or never answered; an accepted one made the company. */
  companyApplications: { keepDays: 365, from: "the application's sending" },
  /** An invitation to an employment that was declined, withdrawn or taken. */
  closedInvitations: { keepDays: 365, from: "the invitation's closing" },
  /**
   * A money-moving call's Idempotency-Key with its answer (domain/idempotency.ts): it answers a retry
   * for 24 hours; a new call under a lapsed key deletes it at once, the job the rest.
   */
  idempotencyKeys: { keepDays: 1, from: "the call's arrival" },
} as const satisfies Record<string, RetentionRule>;

export type RetentionRuleId = keyof typeof RETENTION_RULES;

export const RETENTION_RULE_IDS = Object.keys(RETENTION_RULES) as RetentionRuleId[];

/** The moment before which a rule's rows go: `keepDays` before `now`. */
export function retentionCutoff(rule: RetentionRuleId, now: Date): Date {
  return new Date(now.getTime() - RETENTION_RULES[rule].keepDays * DAY_MS);
}
