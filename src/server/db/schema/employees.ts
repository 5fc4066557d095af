import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEFAULT_LAST_WORKING_DAY } from "../../../domain/dates.ts";
import { INVITATION_SOURCES, INVITATION_STATUSES } from "../../../domain/employment-invitations.ts";
import { id, timestamps, timestamptz } from "../columns.ts";
import { companies, companyUnits } from "./companies.ts";
import { absenceReason, employeeStatus, language } from "./enums.ts";
import { users } from "./users.ts";

/**
 * A beneficiary employee (beneficiaryEmployeeId): a user's employment in one company, with the
 * employer's payroll data. The employer accepts or rejects the joining request.
 */
export const beneficiaryEmployees = pgTable(
  "beneficiary_employees",
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    unitId: uuid().references(() => companyUnits.id, { onDelete: "set null" }),
    costUnit: text(),
    employeeNumber: text(),
    /** Free payroll grouping ("payroll other"), one of the employer list's filters. */
    payRollOther: text(),
    /** Default 01.01.2999 (docs/product.md "States") when no last working day is given. */
    lastWorkingDayDate: date({ mode: "string" }).notNull().default(DEFAULT_LAST_WORKING_DAY),
    jobTrialPeriodEndDate: date({ mode: "string" }),
    status: employeeStatus().notNull().default("PENDING"),
    employerNote: text(),
    /** Employee-specific max price of a bike package; null = the company's. */
    maxPriceCents: integer(),
    decidedAt: timestamptz(),
    decidedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /**
     * Whether any of the employee's orders is in ACTIVE_LEASE_STATUSES (src/domain/companies.ts): the
     * list's "active lease" filter. Kept by triggers on orders in the writing transaction (migration
     * 0020), never written by the app.
     */
    hasActiveLease: boolean().notNull().default(false),
    /** Whether the employee has any order at all: the "with order" filters. Kept as hasActiveLease is. */
    hasOrder: boolean().notNull().default(false),
    /** The company's identity provider's own id of the person (SCIM `externalId`); null when none sent. */
    scimExternalId: text(),
    /**
     * When the identity provider said the person is no longer active (SCIM `active: false`, or the
     * user deleted there); null while active. The employment's end is the last working day, as ever.
     */
    scimDeactivatedAt: timestamptz(),
    /** When the employer mailed the person their invitation from the staff list (employee-import/invitations.ts). */
    invitedAt: timestamptz(),
    /** When the invitation's one reminder went, 7 days on, to a person who had not logged in. */
    invitationRemindedAt: timestamptz(),
    /**
     * A joiner at the registration link whose address is in the company's domains, while its
     * acceptance waits for the confirmation link mailed to it (src/domain/join-rules.ts): the link
     * token's sha256 and when it dies. Cleared when used.
     */
    joinConfirmationHash: text(),
    joinConfirmationExpiresAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("beneficiary_employees_user_company_unique").on(t.userId, t.companyId),
    index("beneficiary_employees_company_status_idx").on(t.companyId, t.status, t.createdAt),
    index("beneficiary_employees_company_cost_unit_idx").on(t.companyId, t.costUnit),
    index("beneficiary_employees_company_employee_number_idx").on(t.companyId, t.employeeNumber),
    index("beneficiary_employees_employee_number_prefix_idx").on(
      sql`lower(${t.employeeNumber}) text_pattern_ops`,
    ),
    index("beneficiary_employees_company_pay_roll_other_idx").on(t.companyId, t.payRollOther),
    index("beneficiary_employees_unit_idx").on(t.unitId),
    // The dashboard reads only the employees whose employment has ended (most have no last day: 2999-01-01).
    index("beneficiary_employees_company_last_working_day_idx").on(t.companyId, t.lastWorkingDayDate),
    // The manage list's order (newest first) across the companies of a group.
    index("beneficiary_employees_created_idx").on(t.createdAt, t.id),
    // The "active lease" filter's count: an index-only walk of the employees who have one.
    index("beneficiary_employees_active_lease_idx").on(t.companyId).where(sql`${t.hasActiveLease}`),
    index("beneficiary_employees_with_order_idx").on(t.companyId).where(sql`${t.hasOrder}`),
    // The identity provider finds its users by its own id (SCIM `filter=externalId eq "…"`).
    index("beneficiary_employees_company_scim_external_id_idx")
      .on(t.companyId, t.scimExternalId)
      .where(sql`${t.scimExternalId} is not null`),
    uniqueIndex("beneficiary_employees_join_confirmation_unique")
      .on(t.joinConfirmationHash)
      .where(sql`${t.joinConfirmationHash} is not null`),
    check(
      "beneficiary_employees_max_price_check",
      sql`${t.maxPriceCents} is null or ${t.maxPriceCents} >= 0`,
    ),
  ],
);

/**
 * An absence of an employee (docs/product.md "States" absence reasons: Sairasloma, Vanhempainvapaa, "Muu, mikä"), kept
 * as history: the payroll report of any month reads which absences covered it. endDate null = open
 * (the return date is not known yet). What an absence means for the lease is a domain rule
 * (src/domain/absences.ts), not stored.
 */
export const employeeAbsences = pgTable(
  "employee_absences",
  {
    id: id(),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "cascade" }),
    /** The employee's company, copied for tenancy (every employer query scopes by it). */
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    reason: absenceReason().notNull(),
    /** The text of "Muu, mikä" (OTHER). */
    reasonOther: text(),
    startDate: date({ mode: "string" }).notNull(),
    endDate: date({ mode: "string" }),
    note: text(),
    createdByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("employee_absences_employee_idx").on(t.beneficiaryEmployeeId, t.startDate),
    index("employee_absences_company_idx").on(t.companyId, t.startDate),
    check("employee_absences_dates_check", sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check("employee_absences_other_check", sql`${t.reason} <> 'OTHER' or ${t.reasonOther} is not null`),
  ],
);

export const invitationSource = pgEnum("invitation_source", INVITATION_SOURCES);
export const invitationStatus = pgEnum("invitation_status", INVITATION_STATUSES);

/**
 * A company's invitation of a person who already has an account but is not yet its own: the person
 * joins only by accepting (the employment is then made with this row's id, so an identity
 * provider's resource id stays the same). It keeps what the company gave (the address as typed, the
 * names it used, its employer fields), which is all the company sees until the person accepts.
 */
export const employmentInvitations = pgTable(
  "employment_invitations",
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The address as the company typed it (lower-cased), the same login address as the account's. */
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** The language the company chose; the person's mail goes in their own. */
    language: language().notNull().default("fi"),
    /** The employer's fields of the add (TUpdateEmployee's employer part), applied on acceptance. */
    employerFields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    source: invitationSource().notNull(),
    status: invitationStatus().notNull().default("PENDING"),
    /** The identity provider's `active`: an inactive invitation is not shown to the person. */
    active: boolean().notNull().default(true),
    /** The identity provider's own id of the person (SCIM `externalId`). */
    scimExternalId: text(),
    invitedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    /** When the person accepted or declined, or the company withdrew. */
    closedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    // One open invitation per person and company: a declined one stays until the company withdraws it.
    uniqueIndex("employment_invitations_open_unique")
      .on(t.companyId, t.userId)
      .where(sql`${t.status} in ('PENDING', 'DECLINED')`),
    index("employment_invitations_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("employment_invitations_user_status_idx").on(t.userId, t.status),
    index("employment_invitations_company_email_idx").on(t.companyId, t.email),
    index("employment_invitations_company_scim_external_id_idx")
      .on(t.companyId, t.scimExternalId)
      .where(sql`${t.scimExternalId} is not null`),
  ],
);
