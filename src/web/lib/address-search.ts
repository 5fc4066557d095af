import { useCallback, useContext } from "react";
import { type NavigateOptions, UNSAFE_DataRouterContext, useLocation, useNavigate } from "react-router";

/**
 * Replaces the search of the page's own address (no new history entry), as the pages do that keep what
 * they show in their link: the calculator's inputs, a list's filters. Left undone once the router is on
 * its way to another page: a replace is a navigation of its own, so it would cancel the reader's move
 * (the link seems to do nothing and the page stays), or, with the next page already chosen, put this
 * page's inputs on that page's address. These replaces come late (after a pause in typing), when a slow
 * phone may not yet have drawn the move, so the router itself is asked, not the last render.
 */
export function useReplaceSearch(): (search: URLSearchParams, options?: NavigateOptions) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(
    (search, options) => {
      if (router && leavingPage(router.state, pathname)) return;
      void navigate(`?${search}`, { ...options, replace: true });
    },
    [navigate, pathname, router],
  );
}

type RouterState = {
  location: { pathname: string };
  navigation: { location?: { pathname: string } | undefined };
};

/** Whether the router has moved, or is moving, from the page at `pathname` to another page. */
export function leavingPage(state: RouterState, pathname: string): boolean {
  const to = state.navigation.location?.pathname;
  return state.location.pathname !== pathname || (to !== undefined && to !== pathname);
}
