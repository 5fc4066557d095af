import type { z } from "zod";

/**
 * One description per API call: its method, its address under /api, what it takes (path parameters,
 * query, body) and what it answers. The server registers its route from it (src/server/plugins/
 * endpoint-route.ts) and the web calls it through it (src/web/lib/endpoint-client.ts), so the two sides
 * cannot drift apart: a renamed field or a changed path is a type error on both.
 */

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The error answers an endpoint documents besides its success (the body is always zErrorResponse). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

export type EndpointDef = {
  method: HttpMethod;
  /** The address under /api, with `:name` for each path parameter (`/orders/:orderId`). */
  path: string;
  /** One line of what the call does, as the API reference shows it. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * The JSON body, or `"file"`: the bytes of a file the person picked, sent as they are, with the file's
   * name in the query's `fileName` (src/web/lib/upload.ts; the server sniffs what the bytes are).
   */
  body?: z.ZodType | "file";
  /** The success status when it is not 200: 201 made, 202 taken in to be done later, 204 no body. */
  status?: 201 | 202 | 204;
  response: z.ZodType;
  /**
   * `"file"`: the answer is a file (a PDF, an e-invoice, a spreadsheet) the browser opens or saves by
   * the call's address, a link (src/web/lib/file-href.ts), never a call whose answer the web reads.
   */
  answer?: "file";
  /**
   * The answer of a call that answers 200 when it is done and 202 when it waits for the person's
   * confirmation (a code sent, a link mailed): the 202's body, told apart from the 200's by its shape.
   */
  accepted?: z.ZodType;
  errors: readonly ErrorStatus[];
  /**
   * A call that moves money and takes an `Idempotency-Key` (src/contract/idempotency.ts): a retry with
   * the same key answers the first call's answer without acting again.
   */
  idempotent?: true;
};

/** Declares an endpoint, keeping its literal method, path and schemas in the type. */
export function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type Part<K extends string, S> = S extends z.ZodType
  ? // A query whose every field is optional may be left out.
    Partial<z.input<S>> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** What a caller passes: the parts the endpoint declares, each as its schema accepts it. */
export type EndpointInput<E extends EndpointDef> = Part<"params", E["params"]> &
  Part<"query", E["query"]> &
  Part<"body", E["body"]>;
/** What an upload's caller passes: the endpoint's parameters and query but the file's name, the file's own. */
export type UploadInput<E extends EndpointDef> = Part<"params", E["params"]> & {
  query?: E["query"] extends z.ZodType ? Omit<z.input<E["query"]>, "fileName"> : never;
};
export type EndpointParams<E extends EndpointDef> = InputOf<E["params"]>;
export type EndpointQuery<E extends EndpointDef> = InputOf<E["query"]>;
export type EndpointBody<E extends EndpointDef> = InputOf<E["body"]>;
export type EndpointResponse<E extends EndpointDef> =
  | z.output<E["response"]>
  | (E extends { accepted: infer A extends z.ZodType } ? z.output<A> : never);

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The address of one call: `/api` + the path with its parameters filled in (encoded), + the query with
 * empty values left out (an empty filter is no filter) and lists joined by commas.
 */
export function endpointUrl(
  definition: Pick<EndpointDef, "path">,
  input: { params?: unknown; query?: unknown } = {},
): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = definition.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === "") throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, QueryValue>)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value) && value.length === 0) continue;
    search.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  const query = search.toString();
  return `/api${path}${query ? `?${query}` : ""}`;
}
