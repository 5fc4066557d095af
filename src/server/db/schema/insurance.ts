import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps, timestamptz } from "../columns.ts";
import { companies } from "./companies.ts";
import { beneficiaryEmployees } from "./employees.ts";
import { insuranceClaimOutcome, insuranceClaimType, simpleState } from "./enums.ts";
import { files } from "./files.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/** An insurance claim (insuranceId) for a leased bike: THEFT or DAMAGE. */
export const insuranceClaims = pgTable(
  "insurance_claims",
  {
    id: id(),
    beneficiaryEmployeeId: uuid()
      .notNull()
      .references(() => beneficiaryEmployees.id, { onDelete: "restrict" }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    orderId: uuid().references(() => orders.id, { onDelete: "restrict" }),
    type: insuranceClaimType().notNull(),
    status: simpleState().notNull().default("PENDING"),
    outcome: insuranceClaimOutcome(),
    incidentDate: date({ mode: "string" }),
    description: text(),
    /** Sealed under the data keys (modules/insurance-claims/police-report.ts). */
    policeReportNumber: text(),
    /** The number's keyed hash, for the search. */
    policeReportNumberHash: text(),
    repairCostCents: integer(),
    deductibleCents: integer(),
    /** Who reported it: the employee, or the helpdesk on their behalf. */
    reportedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    completedAt: timestamptz(),
    ...timestamps(),
  },
  (t) => [
    index("insurance_claims_status_idx").on(t.status, t.createdAt),
    index("insurance_claims_type_idx").on(t.type, t.status),
    index("insurance_claims_company_idx").on(t.companyId, t.createdAt),
    // The list's order (newest first, ties by id) for the helpdesk and a large group.
    index("insurance_claims_created_idx").on(t.createdAt, t.id),
    // The list's search by the police report's whole number (beside the person's, person-search.ts).
    index("insurance_claims_police_report_idx").on(t.policeReportNumberHash),
    index("insurance_claims_employee_idx").on(t.beneficiaryEmployeeId),
    index("insurance_claims_order_idx").on(t.orderId),
    check(
      "insurance_claims_cents_check",
      sql`(${t.repairCostCents} is null or ${t.repairCostCents} >= 0)
        and (${t.deductibleCents} is null or ${t.deductibleCents} >= 0)`,
    ),
  ],
);

/** Photos and documents of an insurance claim (a police report, a repair estimate), uploaded files. */
export const insuranceClaimFiles = pgTable(
  "insurance_claim_files",
  {
    id: id(),
    insuranceClaimId: uuid()
      .notNull()
      .references(() => insuranceClaims.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    fileName: text().notNull(),
    uploadedByUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("insurance_claim_files_claim_idx").on(t.insuranceClaimId, t.createdAt),
    index("insurance_claim_files_file_idx").on(t.fileId),
  ],
);
