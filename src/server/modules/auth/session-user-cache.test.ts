import { describe, expect, it } from "vitest";
import type { CurrentUser } from "./session-user.ts";
import { createSessionUserCache } from "./session-user-cache.ts";

const user = (id: string) =>
  ({ id, companies: [{ id: "c1", name: "Demo Oy", groupCompanyId: null }] }) as unknown as CurrentUser;

describe("the session user cache", () => {
  it("answers only for the version it was given", () => {
    const cache = createSessionUserCache();
    cache.set("u1", "3:7", user("u1"));
    expect(cache.get("u1", "3:7")?.id).toBe("u1");
    expect(cache.get("u1", "4:7")).toBeUndefined();
    expect(cache.get("u1", "3:8")).toBeUndefined();
    expect(cache.get("u2", "3:7")).toBeUndefined();
  });

  it("lets the least recently used user go first when full", () => {
    const cache = createSessionUserCache(2);
    cache.set("a", "1:1", user("a"));
    cache.set("b", "1:1", user("b"));
    cache.get("a", "1:1");
    cache.set("c", "1:1", user("c"));
    expect(cache.get("b", "1:1")).toBeUndefined();
    expect(cache.get("a", "1:1")?.id).toBe("a");
    expect(cache.get("c", "1:1")?.id).toBe("c");
  });

  it("keeps users frozen, since every request of the user shares them", () => {
    const cache = createSessionUserCache();
    cache.set("u1", "1:1", user("u1"));
    const kept = cache.get("u1", "1:1") as CurrentUser;
    expect(Object.isFrozen(kept)).toBe(true);
    expect(Object.isFrozen(kept.companies[0])).toBe(true);
    expect(() => {
      (kept.companies as { id: string }[]).push({ id: "c2" });
    }).toThrow(TypeError);
  });
});
