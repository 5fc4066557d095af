import { describe, expect, it } from "vitest";
import { textOrNull } from "./text.ts";

describe("textOrNull", () => {
  it("keeps a text trimmed and makes empty, blank and missing text none", () => {
    expect(textOrNull("  Kustannuspaikka 12 ")).toBe("Kustannuspaikka 12");
    expect(textOrNull("")).toBeNull();
    expect(textOrNull("   ")).toBeNull();
    expect(textOrNull(null)).toBeNull();
    expect(textOrNull(undefined)).toBeNull();
  });
});
