import { z } from "zod";
import { TAX_DEDUCTION_TYPES } from "../domain/tax/tax-year.ts";
import { zMessage, zPage } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zProvinceTaxTablesQuery, zTaxTablesQuery } from "./tax-table-queries.ts";
import { zSingleLineText } from "./text.ts";
import { zCents, zDateOnly, zMunicipalityCode, zPercent } from "./values.ts";

/**
 * The four tax tables of the benefit calculator (docs/data-model.md "Tax tables", docs/api-surface.md "Tax tables: full CRUD"),
 * maintained by the admin tier (tax-tables.manage). Each is one row set per tax year; amounts are cents
 * (integers), rates are percentages with at most two decimals. Every row names its `source` and whether
 * an authoritative source `confirmed` it.
 *
 * For each of /api/province-tax-table, /api/tax-table, /api/state-income-tax-table and
 * /api/taxpayer-deductions-table:
 * - GET ?year&page&limit(100) → the list envelope, newest year first (province also `search` on the
 *   Finnish or Swedish name or the code, and `show` changed or unconfirmed rows only);
 * - POST → 201 the row (409 CONFLICT when the year, name, bracket or deduction type is taken);
 * - GET /{id} → the row; PUT /{id} → the row replaced by the body (an omitted optional field takes its
 *   default, as on create); DELETE /{id} → `{ message }`.
 *
 * Rows answer `id` and, where docs/data-model.md names one, the same id under its spec name (taxTableId,
 * stateIncomeTaxTableId, taxDeductionsId).
 *
 * A year's municipal rates are also imported from the Tax Administration's list: municipal-rate-import.ts.
 */

const zTaxYear = lazy(() => z.int().min(2000).max(2100));
const zAge = lazy(() => z.int().min(0).max(120));
const zSource = lazy(() => zSingleLineText({ max: 1000 }).default(""));
const zConfirmed = lazy(() => z.boolean().default(false));

const timestamps = lazy(() => ({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() }));
const sourced = lazy(() => ({ source: z.string(), confirmed: z.boolean() }));

/** `from` must not be after `to`; reported at `to`. */
function ordered(
  ctx: z.RefinementCtx,
  from: number | null | undefined,
  to: number | null | undefined,
  path: string,
) {
  if (from != null && to != null && from > to) {
    ctx.addIssue({ code: "custom", path: [path], message: "Must not be less than its lower bound" });
  }
}

// ---- Province (municipal) tax --------------------------------------------------------------------------

export const zProvinceTaxTableInput = lazy(() =>
  z.object({
    year: zTaxYear,
    provinceName: zSingleLineText({ min: 1, max: 100 }),
    /** The Swedish name (the Finnish one repeated where there is no other). */
    provinceNameSv: zSingleLineText({ min: 1, max: 100 }).nullable().optional(),
    /** Statistics Finland's three-digit municipality code, unique within the year. */
    municipalityCode: zMunicipalityCode.nullable().optional(),
    municipalTaxPercent: zPercent,
    /** The Evangelical Lutheran parish's rate. */
    churchTaxPercent: zPercent.nullable().optional(),
    orthodoxChurchTaxPercent: zPercent.nullable().optional(),
    /** An Åland municipality: the calculator refuses it until Åland's own rules are modelled. */
    aland: z.boolean().default(false),
    source: zSource,
    confirmed: zConfirmed,
  }),
);
export type TProvinceTaxTableInput = z.infer<typeof zProvinceTaxTableInput>;

export const zProvinceTaxTable = lazy(() =>
  z.object({
    id: z.uuid(),
    year: z.int(),
    provinceName: z.string(),
    provinceNameSv: z.string().nullable(),
    municipalityCode: z.string().nullable(),
    municipalTaxPercent: z.number(),
    churchTaxPercent: z.number().nullable(),
    orthodoxChurchTaxPercent: z.number().nullable(),
    aland: z.boolean(),
    ...sourced,
    ...timestamps,
  }),
);
export type TProvinceTaxTable = z.infer<typeof zProvinceTaxTable>;

/** A listed municipal rate, with its rates of the year before (the nearest earlier year that has rows). */
const zProvinceTaxTableItem = lazy(() =>
  zProvinceTaxTable.extend({
    previous: z
      .object({
        year: z.int(),
        municipalTaxPercent: z.number(),
        churchTaxPercent: z.number().nullable(),
        orthodoxChurchTaxPercent: z.number().nullable(),
      })
      .nullable(),
  }),
);
export type TProvinceTaxTableItem = z.infer<typeof zProvinceTaxTableItem>;
export const zProvinceTaxTablesPage = lazy(() => zPage(zProvinceTaxTableItem));

// ---- Payroll parameters of a year (taxTableId) ---------------------------------------------------------

export const zTaxTableInput = lazy(() =>
  z
    .object({
      year: zTaxYear,
      employeePensionPercent: zPercent,
      pensionFromAge: zAge.default(17),
      pensionToAge: zAge.default(67),
      /** A higher pension contribution for an age band; with it, both ages of the band are required. */
      olderEmployeePensionPercent: zPercent.nullable().optional(),
      olderPensionFromAge: zAge.nullable().optional(),
      olderPensionToAge: zAge.nullable().optional(),
      unemploymentInsurancePercent: zPercent,
      unemploymentFromAge: zAge.default(18),
      unemploymentToAge: zAge.default(64),
      healthInsuranceDailyAllowancePercent: zPercent,
      dailyAllowanceThresholdCents: zCents.default(0),
      dailyAllowanceFromAge: zAge.default(16),
      dailyAllowanceToAge: zAge.default(67),
      healthInsuranceMedicalCarePercent: zPercent,
      broadcastingTaxPercent: zPercent.default(0),
      broadcastingTaxThresholdCents: zCents.default(0),
      broadcastingTaxMaxCents: zCents.default(0),
      broadcastingTaxFromAge: zAge.default(18),
      bikeBenefitTaxFreeLimitCents: zCents.default(0),
      bikeBenefitGrandfatheredLimitCents: zCents.default(0),
      bikeBenefitGrandfatheredUntil: zDateOnly.nullable().optional(),
      taxFreeBenefitsSharedLimitCents: zCents.default(0),
      /** The municipalities' average income tax rate the Tax Administration publishes for the year. */
      averageMunicipalTaxPercent: zPercent.nullable().optional(),
      source: zSource,
      confirmed: zConfirmed,
    })
    .superRefine((t, ctx) => {
      ordered(ctx, t.pensionFromAge, t.pensionToAge, "pensionToAge");
      ordered(ctx, t.unemploymentFromAge, t.unemploymentToAge, "unemploymentToAge");
      ordered(ctx, t.dailyAllowanceFromAge, t.dailyAllowanceToAge, "dailyAllowanceToAge");
      ordered(ctx, t.olderPensionFromAge, t.olderPensionToAge, "olderPensionToAge");
      if (t.olderEmployeePensionPercent != null) {
        for (const field of ["olderPensionFromAge", "olderPensionToAge"] as const) {
          if (t[field] == null) {
            ctx.addIssue({
              code: "custom",
              path: [field],
              message: "Required when olderEmployeePensionPercent is given",
            });
          }
        }
      }
    }),
);
export type TTaxTableInput = z.infer<typeof zTaxTableInput>;

export const zTaxTable = lazy(() =>
  z.object({
    id: z.uuid(),
    /** The same id under its docs/data-model.md name. */
    taxTableId: z.uuid(),
    year: z.int(),
    employeePensionPercent: z.number(),
    pensionFromAge: z.int(),
    pensionToAge: z.int(),
    olderEmployeePensionPercent: z.number().nullable(),
    olderPensionFromAge: z.int().nullable(),
    olderPensionToAge: z.int().nullable(),
    unemploymentInsurancePercent: z.number(),
    unemploymentFromAge: z.int(),
    unemploymentToAge: z.int(),
    healthInsuranceDailyAllowancePercent: z.number(),
    dailyAllowanceThresholdCents: z.int(),
    dailyAllowanceFromAge: z.int(),
    dailyAllowanceToAge: z.int(),
    healthInsuranceMedicalCarePercent: z.number(),
    broadcastingTaxPercent: z.number(),
    broadcastingTaxThresholdCents: z.int(),
    broadcastingTaxMaxCents: z.int(),
    broadcastingTaxFromAge: z.int(),
    bikeBenefitTaxFreeLimitCents: z.int(),
    bikeBenefitGrandfatheredLimitCents: z.int(),
    bikeBenefitGrandfatheredUntil: z.string().nullable(),
    taxFreeBenefitsSharedLimitCents: z.int(),
    averageMunicipalTaxPercent: z.number().nullable(),
    ...sourced,
    ...timestamps,
  }),
);
export type TTaxTable = z.infer<typeof zTaxTable>;
export const zTaxTablesPage = lazy(() => zPage(zTaxTable));

// ---- State income tax scale (stateIncomeTaxTableId) ----------------------------------------------------

export const zStateIncomeTaxTableInput = lazy(() =>
  z
    .object({
      year: zTaxYear,
      lowerLimitCents: zCents,
      /** Null or omitted: the top bracket. */
      upperLimitCents: zCents.nullable().optional(),
      baseTaxCents: zCents.default(0),
      marginalPercent: zPercent,
      source: zSource,
      confirmed: zConfirmed,
    })
    .superRefine((t, ctx) => {
      if (t.upperLimitCents != null && t.upperLimitCents <= t.lowerLimitCents) {
        ctx.addIssue({ code: "custom", path: ["upperLimitCents"], message: "Must be above lowerLimitCents" });
      }
    }),
);
export type TStateIncomeTaxTableInput = z.infer<typeof zStateIncomeTaxTableInput>;

export const zStateIncomeTaxTable = lazy(() =>
  z.object({
    id: z.uuid(),
    /** The same id under its docs/data-model.md name. */
    stateIncomeTaxTableId: z.uuid(),
    year: z.int(),
    lowerLimitCents: z.int(),
    upperLimitCents: z.int().nullable(),
    baseTaxCents: z.int(),
    marginalPercent: z.number(),
    ...sourced,
    ...timestamps,
  }),
);
export type TStateIncomeTaxTable = z.infer<typeof zStateIncomeTaxTable>;
export const zStateIncomeTaxTablesPage = lazy(() => zPage(zStateIncomeTaxTable));

// ---- Taxpayer deductions (taxDeductionsId) -------------------------------------------------------------

export const zTaxpayerDeductionsTableInput = lazy(() =>
  z
    .object({
      year: zTaxYear,
      deductionType: z.enum(TAX_DEDUCTION_TYPES),
      description: zSingleLineText({ max: 200 }).nullable().optional(),
      ratePercent: zPercent,
      maxDeductionCents: zCents,
      incomeThresholdCents: zCents.default(0),
      phaseOutStartCents: zCents.nullable().optional(),
      phaseOutPercent: zPercent.nullable().optional(),
      phaseOutEndCents: zCents.nullable().optional(),
      secondPhaseOutPercent: zPercent.nullable().optional(),
      seniorMaxDeductionCents: zCents.nullable().optional(),
      seniorFromAge: zAge.nullable().optional(),
      childAdditionCents: zCents.default(0),
      source: zSource,
      confirmed: zConfirmed,
    })
    .superRefine((t, ctx) => ordered(ctx, t.phaseOutStartCents, t.phaseOutEndCents, "phaseOutEndCents")),
);
export type TTaxpayerDeductionsTableInput = z.infer<typeof zTaxpayerDeductionsTableInput>;

export const zTaxpayerDeductionsTable = lazy(() =>
  z.object({
    id: z.uuid(),
    /** The same id under its docs/data-model.md name. */
    taxDeductionsId: z.uuid(),
    year: z.int(),
    deductionType: z.string(),
    description: z.string().nullable(),
    ratePercent: z.number(),
    maxDeductionCents: z.int(),
    incomeThresholdCents: z.int(),
    phaseOutStartCents: z.int().nullable(),
    phaseOutPercent: z.number().nullable(),
    phaseOutEndCents: z.int().nullable(),
    secondPhaseOutPercent: z.number().nullable(),
    seniorMaxDeductionCents: z.int().nullable(),
    seniorFromAge: z.int().nullable(),
    childAdditionCents: z.int(),
    ...sourced,
    ...timestamps,
  }),
);
export type TTaxpayerDeductionsTable = z.infer<typeof zTaxpayerDeductionsTable>;
export const zTaxpayerDeductionsTablesPage = lazy(() => zPage(zTaxpayerDeductionsTable));

/** The years that have municipal rates (GET /api/province-tax-table/years), newest first. */
export const zMunicipalRateYears = lazy(() =>
  z.object({
    items: z.array(
      z.object({
        year: z.int(),
        municipalities: z.int(),
        unconfirmed: z.int(),
      }),
    ),
  }),
);
export type TMunicipalRateYears = z.infer<typeof zMunicipalRateYears>;

// ---- Lists and ids -------------------------------------------------------------------------------------

const zTaxTableIdParams = lazy(() => z.object({ id: z.uuid() }));

/**
 * The four tables' calls, each list, get, create, update and delete (the admin tier, tax-tables.manage);
 * a write that meets a taken year, name, bracket or deduction type answers 409.
 */
export const taxTablesApi = lazy(() => ({
  listProvinces: endpoint({
    method: "GET",
    path: "/province-tax-table",
    summary:
      "Province (municipal) tax rates, newest year first, then by municipality, each with its rates of the year before (filters: year, search on the Finnish or Swedish name or the code, show changed or unconfirmed rows)",
    query: zProvinceTaxTablesQuery,
    response: zProvinceTaxTablesPage,
    errors: [400, 401, 403, 404],
  }),
  municipalRateYears: endpoint({
    method: "GET",
    path: "/province-tax-table/years",
    summary: "The years that have province (municipal) tax rates, newest first, with their counts",
    response: zMunicipalRateYears,
    errors: [401, 403, 404],
  }),
  createProvince: endpoint({
    method: "POST",
    path: "/province-tax-table",
    summary: "Create a province (municipal) tax rate of a year",
    body: zProvinceTaxTableInput,
    status: 201,
    response: zProvinceTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  getProvince: endpoint({
    method: "GET",
    path: "/province-tax-table/:id",
    summary: "One of the province tax tables",
    params: zTaxTableIdParams,
    response: zProvinceTaxTable,
    errors: [400, 401, 403, 404],
  }),
  updateProvince: endpoint({
    method: "PUT",
    path: "/province-tax-table/:id",
    summary:
      "Replace a province (municipal) tax rate of a year (omitted optional fields take their defaults)",
    params: zTaxTableIdParams,
    body: zProvinceTaxTableInput,
    response: zProvinceTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteProvince: endpoint({
    method: "DELETE",
    path: "/province-tax-table/:id",
    summary: "Delete a province (municipal) tax rate of a year",
    params: zTaxTableIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
  listTaxTables: endpoint({
    method: "GET",
    path: "/tax-table",
    summary: "Tax tables (a year's payroll parameters), newest year first (filter: year)",
    query: zTaxTablesQuery,
    response: zTaxTablesPage,
    errors: [400, 401, 403, 404],
  }),
  createTaxTable: endpoint({
    method: "POST",
    path: "/tax-table",
    summary: "Create a year's payroll parameters (tax table)",
    body: zTaxTableInput,
    status: 201,
    response: zTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  getTaxTable: endpoint({
    method: "GET",
    path: "/tax-table/:id",
    summary: "One of the tax tables",
    params: zTaxTableIdParams,
    response: zTaxTable,
    errors: [400, 401, 403, 404],
  }),
  updateTaxTable: endpoint({
    method: "PUT",
    path: "/tax-table/:id",
    summary: "Replace a year's payroll parameters (tax table) (omitted optional fields take their defaults)",
    params: zTaxTableIdParams,
    body: zTaxTableInput,
    response: zTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteTaxTable: endpoint({
    method: "DELETE",
    path: "/tax-table/:id",
    summary: "Delete a year's payroll parameters (tax table)",
    params: zTaxTableIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
  listStateIncomeTax: endpoint({
    method: "GET",
    path: "/state-income-tax-table",
    summary: "State income tax brackets, newest year first, then by lower limit (filter: year)",
    query: zTaxTablesQuery,
    response: zStateIncomeTaxTablesPage,
    errors: [400, 401, 403, 404],
  }),
  createStateIncomeTax: endpoint({
    method: "POST",
    path: "/state-income-tax-table",
    summary: "Create a state income tax bracket",
    body: zStateIncomeTaxTableInput,
    status: 201,
    response: zStateIncomeTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  getStateIncomeTax: endpoint({
    method: "GET",
    path: "/state-income-tax-table/:id",
    summary: "One of the state income tax tables",
    params: zTaxTableIdParams,
    response: zStateIncomeTaxTable,
    errors: [400, 401, 403, 404],
  }),
  updateStateIncomeTax: endpoint({
    method: "PUT",
    path: "/state-income-tax-table/:id",
    summary: "Replace a state income tax bracket (omitted optional fields take their defaults)",
    params: zTaxTableIdParams,
    body: zStateIncomeTaxTableInput,
    response: zStateIncomeTaxTable,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteStateIncomeTax: endpoint({
    method: "DELETE",
    path: "/state-income-tax-table/:id",
    summary: "Delete a state income tax bracket",
    params: zTaxTableIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
  listDeductions: endpoint({
    method: "GET",
    path: "/taxpayer-deductions-table",
    summary: "Taxpayer deductions, newest year first, then by deduction type (filter: year)",
    query: zTaxTablesQuery,
    response: zTaxpayerDeductionsTablesPage,
    errors: [400, 401, 403, 404],
  }),
  createDeductions: endpoint({
    method: "POST",
    path: "/taxpayer-deductions-table",
    summary: "Create a taxpayer deduction of a year",
    body: zTaxpayerDeductionsTableInput,
    status: 201,
    response: zTaxpayerDeductionsTable,
    errors: [400, 401, 403, 404, 409],
  }),
  getDeductions: endpoint({
    method: "GET",
    path: "/taxpayer-deductions-table/:id",
    summary: "One of the taxpayer deductions tables",
    params: zTaxTableIdParams,
    response: zTaxpayerDeductionsTable,
    errors: [400, 401, 403, 404],
  }),
  updateDeductions: endpoint({
    method: "PUT",
    path: "/taxpayer-deductions-table/:id",
    summary: "Replace a taxpayer deduction of a year (omitted optional fields take their defaults)",
    params: zTaxTableIdParams,
    body: zTaxpayerDeductionsTableInput,
    response: zTaxpayerDeductionsTable,
    errors: [400, 401, 403, 404, 409],
  }),
  deleteDeductions: endpoint({
    method: "DELETE",
    path: "/taxpayer-deductions-table/:id",
    summary: "Delete a taxpayer deduction of a year",
    params: zTaxTableIdParams,
    response: zMessage,
    errors: [400, 401, 403, 404],
  }),
}));
