import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCompanyRegisterLinkRequest,
  zCompanyRegistrationRequest,
  zEmployeeRegistrationRequest,
  zGroupCompanyRegisterLinkRequest,
  zRegisterLinkInfo,
  zRegisterLinkParams,
  zRegisterLinkResponse,
  zRegistrationDone,
} from "../../../contract/registration.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createRegistrationService } from "./service.ts";

/** Anonymous sign-ups per address: an office behind one address may join together, a script may not. */
const employeeLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const companyLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const linkInfoLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const guarded = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };

export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const registration = createRegistrationService(ctx);
  const guards = createGuards(ctx);

  app.post(
    "/register-link/company",
    {
      preHandler: guards.permission("registration-links.create"),
      schema: {
        tags: ["registration"],
        summary: "Make a registration link for one company of the user's scope; answers its token",
        body: zCompanyRegisterLinkRequest,
        response: { 200: zRegisterLinkResponse, ...guarded },
      },
    },
    async (request) => registration.createCompanyLink(currentUser(request), request.body.companyId),
  );

  app.post(
    "/register-link/group-company",
    {
      preHandler: guards.permission("registration-links.create"),
      schema: {
        tags: ["registration"],
        summary: "Make a registration link for a whole group (group admins of the group and admins)",
        body: zGroupCompanyRegisterLinkRequest,
        response: { 200: zRegisterLinkResponse, ...guarded },
      },
    },
    async (request) => registration.createGroupCompanyLink(currentUser(request), request.body.groupCompanyId),
  );

  app.get(
    "/register-link/:token",
    {
      config: linkInfoLimit,
      schema: {
        tags: ["registration"],
        summary: "What a registration link lets an employee join (valid false when it does not work)",
        params: zRegisterLinkParams,
        response: { 200: zRegisterLinkInfo, 400: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return registration.linkInfo(request.params.token);
    },
  );

  app.post(
    "/register/employee",
    {
      config: { ...ORIGIN_ONLY, ...employeeLimit },
      schema: {
        tags: ["registration"],
        summary: "An employee joins through a registration link; waits for the employer's acceptance",
        body: zEmployeeRegistrationRequest,
        response: {
          201: zRegistrationDone,
          400: zErrorResponse,
          403: zErrorResponse,
          409: zErrorResponse,
          429: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const done = await registration.registerEmployee(request.body, (err, what) =>
        request.log.error({ err }, what),
      );
      return reply.code(201).send(done);
    },
  );

  app.post(
    "/register/company",
    {
      config: { ...ORIGIN_ONLY, ...companyLimit },
      schema: {
        tags: ["registration"],
        summary: "An employer signs its company up; the helpdesk reviews the application",
        body: zCompanyRegistrationRequest,
        response: { 201: zRegistrationDone, 400: zErrorResponse, 403: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request, reply) => {
      const done = await registration.registerCompany(request.body, (err, what) =>
        request.log.error({ err }, what),
      );
      return reply.code(201).send(done);
    },
  );
};
