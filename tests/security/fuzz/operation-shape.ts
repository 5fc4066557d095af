import fc from "fast-check";
import type { OpenApiOperation } from "../openapi-operations.ts";
import { fileBytesArbitrary } from "./file-bytes.ts";
import { type ArbitraryOptions, arbitraryFor, type JsonSchema } from "./json-schema-arbitrary.ts";

/** What the fuzz needs of one operation: its inputs and their schemas, read from the OpenAPI document. */
export type OperationShape = {
  key: string;
  method: string;
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  /** The schema of a JSON body; null when the operation takes none (no body, or a file's bytes). */
  body: JsonSchema | null;
  /** Whether the body is a file's raw bytes (`application/octet-stream`), as upload operations take. */
  binary: boolean;
  /** Whether the operation keeps its answers under an `Idempotency-Key` header (the calls that move money). */
  idempotent: boolean;
};

type Param = { name: string; required: boolean; schema: JsonSchema };

type SpecParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type SpecBody = { content?: Record<string, { schema?: JsonSchema }> };

/** How the OpenAPI document marks an upload's body (`UPLOAD_SCHEMA` of src/server/files/uploads.ts). */
export const BINARY_CONTENT_TYPE = "application/octet-stream";

export function operationShape(operation: OpenApiOperation): OperationShape {
  const parameters = (operation.spec.parameters ?? []) as SpecParameter[];
  const params = (where: string) =>
    parameters
      .filter((p) => p.in === where)
      .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
  const requestBody = operation.spec.requestBody as SpecBody | undefined;
  const binary = requestBody?.content?.[BINARY_CONTENT_TYPE] !== undefined;
  return {
    key: operation.key,
    method: operation.method,
    path: operation.path,
    pathParams: params("path"),
    queryParams: params("query"),
    body: requestBody && !binary ? (requestBody.content?.["application/json"]?.schema ?? {}) : null,
    binary,
    idempotent: parameters.some((p) => p.in === "header" && p.name.toLowerCase() === IDEMPOTENCY_HEADER),
  };
}

/** A request's inputs before they are spelled into a URL and a body. */
export type Draft = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value, or a Uint8Array for a binary operation. */
  body: unknown;
  /** The Idempotency-Key sent, if any (only an idempotent operation's draft has one). */
  idempotencyKey?: string;
};

const IDEMPOTENCY_HEADER = "idempotency-key";
/**
 * The keys an idempotent call is sent with: mostly none or one of a few valid keys, so that the same key
 * comes again with another body, from another caller, or while its first call is under way (the
 * replay, 422 and 409 answers), and sometimes one the header's rule refuses (400).
 */
const IDEMPOTENCY_KEYS = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 4, arbitrary: fc.constantFrom("fuzz-key-0001", "fuzz-key-0002", "fuzz_key_0003") },
  { weight: 1, arbitrary: fc.constantFrom("short", "x".repeat(101), "space in key", "ä-not-ascii-key", "") },
);

/**
 * Valid-shaped inputs of an operation: every path parameter, some query parameters, a body by its
 * schema (a binary operation's: a file's bytes).
 */
export function draftArbitrary(shape: OperationShape, options: ArbitraryOptions): fc.Arbitrary<Draft> {
  const paramsRecord = (params: Param[], requiredOnly: boolean) =>
    fc.record(
      Object.fromEntries(
        params.map((p) => [p.name, arbitraryFor(p.schema, options, nameHint(shape.path, p.name))]),
      ),
      { requiredKeys: params.filter((p) => requiredOnly || p.required).map((p) => p.name) },
    );
  return fc.record({
    ...(shape.idempotent ? { idempotencyKey: IDEMPOTENCY_KEYS } : {}),
    path: paramsRecord(shape.pathParams, true),
    query: paramsRecord(shape.queryParams, false),
    body: shape.binary
      ? fileBytesArbitrary()
      : shape.body
        ? arbitraryFor(shape.body, options)
        : fc.constant(undefined),
  });
}

/** A bare `{id}` is named by the path segment before it: `/api/roles/{id}` is a role's id. */
function nameHint(path: string, param: string): string {
  if (param !== "id") return param;
  const segments = path.split("/");
  return segments[segments.indexOf(`{${param}}`) - 1] ?? param;
}
