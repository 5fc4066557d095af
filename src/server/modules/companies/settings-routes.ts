import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { companySettingsApi as api } from "../../../contract/company-settings.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { reach, type Target } from "../auth/reach.ts";
import { createBikePolicyService } from "./bike-policy.ts";
import { createPayrollRecipientsService } from "./payroll-recipients.ts";
import { createUnitsService } from "./units.ts";

const tags = ["companies"];

/**
 * What an employer keeps of its company (docs/api-surface.md): company units, payroll report recipients of a
 * company or a group, and the bike policy. Registered by companiesRoutes.
 */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const units = createUnitsService(ctx);
  const recipients = createPayrollRecipientsService(ctx);
  const policies = createBikePolicyService(ctx);
  const guards = createGuards(ctx);
  const settingsOf = (target: Target) => guards.permissionIn(target, "company-settings.manage");
  const companyPayroll = guards.permissionIn(reach.company({ param: "id" }), "payroll-recipients.manage");
  const groupPayroll = guards.permissionIn(reach.group({ param: "id" }), "payroll-recipients.manage");

  // ---- Company units --------------------------------------------------------------------------------------

  app.route({
    ...endpointRoute(api.unitCreate, tags),
    preValidation: settingsOf(reach.company({ body: "companyId" })),
    handler: async (request, reply) =>
      reply.code(201).send(await units.create(currentUser(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.unitRename, tags),
    preValidation: settingsOf(reach.unit({ param: "unitId" })),
    handler: async (request) =>
      units.rename(currentUser(request), request.params.unitId, request.body.unitName),
  });

  app.route({
    ...endpointRoute(api.unitRemove, tags),
    preValidation: settingsOf(reach.unit({ param: "unitId" })),
    handler: async (request) => units.remove(currentUser(request), request.params.unitId),
  });

  // ---- Payroll report recipients -----------------------------------------------------------------------------

  const company = (id: string) => ({ kind: "company", id }) as const;
  const group = (id: string) => ({ kind: "group", id }) as const;

  app.route({
    ...endpointRoute(api.recipients, tags),
    preValidation: companyPayroll,
    handler: async (request) => ({
      recipients: await recipients.list(currentUser(request), company(request.params.id)),
    }),
  });

  app.route({
    ...endpointRoute(api.addRecipients, tags),
    preValidation: companyPayroll,
    handler: async (request) => ({
      recipients: await recipients.addMany(currentUser(request), company(request.params.id), request.body),
    }),
  });

  app.route({
    ...endpointRoute(api.addRecipient, tags),
    preValidation: companyPayroll,
    handler: async (request) => ({
      recipients: await recipients.addOne(
        currentUser(request),
        company(request.params.id),
        request.params.userId,
      ),
    }),
  });

  app.route({
    ...endpointRoute(api.removeRecipient, tags),
    preValidation: companyPayroll,
    handler: async (request) => ({
      recipients: await recipients.removeOne(
        currentUser(request),
        company(request.params.id),
        request.params.userId,
      ),
    }),
  });

  app.route({
    ...endpointRoute(api.groupRecipients, tags),
    preValidation: groupPayroll,
    handler: async (request) => ({
      data: await recipients.list(currentUser(request), group(request.params.id)),
    }),
  });

  app.route({
    ...endpointRoute(api.groupAddRecipients, tags),
    preValidation: groupPayroll,
    handler: async (request) => ({
      data: await recipients.addMany(currentUser(request), group(request.params.id), request.body),
    }),
  });

  app.route({
    ...endpointRoute(api.groupAddRecipient, tags),
    preValidation: groupPayroll,
    handler: async (request) => ({
      data: await recipients.addOne(currentUser(request), group(request.params.id), request.params.userId),
    }),
  });

  app.route({
    ...endpointRoute(api.groupRemoveRecipient, tags),
    preValidation: groupPayroll,
    handler: async (request) => ({
      data: await recipients.removeOne(currentUser(request), group(request.params.id), request.params.userId),
    }),
  });

  // ---- Bike policy ------------------------------------------------------------------------------------------

  app.route({
    ...endpointRoute(api.bikePolicy, tags),
    preValidation: guards.permissionIn(reach.company({ param: "id" }), "bike-policy.read"),
    handler: async (request) => policies.ofCompany(currentUser(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.saveBikePolicy, tags),
    preValidation: settingsOf(reach.company({ param: "id" })),
    handler: async (request) => policies.save(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.userBikePolicy, tags),
    preValidation: guards.permission("bike-policy.read"),
    handler: async (request) => policies.ofUser(currentUser(request)),
  });
};
