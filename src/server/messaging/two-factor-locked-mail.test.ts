import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { twoFactorLockedMail } from "./account-mails.ts";

const LINK = "https://pedaali.example/salasanan-palauttaminen?a=1&b=2";
const render = (language: string, name: string | null = "Erkki") =>
  twoFactorLockedMail(language, { name, link: LINK, lockedMinutes: 15 });

describe("twoFactorLockedMail", () => {
  it("tells the owner in fi, en and sv, with the lock's length and a link to change the password", () => {
    const rendered = LANGUAGES.map((language) => render(language));
    for (const [i, mail] of rendered.entries()) {
      const language = LANGUAGES[i];
      expect(mail.template).toBe("two-factor-locked");
      expect(mail.text, language).toContain("Erkki");
      expect(mail.text, language).toContain("15");
      expect(mail.text, language).toContain(LINK);
      expect(mail.html, language).toContain(`<html lang="${language}">`);
      expect(mail.html, language).toContain(
        'href="https://pedaali.example/salasanan-palauttaminen?a=1&amp;b=2"',
      );
    }
    expect(new Set(rendered.map((m) => m.subject)).size).toBe(3);
    expect(new Set(rendered.map((m) => m.text)).size).toBe(3);
  });

  it("escapes the name in the HTML", () => {
    const mail = render("fi", "<script>x</script>");
    expect(mail.html).not.toContain("<script>");
    expect(mail.text).toContain("<script>x</script>");
  });
});
