import fc from "fast-check";
import type { OpenApiOperation } from "../openapi-operations.ts";
import { type ArbitraryOptions, arbitraryFor, type JsonSchema } from "./json-schema-arbitrary.ts";

/** What the fuzz needs of one operation: its inputs and their schemas, read from the OpenAPI document. */
export type OperationShape = {
  key: string;
  method: string;
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | null;
};

type Param = { name: string; required: boolean; schema: JsonSchema };

type SpecParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type SpecBody = { content?: Record<string, { schema?: JsonSchema }> };

export function operationShape(operation: OpenApiOperation): OperationShape {
  const parameters = (operation.spec.parameters ?? []) as SpecParameter[];
  const params = (where: string) =>
    parameters
      .filter((p) => p.in === where)
      .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
  const requestBody = operation.spec.requestBody as SpecBody | undefined;
  return {
    key: operation.key,
    method: operation.method,
    path: operation.path,
    pathParams: params("path"),
    queryParams: params("query"),
    body: requestBody ? (requestBody.content?.["application/json"]?.schema ?? {}) : null,
  };
}

/** A request's inputs before they are spelled into a URL and a body. */
export type Draft = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
};

/** Valid-shaped inputs of an operation: every path parameter, some query parameters, a body by its schema. */
export function draftArbitrary(shape: OperationShape, options: ArbitraryOptions): fc.Arbitrary<Draft> {
  const paramsRecord = (params: Param[], requiredOnly: boolean) =>
    fc.record(
      Object.fromEntries(
        params.map((p) => [p.name, arbitraryFor(p.schema, options, nameHint(shape.path, p.name))]),
      ),
      { requiredKeys: params.filter((p) => requiredOnly || p.required).map((p) => p.name) },
    );
  return fc.record({
    path: paramsRecord(shape.pathParams, true),
    query: paramsRecord(shape.queryParams, false),
    body: shape.body ? arbitraryFor(shape.body, options) : fc.constant(undefined),
  });
}

/** A bare `{id}` is named by the path segment before it: `/api/roles/{id}` is a role's id. */
function nameHint(path: string, param: string): string {
  if (param !== "id") return param;
  const segments = path.split("/");
  return segments[segments.indexOf(`{${param}}`) - 1] ?? param;
}
