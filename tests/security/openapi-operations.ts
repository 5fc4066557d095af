import type { FastifyInstance } from "fastify";

/**
 * The operations of the app's OpenAPI document (`app.swagger()`, the same document as
 * `/api/docs/json`), for harnesses that must cover every endpoint: the access matrix and the fuzz.
 */

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

export type OpenApiOperation = {
  /** `METHOD /path/{param}` as the document spells the path, e.g. `PATCH /api/system-users/{userId}/phone`. */
  key: string;
  method: HttpMethod;
  path: string;
  /** The operation object as the document holds it (parameters, requestBody, responses...). */
  spec: Record<string, unknown>;
};

type OpenApiDocument = { paths?: Record<string, Record<string, unknown>> };

/** Every operation of the document, sorted by path and method; the docs' own routes are not in it. */
export function openApiOperations(app: FastifyInstance): OpenApiOperation[] {
  const doc = app.swagger() as OpenApiDocument;
  const operations: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const spec = item[method.toLowerCase()];
      if (spec)
        operations.push({ key: `${method} ${path}`, method, path, spec: spec as Record<string, unknown> });
    }
  }
  return operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** The path with its `{param}` placeholders filled in (URI-encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The top-level property names of the operation's JSON body schema (none when it takes no body). */
export function bodyProperties(operation: OpenApiOperation): string[] {
  const body = operation.spec.requestBody as
    | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
    | undefined;
  return Object.keys(body?.content?.["application/json"]?.schema?.properties ?? {});
}
