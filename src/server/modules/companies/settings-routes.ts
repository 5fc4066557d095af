import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zAddPayrollRecipients,
  zBikePolicy,
  zBikePolicyInput,
  zCodeMessage,
  zCompanyRecipients,
  zCompanyUnitResponse,
  zCreateCompanyUnit,
  zGroupRecipients,
  zIdParams,
  zRecipientParams,
  zUnitIdParams,
  zUpdateCompanyUnit,
} from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createBikePolicyService } from "./bike-policy.ts";
import { createPayrollRecipientsService } from "./payroll-recipients.ts";
import { createUnitsService } from "./units.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/**
 * What an employer keeps of its company (SPEC §7): company units, payroll report recipients of a
 * company or a group, and the bike policy. Registered by companiesRoutes.
 */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const units = createUnitsService(ctx);
  const recipients = createPayrollRecipientsService(ctx);
  const policies = createBikePolicyService(ctx);
  const guards = createGuards(ctx);
  const settings = guards.permission("company-settings.manage");
  const payroll = guards.permission("payroll-recipients.manage");
  const tags = ["companies"];

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
