import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "../../contract/endpoint.ts";
import { fileHref } from "./file-href.ts";

const report = endpoint({
  method: "GET",
  path: "/companies/:id/reports/:month/export",
  summary: "A month's report as a file",
  params: z.object({ id: z.string(), month: z.string() }),
  query: z.object({ format: z.enum(["csv", "xlsx"]), language: z.string().optional() }),
  answer: "file",
  response: z.string(),
  errors: [404],
});

describe("fileHref", () => {
  it("builds a file's address from its endpoint: the path's parameters encoded, the query's filled values", () => {
    expect(
      fileHref(report, { params: { id: "a/b", month: "2026-04" }, query: { format: "xlsx", language: "" } }),
    ).toBe("/api/companies/a%2Fb/reports/2026-04/export?format=xlsx");
  });
});
