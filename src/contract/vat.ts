import { z } from "zod";
import { zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * VAT rates (docs/api-surface.md "VAT", "GET /api/companies/{id}/vat?onlyGetVATValue=false (value)"; docs/product.md "Field rules": a VAT
 * answer must carry a numeric `value`). Read with vat-rates.read.
 *
 * - GET /api/vat?countryCode&page&limit(100) → the list envelope of `zVatRate`, by country, newest first;
 * - GET /api/vat/country/{code} → the rate in force today (Helsinki) in the country (404 when none);
 * - GET /api/companies/{companyId}/vat (SPEC: {id}) → `{ value }`: the company's own VAT percent, else the rate in force in
 *   its country; with onlyGetVATValue=false also `{ companyId, source }`. Another tenant's company is 404.
 */

/** ISO 3166-1 alpha-2 in capitals (FI, EE, SE). */
const zCountryCode = lazy(() => z.string().regex(/^[A-Z]{2}$/, "Two capital letters (ISO 3166-1 alpha-2)"));

const zVatRate = lazy(() =>
  z.object({
    id: z.uuid(),
    countryCode: z.string(),
    /** The rate, percent (25.5). */
    value: z.number(),
    validFrom: z.string(),
    validTo: z.string().nullable(),
    description: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TVatRate = z.infer<typeof zVatRate>;
export const zVatRatesPage = lazy(() => zPage(zVatRate));

/** Reference data: one page of up to 100 by default. */
const zVatRatesQuery = lazy(() =>
  zPageQuery.extend({
    limit: z.coerce.number().int().min(1).max(100).default(100),
    countryCode: zCountryCode.optional(),
  }),
);
export type TVatRatesQuery = z.infer<typeof zVatRatesQuery>;

const zVatCountryParams = lazy(() => z.object({ code: zCountryCode }));

/** The rate in force in a country today. */
export const zCountryVat = lazy(() =>
  z.object({
    countryCode: z.string(),
    value: z.number(),
    validFrom: z.string(),
  }),
);
export type TCountryVat = z.infer<typeof zCountryVat>;

/** Named companyId like the sibling /api/companies/{companyId}/max-price: one router node, one name. */
const zCompanyVatParams = lazy(() => z.object({ companyId: z.uuid() }));

const zCompanyVatQuery = lazy(() =>
  z.object({
    /** "false" adds companyId and source to the answer; by default only the value. */
    onlyGetVATValue: z
      .enum(["true", "false"])
      .default("true")
      .transform((v) => v === "true"),
  }),
);

const VAT_SOURCES = ["COMPANY", "COUNTRY"] as const;

export const zCompanyVat = lazy(() =>
  z.object({
    /** The VAT percent that applies to the company's packages (25.5). */
    value: z.number(),
    /** Only with onlyGetVATValue=false. */
    companyId: z.uuid().optional(),
    /** COMPANY: the company's own VAT value; COUNTRY: the rate in force in its country. */
    source: z.enum(VAT_SOURCES).optional(),
  }),
);
export type TCompanyVat = z.infer<typeof zCompanyVat>;

export const vatApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/vat",
    summary: "VAT rates by country, newest first (filter: countryCode)",
    query: zVatRatesQuery,
    response: zVatRatesPage,
    errors: [400, 401, 403, 404],
  }),
  country: endpoint({
    method: "GET",
    path: "/vat/country/:code",
    summary: "The VAT rate in force today in a country (ISO code in capitals, e.g. FI)",
    params: zVatCountryParams,
    response: zCountryVat,
    errors: [400, 401, 403, 404],
  }),
  company: endpoint({
    method: "GET",
    path: "/companies/:companyId/vat",
    summary:
      "A company's VAT value: its own, else its country's rate in force (onlyGetVATValue=false adds companyId and source)",
    params: zCompanyVatParams,
    query: zCompanyVatQuery,
    response: zCompanyVat,
    errors: [400, 401, 403, 404],
  }),
}));
