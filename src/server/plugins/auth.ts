import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER } from "../../domain/constants.ts";
import type { Permission } from "../../domain/permissions.ts";
import { permissionsIn } from "../../domain/permissions.ts";
import { rolesIn } from "../../domain/roles.ts";
import type { AppContext } from "../context.ts";
import type { Database } from "../db/client.ts";
import { AppError, forbidden, notFound, unauthorized } from "../errors.ts";
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  sessionCookieOptions,
} from "../modules/auth/cookies.ts";
import { namedId, type Reached, type Target } from "../modules/auth/reach.ts";
import { sessionCacheOf } from "../modules/auth/session-cache.ts";
import { type CurrentUser, loadCurrentUser } from "../modules/auth/session-user.ts";
import { sessionUserCacheOf } from "../modules/auth/session-user-cache.ts";
import { activeSession, refreshSession, userVersionOf } from "../modules/auth/sessions.ts";
import { isCompanyInScope } from "../modules/auth/tenancy.ts";
import { isCsrfTokenOf, verifyAccessToken } from "../modules/auth/tokens.ts";
import { userDeactivated } from "../modules/system-users/errors.ts";

/**
 * Who is calling, and may they: resolves the session from the cookies (refreshing an expired access
 * token transparently), guards routes by permission, and checks Origin and the CSRF token of every
 * state-changing request. Routes use `guards.user` / `guards.permission(...)` as preValidation hooks,
 * so a caller who may not use a route is refused before their input is judged (field errors would tell
 * them what it takes), and read the user with `currentUser(request)`.
 */

const USER_KEY = "pedaaliUser";
/** The login family whose CSRF token the request's header was checked against, if it was. */
const CSRF_FAMILY_KEY = "pedaaliCsrfFamily";
/** The caller and the login family their CSRF token is bound to. */
type Session = { user: CurrentUser; familyId: string };
type Resolved = { session: Session | null } | undefined;

const csrfRefused = () => new AppError(403, "CSRF_TOKEN_INVALID", "Missing or invalid CSRF token");

/** Route config that marks an anonymous call (login, verify, reset request...): Origin is checked, not a token. */
export const ORIGIN_ONLY = { csrf: "origin-only" } as const;

/**
 * Route config of what a staff user who must still set up an authenticator app may use meanwhile:
 * their own details, the setup itself and their own notifications. Every other guarded call answers
 * 403 SECOND_FACTOR_REQUIRED until the app is in use (platform_settings.staff_authenticator_required).
 */
export const DURING_SECOND_FACTOR_SETUP = { secondFactorSetup: true } as const;

declare module "fastify" {
  interface FastifyContextConfig {
    /** ORIGIN_ONLY: an anonymous write checked by its Origin alone. */
    csrf?: "origin-only";
    /** DURING_SECOND_FACTOR_SETUP. */
    secondFactorSetup?: boolean;
  }
}

export function isSecure(ctx: AppContext): boolean {
  return ctx.config.publicUrl.startsWith("https://");
}

function allowedOrigins(ctx: AppContext): Set<string> {
  const origins = new Set([new URL(ctx.config.publicUrl).origin]);
  if (ctx.config.nodeEnv !== "production") {
    // The Vite dev server (npm run dev) and the API's own port on either loopback name.
    for (const host of ["localhost", "127.0.0.1"]) {
      origins.add(`http://${host}:5173`);
      origins.add(`http://${host}:${ctx.config.port}`);
    }
  }
  return origins;
}

function requestOrigin(request: FastifyRequest): string | null {
  // "null" is what a sandboxed frame, a data: page or a cross-site redirect sends: foreign, never ours.
  const origin = request.headers.origin;
  if (typeof origin === "string") return origin;
  const referer = request.headers.referer;
  if (typeof referer !== "string") return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

async function resolveSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  const cached = request.getDecorator<Resolved>(USER_KEY);
  if (cached) return cached.session;
  let session = await resolveFromCookies(ctx, request, reply);
  // The header was checked against the access token's family; a request whose cookies then lead to
  // another login (its own session ended, a refresh cookie of someone else's) is not let through.
  const checked = request.getDecorator<string | undefined>(CSRF_FAMILY_KEY);
  if (session && checked && session.familyId !== checked) session = null;
  request.setDecorator<Resolved>(USER_KEY, { session });
  return session;
}

async function resolveUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentUser | null> {
  return (await resolveSession(ctx, request, reply))?.user ?? null;
}

/**
 * The session's user: from the cache while the user's version is the one the cache saw, else read
 * (and kept) again. A version read before the user is never older than the user read after it.
 */
async function withUser(
  database: Database,
  userId: string,
  familyId: string,
  knownVersion?: string,
): Promise<Session | null> {
  const version = knownVersion ?? (await userVersionOf(database.db, userId));
  if (version === null) return null;
  const cache = sessionUserCacheOf(database);
  const cached = cache.get(userId, version);
  if (cached) return { user: cached, familyId };
  const user = await loadCurrentUser(database.db, userId);
  if (!user) return null;
  cache.set(userId, version, user);
  return { user, familyId };
}

async function resolveFromCookies(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Session | null> {
  const { database } = ctx;
  const { db } = database;
  const access = request.cookies[ACCESS_COOKIE];
  if (access) {
    const claims = await verifyAccessToken(ctx.config.jwtSecret, access);
    if (claims) {
      // The session as this instance last checked it, while nothing has told it otherwise
      // (session-cache.ts); else read, and kept if nothing moved while it was read.
      const sessions = sessionCacheOf(database);
      const kept = sessions.get(claims.sessionId, claims.userId);
      if (kept) return { user: kept.user, familyId: kept.familyId };
      const mark = sessions.mark();
      const session = await activeSession(db, claims);
      const found =
        session && (await withUser(database, claims.userId, session.familyId, session.userVersion));
      if (found) {
        sessions.set(mark, claims.sessionId, {
          userId: claims.userId,
          familyId: found.familyId,
          user: found.user,
        });
        return found;
      }
    }
  }
  const refresh = request.cookies[REFRESH_COOKIE];
  if (!refresh) return null;
  const outcome = await refreshSession(db, ctx.config.jwtSecret, refresh, {
    userAgent: request.headers["user-agent"],
    ipAddress: request.ip,
  });
  if (outcome.kind === "invalid") {
    clearSessionCookies(reply, isSecure(ctx));
    return null;
  }
  if (outcome.kind === "rotated") {
    const options = sessionCookieOptions(isSecure(ctx));
    reply.setCookie(ACCESS_COOKIE, outcome.session.accessToken, options);
    reply.setCookie(REFRESH_COOKIE, outcome.session.refreshToken, options);
    // The CSRF token is bound to the family, so it keeps its value (the page may be about to send the
    // one it read); its cookie is renewed to live as long as the session's, and the page takes its
    // presence as "there may be a session".
    reply.setCookie(CSRF_COOKIE, outcome.session.csrfToken, { ...options, httpOnly: false });
    return withUser(database, outcome.session.userId, outcome.session.familyId);
  }
  return withUser(database, outcome.userId, outcome.familyId);
}

/** The user a guard let through; calling it on an unguarded route is a programming error (401). */
export function currentUser(request: FastifyRequest): CurrentUser {
  const resolved = request.getDecorator<Resolved>(USER_KEY);
  if (!resolved?.session) throw unauthorized();
  return resolved.session.user;
}

/** The login (session family) of the request a guard let through: "this browser" among one's sessions. */
export function currentFamilyId(request: FastifyRequest): string {
  const resolved = request.getDecorator<Resolved>(USER_KEY);
  if (!resolved?.session) throw unauthorized();
  return resolved.session.familyId;
}

/**
 * Refuses (403 CSRF_TOKEN_INVALID) a CSRF token that is not the one of the request's session, already
 * resolved by the CSRF hook or a guard. The hook checks the header with it; a route that also asks
 * for the token in its body checks that copy with it too.
 */
export function assertCsrfToken(ctx: AppContext, request: FastifyRequest, presented: unknown): void {
  const session = request.getDecorator<Resolved>(USER_KEY)?.session;
  if (!session || !isCsrfTokenOf(ctx.config.jwtSecret, session.familyId, presented)) {
    throw csrfRefused();
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type Guards = {
  /** Any logged-in user, deactivated ones included (GET /api/user tells them apart). */
  user: Guard;
  /** A logged-in, active user holding the permission (or, given several, any one of them). */
  permission: (...anyOf: [Permission, ...Permission[]]) => Guard;
  /**
   * As `permission`, held in the company of the object the request names (reach.ts): 404 for an
   * object outside the caller's companies (or not there at all), 403 where the caller holds the
   * permission only in another of their companies. An employee's own record is theirs to act on where
   * the route takes own-order.manage. A request that names no valid id is left to validation.
   */
  permissionIn: (target: Target, ...anyOf: [Permission, ...Permission[]]) => Guard;
  /** The user named by the path parameter `userId` themselves, or a holder of the permission. */
  selfOr: (permission: Permission) => Guard;
  /**
   * A bike store user holding the permission, acting on an object of one of their stores (an order,
   * the store itself): 404 for another store's object (or none at all), whatever its company. A
   * request that names no valid id is left to validation and to the service (a user of one store
   * need not name it).
   */
  permissionAtStore: (target: Target, ...anyOf: [Permission, ...Permission[]]) => Guard;
};

const denied = () => forbidden("Access denied. You do not have permission to perform this action");

/** Whether the object's company (or group) is one the user reaches: 404 otherwise. */
function reaches(user: CurrentUser, object: Reached): boolean {
  if (user.scope.kind === "all") return true;
  if (object.id !== null) return isCompanyInScope(user, object.id);
  // A group itself is reached only by a group admin of it.
  return rolesIn(user.userRoles, object, groupOfCompany(user)).length > 0;
}

const groupOfCompany = (user: CurrentUser) => {
  const groups = new Map(user.companies.map((c) => [c.id, c.groupCompanyId]));
  return (companyId: string) => groups.get(companyId);
};

export function createGuards(ctx: AppContext): Guards {
  /**
   * Every guard holds a staff user who must still set up an authenticator app to the setup's short
   * list of calls, the one that lets deactivated users through included.
   */
  const loggedIn = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await resolveUser(ctx, request, reply);
    if (!found) throw unauthorized();
    if (found.secondFactorSetupRequired && !request.routeOptions.config?.secondFactorSetup) {
      throw new AppError(403, "SECOND_FACTOR_REQUIRED", "Set up an authenticator app before going on");
    }
    return found;
  };
  const user: Guards["user"] = async (request, reply) => {
    await loggedIn(request, reply);
  };
  const activeUser = async (request: FastifyRequest, reply: FastifyReply) => {
    const found = await loggedIn(request, reply);
    if (found.deactivated) throw userDeactivated();
    return found;
  };
  const permission: Guards["permission"] =
    (...anyOf) =>
    async (request, reply) => {
      const found = await activeUser(request, reply);
      if (!anyOf.some((p) => found.permissions.includes(p))) throw denied();
    };
  return {
    user,
    permission,
    permissionIn:
      (target, ...anyOf) =>
      async (request, reply) => {
        const found = await activeUser(request, reply);
        if (!anyOf.some((p) => found.permissions.includes(p))) throw denied();
        const id = namedId(target, request);
        if (id === null) return;
        const object = await target.find(ctx.database.db, id);
        if (!object) throw notFound(target.what);
        const own = object.ownerUserId === found.id;
        if (target.ownerOnly && !own) throw notFound(target.what);
        // An employee's own record, where the route serves the employee too (their service checks the rest).
        const asEmployee: Permission = "own-order.manage";
        if (own && anyOf.includes(asEmployee) && found.permissions.includes(asEmployee)) return;
        if (!reaches(found, object)) throw notFound(target.what);
        const held = permissionsIn(found.userRoles, object, groupOfCompany(found));
        if (!anyOf.some((p) => held.includes(p))) throw denied();
      },
    permissionAtStore:
      (target, ...anyOf) =>
      async (request, reply) => {
        const found = await activeUser(request, reply);
        if (!anyOf.some((p) => found.permissions.includes(p))) throw denied();
        const id = namedId(target, request);
        if (id === null) return;
        const object = await target.find(ctx.database.db, id);
        if (!object?.bikeStoreId || !found.storeIds.includes(object.bikeStoreId)) throw notFound(target.what);
      },
    selfOr: (allowed) => async (request, reply) => {
      const found = await activeUser(request, reply);
      const named = (request.params as { userId?: unknown } | undefined)?.userId;
      if (named !== found.id && !found.permissions.includes(allowed)) throw denied();
    },
  };
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence for every state-changing call, whatever its path: the router decodes the path, so
 * `/%61pi/...` reaches the /api routes and the raw URL cannot decide. A browser's Origin (or, without
 * one, Referer) must be ours; and a call that carries a live session must send that session's CSRF
 * token (read by the page from the csrfToken cookie) in x-csrf-token, unless the route is an anonymous
 * one marked ORIGIN_ONLY. Non-browser clients send no Origin and no cookies of a browser, so they pass
 * the first check and meet the second only with a session. Cookies that open no session leave the
 * request anonymous; the guards then answer 401.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest(USER_KEY, undefined);
  app.decorateRequest(CSRF_FAMILY_KEY, undefined);
  // The instance's sessions are kept while it listens for what ends them; closing the app stops that
  // before the database closes.
  const sessions = sessionCacheOf(ctx.database);
  sessions.start();
  app.addHook("onClose", () => sessions.stop());
  const origins = allowedOrigins(ctx);
  app.addHook("onRequest", async (request, reply) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = requestOrigin(request);
    if (origin !== null && !origins.has(origin)) {
      throw new AppError(403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused");
    }
    if (request.routeOptions.config?.csrf === "origin-only") return;
    if (!request.cookies[ACCESS_COOKIE] && !request.cookies[REFRESH_COOKIE]) return;
    // A valid access token names its login family: the header is checked against it without reading
    // the database (a request refused for its input costs no session look-up), and the guard then
    // checks that the session is alive and of that family. Otherwise the session is resolved (and
    // rotated) from the refresh token first.
    const access = request.cookies[ACCESS_COOKIE];
    const claims = access ? await verifyAccessToken(ctx.config.jwtSecret, access) : null;
    if (claims?.familyId) {
      if (!isCsrfTokenOf(ctx.config.jwtSecret, claims.familyId, request.headers[CSRF_HEADER])) {
        throw csrfRefused();
      }
      request.setDecorator(CSRF_FAMILY_KEY, claims.familyId);
      return;
    }
    if (!(await resolveSession(ctx, request, reply))) return;
    assertCsrfToken(ctx, request, request.headers[CSRF_HEADER]);
  });
}
