import { and, eq, isNull, ne } from "drizzle-orm";
import type { TUpdateCompany } from "../../../contract/companies.ts";
import type { TErrorDetail } from "../../../contract/errors.ts";
import { eurosToCents } from "../../../domain/money.ts";
import { textOrNull } from "../../../domain/text.ts";
import { normalizeEInvoiceId } from "../../../domain/validation/e-invoice.ts";
import type { Db } from "../../db/client.ts";
import { billingTables, companies, groupCompanies, leasingCompanies } from "../../db/schema/index.ts";
import { badRequest } from "../../errors.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { businessIdTaken } from "./errors.ts";
import { isGroupVisibleTo } from "./queries.ts";

/**
 * What a create and an update of a company share (docs/api-surface.md "Companies"): the checks of the referenced
 * rows and the business ID, the fields as columns and the names of the changed ones. Optional texts
 * sent empty are stored as null; the max price crosses the API in euros and is stored in cents.
 */

type CompanyFields = TUpdateCompany;
type CompanyRow = typeof companies.$inferSelect;

/**
 * The checks before a create or an update: one way to name the group, the referenced group, leasing
 * company and billing table exist (400 with the field; an employer-side caller names only a group
 * they see), and no other live company has the business ID (409 BUSINESS_ID_TAKEN).
 */
export async function checkCompanyFields(
  db: Db,
  actor: CurrentUser,
  input: CompanyFields,
  exceptCompanyId?: string,
): Promise<void> {
  const details: TErrorDetail[] = [];
  if (input.groupCompanyId && input.newGroupCompanyName) {
    details.push({ field: "body.newGroupCompanyName", message: "Give either groupCompanyId or a new group" });
  }
  if (input.groupCompanyId) {
    const [group] = await db
      .select({ id: groupCompanies.id })
      .from(groupCompanies)
      .where(eq(groupCompanies.id, input.groupCompanyId));
    if (!group || !isGroupVisibleTo(actor, group.id)) {
      details.push({ field: "body.groupCompanyId", message: "No such group company" });
    }
  }
  if (input.leasingCompanyId) {
    const [found] = await db
      .select({ id: leasingCompanies.id })
      .from(leasingCompanies)
      .where(eq(leasingCompanies.id, input.leasingCompanyId));
    if (!found) details.push({ field: "body.leasingCompanyId", message: "No such leasing company" });
  }
  if (input.billingTableId) {
    const [found] = await db
      .select({ id: billingTables.id })
      .from(billingTables)
      .where(eq(billingTables.id, input.billingTableId));
    if (!found) details.push({ field: "body.billingTableId", message: "No such billing table" });
  }
  if (details.length > 0) throw badRequest("Invalid company details", details);
  const [taken] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.businessId, input.businessId),
        isNull(companies.deletedAt),
        exceptCompanyId ? ne(companies.id, exceptCompanyId) : undefined,
      ),
    );
  if (taken) throw businessIdTaken();
}

/**
 * The column values of the fields the input gives, keyed by their API names (the names COMPANY_UPDATED
 * lists); a field left out is not there, so an update keeps it.
 */
export function companyValues(input: Partial<CompanyFields>) {
  const given = <T>(value: T | undefined, map: (v: T) => unknown) =>
    value === undefined ? undefined : map(value);
  const text = (value: string | null | undefined) => given(value, textOrNull);
  // Kept as the operators read them: no spaces, capitals.
  const eInvoiceId = (value: string | null | undefined) =>
    given(value, (v) => {
      const kept = textOrNull(v);
      return kept === null ? null : normalizeEInvoiceId(kept);
    });
  const entries: [keyof CompanyFields, keyof CompanyRow, unknown][] = [
    ["name", "name", input.name],
    ["businessId", "businessId", input.businessId],
    ["groupCompanyId", "groupCompanyId", input.groupCompanyId],
    ["vatPercent", "vatPercent", input.vatPercent],
    ["maxPrice", "maxPriceCents", given(input.maxPrice, (v) => (v === null ? null : eurosToCents(v)))],
    ["paymentMode", "paymentMode", input.paymentMode],
    ["leasingCompanyId", "leasingCompanyId", input.leasingCompanyId],
    ["billingTableId", "billingTableId", input.billingTableId],
    ["streetAddress", "streetAddress", text(input.streetAddress)],
    ["postalCode", "postalCode", text(input.postalCode)],
    ["city", "city", text(input.city)],
    ["billingEmail", "billingEmail", text(input.billingEmail)],
    ["eInvoiceAddress", "eInvoiceAddress", eInvoiceId(input.eInvoiceAddress)],
    ["eInvoiceOperator", "eInvoiceOperator", eInvoiceId(input.eInvoiceOperator)],
    ["contactName", "contactName", text(input.contactName)],
    ["contactEmail", "contactEmail", text(input.contactEmail)],
    ["contactPhoneNumber", "contactPhoneNumber", text(input.contactPhoneNumber)],
    ["previousProvider", "previousProvider", input.previousProvider],
  ];
  return entries
    .filter(([, , value]) => value !== undefined)
    .map(([field, column, value]) => ({ field, column, value }));
}

/** The fields whose stored value the update changes. */
export function changedFields(before: CompanyRow, values: ReturnType<typeof companyValues>): string[] {
  return values
    .filter(({ column, value }) => (before[column] ?? null) !== (value ?? null))
    .map((v) => v.field);
}
