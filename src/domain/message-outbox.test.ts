import { describe, expect, it } from "vitest";
import { afterFailedAttempt, OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_DELAYS_MS } from "./message-outbox.ts";

describe("the message outbox's retries", () => {
  const now = new Date("2026-03-02T10:00:00Z");

  it("waits longer after each failed try", () => {
    const waits = OUTBOX_RETRY_DELAYS_MS.map((_, i) => {
      const outcome = afterFailedAttempt(i + 1, now);
      return outcome.status === "QUEUED" ? outcome.nextAttemptAt.getTime() - now.getTime() : null;
    });
    expect(waits).toEqual([...OUTBOX_RETRY_DELAYS_MS]);
    expect([...waits].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(waits);
  });

  it("gives up after the last try", () => {
    expect(afterFailedAttempt(OUTBOX_MAX_ATTEMPTS, now)).toEqual({ status: "FAILED" });
    expect(afterFailedAttempt(OUTBOX_MAX_ATTEMPTS + 3, now)).toEqual({ status: "FAILED" });
  });
});
