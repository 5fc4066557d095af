import type { z } from "zod";
import type { EndpointDef, ErrorStatus } from "../../contract/endpoint.ts";
import { zErrorResponse } from "../../contract/errors.ts";
import { zIdempotencyHeaders } from "../../contract/idempotency.ts";

type Defined<S> = S extends z.ZodType ? S : undefined;
type SuccessResponse<E extends EndpointDef> = E extends { accepted: infer A extends z.ZodType }
  ? { 200: E["response"]; 202: A }
  : E["status"] extends 201
    ? { 201: E["response"] }
    : E["status"] extends 202
      ? { 202: E["response"] }
      : E["status"] extends 204
        ? { 204: E["response"] }
        : { 200: E["response"] };

/** The Fastify schema of an endpoint: validation of what it takes, the answer's serializer, the API docs. */
type EndpointSchema<E extends EndpointDef> = {
  tags: string[];
  summary: string;
  params: Defined<E["params"]>;
  querystring: Defined<E["query"]>;
  body: Defined<E["body"]>;
  response: SuccessResponse<E> & Record<ErrorStatus, typeof zErrorResponse>;
};

/**
 * The method, address and schema of a route, read off its contract endpoint. A route module spreads it
 * into `app.route({ ...endpointRoute(api.x, tags), preValidation: guard, handler })`, so the route takes
 * and answers exactly what src/contract says; the handler's request and reply are typed from it. The
 * guard runs before validation, so a caller who may not use the route never learns what it takes.
 * An endpoint the contract marks `idempotent` validates the Idempotency-Key header and is marked in its
 * config for the idempotency plugin (plugins/idempotency.ts): that mark is the one place it is made.
 * An upload (`body: "file"`) reads a raw body in a scope of its own (src/server/files/uploads.ts), not here.
 */
export function endpointRoute<const E extends EndpointDef & { body?: z.ZodType }>(
  definition: E,
  tags: readonly string[],
) {
  const response: Record<number, z.ZodType> = { [definition.status ?? 200]: definition.response };
  if (definition.accepted) response[202] = definition.accepted;
  for (const status of definition.errors) response[status] = zErrorResponse;
  const schema: Record<string, unknown> = { tags: [...tags], summary: definition.summary, response };
  if (definition.params) schema.params = definition.params;
  if (definition.query) schema.querystring = definition.query;
  if (definition.body) schema.body = definition.body;
  if (definition.idempotent) schema.headers = zIdempotencyHeaders;
  return {
    method: definition.method,
    url: definition.path,
    schema: schema as unknown as EndpointSchema<E>,
    ...(definition.idempotent ? { config: { idempotency: true } } : {}),
  };
}

/**
 * Route options for an answer too large to be checked against its schema on every request, and built
 * field by field by the server's own code from domain types (no database row passed through, no value
 * the schema would encode): the 60,000-employee company's payroll report of 21,000 rows took zod
 * 200-340 ms to check before it was written. The contract still types the handler and documents the
 * answer, and the endpoint's tests parse what it sends.
 */
export const answerWrittenUnchecked = {
  serializerCompiler: () => (data: unknown) => JSON.stringify(data),
};
