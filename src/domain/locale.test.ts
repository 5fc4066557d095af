import { describe, expect, it } from "vitest";
import { isLanguage, languageOfPath } from "./locale.ts";

describe("languageOfPath", () => {
  it("names the language of a /{lang} prefix, with or without a page after it", () => {
    expect(languageOfPath("/en/liity/abc")).toBe("en");
    expect(languageOfPath("/sv")).toBe("sv");
    expect(languageOfPath("/fi/")).toBe("fi");
  });

  it("finds none on a path without one, nor in a later segment or a longer word", () => {
    expect(languageOfPath("/")).toBeNull();
    expect(languageOfPath("/kirjaudu")).toBeNull();
    expect(languageOfPath("/admin/en")).toBeNull();
    expect(languageOfPath("/english")).toBeNull();
    expect(languageOfPath("")).toBeNull();
  });
});

describe("isLanguage", () => {
  it("is true for fi, en and sv only", () => {
    expect(["fi", "en", "sv"].every(isLanguage)).toBe(true);
    expect([undefined, null, "", "FI", "de", 1].some(isLanguage)).toBe(false);
  });
});
