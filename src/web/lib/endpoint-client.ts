import {
  type FetchQueryOptions,
  type QueryClient,
  type QueryKey,
  queryOptions,
  type UseQueryOptions,
  useQuery,
} from "@tanstack/react-query";
import {
  type EndpointDef,
  type EndpointInput,
  type EndpointResponse,
  endpointUrl,
} from "../../contract/endpoint.ts";
import { IDEMPOTENCY_HEADER } from "../../domain/idempotency.ts";
import { apiFetch, type ResponseSchema } from "./api-client.ts";

/**
 * The web's one way to call the API: through the endpoint the contract describes (src/contract/
 * endpoint.ts). The address is built from it, the body is typed by it, and the answer is checked against
 * its response schema, so a server that answers something else fails in development and the tests instead
 * of showing wrong figures. A call that moves money sends the action's `idempotencyKey` (lib/action-keys.ts).
 */
export function callEndpoint<const E extends EndpointDef>(
  definition: E,
  input: EndpointInput<E>,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<EndpointResponse<E>> {
  const { params, query, body } = input as { params?: unknown; query?: unknown; body?: unknown };
  return apiFetch(endpointUrl(definition, { params, query }), {
    method: definition.method,
    body,
    schema: answerSchema(definition),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.idempotencyKey ? { headers: { [IDEMPOTENCY_HEADER]: options.idempotencyKey } } : {}),
  });
}

/** The check of an endpoint's answer: its done answer, or the answer of waiting for a confirmation. */
function answerSchema<const E extends EndpointDef>(definition: E): ResponseSchema<EndpointResponse<E>> {
  const { response, accepted } = definition;
  if (!accepted) return response as ResponseSchema<EndpointResponse<E>>;
  return {
    parse: (data) => {
      const done = response.safeParse(data);
      return (done.success ? done.data : accepted.parse(data)) as EndpointResponse<E>;
    },
  };
}

/**
 * The cache key of an endpoint's answers: the endpoint alone stands for every answer of it (to refresh
 * them all after a change), with the input for one answer. Every feature that reads one order reads it
 * under the same key, so a change refreshes it everywhere.
 */
export function endpointKey<const E extends EndpointDef>(definition: E, input?: EndpointInput<E>): QueryKey {
  const base = [definition.method, definition.path] as const;
  if (!input) return base;
  const { params, query } = input as { params?: unknown; query?: unknown };
  return [...base, { params: params ?? null, query: query ?? null }];
}

/** The query options of one GET: its key and its call, for useQuery, prefetching and cache writes. */
export function endpointQuery<const E extends EndpointDef>(definition: E, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: endpointKey(definition, input),
    queryFn: ({ signal }) => callEndpoint(definition, input, { signal }),
  });
}

/**
 * A page's first data (app/route-guard.tsx FirstData): its queries fetched into the cache before it is
 * shown. A failure is left to the page: fetched here without retries or a toast, the page's own query
 * asks again and says what went wrong.
 */
export function readFirstData(
  queryClient: QueryClient,
  // Each query's answer has a type of its own; only the cache reads them here.
  // biome-ignore lint/suspicious/noExplicitAny: the options of queries of any answer.
  queries: readonly FetchQueryOptions<any, any, any, any>[],
): Promise<unknown> {
  return Promise.all(
    queries.map((query) =>
      queryClient.ensureQueryData({ ...query, retry: false, meta: { silent: true } }).catch(() => null),
    ),
  );
}

/** How an area calls its endpoints when it is more than callEndpoint: its own text for a failed answer. */
export type EndpointCaller<E extends EndpointDef> = (
  definition: E,
  input: EndpointInput<E>,
  options: { signal: AbortSignal },
) => Promise<EndpointResponse<E>>;

type QueryExtras<E extends EndpointDef, S> = Omit<
  UseQueryOptions<EndpointResponse<E>, Error, S>,
  "queryKey" | "queryFn"
> & {
  /**
   * The cache key, when the area keeps the answer under a key of its own that its changes refresh
   * (the notifications' bell, the after-sale reads of /mybike); else the endpoint's key.
   */
  queryKey?: QueryKey;
  /** The area's caller wrapping callEndpoint, e.g. one that words a failure in the area's own text. */
  call?: EndpointCaller<E>;
};

/** Reads an endpoint's answer through the app's cache. */
export function useEndpointQuery<const E extends EndpointDef, S = EndpointResponse<E>>(
  definition: E,
  input: EndpointInput<E>,
  { queryKey, call = callEndpoint, ...options }: QueryExtras<E, S> = {},
) {
  return useQuery<EndpointResponse<E>, Error, S>({
    ...options,
    queryKey: queryKey ?? endpointKey(definition, input),
    queryFn: ({ signal }) => call(definition, input, { signal }),
  });
}

/**
 * Runs a change, then what follows its outcome, even when the part of the page that asked has left the
 * screen meanwhile. mutate()'s own callbacks are dropped when their component unmounts, and a change
 * often unmounts it: the refreshed list no longer holds the card that was decided, the new state
 * replaces the form that made it. The call's promise is not dropped, so the success is still said.
 * A failure stays on the mutation too, for the component to show while it is there.
 */
export function mutateThen<D, V>(
  mutation: { mutateAsync: (variables: V) => Promise<D> },
  variables: V,
  {
    onSuccess,
    onError,
    onSettled,
  }: { onSuccess?: (data: D) => void; onError?: (error: Error) => void; onSettled?: () => void } = {},
): void {
  mutation
    .mutateAsync(variables)
    .then(onSuccess, (error: Error) => onError?.(error))
    .finally(onSettled);
}
