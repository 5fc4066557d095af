import { keepPreviousData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { EndpointDef } from "../../../contract/endpoint.ts";
import {
  notificationsApi as api,
  type TNotification,
  type TNotificationCheck,
  type TNotificationsPage,
} from "../../../contract/notifications.ts";
import { NOTIFICATION_DROPDOWN_FETCH_LIMIT, NOTIFICATIONS_PAGE_SIZE } from "../../../domain/constants.ts";
import type { NotificationType } from "../../../domain/enums.ts";
import { mergeNotifications } from "../../../domain/notifications.ts";
import { callEndpoint, type EndpointCaller, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { refreshQueries } from "../../lib/query-client.ts";

/**
 * The bell's calls (src/contract/notifications.ts) and its TanStack Query cache. Every failure is only
 * reported (docs/product.md "Errors" "Notification failures are only reported, with no user message"): the queries and
 * mutations are `silent`, so the app's QueryClient shows no toast, and `reportNotificationError` logs.
 */

/** Everything of the bell's cache sits under this key, so one invalidation refreshes it all. */
const NOTIFICATIONS_KEY = ["notifications"] as const;
export const UNREAD_COUNT_KEY = [...NOTIFICATIONS_KEY, "unread-count"] as const;
/** The dropdown's page 1 with limit 10 (docs/product.md "Constants"). */
export const LATEST_KEY = [...NOTIFICATIONS_KEY, "latest"] as const;
const LIST_KEY = [...NOTIFICATIONS_KEY, "list"] as const;

/**
 * Refetches the bell's lists on screen (`"lists"`: a list page may have gained or lost rows), or all of
 * the bell's cache (`"all"`: a notification is gone, the count with it).
 */
function refreshNotifications(queryClient: QueryClient, change: "lists" | "all") {
  return refreshQueries(queryClient, [change === "lists" ? LIST_KEY : NOTIFICATIONS_KEY]);
}

export type ListFilters = { unreadOnly: boolean; type: NotificationType | null };

export function reportNotificationError(what: string, error: unknown): void {
  // docs/product.md "Errors": reported, never shown to the user.
  console.error(`Notifications: ${what} failed`, error);
}

/** Calls an endpoint and reports its failure before passing it on to the query's error state. */
function reported<E extends EndpointDef>(what: string): EndpointCaller<E> {
  return async (definition, input, options) => {
    try {
      return await callEndpoint(definition, input, options);
    } catch (error) {
      if (!(error instanceof DOMException && error.name === "AbortError"))
        reportNotificationError(what, error);
      throw error;
    }
  };
}

/** The query options every bell query shares: no toast, and no retries (the next check re-syncs). */
const quiet = { meta: { silent: true }, retry: false } as const;

/** One page of the caller's notifications, with the dialog's filters when given. */
function pageQuery(page: number, limit: number, filters: ListFilters | null) {
  return {
    page,
    limit,
    ...(filters?.unreadOnly ? { unreadOnly: "true" as const } : {}),
    ...(filters?.type ? { types: filters.type } : {}),
  };
}

/** The badge's unread count, under UNREAD_COUNT_KEY. */
export function useUnreadCount() {
  return useEndpointQuery(
    api.unreadCount,
    {},
    {
      queryKey: UNREAD_COUNT_KEY,
      call: reported("unread count"),
      select: (data) => data.count,
      // The checker keeps it current; a mark, a delete or a check sets it.
      staleTime: Number.POSITIVE_INFINITY,
      ...quiet,
    },
  );
}

/** The dropdown's latest notifications, under LATEST_KEY; read while the dropdown is open. */
export function useLatestNotifications(enabled: boolean) {
  return useEndpointQuery(
    api.list,
    { query: pageQuery(1, NOTIFICATION_DROPDOWN_FETCH_LIMIT, null) },
    { queryKey: LATEST_KEY, call: reported("latest"), enabled, ...quiet },
  );
}

/** One page of the dialog's list with its filters, under LIST_KEY; the previous page stays while the next loads. */
export function useNotificationsPage(page: number, filters: ListFilters) {
  return useEndpointQuery(
    api.list,
    { query: pageQuery(page, NOTIFICATIONS_PAGE_SIZE, filters) },
    {
      queryKey: [...LIST_KEY, page, filters.unreadOnly, filters.type],
      call: reported("list"),
      placeholderData: keepPreviousData,
      ...quiet,
    },
  );
}

/** GET /api/notifications/checker: what arrived after `lastFetch`, the unread count and the next lastFetch. */
export function fetchCheck(lastFetch: string, signal?: AbortSignal): Promise<TNotificationCheck> {
  return callEndpoint(api.check, { query: { lastFetch } }, signal ? { signal } : {});
}

function isPage(value: unknown): value is TNotificationsPage {
  return typeof value === "object" && value !== null && Array.isArray((value as TNotificationsPage).items);
}

/** Changes every notification of every cached list (the dropdown's and the dialog's pages). */
function updateCachedItems(queryClient: QueryClient, change: (item: TNotification) => TNotification): void {
  queryClient.setQueriesData<TNotificationsPage>({ queryKey: NOTIFICATIONS_KEY }, (page) =>
    isPage(page) ? { ...page, items: page.items.map(change) } : page,
  );
}

/**
 * A check's answer into the cache: the unread count, and its new notifications into the dropdown
 * (one per id). The dialog's pages are only marked stale, since news moves every page by one.
 */
export function applyCheck(queryClient: QueryClient, check: TNotificationCheck): void {
  const previous = queryClient.getQueryData<{ count: number }>(UNREAD_COUNT_KEY)?.count;
  queryClient.setQueryData(UNREAD_COUNT_KEY, { count: check.unreadCount });
  if (check.items.length > 0) {
    queryClient.setQueryData<TNotificationsPage>(LATEST_KEY, (page) =>
      page
        ? {
            ...page,
            items: mergeNotifications(page.items, check.items).slice(0, NOTIFICATION_DROPDOWN_FETCH_LIMIT),
          }
        : page,
    );
  }
  if (check.items.length > 0 || (previous !== undefined && previous !== check.unreadCount)) {
    void refreshNotifications(queryClient, "lists");
  }
}

/**
 * Marking read (PUT /api/notifications/mark-as-read): given ids, or all of the caller's without.
 * The answer's count goes to the badge and the notifications read in every cached list.
 */
export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: readonly string[]) =>
      callEndpoint(api.markAsRead, { body: ids ? { notificationIds: [...ids] } : {} }),
    meta: { silent: true },
    onSuccess: (result, ids) => {
      queryClient.setQueryData(UNREAD_COUNT_KEY, { count: result.unreadCount });
      const now = new Date().toISOString();
      const marked = ids ? new Set(ids) : null;
      updateCachedItems(queryClient, (item) =>
        !item.read && (!marked || marked.has(item.id)) ? { ...item, read: true, readAt: now } : item,
      );
      // An "unread only" page has lost rows.
      void refreshNotifications(queryClient, "lists");
    },
    onError: (error) => reportNotificationError("mark as read", error),
  });
}

/** DELETE /api/notifications/{id}; then the lists and the count are fetched again. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(api.remove, { params: { id } }),
    meta: { silent: true },
    onSuccess: (_result, id) => {
      queryClient.setQueryData<TNotificationsPage>(LATEST_KEY, (page) =>
        page ? { ...page, items: page.items.filter((item) => item.id !== id) } : page,
      );
      void refreshNotifications(queryClient, "all");
    },
    onError: (error) => reportNotificationError("delete", error),
  });
}
