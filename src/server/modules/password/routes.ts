import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { zErrorResponse } from "../../../contract/errors.ts";
import {
  zPasswordResetBody,
  zPasswordResetDone,
  zPasswordResetRequest,
  zPasswordResetRequested,
  zPasswordTokenParams,
  zPasswordTokenStatus,
} from "../../../contract/password.ts";
import type { AppContext } from "../../context.ts";
import { ORIGIN_ONLY } from "../../plugins/auth.ts";
import { createPasswordService } from "./service.ts";

/** Reset requests mail someone: a few a minute per address is plenty for a person. */
const requestLimit = { rateLimit: { max: 5, timeWindow: "1 minute" } };
/** Link look-ups and uses: tokens are 256-bit, this only keeps floods away. */
const tokenLimit = { rateLimit: { max: 30, timeWindow: "1 minute" } };

export const passwordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const passwords = createPasswordService(ctx);
  app.addHook("onClose", () => passwords.drain());

  app.post(
    "/password-reset",
    {
      config: { ...ORIGIN_ONLY, ...requestLimit },
      schema: {
        tags: ["password"],
        summary: "Ask for a link to set a new password; answers the same whether or not the e-mail is known",
        body: zPasswordResetRequest,
        response: {
          200: zPasswordResetRequested,
          400: zErrorResponse,
          403: zErrorResponse,
          429: zErrorResponse,
        },
      },
    },
    async (request) =>
      passwords.requestReset(request.body, (error) =>
        request.log.error({ err: error }, "password reset mail failed"),
      ),
  );

  app.get(
    "/password-reset/:token",
    {
      config: tokenLimit,
      schema: {
        tags: ["password"],
        summary: "Whether a password link still works, and whose account it is for",
        params: zPasswordTokenParams,
        response: { 200: zPasswordTokenStatus, 400: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return passwords.tokenStatus(request.params.token);
    },
  );

  app.post(
    "/password-reset/:token",
    {
      config: { ...ORIGIN_ONLY, ...tokenLimit },
      schema: {
        tags: ["password"],
        summary:
          "Set a new password with a link token; ends every session of the user and mails the account about the change",
        params: zPasswordTokenParams,
        body: zPasswordResetBody,
        response: { 200: zPasswordResetDone, 400: zErrorResponse, 403: zErrorResponse, 429: zErrorResponse },
      },
    },
    async (request) =>
      passwords.resetPassword(request.params.token, request.body.password, (error) =>
        request.log.error({ err: error }, "password changed mail failed"),
      ),
  );
};
