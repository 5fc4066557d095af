import { notificationsStore } from "@mantine/notifications";
import { focusManager, onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  TNotification,
  TNotificationCheck,
  TNotificationsPage,
} from "../../../contract/notifications.ts";
import { NOTIFICATION_CHECK_INTERVAL_MS } from "../../../domain/constants.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { LATEST_KEY, UNREAD_COUNT_KEY } from "./notifications-api.ts";
import { notification, notificationsPage } from "./test-fixtures.ts";
import { useNotificationChecker } from "./use-notification-checker.ts";

const START = new Date("2026-11-20T10:00:00.000Z");
const serverTime = (n: number) => new Date(START.getTime() + n * 30_000 + 500).toISOString();

let visibility: DocumentVisibilityState = "visible";
let answers: Array<{ status: number; body: unknown }> = [];
let checks = 0;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (!url.startsWith("/api/notifications/checker?")) throw new Error(`unexpected call ${url}`);
  checks += 1;
  const answer = answers.shift() ?? {
    status: 200,
    body: { items: [], unreadCount: 0, serverTime: serverTime(checks) } satisfies TNotificationCheck,
  };
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "content-type": "application/json" },
  });
});

/** The lastFetch each check sent. */
function lastFetches(): string[] {
  return fetchMock.mock.calls.map(
    ([input]) => new URL(String(input), "http://x").searchParams.get("lastFetch") ?? "",
  );
}

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  visibility = "visible";
  answers = [];
  checks = 0;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockClear();
  // Back to jsdom's own getter and to "online" for TanStack Query, which heard the events too.
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
});

function renderChecker(enabled = true) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ on }) => useNotificationChecker(on), { wrapper, initialProps: { on: enabled } });
  return { queryClient, ...view };
}

/** Lets the timers run for `ms` and every answer settle. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("the notification checker", () => {
  it("checks every 30 s, first from the time it started, then from each answer's serverTime", async () => {
    const { unmount } = renderChecker();
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(lastFetches()).toEqual([START.toISOString(), serverTime(1), serverTime(2)]);

    // Unmounted (logged out, or the bell gone): no more checks.
    unmount();
    await elapse(3 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("does not check for a user without the permission", async () => {
    renderChecker(false);
    await elapse(3 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("pauses while the tab is hidden and checks at once on return", async () => {
    renderChecker();
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => setVisibility("hidden"));
    await elapse(5 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => setVisibility("visible"));
    await elapse(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Everything that came while hidden is asked for: from the last answer's serverTime.
    expect(lastFetches()[1]).toBe(serverTime(1));
    // And the 30 s rhythm runs from there.
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await elapse(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("stops while offline and checks when the browser comes online", async () => {
    renderChecker();
    await act(async () => {
      window.dispatchEvent(new Event("offline"));
    });
    await elapse(3 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    await elapse(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not check while navigator.onLine is false", async () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    renderChecker();
    await elapse(3 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    await elapse(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("puts news into the badge and the dropdown, one per id", async () => {
    const { queryClient } = renderChecker();
    const known = [notification(2), notification(3)];
    queryClient.setQueryData(UNREAD_COUNT_KEY, { count: 2 });
    queryClient.setQueryData(LATEST_KEY, notificationsPage(known, { limit: 10 }).body);
    const fresh = notification(1, { createdAt: serverTime(0) });
    answers = [
      { status: 200, body: { items: [fresh, notification(2)], unreadCount: 3, serverTime: serverTime(1) } },
      // The same one again in the next check: still one.
      { status: 200, body: { items: [fresh], unreadCount: 3, serverTime: serverTime(2) } },
    ];
    await elapse(2 * NOTIFICATION_CHECK_INTERVAL_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(queryClient.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 3 });
    const latest = queryClient.getQueryData<TNotificationsPage>(LATEST_KEY);
    expect(latest?.items.map((item: TNotification) => item.title)).toEqual([
      "Ilmoitus 1",
      "Ilmoitus 2",
      "Ilmoitus 3",
    ]);
  });

  it("only reports a failed check, without a toast, and asks again from the same time", async () => {
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    renderChecker();
    answers = [{ status: 500, body: { statusCode: 500, code: "INTERNAL_ERROR", message: "boom" } }];
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    expect(reported).toHaveBeenCalledWith("Notifications: check failed", expect.anything());
    await elapse(NOTIFICATION_CHECK_INTERVAL_MS);
    expect(lastFetches()).toEqual([START.toISOString(), START.toISOString()]);
    expect(notificationsStore.getState().notifications).toEqual([]);
  });
});
