import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UNSUBSCRIBE_TOKEN_PATTERN } from "../../../contract/notification-preferences.ts";
import { NOTIFICATION_KINDS } from "../../../domain/notification-kinds.ts";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.ts";

const SECRET = "a-test-secret-of-enough-length-0123456789";
const USER = "0b7e6a52-6f7a-4c1e-9d55-3a1f0e2b4c6d";

describe("the unsubscribe token", () => {
  it("reads back the person and the kind it was made for, in the shape the contract accepts", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(...NOTIFICATION_KINDS), (userId, kind) => {
        const token = unsubscribeToken(SECRET, userId, kind);
        expect(token).toMatch(UNSUBSCRIBE_TOKEN_PATTERN);
        expect(readUnsubscribeToken(SECRET, token)).toEqual({ userId, kind });
      }),
    );
  });

  it("refuses a token with another kind, another person, an altered hash or another server's key", () => {
    const token = unsubscribeToken(SECRET, USER, "REMINDERS");
    expect(readUnsubscribeToken(SECRET, token.replace("REMINDERS", "ORDER_STEPS"))).toBeNull();
    expect(readUnsubscribeToken(SECRET, token.replace(USER, USER.replace("0b7e", "1b7e")))).toBeNull();
    const last = token.at(-1) === "0" ? "1" : "0";
    expect(readUnsubscribeToken(SECRET, `${token.slice(0, -1)}${last}`)).toBeNull();
    expect(readUnsubscribeToken("another-secret-of-enough-length-987654321", token)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${token}.x`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, `${USER}.NOT_A_KIND.${"0".repeat(32)}`)).toBeNull();
    expect(readUnsubscribeToken(SECRET, "")).toBeNull();
  });
});
