import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { App } from "../app/app.tsx";
import { appRoutes, patchRoutesOnNavigation } from "../app/routes.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../lib/session.ts";

/**
 * Renders the whole app (providers, layout, generated routes) at `path` in memory, Mantine in test mode.
 * `user` seeds the session as if GET /api/user had answered (null: anonymous; undefined: not asked yet).
 */
export function renderApp(path = "/", options: { user?: SessionUser | null } = {}) {
  const router = createMemoryRouter(appRoutes(path), { initialEntries: [path], patchRoutesOnNavigation });
  const queryClient = createQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(SESSION_QUERY_KEY, options.user);
  const view = render(<App router={router} queryClient={queryClient} env="test" />);
  return { router, queryClient, ...view };
}
