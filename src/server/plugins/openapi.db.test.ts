import { readdirSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../tests/helpers/api.ts";
import { productionConfig, recordingMessaging } from "../../../tests/helpers/production.ts";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../tests/helpers/test-db.ts";
import type { EndpointDef } from "../../contract/endpoint.ts";
import { buildApp } from "../app.ts";
import { testConfig } from "../config.ts";
import type { Database } from "../db/client.ts";

describe("the OpenAPI document", () => {
  const t = setupTestApp();

  it("is a valid OpenAPI 3.1 document that lists every implemented /api route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // Every API route Fastify knows (except the docs themselves) appears in the document.
    const routes = t.app
      .printRoutes({ commonPrefix: false })
      .split("\n")
      .map((line) => line.replace(/^[\s│├└─]+/, "").split(" ")[0] ?? "")
      .filter((path) => path.startsWith("/api/") && !path.startsWith("/api/docs"));
    expect(routes.length).toBeGreaterThan(0);
    for (const path of routes) {
      const openApiPath = path.replace(/:(\w+)/g, "{$1}");
      expect(Object.keys(doc.paths), path).toContain(openApiPath);
    }
  });
});

/** Every endpoint src/contract describes, named by its module and key. */
async function contractEndpoints(): Promise<{ name: string; definition: EndpointDef }[]> {
  const modules = readdirSync("src/contract").filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  const found: { name: string; definition: EndpointDef }[] = [];
  for (const file of modules) {
    const exported = (await import(`../../contract/${file}`)) as Record<string, unknown>;
    for (const [group, value] of Object.entries(exported)) {
      if (!group.endsWith("Api") || typeof value !== "object" || value === null) continue;
      for (const [key, definition] of Object.entries(value as Record<string, EndpointDef>))
        found.push({ name: `${file} ${group}.${key}`, definition });
    }
  }
  return found;
}

describe("the contract's uploads and files", () => {
  const t = setupTestApp();

  it("are each served at their method and path, though the server registers their routes by hand", async () => {
    // The JSON calls are registered from their endpoint (endpoint-route.ts); an upload reads a raw body
    // in a scope of its own and a file is sent as bytes, so their routes take only the endpoint's path.
    const files = (await contractEndpoints()).filter(
      ({ definition }) => definition.body === "file" || definition.answer === "file",
    );
    expect(files.length).toBeGreaterThan(10);
    const missing = files
      .filter(
        ({ definition }) => !t.app.hasRoute({ method: definition.method, url: `/api${definition.path}` }),
      )
      .map(({ name, definition }) => `${name}: ${definition.method} ${definition.path}`);
    expect(missing).toEqual([]);
  });
});

type Operation = {
  tags?: string[];
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: { properties?: object; required?: string[] } }> };
  parameters?: { in: string; name: string; required?: boolean }[];
  responses?: Record<string, unknown>;
};

/** One table row per operation: what a reviewer of an API change needs to see at a glance. */
function surfaceTable(doc: { paths: Record<string, Record<string, Operation>> }): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const operation = item[method];
      if (!operation) continue;
      const schema = operation.requestBody?.content?.["application/json"]?.schema;
      const required = new Set(schema?.required ?? []);
      const headers = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === "header")
        .map((parameter) => `${parameter.name}${parameter.required ? "" : "?"} (header)`);
      const body = [
        ...Object.keys(schema?.properties ?? {}).map((name) => (required.has(name) ? name : `${name}?`)),
        ...headers,
      ].join(", ");
      const statuses = Object.keys(operation.responses ?? {}).join(" ");
      const cells = [
        method.toUpperCase(),
        `\`${path}\``,
        (operation.tags ?? []).join(", "),
        operation.summary ?? "",
      ];
      rows.push(`| ${[...cells, body, statuses].join(" | ")} |`);
    }
  }
  return [
    "# The API surface",
    "",
    "Generated from the OpenAPI document by `src/server/plugins/openapi.db.test.ts`, which fails when the",
    "document and this file differ: a change to the API shows here in review. After a deliberate change,",
    "update it with `npx vitest run src/server/plugins/openapi.db.test.ts -u`. Body fields marked `?` are",
    "optional; a header the call takes is named with `(header)` (`idempotency-key`: a retry under the same",
    "key answers the first answer and does not act again, src/contract/idempotency.ts). The full document",
    "is served at `/api/docs` outside production (and with `API_DOCS=true`).",
    "",
    "| Method | Path | Tags | Summary | Body | Answers |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

describe("the API surface", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("matches docs/api-surface.md, so that every change to an operation is reviewed", async () => {
    // The app is built inside the test, so mutation testing counts the route definitions as covered here.
    const app = await buildApp(testConfig(), { database });
    try {
      await app.ready();
      const doc = app.swagger() as { paths: Record<string, Record<string, Operation>> };
      await expect(surfaceTable(doc)).toMatchFileSnapshot("../../../docs/api-surface.md");
    } finally {
      await app.close();
    }
  });
});

describe("the API docs in production", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function docsAnswers(env: Record<string, string>) {
    const app = await buildApp(productionConfig(env), { database, messaging: recordingMessaging() });
    try {
      return await Promise.all(
        ["/api/docs", "/api/docs/", "/api/docs/json"].map((url) => app.inject({ method: "GET", url })),
      );
    } finally {
      await app.close();
    }
  }

  it("are not published without API_DOCS (the JSON 404 of an unknown route)", async () => {
    for (const res of await docsAnswers({})) {
      expectError(res, 404, "NOT_FOUND");
      expect(res.body).not.toContain("openapi");
    }
  });

  it("are published with API_DOCS=true", async () => {
    const answers = await docsAnswers({ API_DOCS: "true" });
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const [, ui, json] = answers;
    expect(ui?.body).toContain("swagger-ui");
    expect(json?.json()).toMatchObject({ openapi: "3.1.0" });
  });
});
