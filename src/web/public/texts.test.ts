import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../i18n/en.json";
import { askedKeys, pageLanguage, setPageTexts, t } from "./texts.ts";

describe("the public pages' texts", () => {
  afterEach(() => setPageTexts("fi", {}));

  it("reads a dotted key of the page's language and fills its values", () => {
    setPageTexts("en", { common: { pageTitle: "{{title}} – Pedaali", close: "Close" } });
    expect(pageLanguage()).toBe("en");
    expect(t("common.close")).toBe("Close");
    expect(t("common.pageTitle", { title: "FAQ" })).toBe("FAQ – Pedaali");
    // A value the call does not give stays as written, as i18next leaves it.
    expect(t("common.pageTitle")).toBe("{{title}} – Pedaali");
  });

  it("gives the same text as the app's catalogue for the same key", () => {
    setPageTexts("en", en);
    expect(t("common.productDescription")).toBe(en.common.productDescription);
  });

  it("answers a missing key with its default value, else says so and answers the key", () => {
    const missing = vi.fn();
    setPageTexts("sv", { errors: {} }, missing);
    expect(t("errors.SOME_CODE", { defaultValue: "\u0000missing" })).toBe("\u0000missing");
    expect(missing).not.toHaveBeenCalled();
    expect(t("errors")).toBe("errors");
    expect(missing).toHaveBeenCalledWith("errors");
  });

  it("notes the keys asked for since the texts were set, for the prerender to carry", () => {
    setPageTexts("fi", { nav: { home: "Etusivu" } });
    t("nav.home");
    t("content.faq.title", { defaultValue: "" });
    expect(askedKeys()).toEqual(["nav.home", "content.faq.title"]);
    setPageTexts("fi", {});
    expect(askedKeys()).toEqual([]);
  });
});
