import { describe, expect, it } from "vitest";
import { personName } from "./person-name.ts";

describe("personName", () => {
  it("joins the parts, leaves out a missing one and falls back when both are missing", () => {
    expect(personName("Aino", "Virtanen")).toBe("Aino Virtanen");
    expect(personName("Aino", null)).toBe("Aino");
    expect(personName(undefined, " Virtanen ")).toBe("Virtanen");
    expect(personName(null, "", "aino@demo.test")).toBe("aino@demo.test");
    expect(personName(" ", " ")).toBe("");
  });
});
