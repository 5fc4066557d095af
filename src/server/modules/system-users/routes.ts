import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCompanyIdParams,
  zCreateSystemUser,
  zCreateSystemUserResponse,
  zIdParams,
  zMaxPriceResponse,
  zSystemUserItem,
  zSystemUsersPage,
  zSystemUsersQuery,
  zUpdateDeactivated,
  zUpdatePhone,
  zUpdateWorkEmail,
  zUserIdParams,
} from "../../../contract/system-users.ts";
import { CSRF_COOKIE } from "../../../domain/constants.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { equalHashes } from "../auth/tokens.ts";
import { createMaxPriceService } from "./max-price.ts";
import { createSystemUsersService } from "./service.ts";

const readErrors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...readErrors, 409: zErrorResponse };

/** System users (SPEC §7 "Auth and users") and the max-price calls. */
export const systemUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createSystemUsersService(ctx);
  const maxPrice = createMaxPriceService(ctx);
  const guards = createGuards(ctx);
  const tags = ["system-users"];

  app.get(
    "/system-users",
    {
      preHandler: guards.permission("system-users.read"),
      schema: {
        tags,
        summary: "System users, filtered and paged; employer-side callers see the users of their companies",
        querystring: zSystemUsersQuery,
        response: { 200: zSystemUsersPage, ...readErrors },
      },
    },
    async (request) => service.list(currentUser(request), request.query),
  );

  app.post(
    "/system-users",
    {
      preHandler: guards.permission("system-users.manage"),
      schema: {
        tags,
        summary: "Create a user with a role; they get a mail to set their password",
        body: zCreateSystemUser,
        response: { 201: zCreateSystemUserResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await service.create(currentUser(request), request.body, request.log);
      return reply.code(201).send({ user });
    },
  );

  app.put(
    "/system-users/:userId",
    {
      preHandler: guards.user,
      schema: {
        tags,
        summary:
          "Change the work (login) e-mail: the user themself or a manager; the body repeats the CSRF token",
        params: zUserIdParams,
        body: zUpdateWorkEmail,
        response: { 200: zSystemUserItem, ...writeErrors },
      },
    },
    async (request) => {
      // The header was checked against the cookie on the way in; the body's copy must match too.
      const cookie = request.cookies[CSRF_COOKIE];
      if (!cookie || !equalHashes(cookie, request.body.csrfToken)) {
        throw new AppError(403, "CSRF_TOKEN_INVALID", "Missing or invalid CSRF token");
      }
      return service.updateWorkEmail(currentUser(request), request.params.userId, request.body);
    },
  );

  app.patch(
    "/system-users/:userId/phone",
    {
      preHandler: guards.user,
      schema: {
        tags,
        summary: "Change the phone number (SPEC §5 rule); a new number is unverified",
        params: zUserIdParams,
        body: zUpdatePhone,
        response: { 200: zSystemUserItem, ...readErrors },
      },
    },
    async (request) => service.updatePhone(currentUser(request), request.params.userId, request.body),
  );

  app.patch(
    "/system-users/:userId/deactivated",
    {
      preHandler: guards.permission("system-users.manage"),
      schema: {
        tags,
        summary: "Deactivate (ends every session) or activate a user",
        params: zUserIdParams,
        body: zUpdateDeactivated,
        response: { 200: zSystemUserItem, ...readErrors },
      },
    },
    async (request) => service.setDeactivated(currentUser(request), request.params.userId, request.body),
  );

  app.get(
    "/companies/:companyId/max-price",
    {
      preHandler: guards.permission("companies.read"),
      schema: {
        tags: ["companies"],
        summary: "The company's max price of a bike package in euros (null = no limit)",
        params: zCompanyIdParams,
        response: { 200: zMaxPriceResponse, ...readErrors },
      },
    },
    async (request) => maxPrice.ofCompany(currentUser(request), request.params.companyId),
  );

  app.get(
    "/beneficiary-employee/:id/max-price",
    {
      preHandler: guards.user,
      schema: {
        tags: ["employees"],
        summary: "An employee's max price in euros: their own limit, else the company's (null = no limit)",
        params: zIdParams,
        response: { 200: zMaxPriceResponse, ...readErrors },
      },
    },
    async (request) => maxPrice.ofEmployee(currentUser(request), request.params.id),
  );
};
