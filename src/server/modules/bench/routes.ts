import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { benchApi as api, type TBenchStatements } from "../../../contract/bench.ts";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../errors.ts";
import { createGuards } from "../../plugins/auth.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";

const tags = ["bench"];
/** Answers kept at most: one per measured call, with room to spare. */
const MAX_ANSWERS = 200;
/** Statements recorded at most per recording: a call that runs more is itself the finding. */
const MAX_STATEMENTS = 1_000;

/**
 * The bench's ceiling and its view of the database (src/contract/bench.ts). app.ts registers this only
 * when `config.benchRoutes` is on, which the config never allows in production.
 */
export const benchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guards = createGuards(ctx);
  let recorded: TBenchStatements["items"] | null = null;
  const stopObserving = ctx.database.observeStatements((sql, params) => {
    if (recorded && recorded.length < MAX_STATEMENTS) recorded.push({ sql, params });
  });
  app.addHook("onClose", async () => stopObserving());

  // The answers served behind the session check, and apart from them those of the anonymous calls,
  // served without one.
  const answers = new Map<string, string>();
  const anonymousAnswers = new Map<string, string>();
  const keep = (kept: Map<string, string>, key: string, body: unknown) => {
    const bytes = JSON.stringify(body);
    if (kept.size >= MAX_ANSWERS && !kept.has(key)) kept.clear();
    kept.set(key, bytes);
    return { bytes: Buffer.byteLength(bytes) };
  };
  const serve = (kept: Map<string, string>, key: string, reply: FastifyReply) => {
    const bytes = kept.get(key);
    if (bytes === undefined) throw notFound("Bench answer");
    // A string goes out as it is: no serializer, only the framework (and the session check, if any).
    return reply.type("application/json; charset=utf-8").send(bytes);
  };

  app.route({
    ...endpointRoute(api.keepAnswer, tags),
    preValidation: guards.user,
    handler: async (request) => keep(answers, request.params.key, request.body),
  });

  app.route({
    ...endpointRoute(api.answer, tags),
    preValidation: guards.user,
    handler: async (request, reply) => serve(answers, request.params.key, reply),
  });

  app.route({
    ...endpointRoute(api.keepAnonymousAnswer, tags),
    preValidation: guards.user,
    handler: async (request) => keep(anonymousAnswers, request.params.key, request.body),
  });

  app.route({
    ...endpointRoute(api.anonymousAnswer, tags),
    handler: async (request, reply) => serve(anonymousAnswers, request.params.key, reply),
  });

  app.route({
    ...endpointRoute(api.recordStatements, tags),
    preValidation: guards.user,
    handler: async () => {
      recorded = [];
      return { recording: true as const };
    },
  });

  let answered: TBenchStatements["items"] = [];
  app.route({
    ...endpointRoute(api.statements, tags),
    // The recording ends before this request's own session check, which is not the measured call's.
    onRequest: async () => {
      answered = recorded ?? [];
      recorded = null;
    },
    preValidation: guards.user,
    handler: async () => ({ items: answered }),
  });
};
