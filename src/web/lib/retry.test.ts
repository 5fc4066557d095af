import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RETRY_ATTEMPTS, RETRY_BACKOFF_FACTOR, RETRY_INITIAL_DELAY_MS } from "../../domain/constants.ts";
import { withRetry } from "./retry.ts";

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const always = () => true;

describe("withRetry", () => {
  it("resolves with the first success without waiting", async () => {
    const call = vi.fn().mockResolvedValue("ok");
    await expect(withRetry(call, { shouldRetry: always })).resolves.toBe("ok");
    expect(call).toHaveBeenCalledTimes(1);
  });

  it("retries 3 times after 1 s, 2 s and 4 s (docs/product.md 'Constants'), then rejects with the last failure", async () => {
    expect([RETRY_ATTEMPTS, RETRY_INITIAL_DELAY_MS, RETRY_BACKOFF_FACTOR]).toEqual([3, 1000, 2]);
    const call = vi.fn().mockImplementation(async (attempt: number) => {
      throw new Error(`down ${attempt}`);
    });
    const onRetry = vi.fn();
    const result = withRetry(call, { shouldRetry: always, onRetry });
    const settled = result.catch((error: Error) => error.message);

    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(call).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(4);

    await expect(settled).resolves.toBe("down 3");
    expect(onRetry.mock.calls.map(([retry, delay]) => [retry, delay])).toEqual([
      [0, 1000],
      [1, 2000],
      [2, 4000],
    ]);
  });

  it("stops at once on a failure that is not retryable", async () => {
    const call = vi
      .fn()
      .mockRejectedValueOnce(new Error("network"))
      .mockRejectedValueOnce(new Error("final"));
    const result = withRetry(call, { shouldRetry: (e) => (e as Error).message === "network" });
    const settled = result.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(settled).resolves.toBe("final");
    expect(call).toHaveBeenCalledTimes(2);
  });

  it("succeeds on a later attempt", async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error("network")).mockResolvedValueOnce("ok");
    const result = withRetry(call, { shouldRetry: always });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe("ok");
  });

  it("stops waiting when aborted", async () => {
    const controller = new AbortController();
    const call = vi.fn().mockRejectedValue(new Error("network"));
    const result = withRetry(call, { shouldRetry: always, signal: controller.signal });
    const settled = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new Error("left the page"));
    await expect(settled).resolves.toEqual(new Error("left the page"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(call).toHaveBeenCalledTimes(1);
  });
});
