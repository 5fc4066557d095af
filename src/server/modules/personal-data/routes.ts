import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { personalDataApi as api, type TPersonalDataExport } from "../../../contract/personal-data.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { perUserLimit } from "../../plugins/shared-rate-limit.ts";
import { createPersonalDataService, personalDataFileName } from "./service.ts";

const tags = ["account"];
/**
 * The whole of a person's data, read anew each time: a few a minute is plenty for a person, counted
 * per person so that colleagues behind one office address do not stop each other.
 */
const exportLimit = perUserLimit(10, "1 minute");

/**
 * GET /api/account/personal-data: the signed-in person's own data as a download, JSON or (format=zip)
 * a ZIP streamed as it is written. Every active user may take theirs (own-details.manage, as the rest
 * of /kayttaja); a deactivated one gets 403.
 */
export const personalDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createPersonalDataService(ctx);
  const guards = createGuards(ctx);

  app.route({
    ...endpointRoute(api.ownData, tags),
    config: exportLimit,
    preValidation: guards.permission("own-details.manage"),
    handler: async (request, reply) => {
      const user = currentUser(request);
      const now = new Date();
      reply.header("cache-control", "no-store");
      if (request.query.format === "zip") {
        const archive = await service.zip(
          user,
          (error) => request.log.error({ err: error }, "personal data archive failed"),
          now,
        );
        return (
          reply
            .header("content-type", "application/zip")
            .header("content-disposition", `attachment; filename="${personalDataFileName(now, "zip")}"`)
            // The typed reply knows the documented JSON; the ZIP is its stream, sent as it is.
            .send(archive as unknown as TPersonalDataExport)
        );
      }
      const data = await service.json(user, now);
      return reply
        .header("content-type", "application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${personalDataFileName(now, "json")}"`)
        .send(data);
    },
  });
};
