import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  zOwnDetailsUpdate,
  zUserPreferencesResponse,
  zUserPreferencesTokenParams,
  zUserPreferencesUpdate,
  zUserPreferencesUserParams,
} from "../../../contract/account.ts";
import { zSessionUser } from "../../../contract/auth.ts";
import { zErrorResponse } from "../../../contract/errors.ts";
import { MAX_PREFERENCES_BYTES } from "../../../domain/preferences.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
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

export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const account = createAccountService(ctx);
  const guards = createGuards(ctx);

  app.patch(
    "/user",
    {
      // Every active user holds own-details.manage; a deactivated one gets 403 (SPEC §2: /kayttaja is hidden).
      preHandler: guards.permission("own-details.manage"),
      schema: {
        tags: ["account"],
        summary: "Update the own names, personal e-mail and language; answers the session user",
        body: zOwnDetailsUpdate,
        response: { 200: zSessionUser, 400: zErrorResponse, 401: zErrorResponse, 403: zErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.updateOwnDetails(currentUser(request), request.body);
    },
  );

  app.put(
    "/user-preferences",
    {
      config: preferencesLimit,
      bodyLimit: PREFERENCES_BODY_LIMIT,
      preHandler: guards.permission("own-details.manage"),
      schema: {
        tags: ["account"],
        summary: "Merge preferences into the own preference document (a null value removes the key)",
        body: zUserPreferencesUpdate,
        response: {
          200: zUserPreferencesResponse,
          400: zErrorResponse,
          401: zErrorResponse,
          403: zErrorResponse,
          413: zErrorResponse,
          429: zErrorResponse,
        },
      },
    },
    async (request) => account.updateOwnPreferences(currentUser(request), request.body.preferences),
  );

  app.get(
    "/user-preferences/user/:id",
    {
      preHandler: guards.user,
      schema: {
        tags: ["account"],
        summary: "A user's preferences: one's own, or anyone's for admins with system-users.read",
        params: zUserPreferencesUserParams,
        response: {
          200: zUserPreferencesResponse,
          400: zErrorResponse,
          401: zErrorResponse,
          404: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.preferencesOfUser(currentUser(request), request.params.id);
    },
  );

  app.get(
    "/user-preferences/token/:token",
    {
      config: preferencesLimit,
      schema: {
        tags: ["account"],
        summary: "Preferences reached through the token of a preferences link",
        params: zUserPreferencesTokenParams,
        response: {
          200: zUserPreferencesResponse,
          400: zErrorResponse,
          404: zErrorResponse,
          429: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return account.preferencesByToken(request.params.token);
    },
  );

  app.put(
    "/user-preferences/token/:token",
    {
      config: { ...ORIGIN_ONLY, ...preferencesLimit },
      bodyLimit: PREFERENCES_BODY_LIMIT,
      schema: {
        tags: ["account"],
        summary: "Merge preferences through the token of a preferences link",
        params: zUserPreferencesTokenParams,
        body: zUserPreferencesUpdate,
        response: {
          200: zUserPreferencesResponse,
          400: zErrorResponse,
          403: zErrorResponse,
          404: zErrorResponse,
          413: zErrorResponse,
          429: zErrorResponse,
        },
      },
    },
    async (request) => account.updatePreferencesByToken(request.params.token, request.body.preferences),
  );
};
