import { z } from "zod";
import { zOptionalEInvoiceAddress, zOptionalEInvoiceOperator } from "./company-fields.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * Leasing (financing) companies (docs/api-surface.md "Leasing"): Grenkeleasing Oy, LeasePlus OÜ, Pedaali Oy.
 * Read with leasing.read (the admin tier and the employer roles that manage orders).
 *
 * - GET /api/leasing-companies → `{ leasingCompanies: [...] }` by name; with forDropdown=true only the
 *   active ones, as `{ leasingCompanies: [{ id, companyName }] }`;
 * - GET /api/leasing-companies/{id} → the company (404 when unknown);
 * - GET /api/last-fetch-time → `{ lastFetchTime }`: the latest lastFetchedAt of all leasing companies,
 *   or null when none has been fetched;
 * - PUT /api/leasing-companies/{id}/e-invoice `zLeasingCompanyEInvoiceInput` → the company: where our
 *   e-invoices to it go (the admin tier, leasing.manage); the sync job never changes them.
 */

export const zLeasingCompany = lazy(() =>
  z.object({
    id: z.uuid(),
    companyName: z.string(),
    businessId: z.string().nullable(),
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    /** Where our invoices to it go as e-invoices: its e-invoice address and its operator's ID. */
    eInvoiceAddress: z.string().nullable(),
    eInvoiceOperator: z.string().nullable(),
    /** Whether new orders may be financed by this company. */
    active: z.boolean(),
    /** When the sync job last fetched the company's agreement data. */
    lastFetchedAt: z.iso.datetime().nullable(),
  }),
);
export type TLeasingCompany = z.infer<typeof zLeasingCompany>;

const zLeasingCompanyOption = lazy(() => z.object({ id: z.uuid(), companyName: z.string() }));
export type TLeasingCompanyOption = z.infer<typeof zLeasingCompanyOption>;

const zLeasingCompaniesQuery = lazy(() =>
  z.object({
    /** "true": only the active companies, as `{ id, companyName }` options. */
    forDropdown: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
  }),
);

/** The full list, or with forDropdown=true the active companies' options. */
const zLeasingCompanies = lazy(() =>
  z.object({
    leasingCompanies: z.array(z.union([zLeasingCompany, zLeasingCompanyOption])),
  }),
);
export const zLeasingCompanyList = lazy(() => z.object({ leasingCompanies: z.array(zLeasingCompany) }));
export const zLeasingCompanyOptions = lazy(() =>
  z.object({ leasingCompanies: z.array(zLeasingCompanyOption) }),
);
export type TLeasingCompanyList = z.infer<typeof zLeasingCompanyList>;
export type TLeasingCompanyOptions = z.infer<typeof zLeasingCompanyOptions>;

/**
 * The leasing company's e-invoice address and its operator's ID, as for an employer's company (spaces
 * may be typed); empty or null for none. An e-invoice needs both, so one is never kept without the other.
 */
export const E_INVOICE_PAIR_MESSAGE = "Give both the e-invoice address and the operator";
export const zLeasingCompanyEInvoiceInput = lazy(() =>
  z
    .object({ eInvoiceAddress: zOptionalEInvoiceAddress, eInvoiceOperator: zOptionalEInvoiceOperator })
    .superRefine((input, issues) => {
      const address = Boolean(input.eInvoiceAddress?.trim());
      const operator = Boolean(input.eInvoiceOperator?.trim());
      if (address === operator) return;
      const path = [address ? "eInvoiceOperator" : "eInvoiceAddress"];
      issues.addIssue({ code: "custom", path, message: E_INVOICE_PAIR_MESSAGE });
    }),
);
export type TLeasingCompanyEInvoiceInput = z.infer<typeof zLeasingCompanyEInvoiceInput>;

const zLeasingCompanyIdParams = lazy(() => z.object({ id: z.uuid() }));

export const zLastFetchTime = lazy(() => z.object({ lastFetchTime: z.iso.datetime().nullable() }));
export type TLastFetchTime = z.infer<typeof zLastFetchTime>;

export const leasingCompaniesApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/leasing-companies",
    summary: "Leasing companies by name (forDropdown=true: only the active ones, as { id, companyName })",
    query: zLeasingCompaniesQuery,
    response: zLeasingCompanies,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: "GET",
    path: "/leasing-companies/:id",
    summary: "A leasing company",
    params: zLeasingCompanyIdParams,
    response: zLeasingCompany,
    errors: [400, 401, 403, 404],
  }),
  setEInvoice: endpoint({
    method: "PUT",
    path: "/leasing-companies/:id/e-invoice",
    summary: "Set where Pedaali's e-invoices to a leasing company go: its e-invoice address and operator",
    params: zLeasingCompanyIdParams,
    body: zLeasingCompanyEInvoiceInput,
    response: zLeasingCompany,
    errors: [400, 401, 403, 404],
  }),
  lastFetchTime: endpoint({
    method: "GET",
    path: "/last-fetch-time",
    summary: "When the leasing companies' data was last fetched (the latest of all; null when never)",
    response: zLastFetchTime,
    errors: [401, 403],
  }),
}));
