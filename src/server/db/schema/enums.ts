import { pgEnum } from "drizzle-orm/pg-core";
import {
  ABSENCE_REASONS,
  COMMISSION_BASES,
  DELIVERY_METHODS,
  EMPLOYEE_STATUSES,
  EVENT_TYPES,
  INSURANCE_CLAIM_OUTCOMES,
  INSURANCE_CLAIM_TYPES,
  INVOICE_STATUSES,
  LANGUAGES,
  LEASE_INVOICE_KINDS,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  ORDER_CANCELLATION_REQUESTERS,
  ORDER_CANCELLATION_STATUSES,
  ORDER_ITEM_TYPES,
  ORDER_STATUSES,
  OUTBOX_CHANNELS,
  PAYER_TYPES,
  PAYMENT_METHODS,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  PAYOUT_BATCH_STATUSES,
  POLICY_ELIGIBILITIES,
  PREVIOUS_PROVIDERS,
  REDEMPTION_CHOICES,
  REDEMPTION_REASONS,
  REQUEST_STATUSES,
  REQUEST_STATUSES_WITH_SIGNED,
  SIMPLE_STATES,
  STORE_PAYABLE_STATUSES,
  USER_PAYMENT_KINDS,
} from "../../../domain/enums.ts";
import { CHURCHES } from "../../../domain/tax/tax-year.ts";

/**
 * PostgreSQL enums, each built from its tuple in src/domain so the database, the contract and the UI
 * share one list. Adding a value to a tuple and regenerating gives an `ALTER TYPE ... ADD VALUE`.
 */
export const orderStatus = pgEnum("order_status", ORDER_STATUSES);
export const requestStatus = pgEnum("request_status", REQUEST_STATUSES);
export const leasingAgreementStatus = pgEnum("leasing_agreement_status", REQUEST_STATUSES_WITH_SIGNED);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const simpleState = pgEnum("simple_state", SIMPLE_STATES);
export const payerType = pgEnum("payer_type", PAYER_TYPES);
export const deliveryMethod = pgEnum("delivery_method", DELIVERY_METHODS);
export const paymentMode = pgEnum("payment_mode", PAYMENT_MODES);
export const paymentMethod = pgEnum("payment_method", PAYMENT_METHODS);
export const invoiceStatus = pgEnum("invoice_status", INVOICE_STATUSES);
export const employeeStatus = pgEnum("employee_status", EMPLOYEE_STATUSES);
export const orderCancellationStatus = pgEnum("order_cancellation_status", ORDER_CANCELLATION_STATUSES);
export const absenceReason = pgEnum("absence_reason", ABSENCE_REASONS);
export const notificationType = pgEnum("notification_type", NOTIFICATION_TYPES);
export const notificationPriority = pgEnum("notification_priority", NOTIFICATION_PRIORITIES);
export const insuranceClaimType = pgEnum("insurance_claim_type", INSURANCE_CLAIM_TYPES);
export const insuranceClaimOutcome = pgEnum("insurance_claim_outcome", INSURANCE_CLAIM_OUTCOMES);
export const eventType = pgEnum("event_type", EVENT_TYPES);
export const language = pgEnum("language", LANGUAGES);
export const previousProvider = pgEnum("previous_provider", PREVIOUS_PROVIDERS);
export const orderItemType = pgEnum("order_item_type", ORDER_ITEM_TYPES);
export const outboxChannel = pgEnum("outbox_channel", OUTBOX_CHANNELS);
export const policyEligibility = pgEnum("policy_eligibility", POLICY_ELIGIBILITIES);
export const orderCancellationRequester = pgEnum(
  "order_cancellation_requester",
  ORDER_CANCELLATION_REQUESTERS,
);
export const userPaymentKind = pgEnum("user_payment_kind", USER_PAYMENT_KINDS);
export const redemptionReason = pgEnum("lease_end_reason", REDEMPTION_REASONS);
export const redemptionChoice = pgEnum("lease_end_choice", REDEMPTION_CHOICES);
export const storePayableStatus = pgEnum("store_payable_status", STORE_PAYABLE_STATUSES);
export const leaseInvoiceKind = pgEnum("lease_invoice_kind", LEASE_INVOICE_KINDS);
export const commissionBase = pgEnum("commission_base", COMMISSION_BASES);
export const payoutBatchStatus = pgEnum("payout_batch_status", PAYOUT_BATCH_STATUSES);
/** The church whose parish tax a person pays (none, Evangelical Lutheran, Orthodox). */
export const church = pgEnum("church", CHURCHES);
