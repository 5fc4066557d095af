import { z } from "zod";
import { zMessage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zMultiLineText, zSingleLineText } from "./text.ts";
import { zCents, zDateOnly, zPercent } from "./values.ts";

/**
 * Billing tables (docs/data-model.md "Billing table: billingTableId", docs/api-surface.md "Billing tables"): a leasing company's
 * annuity terms and the price brackets that set the lease period (leaseTimeMonths) of a package.
 * The one `isDefault` table prices the public calculator. Admin tier only (billing-tables.manage).
 *
 * - GET /api/billing-table → `{ billingTables: [...] }` (SPEC: "list in billingTables"), the default first;
 * - POST /api/billing-table → 201 the table; PUT /api/billing-table/{id} → the table replaced by the
 *   body, its rows included (an omitted optional field takes its default, as on create);
 * - GET /api/billing-table/{id} → the table; DELETE → `{ message }` (companies and orders that named
 *   it keep no billing table).
 * Making a table the default takes the flag from the table that had it. The public calculator prices
 * with the default, so the default table keeps its flag until another takes it: replacing it with
 * isDefault false, or deleting it, answers 409 CONFLICT.
 */

/** Lease periods a table allows (the database's 1–120 months). */
const zLeaseMonths = lazy(() => z.int().min(1).max(120));
/** The lease period of a price bracket (the database's 12–60 months). */
export const BRACKET_LEASE_MONTHS = { min: 12, max: 60 } as const;
export const BILLING_TABLE_ROWS_MAX = 50;

const zBillingTableRowInput = lazy(() =>
  z.object({
    /** The bracket's lowest package total (incl. VAT), in cents. */
    minTotalCents: zCents,
    /** Above minTotalCents, or null/omitted for no upper limit (the last bracket). */
    maxTotalCents: zCents.nullable().optional(),
    leaseTimeMonths: z.int().min(BRACKET_LEASE_MONTHS.min).max(BRACKET_LEASE_MONTHS.max),
  }),
);
type TBillingTableRowInput = z.infer<typeof zBillingTableRowInput>;

export const zBillingTableInput = lazy(() =>
  z
    .object({
      name: zSingleLineText({ min: 1, max: 200 }),
      /** A leasing company of GET /api/leasing-companies; it must exist. */
      leasingCompanyId: z.uuid().nullable().optional(),
      validFrom: zDateOnly.nullable().optional(),
      validTo: zDateOnly.nullable().optional(),
      monthlyServiceFeeCents: zCents.default(0),
      /** Residual (redemption) value at the end of the lease, percent of the total price. */
      residualValuePercent: zPercent.nullable().optional(),
      annualInterestPercent: zPercent.default(0),
      insurancePercentPerYear: zPercent.default(0),
      monthlyMaintenanceCents: zCents.default(0),
      minLeaseMonths: zLeaseMonths.default(12),
      maxLeaseMonths: zLeaseMonths.default(60),
      /** A discount on the package price for leases of campaignMinLeaseMonths or more. */
      campaignDiscountPercent: zPercent.nullable().optional(),
      campaignMinLeaseMonths: zLeaseMonths.nullable().optional(),
      /** True makes this the one default table; the flag leaves the table that had it (409 when false on the default). */
      isDefault: z.boolean().default(false),
      notes: zMultiLineText({ max: 2000 }).nullable().optional(),
      /** The price brackets, none overlapping, each within the table's lease months. */
      rows: z.array(zBillingTableRowInput).min(1).max(BILLING_TABLE_ROWS_MAX),
    })
    .superRefine((t, ctx) => {
      if (t.validFrom && t.validTo && t.validTo < t.validFrom) {
        ctx.addIssue({ code: "custom", path: ["validTo"], message: "Must not be before validFrom" });
      }
      if (t.minLeaseMonths > t.maxLeaseMonths) {
        ctx.addIssue({
          code: "custom",
          path: ["maxLeaseMonths"],
          message: "Must not be less than minLeaseMonths",
        });
      }
      for (const issue of bracketIssues(t.rows, t.minLeaseMonths, t.maxLeaseMonths)) {
        ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
    }),
);
export type TBillingTableInput = z.infer<typeof zBillingTableInput>;

/**
 * What is wrong with a table's price brackets: a maximum not above its minimum, a lease period outside
 * the table's months, brackets that overlap (a bracket runs from its minimum up to, not including, its
 * maximum; the open-ended one to infinity). Gaps between brackets are allowed.
 */
function bracketIssues(
  rows: readonly TBillingTableRowInput[],
  minLeaseMonths: number,
  maxLeaseMonths: number,
): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  rows.forEach((row, i) => {
    if (row.maxTotalCents != null && row.maxTotalCents <= row.minTotalCents) {
      issues.push({ path: ["rows", i, "maxTotalCents"], message: "Must be above minTotalCents" });
    }
    if (row.leaseTimeMonths < minLeaseMonths || row.leaseTimeMonths > maxLeaseMonths) {
      issues.push({
        path: ["rows", i, "leaseTimeMonths"],
        message: `Must be within the table's lease months (${minLeaseMonths}–${maxLeaseMonths})`,
      });
    }
  });
  const order = rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.minTotalCents - b.row.minTotalCents);
  for (let k = 1; k < order.length; k++) {
    const previous = order[k - 1];
    const current = order[k];
    if (!previous || !current) continue;
    const previousEnd = previous.row.maxTotalCents ?? Number.POSITIVE_INFINITY;
    if (current.row.minTotalCents < previousEnd) {
      issues.push({
        path: ["rows", current.i, "minTotalCents"],
        message: `Overlaps the bracket starting at ${previous.row.minTotalCents}`,
      });
    }
  }
  return issues;
}

const zBillingTableRow = lazy(() =>
  z.object({
    id: z.uuid(),
    minTotalCents: z.int(),
    maxTotalCents: z.int().nullable(),
    leaseTimeMonths: z.int(),
  }),
);

export const zBillingTable = lazy(() =>
  z.object({
    id: z.uuid(),
    /** The same id under its docs/data-model.md name. */
    billingTableId: z.uuid(),
    name: z.string(),
    leasingCompanyId: z.uuid().nullable(),
    leasingCompanyName: z.string().nullable(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
    monthlyServiceFeeCents: z.int(),
    residualValuePercent: z.number().nullable(),
    annualInterestPercent: z.number(),
    insurancePercentPerYear: z.number(),
    monthlyMaintenanceCents: z.int(),
    minLeaseMonths: z.int(),
    maxLeaseMonths: z.int(),
    campaignDiscountPercent: z.number().nullable(),
    campaignMinLeaseMonths: z.int().nullable(),
    isDefault: z.boolean(),
    notes: z.string().nullable(),
    /** The price brackets, lowest first. */
    rows: z.array(zBillingTableRow),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TBillingTable = z.infer<typeof zBillingTable>;

/** GET /api/billing-table (docs/api-surface.md: the list in billingTables). */
export const zBillingTables = lazy(() => z.object({ billingTables: z.array(zBillingTable) }));
export type TBillingTables = z.infer<typeof zBillingTables>;

const zBillingTableIdParams = lazy(() => z.object({ id: z.uuid() }));

export const billingTablesApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/billing-table",
    summary: "Billing tables with their price brackets, the default first (list in billingTables)",
    response: zBillingTables,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/billing-table",
    summary: "Create a billing table with its price brackets (isDefault takes the flag from the others)",
    body: zBillingTableInput,
    status: 201,
    response: zBillingTable,
    errors: [400, 401, 403, 404, 409],
  }),
  get: endpoint({
    method: "GET",
    path: "/billing-table/:id",
    summary: "A billing table with its price brackets",
    params: zBillingTableIdParams,
    response: zBillingTable,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/billing-table/:id",
    summary:
      "Replace a billing table and its price brackets (isDefault takes the flag from the others; the default keeps it: 409)",
    params: zBillingTableIdParams,
    body: zBillingTableInput,
    response: zBillingTable,
    errors: [400, 401, 403, 404, 409],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/billing-table/:id",
    summary:
      "Delete a billing table; companies and orders that named it keep none (409 for the default table)",
    params: zBillingTableIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404, 409],
  }),
}));
