import type { CookieSerializeOptions } from "@fastify/cookie";
import type { FastifyReply } from "fastify";
import { TWO_FACTOR_CODE_SECONDS } from "../../../domain/auth-rules.ts";
import {
  ACCESS_TOKEN_COOKIE as ACCESS_COOKIE,
  AUTH_COOKIE_MAX_AGE_SECONDS,
  AUTH_COOKIE_PATH,
  CSRF_COOKIE,
  REFRESH_TOKEN_COOKIE as REFRESH_COOKIE,
} from "../../../domain/constants.ts";

export { ACCESS_COOKIE, REFRESH_COOKIE };
/** Binds the code step to the browser that passed the password step (HttpOnly, /api only). */
export const CHALLENGE_COOKIE = "twoFactorChallenge";

/** docs/product.md "Constants": path /, max-age 604800 s, SameSite Strict; plus HttpOnly, and Secure over HTTPS (docs/architecture.md). */
export function sessionCookieOptions(secure: boolean): CookieSerializeOptions {
  return {
    path: AUTH_COOKIE_PATH,
    maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
    sameSite: "strict",
    httpOnly: true,
    secure,
  };
}

export function setSessionCookies(
  reply: FastifyReply,
  tokens: { accessToken: string; refreshToken: string; csrfToken: string },
  secure: boolean,
): void {
  const options = sessionCookieOptions(secure);
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, options);
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, options);
  // The page reads it and echoes it in x-csrf-token (double submit); so not HttpOnly.
  reply.setCookie(CSRF_COOKIE, tokens.csrfToken, { ...options, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const options = sessionCookieOptions(secure);
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) reply.clearCookie(name, options);
  reply.clearCookie(CSRF_COOKIE, { ...options, httpOnly: false });
}

/** Binds the code step to the browser that passed the password step; lives as long as the code. */
export function setChallengeCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: "/api",
    maxAge: TWO_FACTOR_CODE_SECONDS,
    sameSite: "strict",
    httpOnly: true,
    secure,
  });
}

export function clearChallengeCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(CHALLENGE_COOKIE, { path: "/api", sameSite: "strict", httpOnly: true, secure });
}

/**
 * Binds a sign-in at an OpenID Connect provider to the browser that started it: it holds the sign-in's
 * state, which the provider's answer must bring back. SameSite Lax, because the answer arrives as a
 * navigation from the provider's site, which a Strict cookie would not come with.
 */
export const SIGN_IN_COOKIE = "oidcSignIn";

export function setSignInCookie(
  reply: FastifyReply,
  state: string,
  maxAgeSeconds: number,
  secure: boolean,
): void {
  reply.setCookie(SIGN_IN_COOKIE, state, {
    path: "/api",
    maxAge: maxAgeSeconds,
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
}

export function clearSignInCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SIGN_IN_COOKIE, { path: "/api", sameSite: "lax", httpOnly: true, secure });
}
