import { describe, expect, it } from "vitest";
import { centsToText, percentToText, readEuros, readInteger, readPercent } from "./number-text.ts";

describe("the reference-data forms' numbers as text", () => {
  it("writes cents as editable euros in the reader's language", () => {
    expect(centsToText(123_450, "fi")).toBe("1234,50");
    expect(centsToText(123_405, "sv")).toBe("1234,05");
    expect(centsToText(123_450, "en")).toBe("1234.50");
    expect(centsToText(150_000, "fi")).toBe("1500");
    expect(centsToText(0, "fi")).toBe("0");
    expect(centsToText(null, "fi")).toBe("");
  });

  it("writes percentages with the language's decimal separator", () => {
    expect(percentToText(7.15, "fi")).toBe("7,15");
    expect(percentToText(7.15, "en")).toBe("7.15");
    expect(percentToText(19, "sv")).toBe("19");
    expect(percentToText(undefined, "fi")).toBe("");
  });

  it("reads euros typed either way into cents, refusing negatives and junk", () => {
    expect(readEuros("1 234,50")).toEqual({ kind: "value", value: 123_450 });
    expect(readEuros("1234.5")).toEqual({ kind: "value", value: 123_450 });
    expect(readEuros("9,90 €")).toEqual({ kind: "value", value: 990 });
    expect(readEuros("  ")).toEqual({ kind: "empty" });
    expect(readEuros("-5")).toEqual({ kind: "invalid" });
    expect(readEuros("12 50")).toEqual({ kind: "invalid" });
    expect(readEuros("99999999999")).toEqual({ kind: "invalid" });
  });

  it("reads a percentage from 0 to 100 with at most two decimals", () => {
    expect(readPercent("7,15")).toEqual({ kind: "value", value: 7.15 });
    expect(readPercent("7.5 %")).toEqual({ kind: "value", value: 7.5 });
    expect(readPercent("100")).toEqual({ kind: "value", value: 100 });
    expect(readPercent("")).toEqual({ kind: "empty" });
    expect(readPercent("100,01")).toEqual({ kind: "invalid" });
    expect(readPercent("7,155")).toEqual({ kind: "invalid" });
    expect(readPercent("-1")).toEqual({ kind: "invalid" });
  });

  it("reads whole numbers within bounds", () => {
    expect(readInteger("67", 0, 120)).toEqual({ kind: "value", value: 67 });
    expect(readInteger("121", 0, 120)).toEqual({ kind: "invalid" });
    expect(readInteger("6,5", 0, 120)).toEqual({ kind: "invalid" });
    expect(readInteger("", 0, 120)).toEqual({ kind: "empty" });
  });
});
