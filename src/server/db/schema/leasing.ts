import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SIGNING_METHODS } from "../../../domain/identification.ts";
import { id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { beneficiaryEmployees } from "./employees.ts";
import { leasingAgreementStatus, paymentStatus } from "./enums.ts";
import { files } from "./files.ts";
import { leasingCompanies } from "./finance.ts";
import { strongIdentifications } from "./identity.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * A leasing agreement for an order with a leasing company. status is null until the agreement is
 * sent for signing (docs/data-model.md lists null among its values), then PENDING, SIGNED, ACCEPTED or REJECTED.
 */
export const leasingAgreements = pgTable(
  "leasing_agreements",
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    leasingCompanyId: uuid()
      .notNull()
      .references(() => leasingCompanies.id, { onDelete: "restrict" }),
    status: leasingAgreementStatus(),
    /** The leasing company's contract number. */
    agreementNumber: text(),
    leaseTimeMonths: integer().notNull(),
    monthlyPaymentCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    residualValueCents: integer(),
    /**
     * When the employer and the employee committed to the benefit (the order's approval): it decides
     * the lease's tax regime (src/domain/payroll: committed on or before 23.4.2025 keeps the exemption).
     * Null until the order is approved.
     */
    commitmentDate: date({ mode: "string" }),
    startDate: date({ mode: "string" }),
    endDate: date({ mode: "string" }),
    signedAt: timestamptz(),
    /** When the leasing company (through its gateway) accepted the agreement. */
    acceptedAt: timestamptz(),
    rejectedAt: timestamptz(),
    rejectionReason: text(),
    /** The agreement PDF. */
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("leasing_agreements_agreement_number_unique")
      .on(t.leasingCompanyId, t.agreementNumber)
      .where(sql`${t.agreementNumber} is not null`),
    index("leasing_agreements_status_idx").on(t.status, t.createdAt),
    index("leasing_agreements_company_idx").on(t.companyId, t.status),
    // The list's newest first, across all companies and per company (as the orders').
    index("leasing_agreements_created_idx").on(t.createdAt, t.id),
    index("leasing_agreements_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("leasing_agreements_order_idx").on(t.orderId),
    index("leasing_agreements_employee_idx").on(t.beneficiaryEmployeeId),
    index("leasing_agreements_leasing_company_idx").on(t.leasingCompanyId),
    // The payroll report's question: which leases of these companies run in a month.
    index("leasing_agreements_company_dates_idx").on(t.companyId, t.startDate, t.endDate),
    // The daily redemption offers: accepted leases ending within the next weeks (jobs/redemption-offers.ts).
    index("leasing_agreements_status_end_idx").on(t.status, t.endDate),
    check("leasing_agreements_lease_time_check", sql`${t.leaseTimeMonths} between 12 and 60`),
    check(
      "leasing_agreements_cents_check",
      sql`${t.monthlyPaymentCents} >= 0 and ${t.totalPriceCents} >= 0
        and (${t.residualValueCents} is null or ${t.residualValueCents} >= 0)`,
    ),
    check(
      "leasing_agreements_dates_check",
      sql`${t.endDate} is null or ${t.startDate} is null or ${t.endDate} > ${t.startDate}`,
    ),
  ],
);

/** A signed document (signedDocumentId): the employee's signature of a leasing agreement. */
export const signedDocuments = pgTable(
  "signed_documents",
  {
    id: id(),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    leasingAgreementId: uuid()
      .notNull()
      .references(() => leasingAgreements.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    paymentStatus: paymentStatus().notNull().default("PENDING"),
    leasingSignDate: date({ mode: "string" }),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    /**
     * The signature's evidence: who signed (after a fresh two-factor code), when, from which address,
     * and the SHA-256 of the exact PDF bytes signed. Null on a document an admin recorded by hand.
     */
    signedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    signedAt: timestamptz(),
    signerIp: text(),
    signerUserAgent: text(),
    documentSha256: text(),
    /** How the signer proved who they are: a code by SMS, or strong identification (its evidence row). */
    signingMethod: text({ enum: SIGNING_METHODS }),
    strongIdentificationId: uuid().references(() => strongIdentifications.id, { onDelete: "restrict" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("signed_documents_sha256_unique").on(t.documentSha256),
    check(
      "signed_documents_strong_evidence_check",
      sql`(${t.signingMethod} = 'STRONG') = (${t.strongIdentificationId} is not null)`,
    ),
    index("signed_documents_employee_idx").on(t.beneficiaryEmployeeId),
    index("signed_documents_agreement_idx").on(t.leasingAgreementId),
    // The list's newest first, across all companies and per company (newestFirstPage).
    index("signed_documents_company_idx").on(t.companyId, t.createdAt, t.id),
    index("signed_documents_created_idx").on(t.createdAt, t.id),
    index("signed_documents_payment_status_idx").on(t.paymentStatus),
  ],
);

/**
 * A leasing company's decision on an agreement, waiting for the sync job to apply it. The default
 * LeasingCompanyGateway reads the decisions our admins record here; a leasing company with an API
 * answers through its own gateway instead, and the sync job applies both alike (appliedAt).
 */
export const leasingDecisions = pgTable(
  "leasing_decisions",
  {
    id: id(),
    leasingAgreementId: uuid()
      .notNull()
      .references(() => leasingAgreements.id, { onDelete: "cascade" }),
    decision: leasingAgreementStatus().notNull(),
    agreementNumber: text(),
    reason: text(),
    decidedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    appliedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("leasing_decisions_unapplied_idx").on(t.createdAt).where(sql`${t.appliedAt} is null`),
    index("leasing_decisions_agreement_idx").on(t.leasingAgreementId),
    check("leasing_decisions_decision_check", sql`${t.decision} in ('ACCEPTED', 'REJECTED')`),
  ],
);
