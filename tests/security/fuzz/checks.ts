import type { LightMyRequestResponse } from "fastify";
import { z } from "zod";
import { zErrorResponse } from "../../../src/contract/errors.ts";
import type { FuzzRequest } from "./request.ts";

/**
 * What every answer must satisfy, whatever was sent: no 5xx; an error from the API is the JSON
 * `{ statusCode, code, message, details? }` with the HTTP status (from the SCIM endpoint, SCIM's
 * error body with it); no body reveals a stack trace, SQL,
 * a password hash or the signing secret. None of the fuzz's own payloads match these patterns, so an
 * echo of a request cannot pass for a leak.
 */
export const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: "stack trace", pattern: /\n\s+at \S|\bat (?:async )?\S+ \((?:node:|\/|file:)|"stack":/ },
  { name: "source path", pattern: /node_modules|\.[cm]?[jt]s:\d+:\d+|\/src\/server\// },
  {
    name: "SQL",
    pattern:
      // "select … from" within one JSON string (escaped quotes allowed): a stored "SELECT pg_sleep(5)"
      // echoed in one field and the word "from" in the next is no leak.
      /\bselect\b(?:\\.|[^"\\\n]){0,200}\bfrom\b|\binsert into\b|syntax error at|relation "|violates [a-z ]*constraint|duplicate key value/i,
  },
  { name: "password hash", pattern: /\$argon2/ },
];

/**
 * 503s that tell the caller a service the platform relies on is not set up where the fuzz runs (no
 * strong identification broker): a documented answer, not a crash.
 */
const NOT_SET_UP = new Set(["STRONG_IDENTIFICATION_UNAVAILABLE"]);

function isNotSetUp(res: LightMyRequestResponse): boolean {
  try {
    return res.statusCode === 503 && NOT_SET_UP.has((res.json() as { code?: string }).code ?? "");
  } catch {
    return false;
  }
}

export function responseProblems(
  request: FuzzRequest,
  res: LightMyRequestResponse,
  secret: string,
): string[] {
  const problems: string[] = [];
  if (res.statusCode >= 500 && !isNotSetUp(res)) problems.push(`status ${res.statusCode}`);
  const contentType = String(res.headers["content-type"] ?? "");
  // The SCIM endpoint (/scim/v2) answers its errors in SCIM's own body and media type (RFC 7644).
  const isScim = contentType.startsWith("application/scim+json");
  const isJson = contentType.startsWith("application/json") || isScim;
  // A HEAD answer has the headers of the GET and no body to check.
  const hasBody = request.method !== "HEAD";
  if (res.statusCode >= 400 && isJson && hasBody)
    problems.push(...(isScim ? scimErrorBodyProblems(res) : errorBodyProblems(res)));
  // Only the web app's fallback (a GET outside /api) may answer an error with something else than JSON.
  const webFallback = (request.method === "GET" || request.method === "HEAD") && !isApiPath(request.url);
  if (res.statusCode >= 400 && !isJson && !webFallback) {
    problems.push(`error answered as "${contentType}", not JSON`);
  }
  for (const { name, pattern } of LEAKS) if (pattern.test(res.body)) problems.push(`body shows ${name}`);
  if (res.body.includes(secret)) problems.push("body shows the JWT secret");
  return problems;
}

function errorBodyProblems(res: LightMyRequestResponse): string[] {
  let json: unknown;
  try {
    json = res.json();
  } catch {
    return ["error body is not valid JSON"];
  }
  const parsed = zErrorResponse.strict().safeParse(json);
  if (!parsed.success)
    return [
      `error body is not {statusCode, code, message}: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
    ];
  return parsed.data.statusCode === res.statusCode
    ? []
    : [`error body says statusCode ${parsed.data.statusCode}, HTTP says ${res.statusCode}`];
}

const zScimError = z
  .object({
    schemas: z.tuple([z.literal("urn:ietf:params:scim:api:messages:2.0:Error")]),
    status: z.string().regex(/^\d{3}$/),
    scimType: z.string().optional(),
    detail: z.string(),
  })
  .strict();

function scimErrorBodyProblems(res: LightMyRequestResponse): string[] {
  let json: unknown;
  try {
    json = res.json();
  } catch {
    return ["SCIM error body is not valid JSON"];
  }
  const parsed = zScimError.safeParse(json);
  if (!parsed.success)
    return [
      `SCIM error body is not {schemas, status, detail}: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
    ];
  return parsed.data.status === String(res.statusCode)
    ? []
    : [`SCIM error body says status ${parsed.data.status}, HTTP says ${res.statusCode}`];
}

/**
 * Whether the web app's fallback would have answered JSON: it decides on the raw path, so `/%61pi/x`
 * (no route) is a web page, while `/%61pi/user` is routed, decoded, to the API.
 */
function isApiPath(url: string): boolean {
  return /^\/api(\/|$)/.test(url.split("?")[0] ?? "");
}
