import type { NotificationChoice, NotificationKind } from "../../../domain/notification-kinds.ts";

/**
 * The translation keys of each kind of notification and each choice, spelled out (not built at run
 * time) so that the type checker wants texts for a new kind and the catalogue check sees every key.
 */
export const KIND_TEXT_KEYS: Record<NotificationKind, { name: string; hint: string }> = {
  ORDER_STEPS: {
    name: "notificationPreferences.kind.ORDER_STEPS.name",
    hint: "notificationPreferences.kind.ORDER_STEPS.hint",
  },
  APPROVALS: {
    name: "notificationPreferences.kind.APPROVALS.name",
    hint: "notificationPreferences.kind.APPROVALS.hint",
  },
  REMINDERS: {
    name: "notificationPreferences.kind.REMINDERS.name",
    hint: "notificationPreferences.kind.REMINDERS.hint",
  },
  LEASE_END_AND_CLAIMS: {
    name: "notificationPreferences.kind.LEASE_END_AND_CLAIMS.name",
    hint: "notificationPreferences.kind.LEASE_END_AND_CLAIMS.hint",
  },
  COMPANY_AND_PEOPLE: {
    name: "notificationPreferences.kind.COMPANY_AND_PEOPLE.name",
    hint: "notificationPreferences.kind.COMPANY_AND_PEOPLE.hint",
  },
  SIGNING: {
    name: "notificationPreferences.kind.SIGNING.name",
    hint: "notificationPreferences.kind.SIGNING.hint",
  },
  PAYMENTS: {
    name: "notificationPreferences.kind.PAYMENTS.name",
    hint: "notificationPreferences.kind.PAYMENTS.hint",
  },
  SECURITY: {
    name: "notificationPreferences.kind.SECURITY.name",
    hint: "notificationPreferences.kind.SECURITY.hint",
  },
};

export const CHOICE_TEXT_KEYS: Record<NotificationChoice, string> = {
  INBOX_ONLY: "notificationPreferences.choice.INBOX_ONLY",
  MAIL: "notificationPreferences.choice.MAIL",
  DIGEST: "notificationPreferences.choice.DIGEST",
};
