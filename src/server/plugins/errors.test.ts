import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { zErrorResponse } from "../../contract/errors.ts";
import { AppError, forbidden, notFound } from "../errors.ts";
import { registerErrorHandlers } from "./errors.ts";

// A small app with the real error handler and routes that fail in each way the handler must cover.
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
registerErrorHandlers(app);
app.post(
  "/items/:id",
  {
    schema: {
      params: z.object({ id: z.uuid() }),
      body: z.object({ name: z.string().min(2), price: z.int().nonnegative() }),
    },
  },
  async () => ({ ok: true }),
);
app.get("/app-error", async () => {
  throw new AppError(409, "GROUP_COMPANY_EXISTS_ERROR", "Group company already exists", [
    { field: "body.name", message: "taken" },
  ]);
});
app.get("/forbidden", async () => {
  throw forbidden();
});
app.get("/not-found", async () => {
  throw notFound("Company");
});
app.get("/crash", async () => {
  throw new Error('relation "secret_table" does not exist at /src/server/x.ts:12');
});
/** How node-postgres and PostgreSQL say the database is away: wrapped by Drizzle, or not. */
const OUTAGES: Record<string, () => Error> = {
  refused: () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
  terminated: () => new Error("Connection terminated unexpectedly"),
  "pool-timeout": () => new Error("timeout exceeded when trying to connect"),
  "shutting-down": () =>
    new Error("Failed query: select 1", {
      cause: Object.assign(new Error("terminating connection due to administrator command"), {
        code: "57P01",
      }),
    }),
  starting: () => Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
};
for (const [name, make] of Object.entries(OUTAGES)) {
  app.get(`/outage/${name}`, async () => {
    throw make();
  });
}
/** How the database refuses a write: a constraint (class 23), or a transaction that lost to another. */
const REFUSALS: Record<string, () => Error> = {
  unique: () =>
    new Error("Failed query: insert into payout_batches", {
      cause: Object.assign(new Error("duplicate key value violates unique constraint"), {
        code: "23505",
        constraint: "payout_batches_number_unique",
      }),
    }),
  "foreign-key": () =>
    Object.assign(new Error('insert or update on table "orders" violates foreign key constraint'), {
      code: "23503",
    }),
  check: () =>
    Object.assign(new Error('new row for relation "store_payables" violates check constraint'), {
      code: "23514",
    }),
  serialization: () => Object.assign(new Error("could not serialize access"), { code: "40001" }),
  deadlock: () => Object.assign(new Error("deadlock detected"), { code: "40P01" }),
};
for (const [name, make] of Object.entries(REFUSALS)) {
  app.get(`/refused/${name}`, async () => {
    throw make();
  });
}
app.get(
  "/bad-response",
  { schema: { response: { 200: z.object({ n: z.number() }) } } },
  async () => ({ n: "not a number" }) as unknown as { n: number },
);

beforeAll(() => app.ready());
afterAll(() => app.close());

const id = "7b0a1f4e-2c3d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the error handler", () => {
  it("answers malformed JSON with 400 and no parser internals", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/items/${id}`,
      headers: { "content-type": "application/json" },
      payload: '{"name": "Jopo",',
    });
    expect(res.statusCode).toBe(400);
    const body = zErrorResponse.parse(res.json());
    expect(body).toEqual({ statusCode: 400, code: "BAD_REQUEST", message: "Request body is not valid JSON" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers schema failures with 400 VALIDATION_ERROR naming every failing field", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/items/${id}`,
      payload: { name: "J", price: -5 },
    });
    expect(res.statusCode).toBe(400);
    const body = zErrorResponse.parse(res.json());
    expect(body.code).toBe("VALIDATION_ERROR");
    expect(body.details?.map((d) => d.field).sort()).toEqual(["body.name", "body.price"]);
  });

  it("reports a bad path parameter under params", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/items/not-a-uuid",
      payload: { name: "Jopo", price: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(zErrorResponse.parse(res.json()).details?.[0]?.field).toBe("params.id");
  });

  it("answers an unsupported content type with 415", async () => {
    const res = await app.inject({
      method: "POST",
      url: `/items/${id}`,
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("passes an AppError's status, code, message and details through", async () => {
    const res = await app.inject({ method: "GET", url: "/app-error" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      statusCode: 409,
      code: "GROUP_COMPANY_EXISTS_ERROR",
      message: "Group company already exists",
      details: [{ field: "body.name", message: "taken" }],
    });
  });

  it("keeps 403 and 404 apart", async () => {
    expect((await app.inject({ method: "GET", url: "/forbidden" })).json()).toMatchObject({
      statusCode: 403,
      code: "FORBIDDEN",
    });
    expect((await app.inject({ method: "GET", url: "/not-found" })).json()).toEqual({
      statusCode: 404,
      code: "NOT_FOUND",
      message: "Company not found",
    });
  });

  it("answers 503 with a retry time when the database is away, without its error", async () => {
    for (const name of Object.keys(OUTAGES)) {
      const res = await app.inject({ method: "GET", url: `/outage/${name}` });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers["retry-after"]).toBe("5");
      expect(zErrorResponse.parse(res.json()).code).toBe("SERVICE_UNAVAILABLE");
      expect(res.body).not.toMatch(/ECONNREFUSED|5432|administrator|terminated/);
    }
  });

  it("answers a write the database refused with 409 CONFLICT, never 500, without the constraint", async () => {
    for (const name of Object.keys(REFUSALS)) {
      const res = await app.inject({ method: "GET", url: `/refused/${name}` });
      expect(res.statusCode, name).toBe(409);
      expect(zErrorResponse.parse(res.json()).code).toBe("CONFLICT");
      expect(res.body).not.toMatch(/payout_batches|orders|store_payables|constraint|deadlock|serialize/);
    }
  });

  it("hides the cause of unexpected failures: no stack, no SQL, no paths", async () => {
    for (const url of ["/crash", "/bad-response"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toEqual({
        statusCode: 500,
        code: "INTERNAL_ERROR",
        message: "Internal server error",
      });
      expect(res.body).not.toMatch(/secret_table|\.ts|stack/);
    }
  });
});
