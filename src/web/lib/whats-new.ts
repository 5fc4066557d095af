import { useEffect, useMemo, useRef } from "react";
import { whatsNewApi } from "../../contract/whats-new.ts";
import type { NewsPage } from "../../domain/whats-new.ts";
import { callEndpoint, useEndpointQuery } from "./endpoint-client.ts";
import { nextTask } from "./next-task.ts";

/**
 * What is new on a page for its reader (src/contract/whats-new.ts), the one way the employee's
 * /mybike, the store's order list and the employer's order list show it. Once the page has shown the
 * news it says so with the explicit call (reading changes nothing on the server), up to the instant of
 * the list it showed, so news that came after stay new. The news shown stay for the visit: they are
 * not read again until the page is opened anew.
 */
export function usePageNews(page: NewsPage) {
  const news = useEndpointQuery(
    whatsNewApi.news,
    { params: { page } },
    {
      meta: { silent: true },
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      retry: false,
    },
  );
  const told = useRef<string | null>(null);
  const readAt = news.data?.readAt ?? null;
  useEffect(() => {
    if (!readAt || told.current === readAt) return;
    told.current = readAt;
    // The badge is a courtesy: a failed "seen" only shows the same news again next time. Said a task
    // after the page is drawn: a request started from script costs a phone's main thread several
    // milliseconds, and here it was part of the first render's task.
    void nextTask()
      .then(() => callEndpoint(whatsNewApi.markSeen, { params: { page }, body: { seenUpTo: readAt } }))
      .catch(() => {});
  }, [page, readAt]);
  const newOrderIds = useMemo(
    () => new Set((news.data?.items ?? []).map((item) => item.orderId)),
    [news.data],
  );
  return { news, items: news.data?.items ?? [], newOrderIds };
}
