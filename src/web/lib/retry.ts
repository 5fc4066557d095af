import { getRetryDelayMs, RETRY_ATTEMPTS } from "../../domain/constants.ts";

export type RetryOptions = {
  /** Whether a failure is worth another try; the first one that is not ends the call at once. */
  shouldRetry: (error: unknown) => boolean;
  /** How many times to try again after the first call (docs/product.md "Constants": 3). */
  retries?: number;
  /** The wait before retry n (0-based); docs/product.md "Constants": 1 s, doubling. */
  delayMs?: (retry: number) => number;
  /** Told before each wait, e.g. to say "trying again" on the page. */
  onRetry?: (retry: number, delayMs: number, error: unknown) => void;
  /** Stops waiting and rejects with the signal's reason. */
  signal?: AbortSignal;
};

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Calls `call` until it succeeds, a failure is not retryable, or the retries run out; then rejects with the
 * last failure. With the defaults: up to 3 retries after 1 s, 2 s and 4 s (docs/product.md "Errors" login, docs/product.md "Constants" backoff).
 */
export async function withRetry<T>(call: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const retries = options.retries ?? RETRY_ATTEMPTS;
  const delayMs = options.delayMs ?? getRetryDelayMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= retries || !options.shouldRetry(error)) throw error;
      const delay = delayMs(attempt);
      options.onRetry?.(attempt, delay, error);
      await wait(delay, options.signal);
    }
  }
}
