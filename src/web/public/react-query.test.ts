import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { QueryCache, QueryClient } from "./react-query.ts";

/** The app's rule (lib/query-client.ts): a 4xx is final, anything else is tried twice more. */
const retry = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

describe("the public entry's stand-in for TanStack Query: fetchQuery", () => {
  afterEach(() => vi.useRealTimers());

  it("reads once and answers what the read answered", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry } } });
    const queryFn = vi.fn(async () => ({ firstName: "Emilia" }));
    await expect(client.fetchQuery({ queryFn })).resolves.toEqual({ firstName: "Emilia" });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it("tries a failed read again by the app's rule, a second and then two apart", async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { retry } } });
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue("user");
    const answer = client.fetchQuery({ queryFn });
    await vi.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(answer).resolves.toBe("user");
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it("fails at once where the rule says so, said by the client's error hook unless the read is silent", async () => {
    const onError = vi.fn();
    const client = new QueryClient({
      queryCache: new QueryCache({ onError }),
      defaultOptions: { queries: { retry } },
    });
    const refused = new ApiError({
      status: 401,
      code: "UNAUTHORIZED",
      message: "No session",
      bodyReadable: true,
    });
    const queryFn = vi.fn(() => Promise.reject(refused));
    await expect(client.fetchQuery({ queryFn, meta: { silent: true } })).rejects.toBe(refused);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    await expect(client.fetchQuery({ queryFn })).rejects.toBe(refused);
    expect(onError).toHaveBeenCalledWith(refused, { meta: undefined });
  });
});
