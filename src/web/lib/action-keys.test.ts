import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../contract/errors.ts";
import { isIdempotencyKey } from "../../domain/idempotency.ts";
import { createActionKeys, newActionKey } from "./action-keys.ts";
import { ApiError } from "./api-client.ts";

const failure = (status: number, code: ErrorCode = "CONFLICT") =>
  new ApiError({ status, code, message: "x", bodyReadable: status !== 0 });

function counter() {
  let n = 0;
  return () => `avain-${String(++n).padStart(4, "0")}`;
}

describe("an action's Idempotency-Key", () => {
  it("is made anew for each action that got its answer", async () => {
    const keys = createActionKeys(counter());
    const sent: string[] = [];
    await keys.run(["approve", "b1"], async (key) => sent.push(key));
    await keys.run(["approve", "b1"], async (key) => sent.push(key));
    expect(sent).toEqual(["avain-0001", "avain-0002"]);
  });

  it("is sent again by a retry while the outcome is unknown: no answer, a server failure, still under way", async () => {
    const keys = createActionKeys(counter());
    const sent: string[] = [];
    for (const error of [failure(0), failure(503), failure(409, "IDEMPOTENCY_KEY_IN_USE")]) {
      await expect(
        keys.run(["paid", "b1", "2026-11-27"], async (key) => {
          sent.push(key);
          throw error;
        }),
      ).rejects.toBe(error);
    }
    await keys.run(["paid", "b1", "2026-11-27"], async (key) => sent.push(key));
    expect(sent).toEqual(["avain-0001", "avain-0001", "avain-0001", "avain-0001"]);
  });

  it("ends with a refusal, and is new when the retry sends another body", async () => {
    const keys = createActionKeys(counter());
    const sent: string[] = [];
    await expect(
      keys.run(["approve", "b1"], async (key) => {
        sent.push(key);
        throw failure(409, "PAYOUT_BATCH_CHANGED");
      }),
    ).rejects.toThrow();
    await expect(
      keys.run(["paid", "b1", "2026-11-27"], async (key) => {
        sent.push(key);
        throw failure(0);
      }),
    ).rejects.toThrow();
    await keys.run(["paid", "b1", "2026-11-26"], async (key) => sent.push(key));
    expect(sent).toEqual(["avain-0001", "avain-0002", "avain-0003"]);
  });

  it("is a key the server takes", () => {
    for (let i = 0; i < 20; i++) expect(isIdempotencyKey(newActionKey())).toBe(true);
  });
});
