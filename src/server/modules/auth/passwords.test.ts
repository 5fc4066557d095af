import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./passwords.ts";

describe("passwords", () => {
  it("stores an argon2id hash that verifies only the same password", async () => {
    const stored = await hashPassword("Pedaali2026!");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain("Pedaali2026!");
    expect(await verifyPassword(stored, "Pedaali2026!")).toBe(true);
    expect(await verifyPassword(stored, "pedaali2026!")).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).not.toBe(await hashPassword("same password"));
  });

  it("answers false, not an exception, for a malformed stored hash", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});
