import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zCodeMessage,
  zCompaniesListResponse,
  zCompaniesQuery,
  zCompanyDetails,
  zCompanyOrdersPage,
  zCompanyOrdersQuery,
  zCompanySettingsInput,
  zCreateCompany,
  zGroupCompaniesPage,
  zGroupCompaniesQuery,
  zGroupCompany,
  zGroupCompanyInput,
  zIdParams,
  zUpdateCompany,
} from "../../../contract/companies.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { createGroupCompaniesService } from "./group-companies.ts";
import { createCompaniesService } from "./service.ts";
import { companySettingsRoutes } from "./settings-routes.ts";

const errors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...errors, 409: zErrorResponse };

/**
 * Companies and group companies (SPEC §7; the contract's header lists every call with its answers).
 * The settings an employer keeps of its company (units, payroll report recipients, the bike policy)
 * are registered from settings-routes.ts.
 */
export const companiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const companies = createCompaniesService(ctx);
  const groups = createGroupCompaniesService(ctx);
  const guards = createGuards(ctx);
  const read = guards.permission("companies.read");
  const manage = guards.permission("companies.manage");
  const settings = guards.permission("company-settings.manage");
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

  await app.register(companySettingsRoutes, { ctx });
};
