import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zAddPayrollRecipients,
  zBikePolicy,
  zBikePolicyInput,
  zCodeMessage,
  zCompaniesListResponse,
  zCompaniesQuery,
  zCompanyDetails,
  zCompanyOrdersPage,
  zCompanyOrdersQuery,
  zCompanyRecipients,
  zCompanySettingsInput,
  zCompanyUnitResponse,
  zCreateCompany,
  zCreateCompanyUnit,
  zGroupCompaniesPage,
  zGroupCompaniesQuery,
  zGroupCompany,
  zGroupCompanyInput,
  zGroupRecipients,
  zIdParams,
  zRecipientParams,
  zUnitIdParams,
  zUpdateCompany,
  zUpdateCompanyUnit,
} from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createBikePolicyService } from "./bike-policy.ts";
import { createGroupCompaniesService } from "./group-companies.ts";
import { createPayrollRecipientsService } from "./payroll-recipients.ts";
import { createCompaniesService } from "./service.ts";
import { createUnitsService } from "./units.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/**
 * Companies, group companies, company units, payroll report recipients and bike policies (SPEC §7;
 * the contract's header lists every call with its answers).
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const companies = createCompaniesService(ctx);
  const groups = createGroupCompaniesService(ctx);
  const units = createUnitsService(ctx);
  const recipients = createPayrollRecipientsService(ctx);
  const policies = createBikePolicyService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("companies.read");
  const manage = guards.permission("companies.manage");
  const settings = guards.permission("company-settings.manage");
  const payroll = guards.permission("payroll-recipients.manage");
  const tags = ["companies"];

  // ---- Companies ------------------------------------------------------------------------------------

  app.get(
    "/companies",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Companies in the caller's scope with counts (names=true: id and name only)",
        querystring: zCompaniesQuery,
        response: { 200: zCompaniesListResponse, ...errors },
      },
    },
    async (request) => companies.list(currentUser(request), request.query),
  );

  app.get(
    "/companies/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A company with its units, counts and bike policy",
        params: zIdParams,
        response: { 200: zCompanyDetails, ...errors },
      },
    },
    async (request) => companies.get(currentUser(request), request.params.id),
  );

  app.post(
    "/companies",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a company (with a new group, units and its first employer admin if given)",
        body: zCreateCompany,
        response: { 201: zCompanyDetails, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await companies.create(currentUser(request), request.body, request.log)),
  );

  app.put(
    "/companies/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Update a company (fields left out keep their value)",
        params: zIdParams,
        body: zUpdateCompany,
        response: { 200: zCompanyDetails, ...writeErrors },
      },
    },
    async (request) => companies.update(currentUser(request), request.params.id, request.body),
  );

  app.put(
    "/companies/:id/settings",
    {
      preHandler: settings,
      schema: {
        tags,
        summary: "The employer's own settings of its company: the max price of a bike package",
        params: zIdParams,
        body: zCompanySettingsInput,
        response: { 200: zCompanyDetails, ...errors },
      },
    },
    async (request) => companies.updateSettings(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/companies/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a company without active leases (soft delete; its role assignments end)",
        params: zIdParams,
        response: { 200: zCodeMessage, ...writeErrors },
      },
    },
    async (request) => companies.remove(currentUser(request), request.params.id),
  );

  app.get(
    "/companies/:id/orders",
    {
      preHandler: guards.permission("orders.read"),
      schema: {
        tags,
        summary: "The company's orders and leases, newest first",
        params: zIdParams,
        querystring: zCompanyOrdersQuery,
        response: { 200: zCompanyOrdersPage, ...errors },
      },
    },
    async (request) => companies.orders(currentUser(request), request.params.id, request.query),
  );

  // ---- Group companies ----------------------------------------------------------------------------------

  app.get(
    "/group-companies",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "Group companies the caller sees (forDropdown=true: without their companies)",
        querystring: zGroupCompaniesQuery,
        response: { 200: zGroupCompaniesPage, ...errors },
      },
    },
    async (request) => groups.list(currentUser(request), request.query),
  );

  app.get(
    "/group-companies/:id",
    {
      preHandler: read,
      schema: {
        tags,
        summary: "A group company with its companies",
        params: zIdParams,
        response: { 200: zGroupCompany, ...errors },
      },
    },
    async (request) => groups.get(currentUser(request), request.params.id),
  );

  app.post(
    "/group-companies",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Create a group company",
        body: zGroupCompanyInput,
        response: { 201: zGroupCompany, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await groups.create(currentUser(request), request.body)),
  );

  app.put(
    "/group-companies/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Rename a group company or change its business ID",
        params: zIdParams,
        body: zGroupCompanyInput,
        response: { 200: zGroupCompany, ...writeErrors },
      },
    },
    async (request) => groups.update(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    "/group-companies/:id",
    {
      preHandler: manage,
      schema: {
        tags,
        summary: "Delete a group company; its companies stay, without a group",
        params: zIdParams,
        response: { 200: zCodeMessage, ...errors },
      },
    },
    async (request) => groups.remove(currentUser(request), request.params.id),
  );

  // ---- Company units --------------------------------------------------------------------------------------

  app.post(
    "/company-unit",
    {
      preHandler: settings,
      schema: {
        tags,
        summary: "Add a unit to a company (answer in unit.data)",
        body: zCreateCompanyUnit,
        response: { 201: zCompanyUnitResponse, ...writeErrors },
      },
    },
    async (request, reply) => reply.code(201).send(await units.create(currentUser(request), request.body)),
  );

  app.patch(
    "/company-unit/:unitId",
    {
      preHandler: settings,
      schema: {
        tags,
        summary: "Rename a company unit",
        params: zUnitIdParams,
        body: zUpdateCompanyUnit,
        response: { 200: zCompanyUnitResponse, ...writeErrors },
      },
    },
    async (request) => units.rename(currentUser(request), request.params.unitId, request.body.unitName),
  );

  app.delete(
    "/company-unit/:unitId",
    {
      preHandler: settings,
      schema: {
        tags,
        summary: "Delete a company unit no employee belongs to",
        params: zUnitIdParams,
        response: { 200: zCodeMessage, ...writeErrors },
      },
    },
    async (request) => units.remove(currentUser(request), request.params.unitId),
  );

  // ---- Payroll report recipients -----------------------------------------------------------------------------

  const company = (id: string) => ({ kind: "company", id }) as const;
  const group = (id: string) => ({ kind: "group", id }) as const;

  app.get(
    "/companies/:id/payroll-recipients",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "The company's payroll report recipients",
        params: zIdParams,
        response: { 200: zCompanyRecipients, ...errors },
      },
    },
    async (request) => ({
      recipients: await recipients.list(currentUser(request), company(request.params.id)),
    }),
  );

  app.post(
    "/companies/:id/payroll-recipients",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Add payroll report recipients ({ userIds } or { userId })",
        params: zIdParams,
        body: zAddPayrollRecipients,
        response: { 200: zCompanyRecipients, ...errors },
      },
    },
    async (request) => ({
      recipients: await recipients.addMany(currentUser(request), company(request.params.id), request.body),
    }),
  );

  app.patch(
    "/companies/:id/payroll-recipients/:userId",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Add one payroll report recipient",
        params: zRecipientParams,
        response: { 200: zCompanyRecipients, ...errors },
      },
    },
    async (request) => ({
      recipients: await recipients.addOne(
        currentUser(request),
        company(request.params.id),
        request.params.userId,
      ),
    }),
  );

  app.delete(
    "/companies/:id/payroll-recipients/:userId",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Remove a payroll report recipient",
        params: zRecipientParams,
        response: { 200: zCompanyRecipients, ...errors },
      },
    },
    async (request) => ({
      recipients: await recipients.removeOne(
        currentUser(request),
        company(request.params.id),
        request.params.userId,
      ),
    }),
  );

  app.get(
    "/group-companies/:id/payroll-recipients",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "The group's payroll report recipients (in data)",
        params: zIdParams,
        response: { 200: zGroupRecipients, ...errors },
      },
    },
    async (request) => ({ data: await recipients.list(currentUser(request), group(request.params.id)) }),
  );

  app.post(
    "/group-companies/:id/payroll-recipients",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Add the group's payroll report recipients ({ userIds } or { userId })",
        params: zIdParams,
        body: zAddPayrollRecipients,
        response: { 200: zGroupRecipients, ...errors },
      },
    },
    async (request) => ({
      data: await recipients.addMany(currentUser(request), group(request.params.id), request.body),
    }),
  );

  app.patch(
    "/group-companies/:id/payroll-recipients/:userId",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Add one payroll report recipient of the group",
        params: zRecipientParams,
        response: { 200: zGroupRecipients, ...errors },
      },
    },
    async (request) => ({
      data: await recipients.addOne(currentUser(request), group(request.params.id), request.params.userId),
    }),
  );

  app.delete(
    "/group-companies/:id/payroll-recipients/:userId",
    {
      preHandler: payroll,
      schema: {
        tags,
        summary: "Remove a payroll report recipient of the group",
        params: zRecipientParams,
        response: { 200: zGroupRecipients, ...errors },
      },
    },
    async (request) => ({
      data: await recipients.removeOne(currentUser(request), group(request.params.id), request.params.userId),
    }),
  );

  // ---- Bike policy ------------------------------------------------------------------------------------------

  app.get(
    "/bike-policy/company/:id",
    {
      preHandler: guards.permission("bike-policy.read"),
      schema: {
        tags,
        summary: "The company's bike policy (404 BIKE_POLICY_NOT_SET until one is saved)",
        params: zIdParams,
        response: { 200: zBikePolicy, ...errors },
      },
    },
    async (request) => policies.ofCompany(currentUser(request), request.params.id),
  );

  app.put(
    "/bike-policy/company/:id",
    {
      preHandler: settings,
      schema: {
        tags,
        summary: "Save the company's bike policy",
        params: zIdParams,
        body: zBikePolicyInput,
        response: { 200: zBikePolicy, ...errors },
      },
    },
    async (request) => policies.save(currentUser(request), request.params.id, request.body),
  );

  app.get(
    "/bike-policy/user",
    {
      preHandler: guards.permission("bike-policy.read"),
      schema: {
        tags,
        summary: "The caller's bike policy: their own, else their company's (404 BIKE_POLICY_NOT_SET)",
        response: { 200: zBikePolicy, ...errors },
      },
    },
    async (request) => policies.ofUser(currentUser(request)),
  );
};
