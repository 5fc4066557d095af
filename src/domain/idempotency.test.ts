import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  IDEMPOTENCY_CLAIM_STALE_MS,
  IDEMPOTENCY_KEY_LIFETIME_MS,
  idempotencyKeyLapsed,
  isIdempotencyKey,
  keepsAnswer,
  keyedCallOutcome,
} from "./idempotency.ts";

describe("isIdempotencyKey", () => {
  it("takes 8–100 letters, digits, _ and -, a UUID among them", () => {
    expect(isIdempotencyKey("3f6c1a2e-9b7d-4c1e-8a5f-2d4b6c8e0a1f")).toBe(true);
    expect(isIdempotencyKey("abcdEFGH")).toBe(true);
    expect(isIdempotencyKey("a_b-c".padEnd(100, "x"))).toBe(true);
  });

  it("refuses a shorter or longer one, other characters, and what is not text", () => {
    expect(isIdempotencyKey("abcdefg")).toBe(false);
    expect(isIdempotencyKey("x".repeat(101))).toBe(false);
    for (const bad of ["abcd efgh", "abcd.efgh", "abcd/efgh", "äbcdefgh", "abcdefgh\n", "a, abcdefgh"])
      expect(isIdempotencyKey(bad), bad).toBe(false);
    expect(isIdempotencyKey(12345678)).toBe(false);
    expect(isIdempotencyKey(["abcdefgh"])).toBe(false);
  });
});

describe("canonicalJson", () => {
  it("writes the same body the same whatever the order of its fields", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
    expect(canonicalJson(undefined)).toBe("null");
  });

  it("tells different bodies apart, and reads back as the same value", () => {
    expect(canonicalJson({ paidDate: "2026-11-27" })).not.toBe(canonicalJson({ paidDate: "2026-11-28" }));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe("keyedCallOutcome", () => {
  const call = { method: "POST", path: "/api/store-payouts/batches/1/approve", requestHash: "h1" };

  it("answers the same call again once answered, and asks to wait while it is under way", () => {
    expect(keyedCallOutcome({ ...call, statusCode: 200 }, call)).toBe("REPLAY");
    expect(keyedCallOutcome({ ...call, statusCode: 409 }, call)).toBe("REPLAY");
    expect(keyedCallOutcome({ ...call, statusCode: null }, call)).toBe("IN_PROGRESS");
  });

  it("refuses another body, address or method under the same key", () => {
    expect(keyedCallOutcome({ ...call, statusCode: 200 }, { ...call, requestHash: "h2" })).toBe(
      "OTHER_REQUEST",
    );
    expect(keyedCallOutcome({ ...call, statusCode: null }, { ...call, path: "/api/x" })).toBe(
      "OTHER_REQUEST",
    );
    expect(keyedCallOutcome({ ...call, statusCode: 200 }, { ...call, method: "PUT" })).toBe("OTHER_REQUEST");
  });
});

describe("idempotencyKeyLapsed", () => {
  const createdAt = new Date("2026-11-27T10:00:00Z");
  const later = (ms: number) => new Date(createdAt.getTime() + ms);

  it("keeps an answered key 24 hours", () => {
    expect(idempotencyKeyLapsed({ createdAt, answered: true }, later(IDEMPOTENCY_KEY_LIFETIME_MS - 1))).toBe(
      false,
    );
    expect(idempotencyKeyLapsed({ createdAt, answered: true }, later(IDEMPOTENCY_KEY_LIFETIME_MS))).toBe(
      true,
    );
  });

  it("frees a key whose call has been under way past the stale time", () => {
    expect(idempotencyKeyLapsed({ createdAt, answered: false }, later(IDEMPOTENCY_CLAIM_STALE_MS - 1))).toBe(
      false,
    );
    expect(idempotencyKeyLapsed({ createdAt, answered: false }, later(IDEMPOTENCY_CLAIM_STALE_MS))).toBe(
      true,
    );
  });
});

describe("keepsAnswer", () => {
  it("keeps successes and refusals, never a server failure", () => {
    for (const status of [200, 201, 400, 404, 409, 422]) expect(keepsAnswer(status)).toBe(true);
    for (const status of [500, 502, 503]) expect(keepsAnswer(status)).toBe(false);
  });
});
