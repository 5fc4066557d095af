import { MutationCache, QueryCache, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "./api-client.ts";
import { showErrorToast } from "./error-toasts.ts";

/** `meta: { silent: true }` on a query or mutation: the caller shows the error itself, so no toast. */
export type AppQueryMeta = Record<string, unknown> & { silent?: boolean };
/** The meta of a query or mutation whose caller shows the error itself. */
export const SILENT: AppQueryMeta = { silent: true };

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

/** A 4xx will answer the same on a retry; network failures and 5xx may not. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Reads again what a change made stale: every query under each key (an endpoint's key is the start of
 * all its reads' keys), those on screen at once and the others when they next show. Resolves when those
 * on screen are read, so a change that returns it stays pending until the page shows its outcome. Each
 * feature's api file says what its changes make stale in its one refresh helper, built on this.
 */
export async function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // One place turns failures into toasts (docs/product.md "Errors"); apiFetch itself never does, so a caller that
    // handles a failure itself is not answered with a second toast.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        if (!mutation.meta?.silent) showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
