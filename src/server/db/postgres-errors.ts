/**
 * Reading PostgreSQL's errors the same way on both drivers: node-postgres and PGlite put the SQLSTATE
 * in `code`, and Drizzle wraps either in a DrizzleQueryError whose `cause` is the driver's error.
 */

/** The SQLSTATE (five characters in `code`) of a database error, wrapped or not; else undefined. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the row (23505): an e-mail or a name someone else already has. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === "23505";
}

/**
 * A constraint refused the write (class 23: unique, foreign key, check, exclusion, not null): the
 * stored data does not allow the change as asked, e.g. a row someone else added or removed meanwhile.
 * The rules in front of it answer with their own codes; whatever slips past them is a conflict with
 * the stored data, never a server fault.
 */
export function isConstraintViolation(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith("23") ?? false;
}

/**
 * Two transactions met and PostgreSQL let one of them go (40001 serialization failure, 40P01
 * deadlock): nothing of it was written, and the same request may succeed when made again.
 */
export function isConcurrencyConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state === "40001" || state === "40P01";
}

/**
 * SQLSTATEs of a value PostgreSQL cannot take as the text or type it was sent as: a NUL byte or bad
 * encoding (22021 character_not_in_repertoire, 22P05 untranslatable_character), text that is not a
 * number, uuid or date (22P02 invalid_text_representation), a value too long (22001
 * string_data_right_truncation). Each is bad input that passed the contract, never a server fault.
 */
const INVALID_INPUT_SQLSTATES = new Set(["22021", "22P05", "22P02", "22001"]);

export function isInvalidInputError(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && INVALID_INPUT_SQLSTATES.has(state);
}

/**
 * The database cannot be reached or has gone away: a refused or broken connection, a server shutting
 * down or starting up, too many connections (SQLSTATE classes 08 and 57P, and 53300), or the pool's
 * own timeout. The request is not at fault and may be tried again in a moment.
 */
const UNREACHABLE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
const UNREACHABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Connection ended unexpectedly",
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlStateOf(error);
  if (state && (state.startsWith("08") || state.startsWith("57P") || state === "53300")) return true;
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && UNREACHABLE_NETWORK_CODES.has(code)) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}
