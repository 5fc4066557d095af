import fc from "fast-check";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { zIdempotencyHeaders } from "../../../src/contract/idempotency.ts";
import { IDEMPOTENCY_KEY_PATTERN } from "../../../src/domain/idempotency.ts";
import { registerOpenApi } from "../../../src/server/plugins/openapi.ts";
import { openApiOperations } from "../openapi-operations.ts";
import { applyMutation } from "./mutations.ts";
import { draftArbitrary, type OperationShape, operationShape } from "./operation-shape.ts";

/**
 * The fuzz's Idempotency-Keys: an operation whose OpenAPI document names the header (a call that moves
 * money) is sent without a key, with one of a few keys that come back across cases, or with one the
 * header's rule refuses; any other operation never gets the header.
 */

const PAYOUT = "POST /api/payouts";
const PLAIN = "POST /api/things";
let app: FastifyInstance;
let shapes: Map<string, OperationShape>;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/payouts",
    { schema: { headers: zIdempotencyHeaders, body: z.object({ amountCents: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  typed.post("/api/things", { schema: { body: z.object({ name: z.string() }) } }, async () => ({ ok: true }));
  await app.ready();
  shapes = new Map(openApiOperations(app).map((operation) => [operation.key, operationShape(operation)]));
});
afterAll(() => app.close());

const shape = (key: string) => shapes.get(key) as OperationShape;
const keysSent = (key: string) =>
  fc
    .sample(draftArbitrary(shape(key), { knownIds: () => [] }), { seed: 11, numRuns: 300 })
    .map((draft) => applyMutation(shape(key), draft, { kind: "valid" }).headers["idempotency-key"]);

describe("the fuzz's Idempotency-Keys", () => {
  it("reads from the document which operations take the header", () => {
    expect(shape(PAYOUT).idempotent).toBe(true);
    expect(shape(PLAIN).idempotent).toBe(false);
  });

  it("sends an idempotent call without a key, with a key that comes again, and with a refused one", () => {
    const keys = keysSent(PAYOUT);
    expect(keys).toContain(undefined);
    const valid = keys.filter((key): key is string => key !== undefined && IDEMPOTENCY_KEY_PATTERN.test(key));
    // The same key in many cases: the replays, the reuse with another body (422) and the key in use (409).
    expect(new Set(valid).size).toBeLessThan(valid.length / 10);
    expect(keys.some((key) => key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))).toBe(true);
  });

  it("never sends the header to an operation that does not take it", () => {
    expect(keysSent(PLAIN).every((key) => key === undefined)).toBe(true);
  });
});
