import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { erasureApi } from "../../../contract/erasure.ts";
import { systemUsersApi as api } from "../../../contract/system-users.ts";
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

/** Changes of the login e-mail and phone send mail and SMS: capped per address, so a
 * stolen session cannot flood a mailbox or a phone. */
const contactChangeLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/** The link is anonymous: a tight cap per address. Codes are also limited per request (5 tries). */
const emailConfirmLimit = { rateLimit: { max: 10, timeWindow: "1 minute" } };
const phoneConfirmLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

/**
 * System users (docs/api-surface.md "Auth and users") and the max-price calls. The work e-mail and the phone
 * answer 200 (applied) or 202 (waiting for the new address's confirmation), as their endpoints say.
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

  app.route({
    ...endpointRoute(api.updateWorkEmail, tags),
    preValidation: guards.selfOr("system-users.manage"),
    config: contactChangeLimit,
    handler: async (request, reply) => {
      // The header was checked on the way in; the body's copy must be the session's token too.
      assertCsrfToken(ctx, request, request.body.csrfToken);
      const outcome = await service.updateWorkEmail(
        currentUser(request),
        request.params.userId,
        request.body,
      );
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  });

  app.route({
    ...endpointRoute(api.updatePhone, tags),
    preValidation: guards.selfOr("system-users.manage"),
    config: contactChangeLimit,
    handler: async (request, reply) => {
      const outcome = await service.updatePhone(currentUser(request), request.params.userId, request.body);
      return outcome.kind === "applied" ? outcome.item : reply.code(202).send(outcome.body);
    },
  });

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
