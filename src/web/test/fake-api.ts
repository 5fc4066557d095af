import { vi } from "vitest";

/**
 * A fetch stand-in for component tests: answers by "METHOD /path" from a table (a function may look at
 * the body), records every call, and answers 404 for anything else.
 */
export type FakeReply = { status: number; body?: unknown };
export type FakeRoute = FakeReply | ((body: unknown) => FakeReply);
type FakeCall = { method: string; url: string; body: unknown; headers: Headers };

export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body, headers: new Headers(init?.headers) });
    const route = routes[`${method} ${url}`];
    const reply = typeof route === "function" ? route(body) : route;
    const { status, body: replyBody } = reply ?? {
      status: 404,
      body: { statusCode: 404, code: "NOT_FOUND", message: "Not found" },
    };
    return new Response(replyBody === undefined ? null : JSON.stringify(replyBody), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  };
}

export function apiError(statusCode: number, code: string, message: string, extra: object = {}): FakeReply {
  return { status: statusCode, body: { statusCode, code, message, ...extra } };
}
