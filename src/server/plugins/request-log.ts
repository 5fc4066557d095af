import type { IncomingHttpHeaders } from "node:http";
import { LANGUAGES } from "../../domain/locale.ts";
import { ROUTES } from "../../domain/routes.ts";

/**
 * What a request's log line says of it: Fastify's own fields, with the token of a link taken out of
 * the URL. A password, registration, e-mail confirmation, store or preferences link opens an account
 * or an order to whoever holds it, and the log is read by more people than the link's owner.
 */

export const LOG_REDACTED = "[redacted]";

/** A route parameter that carries a link's secret: `:token` (and any `…Token`). */
const SECRET_PARAM = /^:\w*token$/i;

/**
 * Fastify hands the serializer its request; typed by the fields read, which Node's raw request also
 * has, as Fastify's logger options are typed.
 */
type LoggedRequest = {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
  routeOptions?: { url?: string };
};

/**
 * Query parameters that carry a secret: an identity provider's answer (its authorization code, and
 * the state that binds it to the browser) redeems a sign-in or a signature for whoever holds it.
 */
const SECRET_QUERY = /(^|&)(code|state)=[^&]*/g;

function queryForLog(query: string): string {
  return query.replace(
    SECRET_QUERY,
    (_match, start: string, name: string) => `${start}${name}=${LOG_REDACTED}`,
  );
}

/** The web app's pages whose path carries a link's secret (`/reset/:token`), as segments. */
const SECRET_PAGES = ROUTES.map((route) => route.path.split("/").filter(Boolean)).filter((pattern) =>
  pattern.some((segment) => SECRET_PARAM.test(segment)),
);

/** The pattern of a secret page the path's segments follow, a language prefix (`/sv/liity/…`) included. */
function secretPage(segments: string[]): string[] | undefined {
  const prefix = (LANGUAGES as readonly string[]).includes(segments[0] ?? "") ? segments.slice(0, 1) : [];
  const rest = segments.slice(prefix.length);
  const page = SECRET_PAGES.find(
    (pattern) =>
      pattern.length === rest.length &&
      pattern.every((segment, i) => segment.startsWith(":") || segment === rest[i]),
  );
  return page && [...prefix, ...page];
}

/**
 * A URL as the log keeps it. `routePattern` is the API route's (`/api/password-reset/:token`); a page
 * of the web app (`/reset/…`, `/sv/liity/…`), answered by the index fallback, is found in the route table.
 */
export function urlForLog(url: string, routePattern: string | undefined): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : `?${queryForLog(url.slice(queryAt + 1))}`;
  const hasSecret = (pattern: string[] | undefined) => pattern?.some((segment) => SECRET_PARAM.test(segment));
  let pattern = routePattern?.split("/").filter(Boolean);
  if (!hasSecret(pattern)) pattern = secretPage(path.split("/").filter(Boolean));
  if (!pattern || !hasSecret(pattern)) return path + query;
  let position = 0;
  const redacted = path
    .split("/")
    .map((segment) => {
      if (!segment) return segment;
      return SECRET_PARAM.test(pattern[position++] ?? "") ? LOG_REDACTED : segment;
    })
    .join("/");
  return redacted + query;
}

/** Fastify's request serializer (lib/logger-pino.js) with urlForLog. */
export function requestForLog(request: LoggedRequest) {
  const version = request.headers?.["accept-version"];
  return {
    method: request.method,
    url: request.url === undefined ? undefined : urlForLog(request.url, request.routeOptions?.url),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
