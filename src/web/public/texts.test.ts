import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../i18n/en.json";
import { i18n } from "./i18n.ts";
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

  it("tells whether the page carries a text, as i18next's exists does, without noting the key as asked", () => {
    const missing = vi.fn();
    setPageTexts("fi", { errors: { NO_PASSWORD_SET: "Salasanaa ei ole asetettu." } }, missing);
    expect(i18n.exists("errors.NO_PASSWORD_SET")).toBe(true);
    expect(i18n.exists("errors.SOME_CODE")).toBe(false);
    // A section is not a text.
    expect(i18n.exists("errors")).toBe(false);
    expect(missing).not.toHaveBeenCalled();
    expect(askedKeys()).toEqual([]);
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
