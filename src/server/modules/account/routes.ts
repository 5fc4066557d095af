import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountApi as api } from "../../../contract/account.ts";
import { employmentInvitationsApi as invitationsApi } from "../../../contract/employment-invitations.ts";
import { ownSessionsApi as sessionsApi } from "../../../contract/sessions.ts";
import { MAX_PREFERENCES_BYTES } from "../../../domain/preferences.ts";
import type { AppContext } from "../../context.ts";
import {
  createGuards,
  currentFamilyId,
  currentUser,
  DURING_SECOND_FACTOR_SETUP,
  isSecure,
  ORIGIN_ONLY,
} from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { clearSessionCookies } from "../auth/cookies.ts";
import { createOwnInvitationsService } from "../employees/service.ts";
import { createOwnSessionsService } from "./own-sessions.ts";
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
/** Logging one's own logins out: now and then, by hand; the cap keeps scripted floods away. */
const endSessionsLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

const tags = ["account"];

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const account = createAccountService(ctx);
  const guards = createGuards(ctx);
  const invitations = createOwnInvitationsService(ctx);
  const ownSessions = createOwnSessionsService(ctx);
  /** The person and the login of the browser they ask from ("this device"). */
  const asker = (request: Parameters<typeof currentUser>[0]) => ({
    userId: currentUser(request).id,
    familyId: currentFamilyId(request),
  });

  app.route({
    ...endpointRoute(api.updateOwnDetails, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    // Every active user holds own-details.manage; a deactivated one gets 403 (docs/product.md "Screens": /kayttaja is hidden).
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

  // The person's own logins: where they are logged in, and logging a device out. Like the own details,
  // also while a staff user is still setting up their authenticator app (a lost device cannot wait).
  app.route({
    ...endpointRoute(sessionsApi.sessions, tags),
    config: DURING_SECOND_FACTOR_SETUP,
    preValidation: own,
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ownSessions.list(asker(request));
    },
  });

  app.route({
    ...endpointRoute(sessionsApi.endSession, tags),
    config: { ...endSessionsLimit, ...DURING_SECOND_FACTOR_SETUP },
    preValidation: own,
    handler: async (request, reply) => {
      const who = asker(request);
      const ended = await ownSessions.end(who, request.params.id);
      // This browser's own login: logged out here too, as logout does.
      if (request.params.id === who.familyId) clearSessionCookies(reply, isSecure(ctx));
      return ended;
    },
  });

  app.route({
    ...endpointRoute(sessionsApi.endOtherSessions, tags),
    config: { ...endSessionsLimit, ...DURING_SECOND_FACTOR_SETUP },
    preValidation: own,
    handler: async (request) => ownSessions.endOthers(asker(request)),
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
