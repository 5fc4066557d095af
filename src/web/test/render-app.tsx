import { render } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { App } from "../app/app.tsx";
import { appRoutes } from "../app/routes.tsx";
import { createQueryClient } from "../lib/query-client.ts";

/** Renders the whole app (providers, layout, generated routes) at `path` in memory, Mantine in test mode. */
export function renderApp(path = "/") {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(<App router={router} queryClient={queryClient} env="test" />);
  return { router, queryClient, ...view };
}
