import { describe, expect, it } from "vitest";
import {
  MULTI_LINE_TEXT_MESSAGE,
  SINGLE_LINE_TEXT_MESSAGE,
  zMultiLineText,
  zSingleLineText,
} from "./text.ts";

const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  "\u007f",
];
const LINE_BREAKS_AND_TABS = ["\t", "\n", "\r"];

describe("the shared text types", () => {
  const line = zSingleLineText({ min: 1, max: 20 });
  const lines = zMultiLineText({ max: 100 });

  it("single-line text refuses every control character inside it, with its message", () => {
    for (const character of CONTROL_CHARACTERS) {
      const result = line.safeParse(`Ai${character}no`);
      expect(result.success, JSON.stringify(character)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SINGLE_LINE_TEXT_MESSAGE);
    }
  });

  it("multi-line text keeps line breaks and tabs and refuses the other control characters", () => {
    for (const character of CONTROL_CHARACTERS) {
      const result = lines.safeParse(`Hei${character}maailma`);
      if (LINE_BREAKS_AND_TABS.includes(character)) {
        expect(result.data, JSON.stringify(character)).toBe(`Hei${character}maailma`);
      } else {
        expect(result.success, JSON.stringify(character)).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(MULTI_LINE_TEXT_MESSAGE);
      }
    }
  });

  it("trims before it counts and checks, and keeps letters of every language", () => {
    expect(line.parse("  Åsa Öberg-Ääkkönen \n")).toBe("Åsa Öberg-Ääkkönen");
    expect(line.parse("Zoë 🚲 李")).toBe("Zoë 🚲 李");
    expect(line.safeParse("   ").success).toBe(false);
    expect(line.safeParse("x".repeat(21)).success).toBe(false);
    expect(lines.parse("\n Rivi 1\r\nRivi 2\n")).toBe("Rivi 1\r\nRivi 2");
  });
});
