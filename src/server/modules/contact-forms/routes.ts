import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { contactFormsApi as api } from "../../../contract/contact-forms.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser, ORIGIN_ONLY } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createContactFormsService } from "./service.ts";

/** A person writes a few messages at most; a script filling the table meets 429. */
const submitLimit = { rateLimit: { max: 5, timeWindow: "10 minutes" } };

/** The public contact form and the helpdesk's Contact Forms tab (docs/api-surface.md "Contact forms"). */
export const contactFormsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createContactFormsService(ctx);
  const manage = createGuards(ctx).permission("contact-forms.manage");
  const tags = ["contact-forms"];

  app.route({
    ...endpointRoute(api.submit, tags),
    config: { ...ORIGIN_ONLY, ...submitLimit },
    handler: async (request, reply) => {
      const { message, stored } = await service.submit(request.body);
      if (!stored) request.log.info("contact form honeypot filled; nothing stored");
      return reply.code(201).send({ message });
    },
  });

  app.route({
    ...endpointRoute(api.list, tags),
    preValidation: manage,
    handler: async (request) => service.list(request.query),
  });

  app.route({
    ...endpointRoute(api.uncheckedCount, tags),
    preValidation: manage,
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.uncheckedCount();
    },
  });

  app.route({
    ...endpointRoute(api.setChecked, tags),
    preValidation: manage,
    handler: async (request) =>
      service.setChecked(currentUser(request), request.params.contactFormDataId, request.body.checked),
  });
};
