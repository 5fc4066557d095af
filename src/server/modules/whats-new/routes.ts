import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { whatsNewApi as api } from "../../../contract/whats-new.ts";
import { NEWS_PAGE_PERMISSION, NEWS_PAGES, type NewsPage } from "../../../domain/whats-new.ts";
import type { AppContext } from "../../context.ts";
import { createGuards, currentUser } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { createWhatsNewService } from "./service.ts";

const tags = ["whats-new"];

/**
 * What is new where each person looks: the page's permission guards it (the employee's own orders,
 * the store user's stores, the employer's companies), and the service reads only the caller's orders.
 */
export const whatsNewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createWhatsNewService(ctx);
  const guards = createGuards(ctx);
  const byPage = Object.fromEntries(
    NEWS_PAGES.map((page) => [page, guards.permission(NEWS_PAGE_PERMISSION[page])]),
  ) as Record<NewsPage, ReturnType<typeof guards.permission>>;
  // A page the contract does not know is left to validation (400), once the caller is logged in.
  const pageGuard: ReturnType<typeof guards.permission> = async (request, reply) => {
    const page = (request.params as { page?: string }).page as NewsPage;
    const guard = Object.hasOwn(byPage, page) ? byPage[page] : guards.user;
    await guard(request, reply);
  };

  // A person's own news: never kept by a cache.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });

  app.route({
    ...endpointRoute(api.news, tags),
    preValidation: pageGuard,
    handler: async (request) => service.news(currentUser(request), request.params.page),
  });

  app.route({
    ...endpointRoute(api.markSeen, tags),
    preValidation: pageGuard,
    handler: async (request) => service.markSeen(currentUser(request), request.params.page, request.body),
  });
};
