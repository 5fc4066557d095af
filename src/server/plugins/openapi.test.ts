import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../tests/helpers/test-app.ts";

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
