import { z } from "zod";
import { lazy } from "./lazy.ts";

/**
 * Stable machine codes of error responses (docs/architecture.md). The client translates `errors.<CODE>`;
 * `message` is English for logs and API users. Areas add their codes here as they are built.
 */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_MANY_REQUESTS",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  "NO_PASSWORD_SET",
  "GROUP_COMPANY_EXISTS_ERROR",
  "UNDEFINED_ERROR",
  // Login and sessions
  "INVALID_CREDENTIALS",
  "USER_DEACTIVATED",
  "PHONE_NUMBER_REQUIRED",
  "UNSUPPORTED_PHONE_NUMBER",
  "VERIFICATION_FAILED",
  "VERIFICATION_EXPIRED",
  "CSRF_TOKEN_INVALID",
  "ORIGIN_NOT_ALLOWED",
  // Passwords, registration
  "WEAK_PASSWORD",
  "INVALID_TOKEN",
  "EMAIL_TAKEN",
  "BUSINESS_ID_INVALID",
  "REGISTRATION_LINK_INVALID",
  // System users and roles
  "CANNOT_DEACTIVATE_SELF",
  "ROLE_NAME_TAKEN",
  "ROLE_IS_SYSTEM",
  "ROLE_IN_USE",
  // Own login e-mail and phone changes: the current password did not re-authenticate
  "REAUTHENTICATION_FAILED",
  // The calculator and leasing terms (docs/product.md "Errors" leasing errors; the client translates them)
  "UNKNOWN_TAX_YEAR",
  "UNKNOWN_MUNICIPALITY",
  "ALAND_NOT_CALCULATED",
  "CHURCH_NEEDS_MUNICIPALITY",
  "CHURCH_CHOICE_CONFLICT",
  "PARISH_RATE_UNKNOWN",
  "LEASE_PERIOD_BELOW_MINIMUM",
  "LEASE_PERIOD_ABOVE_MAXIMUM",
  "LEASE_PERIOD_TOO_SHORT_FOR_CAMPAIGN",
  "LEASE_TERMS_NOT_COMPUTABLE",
  "INVALID_LEASING_CONFIGURATION",
  "PACKAGE_ABOVE_MAX_PRICE",
  // Companies, units and bike policies (BUSINESS_ID_TAKEN is with the admin area's below)
  "COMPANY_HAS_ACTIVE_LEASES",
  "UNIT_NAME_TAKEN",
  "UNIT_IN_USE",
  "BIKE_POLICY_NOT_SET",
  // The admin area: company applications, the last super admin
  "APPLICATION_ALREADY_REVIEWED",
  "BUSINESS_ID_TAKEN",
  "LAST_SUPER_ADMIN",
  // Erasing a person's data: something to settle first, or erased already
  "ERASURE_BLOCKED",
  "ALREADY_ERASED",
  // A staff user's authenticator app: set up twice, confirmed before it was started, removed when not in use
  "AUTHENTICATOR_IN_USE",
  "AUTHENTICATOR_NOT_STARTED",
  "AUTHENTICATOR_NOT_IN_USE",
  "PASSKEY_NOT_STARTED",
  // A staff user who must set up an authenticator app before anything else
  "SECOND_FACTOR_REQUIRED",
  // Strong identification when signing, and a company's single sign-on
  "STRONG_IDENTIFICATION_REQUIRED",
  "STRONG_IDENTIFICATION_UNAVAILABLE",
  "IDENTIFICATION_FAILED",
  "IDENTITY_MISMATCH",
  "SSO_REQUIRED",
  "SSO_NOT_AVAILABLE",
  "SSO_ACCOUNT_NOT_FOUND",
  "SSO_DOMAIN_TAKEN",
  // The employer's employees
  "EMPLOYEE_EXISTS",
  "EMPLOYEE_ALREADY_DECIDED",
  "PERSON_SHARED",
  "INVITATION_CLOSED",
  // A company's own e-mail domains for joiners at its registration link
  "JOIN_DOMAIN_NOT_VERIFIED",
  "PUBLIC_MAIL_DOMAIN",
  "JOIN_DOMAIN_REQUIRED",
  "ABSENCE_OVERLAPS",
  // Orders (ADR 004): a move the order's status does not allow, or one a concurrent move already made
  "ORDER_TRANSITION_NOT_ALLOWED",
  // Bike stores: a store that orders name is deactivated, not deleted
  "BIKE_STORE_IN_USE",
  // Starting an order
  "NOT_ELIGIBLE_TO_ORDER",
  "ORDER_ALREADY_OPEN",
  // The helpdesk's processing: the leasing company, invoices, billing, the lease's start
  "AGREEMENT_NOT_SIGNED",
  "AGREEMENT_NOT_ACCEPTED",
  "LEASING_DECISION_NOT_ALLOWED",
  "AGREEMENT_NUMBER_TAKEN",
  "INVOICE_TOTAL_MISMATCH",
  "INVOICE_STATUS_NOT_ALLOWED",
  "NOT_AN_E_INVOICE",
  "E_INVOICE_ADDRESS_MISSING",
  "DELIVERY_DATE_MISSING",
  // The bike store's links
  "STORE_LINK_INVALID",
  "STORE_LINK_USED",
  // The bike store's own account
  "STORE_ORDER_STEP_CLOSED",
  "STORE_DETAILS_INCOMPLETE",
  // Handing the bike over
  "HANDOVER_CLOSED",
  "HANDOVER_PHOTO_LIMIT",
  "PICKUP_CODE_WRONG",
  "PICKUP_CODE_LOCKED",
  "DEFECT_WINDOW_CLOSED",
  // A delivery link of an order whose store has an account: its users record the handover instead
  "HANDOVER_REQUIRED",
  "STORE_USER_EXISTS",
  // The employee's acceptance and signature, the employer's approval, signed documents
  "LEASE_TIME_NOT_ALLOWED",
  "OFFER_CHANGED",
  "OVER_MAX_PRICE_NOT_CONFIRMED",
  "PHONE_NUMBER_REQUIRED_FOR_SIGNING",
  "ORDER_ALREADY_SIGNED",
  "ORDER_NOT_SIGNED",
  "EMPLOYER_APPROVAL_NOT_REQUIRED",
  "EMPLOYER_ALREADY_DECIDED",
  "SIGNED_DOCUMENT_LOCKED",
  // After the sale (ADR 009): uploads, cancellations and refunds, insurance claims, the lease's end,
  // user payments, the bike brokerage
  "FILE_TYPE_NOT_ALLOWED",
  "FILE_TOO_LARGE",
  "FILE_EMPTY",
  "FILE_INFECTED",
  // A staff file imported into a company (src/contract/employee-import.ts)
  "IMPORT_COLUMNS_UNKNOWN",
  "IMPORT_COLUMNS_MISSING",
  "IMPORT_COLUMNS_REPEATED",
  "IMPORT_TOO_MANY_ROWS",
  "IMPORT_EMPTY",
  "IMPORT_HAS_ERRORS",
  "ORDER_NOT_CANCELLABLE",
  "ORDER_CANCELLATION_OPEN",
  "ORDER_CANCELLATION_PENDING",
  "ORDER_CANCELLATION_CLOSED",
  "REFUND_RECEIPT_REQUIRED",
  "INSURANCE_CLAIM_CLOSED",
  "INSURANCE_STEP_NOT_ALLOWED",
  "POLICE_REPORT_REQUIRED",
  "NO_ACTIVE_LEASE",
  "REDEMPTION_ALREADY_OPEN",
  "REDEMPTION_CLOSED",
  "LEASE_END_CHOICE_NOT_ALLOWED",
  "LEASE_END_DEADLINE_PASSED",
  "PAYMENT_METHOD_NOT_ALLOWED",
  "REDEMPTION_NOT_PAID",
  "USER_PAYMENT_ALREADY_PAID",
  "USER_PAYMENT_CANCELLED",
  "BROKERAGE_NOT_AVAILABLE",
  "BROKERAGE_IN_USE",
  // A company's identity provider through SCIM: a filter, a value, a path or an op it may not send, and a
  // change of what only the person changes (their login address)
  "SCIM_INVALID_FILTER",
  "SCIM_INVALID_VALUE",
  "SCIM_INVALID_PATH",
  "SCIM_INVALID_SYNTAX",
  "SCIM_NO_TARGET",
  "SCIM_MUTABILITY",
  // Paying bike stores: nothing open to pay, a store without a bank account, a batch's status, four eyes,
  // a batch holding an order whose store is not to be paid now (cancelled, refunded, a special case)
  "NO_OPEN_PAYABLES",
  "STORE_BANK_ACCOUNT_MISSING",
  "PAYOUT_BATCH_STATUS_NOT_ALLOWED",
  "PAYOUT_SAME_APPROVER",
  // Four eyes: a staff member new to the role approves nothing yet, and nothing made before them
  "APPROVER_COOLING_OFF",
  "APPROVER_NEWER_THAN_REQUEST",
  // An approval of a batch other than the one its approver was shown (a store's account changed, an order left)
  "PAYOUT_BATCH_CHANGED",
  "PAYOUT_ORDER_NOT_PAYABLE",
  // Payroll delivery: a connection test or a re-send by SFTP before the company has set SFTP up; the
  // month's report delivered now before its cut-off day, or once it has gone
  "PAYROLL_SFTP_NOT_CONFIGURED",
  "PAYROLL_DELIVERY_NOT_DUE",
  "PAYROLL_ALREADY_DELIVERED",
  // The helpdesk's resend of a message the outbox cannot make again (a one-time code: never kept)
  "MESSAGE_NOT_RESENDABLE",
  // A year's municipal rates imported from the Tax Administration's list: a file with problems (each in
  // the details with its row), a year that has rates already and was not to be replaced
  "RATE_LIST_INVALID",
  "TAX_YEAR_HAS_RATES",
  // An Idempotency-Key (src/contract/idempotency.ts) sent again with another call, or while its first
  // call is still under way
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_IN_USE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What was wrong with a refused field, as the schema said it: the issue's code and its limit
 * (`too_big` with `maximum` 200, or a rule of the contract with its `params`), so that a form words
 * the server's refusal as it words its own check. Never the value sent.
 */
const zErrorIssue = lazy(() =>
  z.object({
    code: z.string(),
    origin: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    format: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);
export type TErrorIssue = z.infer<typeof zErrorIssue>;

const zErrorDetail = lazy(() =>
  z.object({
    /** Dotted path of the failing field, e.g. `body.email`. */
    field: z.string(),
    message: z.string(),
    issue: zErrorIssue.optional(),
  }),
);
export type TErrorDetail = z.infer<typeof zErrorDetail>;

/** The one error body every failing request answers with. */
export const zErrorResponse = lazy(() =>
  z.object({
    statusCode: z.int(),
    code: z.string(),
    message: z.string(),
    details: z.array(zErrorDetail).optional(),
    /** Login only: 400 PHONE_NUMBER_REQUIRED carries this flag (docs/product.md "States" "requires phone number"). */
    requiresPhoneNumber: z.literal(true).optional(),
  }),
);
export type TErrorResponse = z.infer<typeof zErrorResponse>;
