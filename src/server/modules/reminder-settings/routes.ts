import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { reminderSettingsApi as api } from "../../../contract/reminder-settings.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach } from "../auth/reach.ts";
import { reminderSettingsAnswer, saveReminderSettings } from "./settings.ts";

const tags = ["companies"];

/**
 * The company's reminder settings on its settings page: company-settings.manage in the company (its
 * admin, its group's admin, the admin tier); another company is a 404 before anything is read.
 */
export const reminderSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  const manage = guards.permissionIn(reach.company({ param: "id" }), "company-settings.manage");
  const db = ctx.database.db;

  app.route({
    ...endpointRoute(api.settings, tags),
    preValidation: manage,
    handler: async (request) => reminderSettingsAnswer(db, request.params.id),
  });

  app.route({
    ...endpointRoute(api.update, tags),
    preValidation: manage,
    handler: async (request) => {
      await saveReminderSettings(db, currentUser(request).id, request.params.id, request.body);
      return reminderSettingsAnswer(db, request.params.id);
    },
  });
};
