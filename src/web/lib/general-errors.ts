/**
 * docs/product.md "Errors" "General toasts". The English texts are also the `toasts.*` values of en.json (a test keeps
 * them equal); they live here too because ApiError carries an English message for logs and for callers
 * that have no translator at hand.
 */
export const GENERAL_ERROR_TEXTS = {
  unauthorized: "You are not authorized to perform this action",
  forbidden: "Access denied. You do not have permission to perform this action",
  notFound: "The requested resource was not found",
  serverError: "A server error occurred. Please try again later",
  invalidRequest: "Invalid request. Please check your input and try again.",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
  serviceUnavailable: "Service temporarily unavailable. Please try again later.",
  generic: "Something went wrong. Please try again later.",
} as const;

export type GeneralErrorKind = keyof typeof GENERAL_ERROR_TEXTS;

/**
 * Kinds whose text docs/product.md "Errors" fixes by status alone: a server code never replaces them, because a
 * 401/403/404/5xx toast must read the same whatever the endpoint said.
 */
export const STATUS_FIXED_KINDS: ReadonlySet<GeneralErrorKind> = new Set([
  "unauthorized",
  "forbidden",
  "notFound",
  "serverError",
]);

/**
 * Which general text a failed response gets. 401/403/404 and 5xx come from the status; the
 * "body unreadable" fallbacks (400, 429, 502/503, other) cover the rest. An unreadable 502/503 is
 * usually a proxy's HTML page, so it reads "temporarily unavailable" rather than "server error".
 * Status 0 is a network failure (no response at all).
 */
export function generalErrorKind(status: number, bodyReadable: boolean): GeneralErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if ((status === 502 || status === 503) && !bodyReadable) return "serviceUnavailable";
  if (status >= 500) return "serverError";
  if (status === 400) return "invalidRequest";
  if (status === 429) return "tooManyRequests";
  return "generic";
}
