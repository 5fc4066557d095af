import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { adminApi as api } from "../../../contract/admin.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createApplicationsService } from "./applications.ts";
import { createEventLogService } from "./event-log.ts";
import { createHelpdeskSearchService } from "./helpdesk-search.ts";
import { createPlatformReportService } from "./platform-report.ts";
import { createPlatformSettingsService } from "./platform-settings.ts";

const tags = ["admin"];

/** The admin area's own calls (docs/product.md "Screens" admin tabs): company applications, event log, reporting, helpdesk search. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const applications = createApplicationsService(ctx);
  const eventLog = createEventLogService(ctx);
  const report = createPlatformReportService(ctx);
  const search = createHelpdeskSearchService(ctx);
  const settings = createPlatformSettingsService(ctx);
  const guards = createGuards(ctx);
  const manageCompanies = guards.permission("companies.manage");

  app.route({
    ...endpointRoute(api.applications, tags),
    preValidation: manageCompanies,
    handler: async (request) => applications.list(request.query),
  });

  app.route({
    ...endpointRoute(api.pendingApplications, tags),
    preValidation: manageCompanies,
    handler: async () => applications.pendingCount(),
  });

  app.route({
    ...endpointRoute(api.application, tags),
    preValidation: manageCompanies,
    handler: async (request) => applications.get(request.params.id),
  });

  app.route({
    ...endpointRoute(api.acceptApplication, tags),
    preValidation: manageCompanies,
    handler: async (request) => applications.accept(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.rejectApplication, tags),
    preValidation: manageCompanies,
    handler: async (request) => applications.reject(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.eventLog, tags),
    preValidation: guards.permission("audit.read"),
    handler: async (request) => eventLog.list(request.query),
  });

  app.route({
    ...endpointRoute(api.report, tags),
    preValidation: guards.permission("platform-reports.read"),
    handler: async (request) => report.report(request.query),
  });

  // Who must log in how is decided by whoever decides what roles may do: super admins.
  app.route({
    ...endpointRoute(api.platformSettings, tags),
    preValidation: guards.permission("roles.manage"),
    handler: async () => settings.get(),
  });

  app.route({
    ...endpointRoute(api.updatePlatformSettings, tags),
    preValidation: guards.permission("roles.manage"),
    handler: async (request) =>
      settings.update(currentUser(request).id, request.body.staffAuthenticatorRequired),
  });

  app.route({
    ...endpointRoute(api.search, tags),
    preValidation: guards.permission("helpdesk.search"),
    handler: async (request) => search.search(request.query.q),
  });
};
