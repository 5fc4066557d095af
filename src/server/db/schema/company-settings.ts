import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DOMAIN_JOINER_TREATMENTS } from "../../../domain/join-rules.ts";
import { bytea, createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies, groupCompanies } from "./companies.ts";
import { language, policyEligibility, requestStatus } from "./enums.ts";
import { users } from "./users.ts";

/** Who receives a company's payroll report (SPEC: payroll report recipient, userId). */
export const payrollReportRecipients = pgTable(
  "payroll_report_recipients",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payroll_report_recipients_company_user_unique").on(t.companyId, t.userId),
    index("payroll_report_recipients_user_idx").on(t.userId),
  ],
);

/** The group-company variant: receives the group's combined payroll report. */
export const groupPayrollReportRecipients = pgTable(
  "group_payroll_report_recipients",
  {
    id: id(),
    groupCompanyId: uuid()
      .notNull()
      .references(() => groupCompanies.id, { onDelete: "cascade" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("group_payroll_report_recipients_group_user_unique").on(t.groupCompanyId, t.userId),
    index("group_payroll_report_recipients_user_idx").on(t.userId),
  ],
);

/**
 * A company's bike policy (pyöräetupolitiikka), with an optional per-user override row (userId set).
 * The max price lives on the company and on the employee (docs/data-model.md), not here.
 */
export const bikePolicies = pgTable(
  "bike_policies",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Null = the company's policy; set = an override for that user. */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    minLeaseTimeMonths: integer().notNull().default(12),
    maxLeaseTimeMonths: integer().notNull().default(36),
    /** The employer approves each order before it is confirmed. */
    requiresEmployerApproval: boolean().notNull().default(true),
    accessoriesAllowed: boolean().notNull().default(true),
    maintenanceIncluded: boolean().notNull().default(false),
    insuranceRequired: boolean().notNull().default(true),
    /** Who may order (the policy's "who is eligible"). */
    eligibility: policyEligibility().notNull().default("ALL_EMPLOYEES"),
    /** Further eligibility terms in the employer's words, shown to employees. */
    eligibilityNote: text(),
    /** The policy text shown to employees. */
    policyText: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("bike_policies_company_unique").on(t.companyId).where(sql`${t.userId} is null`),
    uniqueIndex("bike_policies_company_user_unique")
      .on(t.companyId, t.userId)
      .where(sql`${t.userId} is not null`),
    index("bike_policies_user_idx").on(t.userId),
    check(
      "bike_policies_lease_time_check",
      sql`${t.minLeaseTimeMonths} between 12 and 60 and ${t.maxLeaseTimeMonths} between 12 and 60
        and ${t.minLeaseTimeMonths} <= ${t.maxLeaseTimeMonths}`,
    ),
  ],
);

/** An employer's self sign-up, waiting in the helpdesk's queue until accepted (a company is made) or rejected. */
export const companyApplications = pgTable(
  "company_applications",
  {
    id: id(),
    companyName: text().notNull(),
    businessId: text().notNull(),
    contactFirstName: text().notNull(),
    contactLastName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhoneNumber: text(),
    employeeCount: integer(),
    streetAddress: text(),
    postalCode: text(),
    city: text(),
    /** Where Pedaali's monthly lease invoice is mailed, when the company takes no e-invoices. */
    billingEmail: text(),
    eInvoiceAddress: text(),
    eInvoiceOperator: text(),
    /** The applicant's language: the helpdesk answers and the first admin's account use it. */
    language: language().notNull().default("fi"),
    message: text(),
    status: requestStatus().notNull().default("PENDING"),
    reviewedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamptz(),
    reviewNote: text(),
    /** The company created when the application was accepted. */
    createdCompanyId: uuid().references(() => companies.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("company_applications_status_idx").on(t.status, t.createdAt),
    check(
      "company_applications_employee_count_check",
      sql`${t.employeeCount} is null or ${t.employeeCount} >= 0`,
    ),
  ],
);

/**
 * The payroll report of one company and month as it went to the payroll recipients (the monthly mail):
 * the next month's report marks its changes against this, what payroll actually received. `rows` and
 * `totals` are the report's own shapes (src/domain/payroll), written by the server only.
 */
export const payrollReportSnapshots = pgTable(
  "payroll_report_snapshots",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The first day of the pay month (YYYY-MM-01). */
    period: date({ mode: "string" }).notNull(),
    rows: jsonb().$type<unknown[]>().notNull(),
    totals: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The e-mail addresses it was sent to. */
    sentTo: jsonb().$type<string[]>().notNull(),
    /**
     * Whether payroll got every row (FULL) or only the changes (DELTA). Either way `rows` holds every
     * row of the month, so the next change-only report compares with what payroll then holds.
     */
    kind: text({ enum: ["FULL", "DELTA"] })
      .notNull()
      .default("FULL"),
    sentAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payroll_report_snapshots_company_period_unique").on(t.companyId, t.period)],
);

/**
 * The bearer tokens a company's identity provider (Entra ID, Google, Okta…) calls Pedaali's SCIM
 * endpoint with (`/scim/v2`): the token decides the company. Only the token's SHA-256 is kept; the
 * token itself is shown once, when made. A company has at most one token in use: a new one (rotation)
 * revokes the old in the same change, and a revoked row stays as the history of who made it and when.
 */
export const companyScimTokens = pgTable(
  "company_scim_tokens",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the whole token as the identity provider sends it. */
    tokenHash: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the identity provider last called with it (moved at most once a minute). */
    lastUsedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (t) => [
    uniqueIndex("company_scim_tokens_hash_unique").on(t.tokenHash),
    // One token in use per company: a second one could only come from two rotations racing.
    uniqueIndex("company_scim_tokens_company_active_unique")
      .on(t.companyId)
      .where(sql`${t.revokedAt} is null`),
    check("company_scim_tokens_hash_check", sql`length(${t.tokenHash}) = 64`),
  ],
);

/**
 * How a company's monthly payroll report reaches payroll: the file's template (checked by the
 * contract's zPayrollTemplate), the day of the month the report is cut off and delivered, whether only
 * the changes since the last delivered report go, and the channel. SFTP's password or private key is
 * sealed (server-keys.ts) and never read back to a browser; the server's host key is pinned by its
 * SHA-256, so a delivery never goes to a server that is not the one the company named.
 */
export const payrollDeliverySettings = pgTable(
  "payroll_delivery_settings",
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    template: jsonb().$type<Record<string, unknown>>().notNull(),
    cutoffDay: integer().notNull().default(15),
    deltaOnly: boolean().notNull().default(false),
    channel: text({ enum: ["EMAIL", "SFTP"] })
      .notNull()
      .default("EMAIL"),
    sftpHost: text(),
    sftpPort: integer(),
    sftpUsername: text(),
    sftpAuth: text({ enum: ["PASSWORD", "PRIVATE_KEY"] }),
    sftpSecretSealed: text(),
    sftpDirectory: text(),
    sftpFileNamePattern: text(),
    /** The server's host key as OpenSSH prints it: "SHA256:" and the base64 of its SHA-256. */
    sftpHostKeySha256: text(),
    ...timestamps(),
  },
  (t) => [
    check("payroll_delivery_settings_cutoff_check", sql`${t.cutoffDay} between 1 and 28`),
    check("payroll_delivery_settings_channel_check", sql`${t.channel} in ('EMAIL', 'SFTP')`),
  ],
);

/**
 * Every delivery of a payroll report and each try again: what went where, whether it arrived, and the
 * file itself, so the log can send the very same bytes again. The error text never holds a secret.
 */
export const payrollDeliveries = pgTable(
  "payroll_deliveries",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The first day of the pay month (YYYY-MM-01). */
    period: date({ mode: "string" }).notNull(),
    kind: text({ enum: ["FULL", "DELTA"] }).notNull(),
    channel: text({ enum: ["EMAIL", "SFTP"] }).notNull(),
    /** The e-mail addresses, or sftp://user@host:port/directory/file. */
    target: text().notNull(),
    status: text({ enum: ["SENDING", "DELIVERED", "FAILED"] }).notNull(),
    error: text(),
    fileName: text().notNull(),
    fileSha256: text().notNull(),
    content: bytea().notNull(),
    rowCount: integer().notNull(),
    attempts: integer().notNull().default(1),
    startedAt: timestamptz().notNull(),
    finishedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    index("payroll_deliveries_company_started_idx").on(t.companyId, t.startedAt),
    check("payroll_deliveries_status_check", sql`${t.status} in ('SENDING', 'DELIVERED', 'FAILED')`),
  ],
);

/**
 * A company's own reminder settings (domain/reminder-settings.ts); a company without a row gets the
 * platform's defaults. The backup approver, when named, gets the escalation of an approval left waiting
 * instead of the group admin; the job checks at each send that they still may approve in the company.
 */
export const companyReminderSettings = pgTable(
  "company_reminder_settings",
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    approverAfterDays: integer().notNull().default(2),
    escalationAfterDays: integer().notNull().default(5),
    backupApproverUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    employeeFirstAfterDays: integer().notNull().default(3),
    employeeSecondAfterDays: integer().notNull().default(7),
    storeAfterDays: integer().notNull().default(2),
    /** The reminder kinds the company does not send. */
    disabledKinds: text().array().notNull().default(sql`'{}'::text[]`),
    updatedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("company_reminder_settings_backup_idx").on(t.backupApproverUserId),
    check(
      "company_reminder_settings_days_check",
      sql`${t.approverAfterDays} between 1 and 30 and ${t.escalationAfterDays} between 1 and 30
        and ${t.employeeFirstAfterDays} between 1 and 30 and ${t.employeeSecondAfterDays} between 1 and 30
        and ${t.storeAfterDays} between 1 and 30`,
    ),
    check(
      "company_reminder_settings_order_check",
      sql`${t.escalationAfterDays} > ${t.approverAfterDays}
        and ${t.employeeSecondAfterDays} > ${t.employeeFirstAfterDays}`,
    ),
  ],
);

/**
 * A company's rule for joiners at its registration link with an address of its own verified domains
 * (src/domain/join-rules.ts); a company without a row lets everyone join and wait.
 */
export const companyJoinRules = pgTable(
  "company_join_rules",
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Lower case, each vouched for by the helpdesk, single sign-on or the saver's own address. */
    domains: text().array().notNull().default(sql`'{}'::text[]`),
    domainJoiners: text({ enum: DOMAIN_JOINER_TREATMENTS }).notNull().default("WAIT"),
    domainsOnly: boolean().notNull().default(false),
    updatedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("company_join_rules_domain_joiners_check", sql`${t.domainJoiners} in ('WAIT', 'ACCEPT')`),
    // Taking only the domains' addresses with no domain would shut the link to everyone.
    check(
      "company_join_rules_domains_only_check",
      sql`not ${t.domainsOnly} or cardinality(${t.domains}) > 0`,
    ),
  ],
);
