import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scimApi as api } from "../../../contract/scim.ts";
import type { AppContext } from "../../context.ts";
import { endpointRoute } from "../../plugins/endpoint-route.ts";
import { scimErrorBody } from "./errors.ts";
import { createScimService } from "./service.ts";
import type { ScimCaller } from "./tokens.ts";

const tags = ["scim"];
const SCIM_JSON = "application/scim+json";
/** A user is a few hundred bytes, a PatchOp less: 64 KB leaves room and no more. */
const BODY_LIMIT = 64 * 1024;
/** Per address: a full sync of a large company sends a few calls a second. */
const limit = { rateLimit: { max: 600, timeWindow: "1 minute" } };
const CALLER_KEY = "pedaaliScimCaller";

/**
 * SCIM 2.0 for a company's identity provider (contract/scim.ts), registered at `/scim/v2` outside
 * /api. Every route is guarded by the company's bearer token (tokens.ts) before its input is read;
 * bodies are `application/scim+json` or `application/json`; every answer is `application/scim+json`,
 * errors in SCIM's error body.
 */
export const scimRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = createScimService(ctx);

  // The JSON parser of the app (its guards against prototype pollution), for SCIM's own media type.
  app.addContentTypeParser(SCIM_JSON, { parseAs: "string" }, app.getDefaultJsonParser("error", "error"));
  app.decorateRequest(CALLER_KEY, undefined);
  app.setErrorHandler((error, request, reply) => {
    const body = scimErrorBody(error);
    if (Number(body.status) >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ statusCode: Number(body.status), scimType: body.scimType }, "request rejected");
    return reply.code(Number(body.status)).header("cache-control", "no-store").type(SCIM_JSON).send(body);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (payload !== undefined && payload !== null && reply.statusCode !== 204) reply.type(SCIM_JSON);
    return payload;
  });

  const token = async (request: FastifyRequest) => {
    request.setDecorator<ScimCaller>(CALLER_KEY, await service.caller(request.headers.authorization));
  };
  const callerOf = (request: FastifyRequest) => request.getDecorator<ScimCaller>(CALLER_KEY);
  const route = { preValidation: token, bodyLimit: BODY_LIMIT, config: limit };
  const noContent = (reply: FastifyReply) => reply.code(204).send();

  app.route({
    ...endpointRoute(api.serviceProviderConfig, tags),
    ...route,
    handler: async () => service.serviceProviderConfig(),
  });

  app.route({
    ...endpointRoute(api.resourceTypes, tags),
    ...route,
    handler: async () => service.resourceTypes(),
  });

  app.route({
    ...endpointRoute(api.schemas, tags),
    ...route,
    handler: async () => service.schemas(),
  });

  app.route({
    ...endpointRoute(api.listUsers, tags),
    ...route,
    handler: async (request) => service.list(callerOf(request), request.query),
  });

  app.route({
    ...endpointRoute(api.createUser, tags),
    ...route,
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(callerOf(request), request.body)),
  });

  app.route({
    ...endpointRoute(api.getUser, tags),
    ...route,
    handler: async (request) => service.get(callerOf(request), request.params.id),
  });

  app.route({
    ...endpointRoute(api.replaceUser, tags),
    ...route,
    handler: async (request) => service.replace(callerOf(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.patchUser, tags),
    ...route,
    handler: async (request) => service.patch(callerOf(request), request.params.id, request.body),
  });

  app.route({
    ...endpointRoute(api.deleteUser, tags),
    ...route,
    handler: async (request, reply) => {
      await service.remove(callerOf(request), request.params.id);
      return noContent(reply);
    },
  });
};
