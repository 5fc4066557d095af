import type { QueryClient } from "@tanstack/react-query";
import type { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router";
import { AppProviders } from "./providers.tsx";

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({
  router,
  queryClient,
  env,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  env?: "default" | "test";
}) {
  return (
    <AppProviders queryClient={queryClient} {...(env ? { env } : {})}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
