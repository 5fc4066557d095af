import type { ErrorCode, TErrorDetail, TErrorResponse } from "../../contract/errors.ts";
import { FIRST_ANSWERS_ID } from "../../domain/constants.ts";
import { GENERAL_ERROR_TEXTS, generalErrorKind } from "./general-errors.ts";

/** The cookie the server issues for CSRF protection and the header it expects the value back in. */
export const CSRF_COOKIE = "csrfToken";
export const CSRF_HEADER = "x-csrf-token";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Anything with a zod-like `parse`. Typed structurally so this module does not import zod: the
 * anonymous home page loads the api client, and zod belongs in the chunks of the pages that use a
 * contract schema.
 */
export type ResponseSchema<T> = { parse: (data: unknown) => T };

export type ApiFetchOptions<T> = {
  method?: HttpMethod;
  /** JSON-encoded unless it is FormData, a Blob or an ArrayBuffer (uploads), which go as they are. */
  body?: unknown;
  /** Validates the success body; a mismatch throws the schema's own error (a contract bug, not user input). */
  schema?: ResponseSchema<T>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** A failed API call. `message` is English (the server's, or a docs/product.md "Errors" fallback); the UI translates by status and code. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** HTTP status; 0 when no response arrived (network failure). */
  readonly status: number;
  /**
   * The server's stable code (src/contract/errors.ts), or one derived from the status when the body was
   * unreadable: a comparison with a code that is not the contract's does not compile.
   */
  readonly code: ErrorCode;
  readonly details: TErrorDetail[];
  /** False when the body was not the JSON error envelope (proxy error pages, empty bodies, network failures). */
  readonly bodyReadable: boolean;
  /** Login only: the 400 answer asks for a phone number to send the two-factor code to (docs/product.md "States"). */
  readonly requiresPhoneNumber: boolean;

  constructor(init: {
    status: number;
    code: ErrorCode;
    message: string;
    details?: TErrorDetail[];
    bodyReadable: boolean;
    requiresPhoneNumber?: boolean;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.bodyReadable = init.bodyReadable;
    this.requiresPhoneNumber = init.requiresPhoneNumber === true;
  }
}

/** The code an unreadable response stands for, so callers can switch on `code` either way. */
function codeForStatus(status: number): ErrorCode {
  if (status === 400) return "BAD_REQUEST";
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "TOO_MANY_REQUESTS";
  if (status === 502 || status === 503) return "SERVICE_UNAVAILABLE";
  if (status >= 500) return "INTERNAL_ERROR";
  return "UNDEFINED_ERROR";
}

/** The English docs/product.md "Errors" fallback for a response whose body could not be read. */
function fallbackMessage(status: number): string {
  return GENERAL_ERROR_TEXTS[generalErrorKind(status, false)];
}

function isDetail(value: unknown): value is TErrorDetail {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.field === "string" && typeof v.message === "string";
}

/**
 * The shape check of zErrorResponse (src/contract/errors.ts), written out by hand to keep zod out of the
 * entry chunk; api-client.test.ts runs both over the same samples so they cannot drift apart.
 */
export function isErrorResponse(value: unknown): value is TErrorResponse {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.statusCode === "number" &&
    Number.isInteger(v.statusCode) &&
    typeof v.code === "string" &&
    typeof v.message === "string" &&
    (v.details === undefined || (Array.isArray(v.details) && v.details.every(isDetail)))
  );
}

export function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function isRawBody(body: unknown): body is BodyInit {
  return body instanceof FormData || body instanceof Blob || body instanceof ArrayBuffer;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * GETs started before the page that makes them has arrived (app/routes.tsx askFirstRequests): the page's own
 * call takes the answer instead of asking again, so its data and its code load side by side. Each is
 * taken once and only for a few seconds; any change (a call other than GET) forgets them all, so an
 * answer from before a change is never shown after it.
 */
const ahead = new Map<string, Promise<Response>>();

function keepAhead(path: string, response: Promise<Response>): void {
  ahead.set(path, response);
  setTimeout(() => ahead.get(path) === response && ahead.delete(path), 10_000);
}

export function fetchAhead(path: string): void {
  if (ahead.has(path)) return;
  const response = fetch(path, { headers: { accept: "application/json" }, credentials: "include" });
  // A failure is the page's own call's to report, when it takes this answer.
  response.catch(() => {});
  keepAhead(path, response);
}

/**
 * The answers the server wrote into a signed-in page's HTML (server/plugins/first-answers.ts: the
 * user's), by the address they answer, kept as if asked ahead: the app's own call takes each without
 * asking. Read once; the block leaves the page, so nothing reads it again after a change.
 */
export function takeFirstAnswers(): void {
  const block = document.getElementById(FIRST_ANSWERS_ID);
  if (!block) return;
  block.remove();
  const answers = parseJson(block.textContent ?? "");
  const value = answers.ok ? answers.value : null;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  for (const [path, body] of Object.entries(value)) {
    const headers = { "content-type": "application/json" };
    keepAhead(path, Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers })));
  }
}

/**
 * The addresses asked ahead that no call has taken yet. Once a page has opened, any left over were asked
 * for nothing: the page does not make that call for its user (app/first-requests.test.ts).
 */
export function pendingAhead(): string[] {
  return [...ahead.keys()];
}

/** Forgets the GETs started ahead (the web tests' modules outlive a test: tests/helpers/dom-setup.ts). */
export function forgetAhead(): void {
  ahead.clear();
}

/**
 * Calls the API with the session cookies and, on state-changing requests, the CSRF header. Resolves with
 * the (optionally schema-checked) JSON body, `undefined` for an empty body; rejects with ApiError.
 * It never shows anything to the user: the caller, or the QueryClient's cache handlers, decide that.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) body = options.body;
    else {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
  }
  if (method !== "GET") {
    const csrf = readCookie(CSRF_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }

  const early = method === "GET" ? ahead.get(path) : ahead.clear();
  ahead.delete(path);
  let response: Response;
  try {
    response = await (early ??
      fetch(path, {
        method,
        headers,
        body: body ?? null,
        credentials: "include",
        signal: options.signal ?? null,
      }));
  } catch (error) {
    // Cancellation is not a failure: TanStack Query and effects abort on purpose.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError({
      status: 0,
      code: "UNDEFINED_ERROR",
      message: fallbackMessage(0),
      bodyReadable: false,
    });
  }

  const text = await response.text().catch(() => "");
  const parsed = text === "" ? null : parseJson(text);

  if (!response.ok) {
    if (parsed?.ok && isErrorResponse(parsed.value)) {
      const { code, message, details, requiresPhoneNumber } = parsed.value;
      throw new ApiError({
        status: response.status,
        // The server builds its errors with the contract's codes (server/errors.ts). A code a newer server
        // added, reaching a page loaded before it, is none of the ones this page compares with: the page
        // answers it by its status.
        code: code as ErrorCode,
        message,
        details: details ?? [],
        bodyReadable: true,
        requiresPhoneNumber: requiresPhoneNumber === true,
      });
    }
    throw new ApiError({
      status: response.status,
      code: codeForStatus(response.status),
      message: fallbackMessage(response.status),
      bodyReadable: false,
    });
  }

  if (parsed === null) return undefined as T;
  if (!parsed.ok) {
    throw new ApiError({
      status: response.status,
      code: "UNDEFINED_ERROR",
      message: fallbackMessage(0),
      bodyReadable: false,
    });
  }
  return options.schema ? options.schema.parse(parsed.value) : (parsed.value as T);
}
