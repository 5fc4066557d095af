import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER } from "../../domain/constants.ts";
import type { Permission } from "../../domain/permissions.ts";
import type { AppContext } from "../context.ts";
import { AppError, forbidden, unauthorized } from "../errors.ts";
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  REFRESH_COOKIE,
  sessionCookieOptions,
} from "../modules/auth/cookies.ts";
import { type CurrentUser, loadCurrentUser } from "../modules/auth/session-user.ts";
import { isSessionActive, refreshSession } from "../modules/auth/sessions.ts";
import { equalHashes, verifyAccessToken } from "../modules/auth/tokens.ts";

/**
 * Who is calling, and may they: resolves the session from the cookies (refreshing an expired access
 * token transparently), guards routes by permission, and checks Origin and the CSRF token of every
 * state-changing request. Routes use `guards.user` / `guards.permission(...)` as preHandlers and read
 * the user with `currentUser(request)`.
 */

const USER_KEY = "pedaaliUser";
type Resolved = { user: CurrentUser | null } | undefined;

/** Route config that marks an anonymous call (login, verify, reset request...): Origin is checked, not a token. */
export const ORIGIN_ONLY = { csrf: "origin-only" } as const;

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
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== "null") return origin;
  const referer = request.headers.referer;
  if (typeof referer !== "string") return null;
  try {
    return new URL(referer).origin;
  } catch {
    return "invalid";
  }
}

async function resolveUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentUser | null> {
  const cached = request.getDecorator<Resolved>(USER_KEY);
  if (cached) return cached.user;
  const user = await resolveFromCookies(ctx, request, reply);
  request.setDecorator<Resolved>(USER_KEY, { user });
  return user;
}

async function resolveFromCookies(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CurrentUser | null> {
  const { db } = ctx.database;
  const access = request.cookies[ACCESS_COOKIE];
  if (access) {
    const claims = await verifyAccessToken(ctx.config.jwtSecret, access);
    if (claims && (await isSessionActive(db, claims.sessionId))) return loadCurrentUser(db, claims.userId);
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
    // The CSRF token keeps its value (the page may be about to send the one it read) but its cookie
    // lives as long as the session's; the page also takes its presence as "there may be a session".
    const csrf = request.cookies[CSRF_COOKIE] || outcome.session.csrfToken;
    reply.setCookie(CSRF_COOKIE, csrf, { ...options, httpOnly: false });
    return loadCurrentUser(db, outcome.session.userId);
  }
  return loadCurrentUser(db, outcome.userId);
}

/** The user a guard let through; calling it on an unguarded route is a programming error (401). */
export function currentUser(request: FastifyRequest): CurrentUser {
  const resolved = request.getDecorator<Resolved>(USER_KEY);
  if (!resolved?.user) throw unauthorized();
  return resolved.user;
}

/** The session id of the current access token, for logout. */
export async function currentSessionId(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  const access = request.cookies[ACCESS_COOKIE];
  const claims = access ? await verifyAccessToken(ctx.config.jwtSecret, access) : null;
  return claims?.sessionId ?? null;
}

export type Guards = {
  /** Any logged-in user, deactivated ones included (GET /api/user tells them apart). */
  user: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** A logged-in, active user holding the permission. */
  permission: (permission: Permission) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

export function createGuards(ctx: AppContext): Guards {
  const user: Guards["user"] = async (request, reply) => {
    if (!(await resolveUser(ctx, request, reply))) throw unauthorized();
  };
  return {
    user,
    permission: (permission) => async (request, reply) => {
      const found = await resolveUser(ctx, request, reply);
      if (!found) throw unauthorized();
      if (found.deactivated) throw new AppError(403, "USER_DEACTIVATED", "User account is deactivated");
      if (!found.permissions.includes(permission)) {
        throw forbidden("Access denied. You do not have permission to perform this action");
      }
    },
  };
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence for every state-changing /api call: a browser's Origin (or Referer) must be ours; and a
 * call that carries session cookies must echo the csrfToken cookie in x-csrf-token (double submit),
 * unless the route is an anonymous one marked ORIGIN_ONLY. Non-browser clients send no Origin and no
 * cookies of a browser, so they pass the first check and meet the second only with a session.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest(USER_KEY, undefined);
  const origins = allowedOrigins(ctx);
  app.addHook("onRequest", async (request) => {
    if (!STATE_CHANGING.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = requestOrigin(request);
    if (origin !== null && !origins.has(origin)) {
      throw new AppError(403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused");
    }
    const config = request.routeOptions.config as { csrf?: string } | undefined;
    if (config?.csrf === "origin-only") return;
    const hasSession = !!(request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]);
    if (!hasSession) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== "string" || !equalHashes(cookie, header)) {
      throw new AppError(403, "CSRF_TOKEN_INVALID", "Missing or invalid CSRF token");
    }
  });
}
