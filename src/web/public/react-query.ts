/**
 * What the public entry's build gives the components that import `@tanstack/react-query` (ADR 023):
 * the few calls a public page makes (the calculator's published parameters) fetched as they mount, with
 * the app's retry rule, and no cache worth the name. The visitor is anonymous (public-main.tsx hands a
 * logged-in visitor's page to the app), so the session is asked only by the login, once it has logged
 * the visitor in. Any other export the public pages start to use fails the build, which names it.
 */
import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";

type Meta = { silent?: boolean } & Record<string, unknown>;
type ErrorHook = (error: unknown, subject: { meta?: Meta | undefined }) => void;
type Retry = boolean | number | ((failureCount: number, error: unknown) => boolean);

export class QueryCache {
  constructor(readonly config: { onError?: (error: unknown, query: never) => void } = {}) {}
  subscribe(): () => void {
    return () => {};
  }
  find(): undefined {
    return undefined;
  }
}

export class MutationCache {
  constructor(readonly config: { onError?: (...args: never[]) => void } = {}) {}
}

type ClientOptions = {
  queryCache?: QueryCache;
  mutationCache?: MutationCache;
  defaultOptions?: { queries?: { retry?: Retry } };
};

export class QueryClient {
  constructor(private readonly options: ClientOptions = {}) {}
  get retry(): Retry {
    return this.options.defaultOptions?.queries?.retry ?? 3;
  }
  /** The app's "every failure is a toast unless silent" (lib/query-client.ts). */
  get onQueryError(): ErrorHook | undefined {
    return this.options.queryCache?.config.onError as ErrorHook | undefined;
  }
  get onMutationError(): ErrorHook | undefined {
    const hook = this.options.mutationCache?.config.onError;
    return hook
      ? (error, subject) => (hook as (...args: unknown[]) => void)(error, null, null, subject)
      : undefined;
  }
  getQueryCache(): QueryCache {
    return this.options.queryCache ?? new QueryCache();
  }
  prefetchQuery(): Promise<void> {
    return Promise.resolve();
  }
  /**
   * One read, retried by the query's rule or the app's, its failure a toast unless silent: the login
   * reads the user it has just logged in (lib/session.ts refreshSession). Nothing is kept: the next page
   * is a page load.
   */
  async fetchQuery<T>(options: {
    queryFn: (context: { signal: AbortSignal }) => Promise<T>;
    retry?: Retry;
    meta?: Meta;
  }): Promise<T> {
    const retry = options.retry ?? this.retry;
    const { signal } = new AbortController();
    for (let failures = 0; ; failures += 1) {
      try {
        return await options.queryFn({ signal });
      } catch (error) {
        if (!retries(retry, failures, error)) {
          if (!options.meta?.silent) this.onQueryError?.(error, { meta: options.meta });
          throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      }
    }
  }
  setQueryData(): void {}
  invalidateQueries(): Promise<void> {
    return Promise.resolve();
  }
  clear(): void {}
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return createElement(ClientContext, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error("public entry: no QueryClientProvider");
  return client;
}

export function useIsFetching(): number {
  return 0;
}

export function useIsMutating(): number {
  return 0;
}

export function queryOptions<T>(options: T): T {
  return options;
}

/** TanStack Query's own wait before a retry: a second, doubling, at most 30 s. */
function retryDelay(failures: number): number {
  return Math.min(1000 * 2 ** failures, 30_000);
}

function retries(retry: Retry, failureCount: number, error: unknown): boolean {
  if (typeof retry === "function") return retry(failureCount, error);
  if (typeof retry === "number") return failureCount < retry;
  return retry;
}

type QueryOptions<T, S> = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  retry?: Retry;
  meta?: Meta;
  select?: (data: T) => S;
  staleTime?: number;
};

type QueryState<T> =
  | { status: "pending"; data: undefined; error: null }
  | { status: "success"; data: T; error: null }
  | { status: "error"; data: undefined; error: Error };

const PENDING = { status: "pending", data: undefined, error: null } as const;

/** One GET, fetched when the component mounts (again on refetch), retried as the app retries. */
export function useQuery<T, E = Error, S = T>(options: QueryOptions<T, S>) {
  const client = useQueryClient();
  const [state, setState] = useState<QueryState<T>>(PENDING);
  const [attempt, setAttempt] = useState(0);
  const enabled = options.enabled !== false;
  const key = JSON.stringify(options.queryKey);
  // The first call starts as the component first renders, not in its effect: hydration commits, and
  // effects run, only once the whole page is hydrated, seconds later on a slow phone. Not on the
  // server: the prerender renders the page as it is before any answer.
  const early = useRef<Promise<T> | null>(null);
  useState(() => {
    if (!enabled || typeof window === "undefined") return false;
    early.current = options.queryFn({ signal: new AbortController().signal });
    early.current.catch(() => {});
    return true;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query; attempt is a refetch.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const retry = options.retry ?? client.retry;
    async function run(failures: number): Promise<void> {
      try {
        const first = early.current;
        early.current = null;
        const data = await (first ?? options.queryFn({ signal: controller.signal }));
        // What the answer draws (the calculator's figures and table) is rendered in a transition, in
        // slices that leave the page answering taps and scrolling, as the page's hydration is.
        if (!controller.signal.aborted)
          startTransition(() => setState({ status: "success", data, error: null }));
      } catch (error) {
        if (controller.signal.aborted) return;
        if (retries(retry, failures, error)) {
          await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
          if (!controller.signal.aborted) await run(failures + 1);
          return;
        }
        setState({
          status: "error",
          data: undefined,
          error: error instanceof Error ? error : new Error(String(error)),
        });
        if (!options.meta?.silent) client.onQueryError?.(error, { meta: options.meta });
      }
    }
    void run(0);
    return () => controller.abort();
  }, [key, enabled, attempt, client]);
  const data = state.status === "success" && options.select ? options.select(state.data) : state.data;
  return {
    status: state.status,
    data: data as S | undefined,
    error: state.error as E | null,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
    refetch: () => {
      setState(PENDING);
      setAttempt((n) => n + 1);
      return Promise.resolve();
    },
  };
}

type MutationOptions<D, V> = {
  mutationFn: (variables: V) => Promise<D>;
  onSuccess?: (data: D, variables: V) => unknown;
  meta?: Meta;
};

/** A change; the public pages have none for an anonymous visitor, but the calculator's form holds one. */
export function useMutation<D, V>(options: MutationOptions<D, V>) {
  const client = useQueryClient();
  const [state, setState] = useState<{
    status: "idle" | "pending" | "success" | "error";
    error: Error | null;
  }>({
    status: "idle",
    error: null,
  });
  async function mutateAsync(variables: V): Promise<D> {
    setState({ status: "pending", error: null });
    try {
      const data = await options.mutationFn(variables);
      await options.onSuccess?.(data, variables);
      setState({ status: "success", error: null });
      return data;
    } catch (error) {
      setState({ status: "error", error: error instanceof Error ? error : new Error(String(error)) });
      if (!options.meta?.silent) client.onMutationError?.(error, { meta: options.meta });
      throw error;
    }
  }
  return {
    mutateAsync,
    mutate: (variables: V) => void mutateAsync(variables).catch(() => {}),
    reset: () => setState({ status: "idle", error: null }),
    isPending: state.status === "pending",
    isError: state.status === "error",
    isSuccess: state.status === "success",
    error: state.error,
  };
}
