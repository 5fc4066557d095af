import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import {
  contactChangedMail,
  contactChangeRequestedMail,
  emailChangeConfirmMail,
  emailChangeInUseMail,
  phoneChangeCodeSms,
} from "./contact-change-mails.ts";
import type { RenderedMail } from "./templates.ts";

/** The mails and SMS of a login e-mail or phone change: re-authenticated, confirmed, the old address told. */

const LINK = "https://pedaali.example/vahvista-sahkoposti/abc123";
const NEW = "uusi.osoite@example.test";

const MAILS: Record<string, (language: string, name: string) => RenderedMail> = {
  "email-change-confirm": (l, name) =>
    emailChangeConfirmMail(l, { name, link: LINK, newEmail: NEW, validHours: 24 }),
  "email-change-in-use": (l, name) => emailChangeInUseMail(l, { name, newEmail: NEW }),
  "contact-change-requested": (l, name) =>
    contactChangeRequestedMail(l, { name, kind: "EMAIL", newValue: NEW }),
  "contact-changed": (l, name) =>
    contactChangedMail(l, { name, kind: "PHONE", newValue: "+358401234567", byOther: true }),
};

describe("contact change templates", () => {
  for (const [template, render] of Object.entries(MAILS)) {
    it(`${template} renders in fi, en and sv, naming the person, escaped in the HTML`, () => {
      const rendered = LANGUAGES.map((language) => render(language, "Erkki"));
      for (const [i, mail] of rendered.entries()) {
        expect(mail.template).toBe(template);
        expect(mail.text, LANGUAGES[i]).toContain("Erkki");
        expect(mail.html, LANGUAGES[i]).toContain(`<html lang="${LANGUAGES[i]}">`);
      }
      expect(new Set(rendered.map((m) => m.subject)).size).toBe(3);
      expect(new Set(rendered.map((m) => m.text)).size).toBe(3);
      expect(render("fi", "<b>x</b>").html).not.toContain("<b>x</b>");
    });
  }

  it("puts the link only in the confirmation, and the new address in every mail", () => {
    for (const language of LANGUAGES) {
      expect(MAILS["email-change-confirm"]?.(language, "A").text).toContain(LINK);
      expect(MAILS["email-change-in-use"]?.(language, "A").text).not.toContain("http");
      expect(MAILS["contact-change-requested"]?.(language, "A").text).toContain(NEW);
      expect(MAILS["contact-changed"]?.(language, "A").text).toContain("+358401234567");
    }
  });

  it("says who made a change: the user, or someone else", () => {
    const own = contactChangedMail("en", { kind: "EMAIL", newValue: NEW, byOther: false });
    const other = contactChangedMail("en", { kind: "EMAIL", newValue: NEW, byOther: true });
    expect(own.text).not.toContain("administrator");
    expect(other.text).toContain("administrator");
  });

  it("sends the phone code in one short SMS in each language", () => {
    const texts = LANGUAGES.map((l) => phoneChangeCodeSms(l, { code: "012345" }));
    for (const sms of texts) {
      expect(sms.template).toBe("phone-change-code");
      expect(sms.text).toContain("012345");
      expect(sms.text.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(texts.map((s) => s.text)).size).toBe(3);
  });
});
