import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorCode, TErrorDetail, TErrorIssue, TErrorResponse } from "../../contract/errors.ts";
import {
  isConcurrencyConflict,
  isConstraintViolation,
  isDatabaseUnavailable,
  isInvalidInputError,
} from "../db/postgres-errors.ts";
import { AppError } from "../errors.ts";

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

/**
 * The schema issue behind a refused field, its code and limits only: the value sent is never echoed.
 * The web words it as its own check of the same schema would (forms.tooLong with the maximum...).
 */
function issueOf(code: string, params: Record<string, unknown>): TErrorIssue | undefined {
  if (!code) return undefined;
  const issue: TErrorIssue = { code };
  if (typeof params.origin === "string") issue.origin = params.origin;
  if (typeof params.format === "string") issue.format = params.format;
  for (const key of ["minimum", "maximum"] as const) {
    const limit = params[key];
    if (typeof limit === "number" || typeof limit === "bigint") issue[key] = Number(limit);
  }
  const custom = params.params;
  if (custom && typeof custom === "object") {
    const kept = Object.entries(custom).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    );
    if (kept.length > 0) issue.params = Object.fromEntries(kept);
  }
  return issue;
}

/** Turns every failure into `{ statusCode, code, message, details? }`: no stack, no SQL, ever. */
export function toErrorResponse(error: unknown): TErrorResponse {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
      ...error.extra,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as FastifyError).validationContext ?? "body";
    const details: TErrorDetail[] = error.validation.map((v) => {
      const issue = issueOf(v.keyword, v.params);
      return {
        field: [part, ...v.instancePath.split("/").filter(Boolean)].join("."),
        message: v.message ?? "Invalid value",
        ...(issue ? { issue } : {}),
      };
    });
    return { statusCode: 400, code: "VALIDATION_ERROR", message: "Request validation failed", details };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  // Fastify's own client errors (bad JSON, wrong content type, body too large, rate limit).
  if (!isResponseSerializationError(error) && status && status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? "BAD_REQUEST";
    const message =
      fastifyError.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
        ? "Request body is not valid JSON"
        : (fastifyError.message ?? "Bad request");
    return { statusCode: status, code, message };
  }
  // The second line behind the contract's text types: the database refused a value as text.
  if (isInvalidInputError(error)) {
    return {
      statusCode: 400,
      code: "BAD_REQUEST",
      message: "The request holds a value that cannot be stored",
    };
  }
  // A constraint refused the write, or a simultaneous change won: the request conflicts with the
  // stored data and nothing of it was written. The constraint's name stays in the log.
  if (isConstraintViolation(error)) {
    return {
      statusCode: 409,
      code: "CONFLICT",
      message: "The change conflicts with the stored data. Reload and try again.",
    };
  }
  if (isConcurrencyConflict(error)) {
    return {
      statusCode: 409,
      code: "CONFLICT",
      message: "Someone changed the same data at the same moment. Reload and try again.",
    };
  }
  // The database is away (stopped, restarting, unreachable): the service, not the request, failed.
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      code: "SERVICE_UNAVAILABLE",
      message: "The service is temporarily unavailable. Please try again in a moment.",
    };
  }
  return { statusCode: 500, code: "INTERNAL_ERROR", message: "Internal server error" };
}

/** How long a client waits before trying again when the database is away, in seconds. */
const RETRY_AFTER_SECONDS = 5;

/** Answers an error in the API's shape, logged by what it is. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorResponse(error);
  if (body.statusCode === 503) {
    // An outage (the database, the virus scan), not a bug: one line without a stack, and the client
    // is told when to try again.
    const underneath = (error as Error).cause instanceof Error ? ((error as Error).cause as Error) : error;
    request.log.warn({ code: body.code, cause: (underneath as Error).message }, "service unavailable");
    reply.header("retry-after", String(RETRY_AFTER_SECONDS));
  } else if (body.statusCode >= 500) request.log.error({ err: error }, "request failed");
  else if (body.statusCode === 409 && !(error instanceof AppError)) {
    // A rule in front of the database should have answered with its own code: worth a look.
    const constraint = (error as { cause?: { constraint?: unknown } }).cause?.constraint;
    request.log.warn({ code: body.code, constraint }, "database refused the write");
  } else request.log.info({ code: body.code, statusCode: body.statusCode }, "request rejected");
  // Error bodies depend on the request and the user: never cache them.
  return reply.code(body.statusCode).header("cache-control", "no-store").send(body);
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's own answers to a URL it cannot route (a malformed percent sequence, a path parameter over
 * its length limit) come before any hook and would echo the URL in a body of another shape; these
 * answer in ours instead, without the URL.
 */
export function frameworkErrorAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const statusCode = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
  const message = statusCode === 414 ? "A path parameter is too long" : "Malformed URL";
  const body: TErrorResponse = { statusCode, code: "BAD_REQUEST", message };
  request.log.info({ code: error.code, statusCode }, "request rejected");
  return reply.code(statusCode).header("cache-control", "no-store").send(body);
}

/**
 * Node's answer to bytes that are not HTTP (a garbage request line, Content-Length with chunked, a
 * body longer than its length), before any route or hook: in our error shape, on a connection that
 * then closes, instead of Fastify's body without `code`.
 */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable) return;
  const timedOut = error.code === "ERR_HTTP_REQUEST_TIMEOUT";
  const statusCode = timedOut ? 408 : 400;
  const body: TErrorResponse = {
    statusCode,
    code: "BAD_REQUEST",
    message: timedOut ? "The request took too long to arrive" : "The request is not valid HTTP",
  };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${statusCode} ${timedOut ? "Request Timeout" : "Bad Request"}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
  );
}

/** JSON 404 for unknown API routes. Rate limited, so nobody can probe for routes cheaply. */
export function apiNotFound(method: string, url: string): TErrorResponse {
  return { statusCode: 404, code: "NOT_FOUND", message: `Route ${method} ${url.split("?")[0]} not found` };
}
