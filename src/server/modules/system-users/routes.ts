import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zCompanyIdParams,
  zConfirmEmailChange,
  zConfirmPhoneChange,
  zContactChangeStarted,
  zCreateSystemUser,
  zCreateSystemUserResponse,
  zEmailChangeConfirmed,
  zIdParams,
  zMaxPriceResponse,
  zSystemUserDetails,
  zSystemUserItem,
  zSystemUsersPage,
  zSystemUsersQuery,
  zUpdateDeactivated,
  zUpdatePhone,
  zUpdateWorkEmail,
  zUserIdParams,
} from "../../../contract/system-users.ts";
import type { AppContext } from "../../context.ts";
import { assertCsrfToken, createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createMaxPriceService } from "./max-price.ts";
import { createSystemUsersService } from "./service.ts";

const readErrors = { 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse, 404: zErrorResponse };
const writeErrors = { ...readErrors, 409: zErrorResponse };
/** Changes of the login e-mail and phone send mail and SMS: capped per address, so a
 * stolen session cannot flood a mailbox or a phone. */
const contactChangeLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/** The link is anonymous: a tight cap per address. Codes are also limited per request (5 tries). */
const emailConfirmLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };
const phoneConfirmLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const limitedErrors = { ...writeErrors, 429: zErrorResponse };

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

  app.get(
    "/system-users/:userId",
    {
      preHandler: guards.permission("system-users.read"),
      schema: {
        tags,
        summary: "One user with their role assignments; a user outside the caller's companies is 404",
        params: zUserIdParams,
        response: { 200: zSystemUserDetails, ...readErrors },
      },
    },
    async (request) => service.get(currentUser(request), request.params.userId),
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
      config: contactChangeLimit,
      schema: {
        tags,
        summary:
          "Change the work (login) e-mail; the body repeats the CSRF token. A manager's change of someone " +
          "else applies at once (200, 409 EMAIL_TAKEN). One's own needs currentPassword (403 " +
          "REAUTHENTICATION_FAILED, 429 after 5 wrong) and answers 202 whether or not the address is taken: " +
          "nothing changes until the link mailed to the new address is used; the old address is told",
        params: zUserIdParams,
        body: zUpdateWorkEmail,
        response: { 200: zSystemUserItem, 202: zContactChangeStarted, ...limitedErrors },
      },
    },
    async (request, reply) => {
      // The header was checked on the way in; the body's copy must be the session's token too.
      assertCsrfToken(ctx, request, request.body.csrfToken);
      const outcome = await service.updateWorkEmail(
        currentUser(request),
        request.params.userId,
        request.body,
        request.log,
      );
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  );

  app.patch(
    "/system-users/:userId/phone",
    {
      preHandler: guards.user,
      config: contactChangeLimit,
      schema: {
        tags,
        summary:
          "Change the phone number (SPEC §5 rule). A manager's change of someone else applies at once (200; " +
          "the number is unverified). One's own needs currentPassword and answers 202: a 6-digit code goes " +
          "by SMS to the new number and POST /api/system-users/phone-change/confirm stores it",
        params: zUserIdParams,
        body: zUpdatePhone,
        response: { 200: zSystemUserItem, 202: zContactChangeStarted, ...limitedErrors },
      },
    },
    async (request, reply) => {
      const outcome = await service.updatePhone(
        currentUser(request),
        request.params.userId,
        request.body,
        request.log,
      );
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  );

  app.post(
    "/system-users/email-change/confirm",
    {
      // Anonymous: the link may be opened in any browser; the single-use token is the proof.
      config: { ...ORIGIN_ONLY, ...emailConfirmLimit },
      schema: {
        tags,
        summary:
          "Confirm one's own new login e-mail with the token of the link mailed to it (single use, 24 h); " +
          "400 INVALID_TOKEN, 409 EMAIL_TAKEN when another account took the address meanwhile",
        body: zConfirmEmailChange,
        response: { 200: zEmailChangeConfirmed, ...limitedErrors },
      },
    },
    async (request) => service.confirmEmailChange(request.body.token, request.log),
  );

  app.post(
    "/system-users/phone-change/confirm",
    {
      preHandler: guards.user,
      config: phoneConfirmLimit,
      schema: {
        tags,
        summary:
          "Confirm one's own new phone number with the code sent to it by SMS (5 minutes, 5 tries); " +
          "400 VERIFICATION_FAILED or VERIFICATION_EXPIRED",
        body: zConfirmPhoneChange,
        response: { 200: zSystemUserItem, ...limitedErrors },
      },
    },
    async (request) => service.confirmPhoneChange(currentUser(request), request.body.code, request.log),
  );

  app.patch(
    "/system-users/:userId/deactivated",
    {
      preHandler: guards.permission("system-users.manage"),
      schema: {
        tags,
        summary: "Deactivate (ends every session) or activate a user; 409 LAST_SUPER_ADMIN",
        params: zUserIdParams,
        body: zUpdateDeactivated,
        response: { 200: zSystemUserItem, ...writeErrors },
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
