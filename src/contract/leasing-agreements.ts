import { z } from "zod";
import { REQUEST_STATUSES_WITH_SIGNED } from "../domain/enums.ts";
import { AGREEMENT_PHASES } from "../domain/lease-dates.ts";
import { LEASE_TAX_KINDS } from "../domain/payroll/tax-rules.ts";
import { zPage, zPageQuery } from "./common.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * Leasing agreements (docs/data-model.md "Leasing agreement", docs/api-surface.md "Leasing"). leasing.read; the admin tier sees all,
 * an employer manager their companies' (another tenant's agreement is 404).
 *
 * - GET /api/leasing-agreements/list with searchEmail, searchEmployeeNumber, searchName, status, page,
 *   limit → the default page of `zLeasingAgreement`, newest first; every search is trimmed and matches
 *   a part (the employee number from its start);
 * - GET /api/leasing-agreements/{id} → the agreement.
 *
 * Each agreement answers its tax regime from its commitment date (or, before approval, its start date):
 * committed on or before 23.4.2025 keeps the exemption ("tax-free until" the end of the lease, at most
 * five years), in 24.4.-31.12.2025 tax-free in 2025 only, later taxable (ADR 008).
 */

const search = lazy(() => zSingleLineText({ max: 100 }).optional());

const zLeasingAgreementsQuery = lazy(() =>
  zPageQuery.extend({
    searchEmail: search,
    searchEmployeeNumber: search,
    searchName: search,
    status: z.enum(REQUEST_STATUSES_WITH_SIGNED).optional(),
  }),
);
export type TLeasingAgreementsQuery = z.infer<typeof zLeasingAgreementsQuery>;

/**
 * What applies to the lease's taxation, as every view shows an order's tax line (leaseTax of the tax
 * rules, from the lease's own commitment and start dates): unknown, taxable, tax-free to a day, or
 * tax-free to a day and taxable from the next.
 */
export const zLeaseTax = lazy(() =>
  z.object({
    kind: z.enum(LEASE_TAX_KINDS),
    taxFreeUntil: z.string().nullable(),
    taxableFrom: z.string().nullable(),
  }),
);
export type TLeaseTax = z.infer<typeof zLeaseTax>;

export const zLeasingAgreement = lazy(() =>
  z.object({
    id: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.int(),
    /** null until the agreement is sent for signing. */
    status: z.enum(REQUEST_STATUSES_WITH_SIGNED).nullable(),
    /**
     * Where the agreement is in its life (src/domain/lease-dates.ts agreementPhase): DRAFT, SIGNED,
     * PENDING, REJECTED, ACCEPTED, then ACTIVE between its start and end date, and ENDED after.
     */
    phase: z.enum(AGREEMENT_PHASES),
    agreementNumber: z.string().nullable(),
    leasingCompany: z.object({ id: z.uuid(), companyName: z.string() }),
    company: z.object({ companyId: z.uuid(), name: z.string() }),
    employee: z.object({
      beneficiaryEmployeeId: z.uuid(),
      name: z.string(),
      email: z.string(),
      employeeNumber: z.string().nullable(),
    }),
    leaseTimeMonths: z.int(),
    monthlyPaymentCents: z.int(),
    totalPriceCents: z.int(),
    residualValueCents: z.int().nullable(),
    commitmentDate: z.string().nullable(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    taxRegime: z.enum(["GRANDFATHERED", "EXEMPT_2025_ONLY", "TAXABLE"]).nullable(),
    tax: zLeaseTax,
    signedAt: z.iso.datetime().nullable(),
    rejectedAt: z.iso.datetime().nullable(),
    rejectionReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TLeasingAgreement = z.infer<typeof zLeasingAgreement>;
export const zLeasingAgreementPage = lazy(() => zPage(zLeasingAgreement));

export const zLeasingAgreementIdParams = lazy(() => z.object({ id: z.uuid() }));

/** The agreements of leasing.read: the admin tier all, an employer manager their companies'. */
export const leasingAgreementsApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/leasing-agreements/list",
    summary: "Leasing agreements newest first, searched by e-mail, employee number or name, and by status",
    query: zLeasingAgreementsQuery,
    response: zLeasingAgreementPage,
    errors: [400, 401, 403],
  }),
  get: endpoint({
    method: "GET",
    path: "/leasing-agreements/:id",
    summary: "A leasing agreement with its tax regime",
    params: zLeasingAgreementIdParams,
    response: zLeasingAgreement,
    errors: [400, 401, 403, 404],
  }),
}));
