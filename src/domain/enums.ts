/**
 * Every enum and status set of docs/product.md "States", as readonly tuples. The tuples are the single source: the
 * database enums (src/server/db/schema), the zod schemas (src/contract) and the UI all derive from them.
 *
 * The few the anonymous home page needs (languages, themes, the leasing companies' names) live in
 * modules of their own and are re-exported here: the bundler keeps a module whole in one chunk, so the
 * home page would otherwise download every status list the admin and employer screens use.
 */

export { LEASING_COMPANY_NAMES } from "./leasing-company-names.ts";
export { DEFAULT_LANGUAGE, LANGUAGES, type Language, THEMES, type Theme } from "./locale.ts";

export const ORDER_STATUSES = [
  "NOT_STARTED",
  "PENDING",
  "PACKAGE_PROVIDED",
  "ALL_INFO_PROVIDED",
  "CONFIRMED",
  "PROCESSED",
  "WAITING_FOR_INVOICE_MATCH",
  "WAITING_FOR_DELIVERY_DATE",
  "READY_FOR_BILLING",
  "GRENKE_INVOICE_SENT",
  "ACTIVE_LEASING",
  "WAITING_FOR_CUSTOMER_COMMENT",
  "CANCELLED",
  "CASE_X",
  "WIX",
  "REFUNDED",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** docs/product.md "States": the general filter list of 14 statuses (no WIX, no REFUNDED). */
export const ORDER_STATUS_FILTER_GENERAL: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (s) => s !== "WIX" && s !== "REFUNDED",
);

/** docs/product.md "States": the post-processing filter list, from WAITING_FOR_INVOICE_MATCH to REFUNDED. */
export const ORDER_STATUS_FILTER_POST_PROCESSING: readonly OrderStatus[] = ORDER_STATUSES.slice(
  ORDER_STATUSES.indexOf("WAITING_FOR_INVOICE_MATCH"),
);

/** docs/product.md "States": the filter list starting at PROCESSED. */
export const ORDER_STATUS_FILTER_FROM_PROCESSED: readonly OrderStatus[] = ORDER_STATUSES.slice(
  ORDER_STATUSES.indexOf("PROCESSED"),
);

export const REQUEST_STATUSES = ["PENDING", "ACCEPTED", "REJECTED"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The variant of the request status that adds SIGNED (leasing agreements). */
export const REQUEST_STATUSES_WITH_SIGNED = [...REQUEST_STATUSES, "SIGNED"] as const;
export type RequestStatusWithSigned = (typeof REQUEST_STATUSES_WITH_SIGNED)[number];

export const PAYMENT_STATUSES = ["COMPLETED", "PENDING", "PAID", "NOT_PAID", "CANCELLED"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const SIMPLE_STATES = ["PENDING", "COMPLETED", "CANCELLED"] as const;
export type SimpleState = (typeof SIMPLE_STATES)[number];

/** docs/product.md "States" payer types; the spec's {product} placeholder is PEDAALI (docs/product.md "Who uses it"). */
export const PAYER_TYPES = [
  "BIKE_STORE",
  "PEDAALI",
  "GRENKE",
  "LEASE_PLUS",
  "SVEA",
  "EMPLOYEE",
  "OTHER",
] as const;
export type PayerType = (typeof PAYER_TYPES)[number];

/** Who sent an invoice: a bike store (its purchase invoice), we (our bill), or a leasing company. */
export const INVOICE_SENDERS = ["BIKE_STORE", "PEDAALI", "LEASING_COMPANY"] as const;
export type InvoiceSender = (typeof INVOICE_SENDERS)[number];

export const DELIVERY_METHODS = ["PICKUP", "HOME_DELIVERY"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const PAYMENT_MODES = ["PAYROLL", "BATCH", "ALL"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const INVOICE_STATUSES = [
  "UNFINISHED",
  "NOT_SENT",
  "SENT",
  "RECEIVED",
  "PAID",
  "PAYMENT_DENIED",
  "VERIFIED",
  "APPROVED",
  "INVALIDATED",
  "PAYMENT_QUEUED",
  "PARTLY_PAID",
  "PAYMENT_SENT_TO_BANK",
  "MARKED_PAID",
  "STARTED",
  "INVOICED",
  "OVERRIDDEN",
  "DELETED",
  "UNSAVED",
  "PAYMENT_TRANSACTION_REMOVED",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Employee statuses: the spec does not list the values (docs/product.md "States"). Ours follow the employee's path
 * through the employer's tabs: a joining request waits for acceptance (PENDING), is ACCEPTED or
 * REJECTED, and an accepted employee can later be made INACTIVE (left the company, long absence).
 */
export const EMPLOYEE_STATUSES = ["PENDING", "ACCEPTED", "REJECTED", "INACTIVE"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** Order cancellation statuses are not shown in the spec; a cancellation is opened and completed. */
export const ORDER_CANCELLATION_STATUSES = ["PENDING", "COMPLETED", "CANCELLED"] as const;
export type OrderCancellationStatus = (typeof ORDER_CANCELLATION_STATUSES)[number];

/** docs/product.md "States" absence reasons, stored as codes; the UI shows Sairasloma, Vanhempainvapaa, "Muu, mikä". */
export const ABSENCE_REASONS = ["SICK_LEAVE", "PARENTAL_LEAVE", "OTHER"] as const;
export type AbsenceReason = (typeof ABSENCE_REASONS)[number];

/**
 * Who a company's bike policy lets order a benefit bike (the policy's "who is eligible"): every
 * accepted employee, or only those whose trial period (jobTrialPeriodEndDate) is over.
 */
export const POLICY_ELIGIBILITIES = ["ALL_EMPLOYEES", "AFTER_TRIAL_PERIOD"] as const;
export type PolicyEligibility = (typeof POLICY_ELIGIBILITIES)[number];

export const NOTIFICATION_TYPES = [
  "EMPLOYEE_ORDER",
  "EMPLOYEE_REGISTRATION",
  "SYSTEM_UPDATE",
  "PAYMENT_REMINDER",
  "ORDER_STATUS_CHANGE",
  "GENERAL",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ["LOW", "NORMAL", "HIGH"] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const INSURANCE_CLAIM_TYPES = ["THEFT", "DAMAGE"] as const;
export type InsuranceClaimType = (typeof INSURANCE_CLAIM_TYPES)[number];

/** What is owed to a bike store for one order: open, in a payout batch, or paid. */
export const STORE_PAYABLE_STATUSES = ["OPEN", "IN_BATCH", "PAID", "VOID"] as const;
export type StorePayableStatus = (typeof STORE_PAYABLE_STATUSES)[number];

/**
 * What a lease invoice to an employer is (src/domain/lease-billing.ts): the month's first invoice, a
 * supplementary one billing leases that invoice missed, or a credit note taking back leases billed for
 * a month they did not run.
 */
export const LEASE_INVOICE_KINDS = ["REGULAR", "SUPPLEMENTARY", "CREDIT_NOTE"] as const;
export type LeaseInvoiceKind = (typeof LEASE_INVOICE_KINDS)[number];

/**
 * The price a store's commission is taken of (decision 022): the price without VAT, the VAT-free amount of
 * the store's purchase invoice; VAT_INCLUDED only on payables made before that decision and kept as they
 * were approved or paid.
 */
export const COMMISSION_BASES = ["VAT_EXCLUDED", "VAT_INCLUDED"] as const;
export type CommissionBase = (typeof COMMISSION_BASES)[number];

/** A payout batch: made and waiting for a second person's approval, approved (its file may go to the bank), paid. */
export const PAYOUT_BATCH_STATUSES = ["CREATED", "APPROVED", "PAID"] as const;
export type PayoutBatchStatus = (typeof PAYOUT_BATCH_STATUSES)[number];

/** docs/product.md "States" event log types, one code each. */
export const EVENT_TYPES = [
  "USER_CREATED",
  "USER_AUTO_DEACTIVATED",
  "USER_ACTIVATED",
  "USER_DEACTIVATED",
  "ORDER_CONFIRMED",
  "ORDER_PROCESSED",
  "ORDER_SENT",
  "SERIAL_NUMBER_UPDATED",
  "DELIVERY_DATE_UPDATED",
  "ORDER_STATUS_UPDATED",
  "ORDER_GRENKE_INVOICE_SENT",
  "LEASING_AGREEMENT_SIGNED",
  "LEASING_AGREEMENT_REJECTED",
  "LEASING_MONTHLY_PAYMENT_UPDATED",
  "LEASING_STARTED",
  "LEASING_ENDED",
  "BIKE_REDEMPTION_STARTED",
  "BIKE_REDEMPTION_USER_PAYMENT_SENT",
  "BIKE_REDEMPTION_USER_PAYMENT_PAID",
  "BIKE_REDEMPTION_GRENKE_INVOICE_SENT",
  "BIKE_REDEMPTION_COMPLETED",
  "INSURANCE_CASE_STARTED",
  "INSURANCE_CASE_COMPLETED",
  "INSURANCE_GRENKE_INVOICE_SENT",
  "INSURANCE_REPAIR_INVOICE_SENT",
  "INSURANCE_END_OF_LEASING_COMPLETED",
  "INSURANCE_REPAIR_BIKE_SUBMITTED",
  "INSURANCE_NEW_BIKE_CASE_SUBMITTED",
  // The admin area's own changes: who changed access and companies, for the audit view.
  "ROLE_CREATED",
  "ROLE_DELETED",
  "ROLE_PERMISSION_ADDED",
  "ROLE_PERMISSION_REMOVED",
  "USER_ROLE_ASSIGNED",
  "USER_ROLE_REMOVED",
  "COMPANY_CREATED",
  "COMPANY_UPDATED",
  "COMPANY_DELETED",
  "COMPANY_APPLICATION_ACCEPTED",
  "COMPANY_APPLICATION_REJECTED",
  // The employer portal's own changes: who accepted, changed or ended an employment, and
  // the payroll reports that went out.
  "EMPLOYEE_CREATED",
  "EMPLOYEE_ACCEPTED",
  "EMPLOYEE_REJECTED",
  "EMPLOYEE_UPDATED",
  "EMPLOYMENT_ENDED",
  "EMPLOYEE_ABSENCE_RECORDED",
  "EMPLOYEE_ABSENCE_UPDATED",
  "EMPLOYEE_ABSENCE_REMOVED",
  "PAYROLL_REPORT_SENT",
  "PAYROLL_DELIVERY_SETTINGS_UPDATED",
  "REMINDER_SETTINGS_UPDATED",
  "PAYROLL_REPORT_DELIVERED",
  "PAYROLL_DELIVERY_FAILED",
  "PAYROLL_DELIVERY_RESENT",
  "SYSTEM_UPDATE_PUBLISHED",
  // After the sale (ADR 009): cancellations and refunds, insurance claims beyond the case steps of docs/product.md "States",
  // redemption offers and the employee's choice at the lease's end, user payments, the bike brokerage.
  "ORDER_CANCELLATION_REQUESTED",
  "ORDER_CANCELLATION_UPDATED",
  "ORDER_CANCELLATION_COMPLETED",
  "ORDER_CANCELLATION_WITHDRAWN",
  "ORDER_REFUND_RECEIPT_UPLOADED",
  "ORDER_REFUND_RECEIPT_DELETED",
  "INSURANCE_CLAIM_UPDATED",
  "INSURANCE_CLAIM_FILE_ADDED",
  "INSURANCE_CLAIM_DELETED",
  "BIKE_REDEMPTION_OFFER_ADDED",
  "BIKE_REDEMPTION_CHOICE_MADE",
  "BIKE_REDEMPTION_UPDATED",
  "BIKE_REDEMPTION_CANCELLED",
  "REDEMPTION_PAYMENT_RECORDED",
  "REDEMPTION_PAYMENT_UPDATED",
  "REDEMPTION_PAYMENT_DELETED",
  "USER_PAYMENT_CREATED",
  "USER_PAYMENT_SENT",
  "USER_PAYMENT_PAID",
  "USER_PAYMENT_CANCELLED",
  "BIKE_BROKERAGE_LISTED",
  "BIKE_BROKERAGE_UPDATED",
  "BIKE_BROKERAGE_INQUIRY_RECEIVED",
  "BIKE_BROKERAGE_SOLD",
  "BIKE_BROKERAGE_DELETED",
  // How staff prove who they are at login: an authenticator app set up or removed, new recovery codes.
  "USER_AUTHENTICATOR_ENABLED",
  "USER_AUTHENTICATOR_REMOVED",
  "USER_RECOVERY_CODES_RENEWED",
  "PLATFORM_SETTINGS_UPDATED",
  "USER_PASSKEY_ADDED",
  "USER_PASSKEY_REMOVED",
  // A person logged out one of their own logins, or every other one, on /kayttaja.
  "USER_SESSIONS_ENDED",
  // A company's identity provider (SCIM): its token made, replaced or revoked by the company's admin,
  // and the people it reports as leaving or coming back.
  "SCIM_TOKEN_CREATED",
  "SCIM_TOKEN_ROTATED",
  "SCIM_TOKEN_REVOKED",
  "SCIM_EMPLOYEE_DEACTIVATED",
  "SCIM_EMPLOYEE_REACTIVATED",
  // What Pedaali owes bike stores: an order's purchase price becoming payable (and void when the order
  // is cancelled before it is paid), and the payout batches that pay it (made, approved by a second
  // person, paid).
  "STORE_PAYABLE_OPENED",
  "STORE_PAYABLE_VOIDED",
  "PAYOUT_BATCH_CREATED",
  "PAYOUT_BATCH_APPROVED",
  "PAYOUT_BATCH_PAID",
  "PAYOUT_BATCH_DISCARDED",
  "STORE_INVOICE_SENT",
  // A bike store's own account: the helpdesk binds a user to the store or removes them, the store
  // changes its own details.
  "BIKE_STORE_USER_ADDED",
  "BIKE_STORE_USER_REMOVED",
  "BIKE_STORE_DETAILS_UPDATED",
  // Handing the bike over: the store's photos, its record and signature, the employee's signature, and
  // a defect the employee reports of a shipped bike.
  "HANDOVER_PHOTO_ADDED",
  "HANDOVER_PHOTO_REMOVED",
  "HANDOVER_RECORDED",
  "HANDOVER_SIGNED",
  "HANDOVER_DEFECT_REPORTED",
  // Where our e-invoices to a leasing company go: redirecting them is worth a trail.
  "LEASING_COMPANY_E_INVOICE_UPDATED",
  // A company inviting a person who already has an account: the invitation, its change by the
  // identity provider, and the person's answer or the company's taking it back.
  "EMPLOYMENT_INVITED",
  "EMPLOYMENT_INVITATION_UPDATED",
  "EMPLOYMENT_INVITATION_ACCEPTED",
  "EMPLOYMENT_INVITATION_DECLINED",
  "EMPLOYMENT_INVITATION_WITHDRAWN",
  // A year's municipal and parish tax rates imported from the Tax Administration's list by the helpdesk.
  "MUNICIPAL_TAX_RATES_IMPORTED",
  // The employee's answer to the question the helpdesk asked of an order waiting for the customer's comment.
  "ORDER_CUSTOMER_ANSWERED",
  // A person's data erased at their request: who erased and why, never whose data it was.
  "PERSON_ERASED",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What an event row points at: the table's singular name in camelCase, with the row's id beside it. The
 * server writes only these, the audit view filters by them and names each in the reader's language.
 */
export const EVENT_ENTITY_TYPES = [
  "beneficiaryEmployee",
  "bikeBrokerage",
  "bikeRedemption",
  "bikeStore",
  "company",
  "companyApplication",
  "employmentInvitation",
  // An erasure of a person's data, by its own random id: the row must not say whose data it was.
  "erasure",
  "insuranceClaim",
  "invoice",
  "leasingAgreement",
  "leasingCompany",
  "municipalTaxRates",
  "order",
  "orderCancellation",
  "payoutBatch",
  "role",
  "storePayable",
  "systemUpdate",
  "user",
  "userPayment",
] as const;
export type EventEntityType = (typeof EVENT_ENTITY_TYPES)[number];

/**
 * What a legal hold keeps of an erased person: the table's singular name in camelCase, as in the event
 * log. The retention job knows how to erase the person from each kind when its hold ends.
 */
export const HELD_ENTITY_TYPES = [
  "leasingAgreement",
  "signedDocument",
  "strongIdentification",
  "handover",
  "invoice",
  "userPayment",
  "redemptionPayment",
  "refundUpload",
  "leaseInvoice",
  "payrollReportSnapshot",
] as const;
export type HeldEntityType = (typeof HELD_ENTITY_TYPES)[number];

/**
 * docs/product.md "Constants" partner names: the other bike-benefit providers a company may come from, so its existing
 * leases can be migrated and tracked.
 */
export const PREVIOUS_PROVIDERS = [
  "Gobybike Finland Oy",
  "Vapaus Bikes Finland Oy",
  "Epassi Finland Oy",
  "Fleet Innovation Oy",
  "Bikelink Oy",
  "Electrobike",
  "3stepit",
] as const;

/**
 * How a payment is actually made (bike redemptions, user payments): PAYMENT_MODES without ALL, which
 * is only a company setting ("both allowed") and a filter value.
 */
export const PAYMENT_METHODS = ["PAYROLL", "BATCH"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The lines of an order's bike package: the bike itself, accessories, services (maintenance), insurance. */
export const ORDER_ITEM_TYPES = ["BIKE", "ACCESSORY", "SERVICE", "INSURANCE", "OTHER"] as const;
export type OrderItemType = (typeof ORDER_ITEM_TYPES)[number];

/** How an insurance claim ends, after the event types of docs/product.md "States" (repair, new bike, end of leasing). */
export const INSURANCE_CLAIM_OUTCOMES = ["REPAIR", "NEW_BIKE", "END_OF_LEASING"] as const;
export type InsuranceClaimOutcome = (typeof INSURANCE_CLAIM_OUTCOMES)[number];

/** The channels of outgoing messages (and of the dev outbox). */
export const OUTBOX_CHANNELS = ["EMAIL", "SMS"] as const;

/**
 * Who opened an order cancellation: the employee of the order, someone of the employer, or
 * the helpdesk. An employee or employer asking after the agreement is signed makes a request the
 * helpdesk carries out; before that their cancellation cancels the order at once.
 */
export const ORDER_CANCELLATION_REQUESTERS = ["EMPLOYEE", "EMPLOYER", "HELPDESK"] as const;
export type OrderCancellationRequester = (typeof ORDER_CANCELLATION_REQUESTERS)[number];

/**
 * What an employee pays themself (user payments): their own share of a package above the max
 * price, a redemption price, the return fee of a lease ended early, an insurance claim's deductible.
 */
export const USER_PAYMENT_KINDS = ["OWN_SHARE", "REDEMPTION", "RETURN_FEE", "DEDUCTIBLE", "OTHER"] as const;
export type UserPaymentKind = (typeof USER_PAYMENT_KINDS)[number];

/**
 * Why a lease ends (a bike redemption case): its term runs out, or it ends early because the
 * employee resigned, the employer ended the employment, or a long absence (docs/product.md "The lease's
 * end (redemption)").
 */
export const REDEMPTION_REASONS = [
  "LEASE_TERM_ENDS",
  "EMPLOYEE_RESIGNED",
  "EMPLOYER_ENDED_EMPLOYMENT",
  "LONG_ABSENCE",
] as const;
export type RedemptionReason = (typeof REDEMPTION_REASONS)[number];

/**
 * What becomes of the bike when its lease ends: the employee redeems it, returns it, hands it
 * to the bike brokerage, passes the lease to a colleague (an early end only), or, during a long absence,
 * keeps it and pays the months the employer does not cover.
 */
export const REDEMPTION_CHOICES = ["REDEEM", "RETURN", "BROKERAGE", "TRANSFER", "CONTINUE"] as const;
export type RedemptionChoice = (typeof REDEMPTION_CHOICES)[number];
