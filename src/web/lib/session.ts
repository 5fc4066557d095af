import { type QueryClient, type QueryState, useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { TSessionUser } from "../../contract/auth.ts";
import { type AccessUser, accessUserOf, checkPathAccess, homePathFor } from "../../domain/access.ts";
import { CSRF_COOKIE } from "../../domain/constants.ts";
import type { Language } from "../../domain/enums.ts";
import { buildPath, matchRoute } from "../../domain/routes.ts";
import { ApiError, apiFetch, readCookie } from "./api-client.ts";

/**
 * The logged-in user (docs/product.md "States" Auth): GET /api/user through TanStack Query, where 401 means "nobody",
 * plus the redirects around logging in and out. The layout, the route guards, the header and the
 * auth pages all read the user from here.
 */

export type SessionUser = TSessionUser;

/** docs/product.md "States" user fetch status. */
type SessionStatus = "idle" | "loading" | "succeeded" | "failed";

export type Session = {
  status: SessionStatus;
  /** The user; null while loading, for an anonymous visitor, and when the fetch failed. */
  user: SessionUser | null;
  /** What the access rules of src/domain/access.ts need of the user; null = anonymous. */
  accessUser: AccessUser | null;
};

export const SESSION_QUERY_KEY = ["session", "user"] as const;

/**
 * The server sets the csrfToken cookie (readable by the page) together with the HttpOnly session
 * cookies and clears them together. Without it there is no session worth asking about, and no state
 * change could pass the CSRF check either; skipping the call spares every anonymous visitor a 401.
 */
export function hasSessionCookie(): boolean {
  return readCookie(CSRF_COOKIE) !== null;
}

/** GET /api/user; null when nobody is logged in (401, docs/api-surface.md). */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  if (!hasSessionCookie()) return null;
  try {
    return await apiFetch<SessionUser>("/api/user", signal ? { signal } : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSessionUser(signal),
  // "Not logged in" is an answer, not an error; other failures are the guard's business, not a toast's.
  meta: { silent: true },
  // Never parked while offline: the guards must always reach a decision.
  networkMode: "always",
  staleTime: 60_000,
  // Read without an observer (see useSession), so it must never be garbage-collected as "unused".
  gcTime: Number.POSITIVE_INFINITY,
} as const;

/**
 * Whether the user must first set up their authenticator app: the server answers them nothing but that
 * setup's calls (and the bell's) meanwhile (403 SECOND_FACTOR_REQUIRED), so the admin area sends them to
 * set it up and no page's data is asked for them, neither by the page nor ahead of it (app/user-asks.ts).
 */
export function mustSetUpSecondFactor(user: Pick<SessionUser, "secondFactorSetupRequired">): boolean {
  return user.secondFactorSetupRequired;
}

type SessionState = QueryState<SessionUser | null, Error>;

/** docs/product.md "States" status of the user fetch, from the query's state (undefined: never asked). */
function sessionStatusOf(state: SessionState | undefined): SessionStatus {
  if (!state) return "idle";
  if (state.status === "success") return "succeeded";
  if (state.status === "error") return "failed";
  return state.fetchStatus === "idle" ? "idle" : "loading";
}

/**
 * The session user, read straight from TanStack Query's cache and fetched (again, once stale) when a
 * component using it mounts. Deliberately not useQuery: its observer machinery is ~2 KB gzip that the
 * anonymous home page would carry in its entry chunk for this one query (docs/design.md "Weight" budget).
 */
export function useSession(): Session {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const state = useSyncExternalStore(
    (notify) => cache.subscribe((event) => event.query.queryKey[0] === SESSION_QUERY_KEY[0] && notify()),
    () => cache.find<SessionUser | null>({ queryKey: SESSION_QUERY_KEY, exact: true })?.state,
    // A prerendered page is rendered for an anonymous visitor; the user's own links follow the fetch.
    () => undefined,
  );
  useEffect(() => {
    void queryClient.prefetchQuery(sessionQueryOptions);
  }, [queryClient]);
  const user = state?.data ?? null;
  return { status: sessionStatusOf(state), user, accessUser: accessUserOf(user) };
}

/** Fetches the user afresh (after login, after saving own details). */
export function refreshSession(queryClient: QueryClient): Promise<SessionUser | null> {
  return queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
}

/**
 * Accepts only a path of this site: one leading slash, no scheme, no `//host` and no backslash tricks,
 * so `?next=` can never send a user off-site after login.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return null;
  const base = "https://pedaali.invalid";
  try {
    const url = new URL(next, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** /kirjaudu?next=<path>, keeping the page's /{lang} prefix. */
export function loginPathFor(wanted: string, lang: Language | null = null): string {
  return `${buildPath("login", {}, lang)}?next=${encodeURIComponent(wanted)}`;
}

/**
 * docs/product.md "States" redirect after login: a deactivated user goes to /deactivated; otherwise back to the page
 * they wanted when it is ours, open to them and not another auth page; else the home of their role.
 */
export function pathAfterLogin(user: AccessUser, next: string | null | undefined): string {
  if (user.deactivated) return buildPath("deactivated");
  const wanted = safeNextPath(next);
  const route = wanted ? matchRoute(wanted)?.route : undefined;
  if (wanted && route && route.layout !== "auth" && checkPathAccess(wanted, user) === "allow") return wanted;
  return homePathFor(user.roles);
}

/** Whether docs/product.md "Screens" wants a full page load for the path (/laskuri, /bikeBrokerageService, /kayttaja). */
export function needsFullPageLoad(path: string): boolean {
  return matchRoute(path)?.route.fullPageLoad === true;
}

/**
 * docs/product.md "States" logout: POST /api/logout, then forget everything and reload at / — also when the call
 * failed, so a user is never stuck half logged in.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await apiFetch("/api/logout", { method: "POST" });
  } catch {
    // The reload below still ends the session on this page; the cookies expire on their own.
  }
  queryClient.clear();
  window.location.assign("/");
}
