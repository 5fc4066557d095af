import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scimTokenApi as api } from "../../../contract/scim.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { createScimTokensService } from "./service.ts";

const tags = ["companies"];

/**
 * The company's SCIM token on its settings page (contract/scim.ts): company-settings.manage in the
 * company, as its other settings (the company's admin, its group's admin, the admin tier); another
 * company is a 404 before anything is read.
 */
export const scimTokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tokens = createScimTokensService(ctx);
  const guards = createGuards(ctx);
  const settings = guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage");

  app.route({
    ...endpointRoute(api.scimToken, tags),
    preValidation: settings,
    handler: async (request) => tokens.state(request.params.id),
  });

  app.route({
    ...endpointRoute(api.issueScimToken, tags),
    preValidation: settings,
    handler: async (request, reply) =>
      reply.code(201).send(await tokens.issue(currentUser(request), request.params.id)),
  });

  app.route({
    ...endpointRoute(api.revokeScimToken, tags),
    preValidation: settings,
    handler: async (request) => tokens.revoke(currentUser(request), request.params.id),
  });
};
