import type { Db } from "../../db/client.ts";
import { DAILY_DIGEST_EVENT, renderDailyDigest } from "../../jobs/daily-digest.ts";
import { EMPLOYEE_NOTICE_EVENTS } from "../../messaging/employee-notice-mails.ts";
import {
  REMINDER_MAIL_EVENTS,
  type ReminderMailParams,
  reminderMail,
} from "../../messaging/reminder-mails.ts";
import {
  isStoreNoticeEvent,
  STORE_NOTICE_EVENTS,
  type StoreNoticeParams,
  storeNoticeMail,
} from "../../messaging/store-notice-mails.ts";
import type { RenderedMail, RenderedSms } from "../../messaging/templates.ts";
import {
  renderNewDeviceLoginMail,
  renderSecondFactorChangedMail,
  renderTwoFactorLockedMail,
} from "../auth/mails.ts";
import { renderInquiryMail } from "../brokerage/mails.ts";
import { renderClaimMail } from "../insurance-claims/mails.ts";
import { renderLeaseInvoiceMail } from "../lease-invoices/deliver.ts";
import { renderCancellationMail } from "../order-cancellations/mails.ts";
import { renderPurchaseOrderMail } from "../orders/mails.ts";
import { renderPasswordChangedMail, renderPasswordLinkMail } from "../password/mails.ts";
import { renderRedemptionMail } from "../redemptions/mails.ts";
import { renderStoreLinkMail } from "../store-links/mails.ts";
import { renderUserPaymentInvoiceMail } from "../user-payments/mails.ts";
import { renderEmployeeNotice } from "./notify.ts";
import { APPROVAL_REQUEST_EVENT, renderApprovalRequest } from "./notify-approvers.ts";
import { PEOPLE_RENDERERS } from "./people-renderers.ts";

/** A queued message as its renderer reads it. */
export type OutboxRow = {
  id: string;
  userId: string | null;
  event: string;
  channel: "EMAIL" | "SMS";
  recipient: string;
  language: string;
  params: Record<string, unknown>;
};

/**
 * What a renderer may use when the message is sent: this deployment's links and secret, and the
 * database, where a link's token is minted at send time (only its hash is stored; a resend mints a new
 * link) and where facts are read as they are then.
 */
export type OutboxRenderDeps = { db: Db; publicUrl: string; serverSecret: string };

export type RenderedMessage = { kind: "mail"; mail: RenderedMail } | { kind: "sms"; sms: RenderedSms };

/**
 * Renders one queued message. Answers null when there is nothing to send any more (the person is gone,
 * or the account got its password meanwhile): the row is then closed as sent with that answer.
 */
export type OutboxRenderer = (
  row: OutboxRow,
  deps: OutboxRenderDeps,
) => RenderedMessage | null | Promise<RenderedMessage | null>;

const mail = (rendered: RenderedMail): RenderedMessage => ({ kind: "mail", mail: rendered });

const renderReminder: OutboxRenderer = (row, deps) =>
  mail(
    reminderMail(row.event as (typeof REMINDER_MAIL_EVENTS)[number], row.language, {
      ...(row.params as ReminderMailParams),
      publicUrl: deps.publicUrl,
    }),
  );

/**
 * A bike store's notice of its order or payout. The store's row says so: the same event may also be told
 * to the employee in a mail of their own, which `employee` renders.
 */
const storeNoticeOr =
  (employee: OutboxRenderer): OutboxRenderer =>
  (row, deps) => {
    if (isStoreNoticeEvent(row.event) && row.params.audience === "STORE") {
      const params = row.params as StoreNoticeParams;
      return mail(storeNoticeMail(row.event, row.language, { ...params, publicUrl: deps.publicUrl }));
    }
    return employee(row, deps);
  };

/**
 * Every event the outbox can send, and how its message is made. A plain map: a module that sends a new
 * kind of message adds its event here with its renderer (usually next to the module's other mails). An
 * event without a renderer (a one-time code recorded as sent) cannot be sent again.
 */
const OUTBOX_RENDERERS: Readonly<Record<string, OutboxRenderer>> = {
  ...Object.fromEntries(REMINDER_MAIL_EVENTS.map((event) => [event, renderReminder])),
  ...Object.fromEntries(Object.keys(EMPLOYEE_NOTICE_EVENTS).map((event) => [event, renderEmployeeNotice])),
  ...Object.fromEntries(STORE_NOTICE_EVENTS.map((event) => [event, storeNoticeOr(renderEmployeeNotice)])),
  [APPROVAL_REQUEST_EVENT]: (row, deps) => mail(renderApprovalRequest(row, deps)),
  [DAILY_DIGEST_EVENT]: (row, deps) => mail(renderDailyDigest(row, deps)),
  // The orders' and after-sales' mails, each rendered next to its module's other mails.
  ORDER_STARTED: renderStoreLinkMail,
  ORDER_DELIVERY_LINK: renderStoreLinkMail,
  ORDER_PROCESSED: renderPurchaseOrderMail,
  ORDER_CANCELLED: storeNoticeOr(renderCancellationMail),
  ORDER_REFUNDED: renderCancellationMail,
  USER_PAYMENT_INVOICE: renderUserPaymentInvoiceMail,
  LEASE_INVOICE_ISSUED: renderLeaseInvoiceMail,
  CLAIM_REPORTED: renderClaimMail,
  CLAIM_SETTLED: renderClaimMail,
  REDEMPTION_OFFERED: renderRedemptionMail,
  REDEMPTION_COMPLETED: renderRedemptionMail,
  BROKERAGE_INQUIRY: renderInquiryMail,
  PASSWORD_RESET: renderPasswordLinkMail,
  PASSWORD_CHANGED: renderPasswordChangedMail,
  TWO_FACTOR_LOCKED: renderTwoFactorLockedMail,
  SECOND_FACTOR_CHANGED: renderSecondFactorChangedMail,
  NEW_DEVICE_LOGIN: renderNewDeviceLoginMail,
  ...PEOPLE_RENDERERS,
};

/** Whether the outbox can make (and so send again) a message of this event. */
export function isResendable(event: string): boolean {
  return Object.hasOwn(OUTBOX_RENDERERS, event);
}

/** Renders a queued message by its event; a row of an event no renderer knows is an error of the code. */
export async function renderOutboxMessage(
  row: OutboxRow,
  deps: OutboxRenderDeps,
): Promise<RenderedMessage | null> {
  const renderer = OUTBOX_RENDERERS[row.event];
  if (!renderer) throw new Error(`no outbox renderer for ${row.event}`);
  return renderer(row, deps);
}
