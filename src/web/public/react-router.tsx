/**
 * What the public entry's build gives the components that import `react-router` (ADR 023): no router.
 * A link is a plain link that loads the next page; the address is the page's own, and only its search
 * changes in place (the calculator keeps its inputs there). Any other export the public pages start to
 * use fails the build, which names it.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  type Ref,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
type To = string | Partial<Pick<Location, "pathname" | "search" | "hash">>;
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };

let current: Location = { pathname: "/", search: "", hash: "", state: null, key: "default" };
const listeners = new Set<() => void>();

/** The page's address: the prerender's for each page it renders, the browser's in the browser. */
export function setPageLocation(url: URL): void {
  if (url.pathname === current.pathname && url.search === current.search && url.hash === current.hash) return;
  current = { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: "default" };
  for (const listener of listeners) listener();
}

/**
 * The address the browser loaded this page at, which a script may have moved on since
 * (history.pushState) before the page's code ran: the page's code starts after its first paint.
 */
function loadedAddress(): URL {
  const [loaded] = performance.getEntriesByType("navigation");
  return new URL(loaded?.name || window.location.href);
}

/**
 * Keeps the page on the browser's address, as the app's router does, and tells whether it shows it. A
 * move within the page (back or forward through its search or #anchor) is shown in place. An address of
 * another page, which a script reached with history.pushState and a popstate (as a client-side move of
 * the app does; a public page has no router to follow it), is loaded as a link is, and the page stays
 * as it is meanwhile: the page on screen is never one its address does not name. Also when the address
 * moved before this ran. `load` is the browser's page load (a test's stand-in).
 */
export function followBrowserAddress(
  load: (url: URL) => void = (url) => window.location.replace(url),
): boolean {
  const pagePath = loadedAddress().pathname;
  let loading = "";
  const follow = (): boolean => {
    const url = new URL(window.location.href);
    if (url.pathname === pagePath) {
      setPageLocation(url);
      return true;
    }
    // Told again while the next page loads (a popstate of each step): that load is let be.
    if (loading !== url.href) {
      loading = url.href;
      load(url);
    }
    return false;
  };
  window.addEventListener("popstate", follow);
  return follow();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): Location {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}

function hrefOf(to: To): string {
  if (typeof to === "string") return to;
  return `${to.pathname ?? current.pathname}${to.search ?? ""}${to.hash ?? ""}`;
}

/** A move on the same page (its search) stays on it; any other is a page load. */
function navigate(to: To | number, options: NavigateOptions = {}): void {
  if (typeof to === "number") {
    window.history.go(to);
    return;
  }
  const url = new URL(hrefOf(to), `${window.location.origin}${current.pathname}${current.search}`);
  if (url.pathname === current.pathname) {
    // Without a bare "?" when the search is empty, as the router writes it.
    const address = `${url.pathname}${url.search}${url.hash}`;
    window.history[options.replace ? "replaceState" : "pushState"](window.history.state, "", address);
    setPageLocation(url);
    return;
  }
  if (options.replace) window.location.replace(url);
  else window.location.assign(url);
}

export function useNavigate(): typeof navigate {
  return navigate;
}

/** As the router's: the next search, or a function of the current one (the login drops its `sso`). */
function setSearchParams(
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
): void {
  const search = typeof next === "function" ? next(new URLSearchParams(current.search)) : next;
  navigate(`?${search}`, options);
}

/** The address's search, the same object while it stays the same (as the router's). */
export function useSearchParams(): [URLSearchParams, typeof setSearchParams] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, setSearchParams];
}

/**
 * No page rendered with these stand-ins has a path parameter. The admin area's first view, which the
 * build renders with them too (entry-server.tsx), imports the area's paths, whose hook reads them.
 */
export function useParams(): Record<string, string | undefined> {
  return {};
}

/** Nothing is ever loading: each page arrives whole. */
export function useNavigation(): { state: "idle" } {
  return { state: "idle" };
}

/** The browser restores the place of a page it loads. */
export function ScrollRestoration(_props: { getKey?: unknown }): null {
  return null;
}

/** No router state to ask (lib/address-search.ts reads it when there is one). */
export const UNSAFE_DataRouterContext = createContext<{ router: never } | null>(null);

const OutletContext = createContext<ReactNode>(null);

/** What the layout's <Outlet /> shows: the page (public/page-tree.tsx). */
export function OutletProvider({ page, children }: { page: ReactNode; children: ReactNode }) {
  return <OutletContext value={page}>{children}</OutletContext>;
}

export function Outlet() {
  return useContext(OutletContext);
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  reloadDocument?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({
  to,
  replace: _r,
  reloadDocument: _d,
  state: _s,
  preventScrollReset: _p,
  ...rest
}: LinkProps) {
  return <a href={hrefOf(to)} {...rest} />;
}
