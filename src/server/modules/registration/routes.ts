import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { joinRulesApi } from "../../../contract/join-rules.ts";
import { registrationApi as api } from "../../../contract/registration.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { confirmJoin } from "./confirm-join.ts";
import { joinRuleAnswer, saveJoinRule } from "./join-rule.ts";
import { createRegistrationService } from "./service.ts";

/** Anonymous sign-ups per address: an office behind one address may join together, a script may not. */
const employeeLimit = { rateLimit: { max: 20, timeWindow: "1 minute" } };
const companyLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
const linkInfoLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
const confirmLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const tags = ["registration"];

export const registrationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const registration = createRegistrationService(ctx);
  const guards = createGuards(ctx);

  app.route({
    ...endpointRoute(api.companyLink, tags),
    preValidation: guards.permissionIn(reach.company({ body: "companyId" }), "registration-links.create"),
    handler: async (request) => registration.createCompanyLink(currentUser(request), request.body.companyId),
  });

  app.route({
    ...endpointRoute(api.groupCompanyLink, tags),
    preValidation: guards.permissionIn(reach.group({ body: "groupCompanyId" }), "registration-links.create"),
    handler: async (request) =>
      registration.createGroupCompanyLink(currentUser(request), request.body.groupCompanyId),
  });

  app.route({
    ...endpointRoute(api.linkInfo, tags),
    config: linkInfoLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return registration.linkInfo(request.params.token);
    },
  });

  app.route({
    ...endpointRoute(api.registerEmployee, tags),
    config: { ...ORIGIN_ONLY, ...employeeLimit },
    handler: async (request, reply) => {
      const done = await registration.registerEmployee(request.body);
      return reply.code(201).send(done);
    },
  });

  app.route({
    ...endpointRoute(api.registerCompany, tags),
    config: { ...ORIGIN_ONLY, ...companyLimit },
    handler: async (request, reply) => {
      const done = await registration.registerCompany(request.body);
      return reply.code(201).send(done);
    },
  });

  // The company's join rule on its settings page: company-settings.manage in the company (its admin,
  // its group's admin, the helpdesk); another company is a 404 before anything is read.
  const manageSettings = guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage");
  app.route({
    ...endpointRoute(joinRulesApi.rule, tags),
    preValidation: manageSettings,
    handler: async (request) => joinRuleAnswer(ctx.database.db, currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(joinRulesApi.update, tags),
    preValidation: manageSettings,
    handler: async (request) => {
      const user = currentUser(request);
      await saveJoinRule(ctx.database.db, user, request.params.id, request.body);
      return joinRuleAnswer(ctx.database.db, user, request.params.id);
    },
  });

  app.route({
    ...endpointRoute(joinRulesApi.confirm, tags),
    config: { ...ORIGIN_ONLY, ...confirmLimit },
    handler: async (request) => confirmJoin(ctx.database.db, request.body.token),
  });
};
