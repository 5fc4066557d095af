import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_MODES, POLICY_ELIGIBILITIES, PREVIOUS_PROVIDERS } from "../domain/enums.ts";
import { zPage, zPageQuery } from "./common.ts";
import {
  zBusinessId,
  zEuros,
  zOptionalEInvoiceAddress,
  zOptionalEInvoiceOperator,
  zOptionalPhoneNumber,
  zPostalCode,
} from "./company-fields.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zBooleanString, zEmailAddress } from "./system-users.ts";
import { zMultiLineText, zOptionalSingleLineText, zSingleLineText } from "./text.ts";
import { zPercent } from "./values.ts";

/**
 * Companies, group companies, company units and payroll report recipients (docs/data-model.md "Company", "Group
 * company", "Payroll report recipient"; docs/api-surface.md "Companies", "Group companies", "Company units"; docs/product.md "Errors" company
 * flow codes). Money crosses the API in euros with two decimals (maxPrice 4500 = 4 500,00 €), as the
 * max-price calls do; the database keeps cents.
 *
 * Companies (companies.read to list and read, companies.manage to change; employer roles see only
 * their own companies, another tenant's company is 404):
 * - GET /api/companies — `zCompaniesQuery`; 200 list envelope of `zCompanyListItem`, or of
 *   `zCompanyName` when `names=true` (dropdowns).
 * - GET /api/companies/{id} — 200 `zCompanyDetails`.
 * - POST /api/companies — `zCreateCompany`; 201 `zCompanyDetails`. 409 GROUP_COMPANY_EXISTS_ERROR when
 *   `newGroupCompanyName` is taken; 409 BUSINESS_ID_TAKEN when another live company has the business
 *   ID. The optional `admin` becomes the company's EMPLOYER_ADMIN: a new account gets a set-password
 *   link by e-mail; when the e-mail already has an account, that user gets the role (no mail).
 *   groupCompanyId, leasingCompanyId or billingTableId that does not exist: 400 with the field.
 *   Logs COMPANY_CREATED (and USER_CREATED or USER_ROLE_ASSIGNED for the admin).
 * - PUT /api/companies/{id} — `zUpdateCompany`; 200 `zCompanyDetails` (409 as above). A field left out
 *   keeps its value; null or "" clears it. Logs COMPANY_UPDATED with the changed field names.
 * - PUT /api/companies/{id}/settings — `zCompanySettingsInput`; 200 `zCompanyDetails`. What the employer
 *   sets of its own company (company-settings.manage: the employer admin and the group admin, in
 *   scope): the max price of a bike package and the billing address of the monthly lease invoice (billing
 *   e-mail, e-invoice address and operator); a field left out keeps its value. Logs COMPANY_UPDATED with
 *   the changed field names.
 * - DELETE /api/companies/{id} — soft delete; 200 `{ code: "COMPANY_DELETED", message }`; 409
 *   COMPANY_HAS_ACTIVE_LEASES while any order of the company is in `ACTIVE_LEASE_STATUSES`. The
 *   company's role assignments (user_roles) are removed with it, so nobody keeps access through it.
 * - GET /api/companies/{id}/orders — `zCompanyOrdersQuery`; 200 list envelope of `zCompanyOrder`
 *   (the company page's orders and leases), newest first; orders.read.
 *
 * Group companies (same permissions; an employer role sees a group only when one of its companies is
 * in it, and only those of the group's companies that it sees):
 * - GET /api/group-companies — page query + `forDropdown=true` (id and name only); list envelope of
 *   `zGroupCompany`. GET /api/group-companies/{id} → `zGroupCompany`.
 * - POST /api/group-companies `zGroupCompanyInput` → 201 `zGroupCompany` (409 GROUP_COMPANY_EXISTS_ERROR);
 *   PUT /api/group-companies/{id} → 200 `zGroupCompany`; DELETE → `{ code: "GROUP_COMPANY_DELETED",
 *   message }` (its companies stay, without a group).
 *
 * Company units (company-settings.manage, in scope):
 * - POST /api/company-unit `{ unit: { unitName }, companyId }` → 201 `{ code: "COMPANY_UNIT_CREATED",
 *   unit: { data: zCompanyUnit } }` (SPEC: response unit.data); 409 UNIT_NAME_TAKEN.
 * - PATCH /api/company-unit/{unitId} `{ unitName }` → `{ code: "COMPANY_UNIT_UPDATED", unit: { data } }`.
 * - DELETE /api/company-unit/{unitId} → `{ code: "COMPANY_UNIT_DELETED", message }`; 409 UNIT_IN_USE
 *   while an employee belongs to the unit.
 *
 * Payroll report recipients (payroll-recipients.manage, in scope; a group's recipients: the admin tier
 * and the group's group admins, else 404); the recipient must hold an employer role (EMPLOYER_*) in
 * the company (group: in one of the group's companies), else 400 with the field:
 * - GET /api/companies/{id}/payroll-recipients → `{ recipients: zPayrollRecipient[] }`.
 * - POST /api/companies/{id}/payroll-recipients `{ userIds }` (or the earlier `{ userId }`) →
 *   `{ recipients }` after the change (adding one twice is no change).
 * - PATCH /api/companies/{id}/payroll-recipients/{userId} (adds one) and DELETE the same path (removes
 *   it) → `{ recipients }`.
 * - The same four under /api/group-companies/{id}/payroll-recipients answer `{ data: [...] }`.
 */

/** The order statuses of a live lease (the rule lives in the domain). */
export { ACTIVE_LEASE_STATUSES } from "../domain/companies.ts";

/** An optional text field: empty string and null both mean none. */
const optionalText = zOptionalSingleLineText;

const zCompaniesQuery = lazy(() =>
  zPageQuery.extend({
    /** true: only companies that belong to a group; false: only companies without one. */
    groupCompany: zBooleanString.optional(),
    /** true: answer `{ id, name }` items only, for dropdowns (limit up to 500). */
    names: zBooleanString.optional(),
    /** Companies where this user holds a role (the admin's "companies of a user"). */
    userId: z.uuid().optional(),
    /** true: only the caller's own companies (where they hold a role), even for the admin tier. */
    filtered: zBooleanString.optional(),
    groupCompanyId: z.uuid().optional(),
    /** Name or business ID contains; trimmed, empty = no filter. */
    search: zSingleLineText({ max: 100 }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(20),
  }),
);
export type TCompaniesQuery = z.infer<typeof zCompaniesQuery>;

const zCompanyName = lazy(() => z.object({ id: z.uuid(), name: z.string() }));
export type TCompanyName = z.infer<typeof zCompanyName>;

const zCompanyListItem = lazy(() =>
  z.object({
    id: z.uuid(),
    name: z.string(),
    businessId: z.string().nullable(),
    groupCompanyId: z.uuid().nullable(),
    groupCompanyName: z.string().nullable(),
    city: z.string().nullable(),
    /** Beneficiary employees of the company whose employment is ACCEPTED. */
    employeeCount: z.int(),
    /** Orders in ACTIVE_LEASE_STATUSES. */
    activeLeaseCount: z.int(),
    maxPrice: z.number().nullable(),
    previousProvider: z.enum(PREVIOUS_PROVIDERS).nullable(),
    /** False when the company has neither an e-invoice address nor a billing e-mail: its lease invoice reaches no one. */
    hasBillingAddress: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type TCompanyListItem = z.infer<typeof zCompanyListItem>;
export const zCompaniesPage = lazy(() => zPage(zCompanyListItem));
export const zCompanyNamesPage = lazy(() => zPage(zCompanyName));
/** GET /api/companies answers either list: names=true the names, else the full items. */
const zCompaniesListResponse = lazy(() => z.union([zCompaniesPage, zCompanyNamesPage]));

export const zCompanyUnit = lazy(() =>
  z.object({
    unitId: z.uuid(),
    unitName: z.string(),
    companyId: z.uuid(),
    /** Employees in the unit: a unit in use cannot be deleted. */
    employeeCount: z.int(),
  }),
);
export type TCompanyUnit = z.infer<typeof zCompanyUnit>;

/**
 * A company's bike policy (docs/api-surface.md "Bike policy"): GET /api/bike-policy/company/{id} → `zBikePolicy`
 * or 404 BIKE_POLICY_NOT_SET; PUT the same path `zBikePolicyInput` → `zBikePolicy`
 * (company-settings.manage, in scope); GET /api/bike-policy/user → the caller's policy (their
 * override, else their company's; 404 when none). `eligibility` says who may order (every accepted
 * employee, or only those past their trial period: `isEligibleToOrder` of src/domain/employees.ts),
 * `eligibilityNote` adds terms in the employer's words; a PUT without them saves ALL_EMPLOYEES and no note.
 */
export const zBikePolicy = lazy(() =>
  z.object({
    companyId: z.uuid(),
    minLeaseTimeMonths: z.int(),
    maxLeaseTimeMonths: z.int(),
    requiresEmployerApproval: z.boolean(),
    eligibility: z.enum(POLICY_ELIGIBILITIES),
    eligibilityNote: z.string().nullable(),
    accessoriesAllowed: z.boolean(),
    maintenanceIncluded: z.boolean(),
    insuranceRequired: z.boolean(),
    policyText: z.string().nullable(),
  }),
);
export type TBikePolicy = z.infer<typeof zBikePolicy>;

const zLeaseMonths = lazy(() => z.int().min(12).max(60));
export const zBikePolicyInput = lazy(() =>
  z
    .object({
      minLeaseTimeMonths: zLeaseMonths,
      maxLeaseTimeMonths: zLeaseMonths,
      requiresEmployerApproval: z.boolean(),
      eligibility: z.enum(POLICY_ELIGIBILITIES).default("ALL_EMPLOYEES"),
      eligibilityNote: z.union([zMultiLineText({ max: 1000 }), z.null()]).optional(),
      accessoriesAllowed: z.boolean(),
      maintenanceIncluded: z.boolean(),
      insuranceRequired: z.boolean(),
      policyText: z.union([zMultiLineText({ max: 5000 }), z.null()]).optional(),
    })
    .refine((p) => p.minLeaseTimeMonths <= p.maxLeaseTimeMonths, {
      message: "The shortest lease period cannot exceed the longest",
      path: ["maxLeaseTimeMonths"],
    }),
);
export type TBikePolicyInput = z.infer<typeof zBikePolicyInput>;

export const zCompanyDetails = lazy(() =>
  z.object({
    companyId: z.uuid(),
    name: z.string(),
    businessId: z.string().nullable(),
    groupCompanyId: z.uuid().nullable(),
    groupCompanyName: z.string().nullable(),
    countryCode: z.string(),
    /** The company's own VAT value; null = its country's current rate. */
    vatPercent: z.number().nullable(),
    maxPrice: z.number().nullable(),
    paymentMode: z.enum(PAYMENT_MODES),
    leasingCompanyId: z.uuid().nullable(),
    billingTableId: z.uuid().nullable(),
    streetAddress: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    billingEmail: z.string().nullable(),
    eInvoiceAddress: z.string().nullable(),
    eInvoiceOperator: z.string().nullable(),
    /** False when the company has neither an e-invoice address nor a billing e-mail: its lease invoice reaches no one. */
    hasBillingAddress: z.boolean(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhoneNumber: z.string().nullable(),
    previousProvider: z.enum(PREVIOUS_PROVIDERS).nullable(),
    companyUnits: z.array(zCompanyUnit),
    employeeCount: z.int(),
    activeLeaseCount: z.int(),
    /** The company's bike policy (null until one is saved). */
    bikePolicy: zBikePolicy.nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  }),
);
export type TCompanyDetails = z.infer<typeof zCompanyDetails>;

/** The fields a company is created and updated with. */
const companyFields = lazy(() => ({
  name: zSingleLineText({ min: 2, max: 200 }),
  businessId: zBusinessId,
  /** An existing group; leave out or null for none. */
  groupCompanyId: z.uuid().nullable().optional(),
  /** Creates a new group company and puts the company in it (409 GROUP_COMPANY_EXISTS_ERROR if taken). */
  newGroupCompanyName: zSingleLineText({ min: 2, max: 200 }).optional(),
  vatPercent: zPercent.nullable().optional(),
  maxPrice: zEuros.nullable().optional(),
  paymentMode: z.enum(PAYMENT_MODES).optional(),
  leasingCompanyId: z.uuid().nullable().optional(),
  billingTableId: z.uuid().nullable().optional(),
  streetAddress: optionalText(200),
  postalCode: z.union([zPostalCode, z.literal(""), z.null()]).optional(),
  city: optionalText(100),
  billingEmail: z.union([zEmailAddress, z.literal(""), z.null()]).optional(),
  eInvoiceAddress: zOptionalEInvoiceAddress,
  eInvoiceOperator: zOptionalEInvoiceOperator,
  contactName: optionalText(200),
  contactEmail: z.union([zEmailAddress, z.literal(""), z.null()]).optional(),
  contactPhoneNumber: zOptionalPhoneNumber,
  previousProvider: z.enum(PREVIOUS_PROVIDERS).nullable().optional(),
}));

export const zCreateCompany = lazy(() =>
  z.object({
    ...companyFields,
    /** Unit names created with the company. */
    unitNames: z
      .array(zSingleLineText({ min: 1, max: 100 }))
      .max(100)
      .optional(),
    /** The company's first employer admin: a new account gets the role and a set-password link by e-mail. */
    admin: z
      .object({
        firstName: zSingleLineText({ min: 1, max: 100 }),
        lastName: zSingleLineText({ min: 1, max: 100 }),
        email: zEmailAddress,
        phoneNumber: zOptionalPhoneNumber,
      })
      .optional(),
  }),
);
export type TCreateCompany = z.infer<typeof zCreateCompany>;

export const zUpdateCompany = lazy(() => z.object(companyFields));
export type TUpdateCompany = z.infer<typeof zUpdateCompany>;

/**
 * PUT /api/companies/{id}/settings: the employer's own settings of its company; a field left out keeps
 * its value, and a body that changes nothing is refused at the first field.
 */
export const zCompanySettingsInput = lazy(() =>
  z
    .object({
      /** The max price of a bike package in euros; null = no limit. Left out: kept as it is. */
      maxPrice: zEuros.nullable().optional(),
      /** Where the monthly lease invoice is mailed; "" or null clears it. Left out: kept as it is. */
      billingEmail: companyFields.billingEmail,
      /** The company's e-invoice address and its operator, for the lease invoice as a Finvoice. */
      eInvoiceAddress: zOptionalEInvoiceAddress,
      eInvoiceOperator: zOptionalEInvoiceOperator,
    })
    .refine((settings) => Object.values(settings).some((value) => value !== undefined), {
      message: "Give the max price or a billing address to change",
      path: ["maxPrice"],
    }),
);
export type TCompanySettingsInput = z.infer<typeof zCompanySettingsInput>;

export const zIdParams = lazy(() => z.object({ id: z.uuid() }));

/** `{ code, message }`: the docs/product.md "Errors" response codes of the company flows. */
export const zCodeMessage = lazy(() => z.object({ code: z.string(), message: z.string() }));

export const zCompanyOrdersQuery = lazy(() =>
  zPageQuery.extend({
    /** true: only orders in ACTIVE_LEASE_STATUSES (the company's leases). */
    activeLeases: zBooleanString.optional(),
  }),
);
export type TCompanyOrdersQuery = z.infer<typeof zCompanyOrdersQuery>;

const zCompanyOrder = lazy(() =>
  z.object({
    orderId: z.uuid(),
    orderNumber: z.int(),
    orderStatus: z.enum(ORDER_STATUSES),
    employeeName: z.string(),
    totalPrice: z.number(),
    monthlyPayment: z.number().nullable(),
    leaseTimeMonths: z.int().nullable(),
    /** The leasing agreement's start and end (YYYY-MM-DD), when it has them. */
    leaseStartDate: z.string().nullable(),
    leaseEndDate: z.string().nullable(),
    createdAt: z.iso.datetime(),
  }),
);
export type TCompanyOrder = z.infer<typeof zCompanyOrder>;
export const zCompanyOrdersPage = lazy(() => zPage(zCompanyOrder));

// ---- Group companies -------------------------------------------------------------------------------

export const zGroupCompaniesQuery = lazy(() =>
  zPageQuery.extend({
    forDropdown: zBooleanString.optional(),
    search: zSingleLineText({ max: 100 }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(20),
  }),
);
export type TGroupCompaniesQuery = z.infer<typeof zGroupCompaniesQuery>;

export const zGroupCompany = lazy(() =>
  z.object({
    groupCompanyId: z.uuid(),
    name: z.string(),
    businessId: z.string().nullable(),
    /** Empty with forDropdown=true. */
    companies: z.array(zCompanyName),
  }),
);
export type TGroupCompany = z.infer<typeof zGroupCompany>;
export const zGroupCompaniesPage = lazy(() => zPage(zGroupCompany));

export const zGroupCompanyInput = lazy(() =>
  z.object({
    name: zSingleLineText({ min: 2, max: 200 }),
    businessId: z.union([zBusinessId, z.literal(""), z.null()]).optional(),
  }),
);
export type TGroupCompanyInput = z.infer<typeof zGroupCompanyInput>;

/** The calls of companies, group companies, company units, payroll report recipients and bike policies. */
export const companiesApi = lazy(() => ({
  list: endpoint({
    method: "GET",
    path: "/companies",
    summary: "Companies in the caller's scope with counts (names=true: id and name only)",
    query: zCompaniesQuery,
    response: zCompaniesListResponse,
    errors: [400, 401, 403, 404],
  }),
  get: endpoint({
    method: "GET",
    path: "/companies/:id",
    summary: "A company with its units, counts and bike policy",
    params: zIdParams,
    response: zCompanyDetails,
    errors: [400, 401, 403, 404],
  }),
  create: endpoint({
    method: "POST",
    path: "/companies",
    summary: "Create a company (with a new group, units and its first employer admin if given)",
    body: zCreateCompany,
    status: 201,
    response: zCompanyDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  update: endpoint({
    method: "PUT",
    path: "/companies/:id",
    summary: "Update a company (fields left out keep their value)",
    params: zIdParams,
    body: zUpdateCompany,
    response: zCompanyDetails,
    errors: [400, 401, 403, 404, 409],
  }),
  updateSettings: endpoint({
    method: "PUT",
    path: "/companies/:id/settings",
    summary:
      "The employer's own settings of its company: the max price of a bike package and the billing address of the monthly lease invoice",
    params: zIdParams,
    body: zCompanySettingsInput,
    response: zCompanyDetails,
    errors: [400, 401, 403, 404],
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/companies/:id",
    summary: "Delete a company without active leases (soft delete; its role assignments end)",
    params: zIdParams,
    response: zCodeMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  orders: endpoint({
    method: "GET",
    path: "/companies/:id/orders",
    summary: "The company's orders and leases, newest first",
    params: zIdParams,
    query: zCompanyOrdersQuery,
    response: zCompanyOrdersPage,
    errors: [400, 401, 403, 404],
  }),
  groupList: endpoint({
    method: "GET",
    path: "/group-companies",
    summary: "Group companies the caller sees (forDropdown=true: without their companies)",
    query: zGroupCompaniesQuery,
    response: zGroupCompaniesPage,
    errors: [400, 401, 403, 404],
  }),
  groupGet: endpoint({
    method: "GET",
    path: "/group-companies/:id",
    summary: "A group company with its companies",
    params: zIdParams,
    response: zGroupCompany,
    errors: [400, 401, 403, 404],
  }),
  groupCreate: endpoint({
    method: "POST",
    path: "/group-companies",
    summary: "Create a group company",
    body: zGroupCompanyInput,
    status: 201,
    response: zGroupCompany,
    errors: [400, 401, 403, 404, 409],
  }),
  groupUpdate: endpoint({
    method: "PUT",
    path: "/group-companies/:id",
    summary: "Rename a group company or change its business ID",
    params: zIdParams,
    body: zGroupCompanyInput,
    response: zGroupCompany,
    errors: [400, 401, 403, 404, 409],
  }),
  groupRemove: endpoint({
    method: "DELETE",
    path: "/group-companies/:id",
    summary: "Delete a group company; its companies stay, without a group",
    params: zIdParams,
    response: zCodeMessage,
    errors: [400, 401, 403, 404],
  }),
}));
