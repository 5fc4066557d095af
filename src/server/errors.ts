import type { ErrorCode, TErrorDetail } from "../contract/errors.ts";

/**
 * The one error type services throw. The error handler turns it into the error JSON of docs/architecture.md.
 * 401 means "not logged in"; 403 means "logged in but not allowed"; another tenant's object is 404.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: TErrorDetail[],
    /** Extra flags of the error body that the contract names (login's requiresPhoneNumber). */
    public readonly extra?: { requiresPhoneNumber?: true },
    /** What went wrong underneath, for the log; never sent. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "AppError";
  }
}

export const badRequest = (message = "Bad request", details?: TErrorDetail[]) =>
  new AppError(400, "BAD_REQUEST", message, details);
export const unauthorized = (message = "Unauthorized") => new AppError(401, "UNAUTHORIZED", message);
export const forbidden = (message = "Access denied") => new AppError(403, "FORBIDDEN", message);
export const notFound = (what = "Resource") => new AppError(404, "NOT_FOUND", `${what} not found`);
export const conflict = (code: ErrorCode = "CONFLICT", message = "Conflict") =>
  new AppError(409, code, message);

/** An Idempotency-Key sent again with another call (method, address or body) than its first (422). */
export const idempotencyKeyReused = () =>
  new AppError(
    422,
    "IDEMPOTENCY_KEY_REUSED",
    "This Idempotency-Key was used for another request: make a new key for a new action",
  );
/** The same call again under its Idempotency-Key while the first is still under way (409: try again). */
export const idempotencyKeyInUse = () =>
  new AppError(
    409,
    "IDEMPOTENCY_KEY_IN_USE",
    "A request with this Idempotency-Key is still being processed: try again in a moment",
  );
