import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { passwordChangedMail } from "./account-mails.ts";
import { CONTACT_EMAIL } from "./layout.ts";

const LINK = "https://pedaali.example/salasanan-palauttaminen?a=1&b=2";
const AT = new Date("2026-03-12T12:05:00Z");
const render = (language: string, firstPassword = false, name: string | null = "Erkki") =>
  passwordChangedMail(language, { name, link: LINK, changedAt: AT, firstPassword });

describe("passwordChangedMail", () => {
  it("tells the owner in fi, en and sv when it happened and what to do if it was not them", () => {
    const rendered = LANGUAGES.map((language) => render(language));
    for (const [i, mail] of rendered.entries()) {
      const language = LANGUAGES[i];
      expect(mail.template).toBe("password-changed");
      expect(mail.text, language).toContain("Erkki");
      // Helsinki time: 14:05 in March (UTC+2).
      expect(mail.text, language).toContain("12.03.2026 14:05");
      expect(mail.text, language).toContain(LINK);
      expect(mail.text, language).toContain(CONTACT_EMAIL);
      expect(mail.html, language).toContain(`<html lang="${language}">`);
      expect(mail.html, language).toContain(
        'href="https://pedaali.example/salasanan-palauttaminen?a=1&amp;b=2"',
      );
    }
    expect(rendered.map((m) => m.subject)).toEqual([
      "Pedaali-tilisi salasana on vaihdettu",
      "Your Pedaali password has been changed",
      "Lösenordet till ditt Pedaali-konto har bytts",
    ]);
    expect(new Set(rendered.map((m) => m.text)).size).toBe(3);
  });

  it("says a first password was set, not changed, for an account that had none", () => {
    expect(render("fi", true).subject).toBe("Pedaali-tilillesi on asetettu salasana");
    expect(render("en", true).text).toContain("A password was set for your Pedaali account");
    expect(render("sv", true).subject).toBe("Ett lösenord har angetts för ditt Pedaali-konto");
  });

  it("greets without a name, falls back to Finnish and escapes the name in the HTML", () => {
    expect(render("fi", false, null).text.startsWith("Hei,\n")).toBe(true);
    expect(render("de").subject).toBe("Pedaali-tilisi salasana on vaihdettu");
    const mail = render("fi", false, "<script>x</script>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("<script>x</script>");
  });
});
