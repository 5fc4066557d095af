import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountApi as api } from "../../../contract/account.ts";
import { employmentInvitationsApi as invitationsApi } from "../../../contract/employment-invitations.ts";
import { MAX_PREFERENCES_BYTES } from "../../../domain/preferences.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, DURING_SECOND_FACTOR_SETUP, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createOwnInvitationsService } from "../employees/service.ts";
import { createAccountService } from "./service.ts";

/**
 * Preference writes and preference links (256-bit tokens): a person changes a setting now and then, so
 * the cap only keeps floods and scripted growth away.
 */
const preferencesLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };
/**
 * A patch holds at most 8 KB of JSON (src/domain/preferences.ts); twice that leaves room for spacing.
 * A larger body is refused (413) before it is parsed, so a flood of keys costs no parsing.
 */
const PREFERENCES_BODY_LIMIT = 2 * MAX_PREFERENCES_BYTES;

const tags = ["account"];

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const account = createAccountService(ctx);
  const guards = createGuards(ctx);
  const invitations = createOwnInvitationsService(ctx);

  app.route({
    ...endpointRoute(api.updateOwnDetails, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    // Every active user holds own-details.manage; a deactivated one gets 403 (SPEC §2: /kayttaja is hidden).
    preValidation: guards.permission("own-details.manage"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.updateOwnDetails(currentUser(request), request.body);
    },
  });

  app.route({
    ...endpointRoute(api.updateOwnMunicipality, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    // Like the rest of the own details: every active user, one's own only (the session names whose).
    preValidation: guards.permission("own-details.manage"),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.updateOwnMunicipality(currentUser(request), request.body);
    },
  });

  // The person's own invitations to an employment: every active user may have one (a deactivated 403).
  const own = guards.permission("own-details.manage");
  app.route({
    ...endpointRoute(invitationsApi.ownInvitations, tags),
    preValidation: own,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return invitations.list(currentUser(request));
    },
  });

  app.route({
    ...endpointRoute(invitationsApi.accept, tags),
    preValidation: own,
    handler: async (request) => invitations.accept(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(invitationsApi.decline, tags),
    preValidation: own,
    handler: async (request) => invitations.decline(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.updateOwnPreferences, tags),
    config: { ...preferencesLimit, ...DURING_SECOND_FACTOR_SETUP },
    bodyLimit: PREFERENCES_BODY_LIMIT,
    preValidation: guards.permission("own-details.manage"),
    handler: async (request) => account.updateOwnPreferences(currentUser(request), request.body.preferences),
  });

  app.route({
    ...endpointRoute(api.userPreferences, tags),
    // The page's own settings (theme, language), as their change is.
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: guards.user,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.preferencesOfUser(currentUser(request), request.params.id);
    },
  });

  app.route({
    ...endpointRoute(api.tokenPreferences, tags),
    config: preferencesLimit,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.preferencesByToken(request.params.token);
    },
  });

  app.route({
    ...endpointRoute(api.updateTokenPreferences, tags),
    config: { ...ORIGIN_ONLY, ...preferencesLimit },
    bodyLimit: PREFERENCES_BODY_LIMIT,
    handler: async (request) =>
      account.updatePreferencesByToken(request.params.token, request.body.preferences),
  });
};
