import { z } from "zod";
import { zBikePolicy, zBikePolicyInput, zCodeMessage, zCompanyUnit, zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * A company's settings beside its details (docs/api-surface.md "Companies"): its units, the recipients of its (and its
 * group's) payroll report, and its bike policy. The admin's company page and the employer's
 * /yritys-asetukset both use these calls.
 */

// ---- Company units -----------------------------------------------------------------------------------

export const zCreateCompanyUnit = lazy(() =>
  z.object({
    unit: z.object({ unitName: zSingleLineText({ min: 1, max: 100 }) }),
    companyId: z.uuid(),
  }),
);
export type TCreateCompanyUnit = z.infer<typeof zCreateCompanyUnit>;
const zUpdateCompanyUnit = lazy(() => z.object({ unitName: zSingleLineText({ min: 1, max: 100 }) }));
const zUnitIdParams = lazy(() => z.object({ unitId: z.uuid() }));
export const zCompanyUnitResponse = lazy(() =>
  z.object({ code: z.string(), unit: z.object({ data: zCompanyUnit }) }),
);

// ---- Payroll report recipients -------------------------------------------------------------------------

const zPayrollRecipient = lazy(() =>
  z.object({
    userId: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
  }),
);
export type TPayrollRecipient = z.infer<typeof zPayrollRecipient>;

/** POST body: `{ userIds }`, or the earlier variant `{ userId }`. */
const zAddPayrollRecipients = lazy(() =>
  z.union([z.object({ userIds: z.array(z.uuid()).min(1).max(100) }), z.object({ userId: z.uuid() })]),
);
export type TAddPayrollRecipients = z.infer<typeof zAddPayrollRecipients>;
const zRecipientParams = lazy(() => z.object({ id: z.uuid(), userId: z.uuid() }));
export const zCompanyRecipients = lazy(() => z.object({ recipients: z.array(zPayrollRecipient) }));
export const zGroupRecipients = lazy(() => z.object({ data: z.array(zPayrollRecipient) }));

/** The calls of company units, payroll report recipients and bike policies. */
export const companySettingsApi = lazy(() => ({
  unitCreate: endpoint({
    method: "POST",
    path: "/company-unit",
    summary: "Add a unit to a company (answer in unit.data)",
    body: zCreateCompanyUnit,
    status: 201,
    response: zCompanyUnitResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  unitRename: endpoint({
    method: "PATCH",
    path: "/company-unit/:unitId",
    summary: "Rename a company unit",
    params: zUnitIdParams,
    body: zUpdateCompanyUnit,
    response: zCompanyUnitResponse,
    errors: [400, 401, 403, 404, 409],
  }),
  unitRemove: endpoint({
    method: "DELETE",
    path: "/company-unit/:unitId",
    summary: "Delete a company unit no employee belongs to",
    params: zUnitIdParams,
    response: zCodeMessage,
    errors: [400, 401, 403, 404, 409],
  }),
  recipients: endpoint({
    method: "GET",
    path: "/companies/:id/payroll-recipients",
    summary: "The company's payroll report recipients",
    params: zIdParams,
    response: zCompanyRecipients,
    errors: [400, 401, 403, 404],
  }),
  addRecipients: endpoint({
    method: "POST",
    path: "/companies/:id/payroll-recipients",
    summary: "Add payroll report recipients ({ userIds } or { userId })",
    params: zIdParams,
    body: zAddPayrollRecipients,
    response: zCompanyRecipients,
    errors: [400, 401, 403, 404],
  }),
  addRecipient: endpoint({
    method: "PATCH",
    path: "/companies/:id/payroll-recipients/:userId",
    summary: "Add one payroll report recipient",
    params: zRecipientParams,
    response: zCompanyRecipients,
    errors: [400, 401, 403, 404],
  }),
  removeRecipient: endpoint({
    method: "DELETE",
    path: "/companies/:id/payroll-recipients/:userId",
    summary: "Remove a payroll report recipient",
    params: zRecipientParams,
    response: zCompanyRecipients,
    errors: [400, 401, 403, 404],
  }),
  groupRecipients: endpoint({
    method: "GET",
    path: "/group-companies/:id/payroll-recipients",
    summary: "The group's payroll report recipients (in data)",
    params: zIdParams,
    response: zGroupRecipients,
    errors: [400, 401, 403, 404],
  }),
  groupAddRecipients: endpoint({
    method: "POST",
    path: "/group-companies/:id/payroll-recipients",
    summary: "Add the group's payroll report recipients ({ userIds } or { userId })",
    params: zIdParams,
    body: zAddPayrollRecipients,
    response: zGroupRecipients,
    errors: [400, 401, 403, 404],
  }),
  groupAddRecipient: endpoint({
    method: "PATCH",
    path: "/group-companies/:id/payroll-recipients/:userId",
    summary: "Add one payroll report recipient of the group",
    params: zRecipientParams,
    response: zGroupRecipients,
    errors: [400, 401, 403, 404],
  }),
  groupRemoveRecipient: endpoint({
    method: "DELETE",
    path: "/group-companies/:id/payroll-recipients/:userId",
    summary: "Remove a payroll report recipient of the group",
    params: zRecipientParams,
    response: zGroupRecipients,
    errors: [400, 401, 403, 404],
  }),
  bikePolicy: endpoint({
    method: "GET",
    path: "/bike-policy/company/:id",
    summary: "The company's bike policy (404 BIKE_POLICY_NOT_SET until one is saved)",
    params: zIdParams,
    response: zBikePolicy,
    errors: [400, 401, 403, 404],
  }),
  saveBikePolicy: endpoint({
    method: "PUT",
    path: "/bike-policy/company/:id",
    summary: "Save the company's bike policy",
    params: zIdParams,
    body: zBikePolicyInput,
    response: zBikePolicy,
    errors: [400, 401, 403, 404],
  }),
  userBikePolicy: endpoint({
    method: "GET",
    path: "/bike-policy/user",
    summary: "The caller's bike policy: their own, else their company's (404 BIKE_POLICY_NOT_SET)",
    response: zBikePolicy,
    errors: [400, 401, 403, 404],
  }),
}));
