import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { erasureApi } from "../../../contract/erasure.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  systemUsersApi as api,
  zContactChangeStarted,
  zSystemUserItem,
  zUpdatePhone,
  zUpdateWorkEmail,
  zUserIdParams,
} from "../../../contract/system-users.ts";
import type { AppContext } from "../../context.ts";
import {
  assertCsrfToken,
  createGuards,
  currentUser,
  DURING_SECOND_FACTOR_SETUP,
  ORIGIN_ONLY,
} from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { recordPersonAccess } from "../person-access/record.ts";
import { createErasureService } from "./erasure.ts";
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

/**
 * System users (docs/api-surface.md "Auth and users") and the max-price calls. The work e-mail and the phone
 * answer 200 (applied) or 202 (waiting for the new address's confirmation), which an endpoint of the
 * contract does not describe: those two keep a registration of their own.
 */
export const systemUsersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createSystemUsersService(ctx);
  const maxPrice = createMaxPriceService(ctx);
  const erasure = createErasureService(ctx);
  const guards = createGuards(ctx);
  const tags = ["system-users"];

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: guards.permission("system-users.read"),
    handler: async (request) => {
      const viewer = currentUser(request);
      const page = await service.list(viewer, request.query);
      await recordPersonAccess(ctx.database.db, viewer, request, {
        kind: "USER_LIST",
        shownCount: page.items.length,
      });
      return page;
    },
  });

  app.route({
    ...endpointRoute(api.get, tags),
    preValidation: guards.permission("system-users.read"),
    handler: async (request) => {
      const viewer = currentUser(request);
      const user = await service.get(viewer, request.params.userId);
      await recordPersonAccess(ctx.database.db, viewer, request, {
        kind: "USER_DETAILS",
        subjectUserId: user.userId,
      });
      return user;
    },
  });

  // The helpdesk makes anyone; a company's admin makes its own colleagues (an editor, a reporting
  // user, an outside payroll clerk) in that company, with the employer roles they may grant.
  app.route({
    ...endpointRoute(api.create, tags),
    preValidation: guards.permissionIn(
      reach.company({ body: "companyId" }),
      "system-users.manage",
      "company-settings.manage",
    ),
    handler: async (request, reply) => {
      const user = await service.create(currentUser(request), request.body);
      return reply.code(201).send({ user });
    },
  });

  app.put(
    "/system-users/:userId",
    {
      preValidation: guards.selfOr("system-users.manage"),
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
      );
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  );

  app.patch(
    "/system-users/:userId/phone",
    {
      preValidation: guards.selfOr("system-users.manage"),
      config: contactChangeLimit,
      schema: {
        tags,
        summary:
          "Change the phone number (checked by the one phone number rule). A manager's change of someone else applies at once (200; " +
          "the number is unverified). One's own needs currentPassword and answers 202: a 6-digit code goes " +
          "by SMS to the new number and POST /api/system-users/phone-change/confirm stores it",
        params: zUserIdParams,
        body: zUpdatePhone,
        response: { 200: zSystemUserItem, 202: zContactChangeStarted, ...limitedErrors },
      },
    },
    async (request, reply) => {
      const outcome = await service.updatePhone(currentUser(request), request.params.userId, request.body);
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  );

  app.route({
    ...endpointRoute(api.confirmEmailChange, tags),
    // Anonymous: the link may be opened in any browser; the single-use token is the proof.
    config: { ...ORIGIN_ONLY, ...emailConfirmLimit },
    handler: async (request) => service.confirmEmailChange(request.body.token),
  });

  app.route({
    ...endpointRoute(api.confirmPhoneChange, tags),
    preValidation: guards.user,
    // One's own details, as the change it confirms.
    config: { ...phoneConfirmLimit, ...DURING_SECOND_FACTOR_SETUP },
    handler: async (request) => service.confirmPhoneChange(currentUser(request), request.body.code),
  });

  app.route({
    ...endpointRoute(api.setDeactivated, tags),
    preValidation: guards.permission("system-users.manage"),
    handler: async (request) =>
      service.setDeactivated(currentUser(request), request.params.userId, request.body),
  });

  app.route({
    ...endpointRoute(erasureApi.erase, tags),
    preValidation: guards.permission("person.erase"),
    handler: async (request) => erasure.erase(currentUser(request), request.params.userId, request.body),
  });

  app.route({
    ...endpointRoute(erasureApi.holds, tags),
    preValidation: guards.permission("person.erase"),
    handler: async (request) => erasure.holds(currentUser(request), request.params.userId),
  });

  app.route({
    ...endpointRoute(api.companyMaxPrice, ["companies"]),
    preValidation: guards.permission("companies.read"),
    handler: async (request) => maxPrice.ofCompany(currentUser(request), request.params.companyId),
  });

  app.route({
    ...endpointRoute(api.employeeMaxPrice, ["employees"]),
    preValidation: guards.user,
    handler: async (request) => maxPrice.ofEmployee(currentUser(request), request.params.id),
  });
};
