import { describe, expect, it } from "vitest";
import { passwordLinkHours } from "../../domain/auth-rules.ts";
import { LANGUAGES } from "../../domain/enums.ts";
import {
  type AccountMadeBy,
  accountDeactivatedMail,
  passwordResetMail,
  setPasswordMail,
  twoFactorCodeSms,
} from "./account-mails.ts";
import { employerSignupReceivedMail } from "./company-application-mails.ts";
import { joinConfirmationMail, registrationReceivedMail } from "./employee-mails.ts";
import { type RenderedMail, resolveLanguage } from "./templates.ts";

const LINK = "https://pedaali.example/reset/abc123?x=1&y=2";
const EVIL = "<script>alert('x')</script>";

const MAILS: Record<string, (language: string, name: string) => RenderedMail> = {
  "password-reset": (l, name) => passwordResetMail(l, { name, link: LINK }),
  "set-password": (l, name) => setPasswordMail(l, { name, link: LINK }),
  "set-password of an account someone made": (l, name) =>
    setPasswordMail(l, { name, link: LINK, madeBy: { by: "Maija Meikäläinen", organisation: null } }),
  "registration-received": (l, name) => registrationReceivedMail(l, { name, companyName: `Firma ${name}` }),
  "join-confirmation": (l, name) =>
    joinConfirmationMail(l, { name, companyName: `Firma ${name}`, link: LINK, validDays: 7 }),
  "employer-signup-received": (l, name) =>
    employerSignupReceivedMail(l, { name, companyName: `Firma ${name}` }),
  "account-deactivated": (l, name) => accountDeactivatedMail(l, { name }),
};

describe("mail templates", () => {
  for (const [template, render] of Object.entries(MAILS)) {
    it(`${template} renders subject, text and HTML in fi, en and sv`, () => {
      const rendered = LANGUAGES.map((language) => render(language, "Erkki"));
      for (const [i, mail] of rendered.entries()) {
        const language = LANGUAGES[i];
        expect(mail.template).toBe(template.split(" ")[0]);
        expect(mail.subject.trim().length, language).toBeGreaterThan(5);
        expect(mail.text, language).toContain("Erkki");
        expect(mail.text, language).toContain("Pedaali");
        expect(mail.html, language).toMatch(/^<!doctype html>/);
        expect(mail.html, language).toContain(`<html lang="${language}">`);
        expect(mail.html, language).toContain("Erkki");
        // No external images or style sheets: nothing is fetched when the mail is opened.
        expect(mail.html, language).not.toMatch(/<img|<link|url\(/i);
      }
      // Three real translations, not one text three times.
      expect(new Set(rendered.map((m) => m.subject)).size).toBe(3);
      expect(new Set(rendered.map((m) => m.text)).size).toBe(3);
    });

    it(`${template} escapes a name in the HTML and keeps it as is in the text`, () => {
      const mail = render("fi", EVIL);
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).toContain("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
      expect(mail.text).toContain(EVIL);
    });
  }

  it("puts the link in both bodies, escaped in the HTML", () => {
    for (const mail of [passwordResetMail("en", { link: LINK }), setPasswordMail("sv", { link: LINK })]) {
      expect(mail.text).toContain(LINK);
      expect(mail.html).toContain('href="https://pedaali.example/reset/abc123?x=1&amp;y=2"');
    }
  });

  it("says the reset link is valid for an hour", () => {
    expect(passwordResetMail("fi", { link: LINK }).text).toContain("Linkki on voimassa tunnin");
    expect(passwordResetMail("en", { link: LINK }).text).toContain("valid for one hour");
    expect(passwordResetMail("sv", { link: LINK }).text).toContain("giltig i en timme");
    expect(setPasswordMail("en", { link: LINK, validHours: 24 }).text).toContain("valid for 24 hours");
  });

  it("greets without a name when there is none", () => {
    expect(passwordResetMail("fi", { link: LINK }).text.startsWith("Hei,\n")).toBe(true);
    expect(accountDeactivatedMail("sv", { name: "  " }).text.startsWith("Hej,\n")).toBe(true);
  });

  it("refuses a link that is not a web address", () => {
    expect(() => passwordResetMail("fi", { link: "javascript:alert(1)" })).toThrow(/http/);
  });
});

describe("the two-factor SMS", () => {
  it("carries the code in fi, en and sv", () => {
    expect(twoFactorCodeSms("fi", { code: "123456" }).text).toBe(
      "Pedaali: vahvistuskoodisi on 123456. Koodi on voimassa 5 minuuttia.",
    );
    expect(twoFactorCodeSms("en", { code: "123456" }).text).toBe(
      "Pedaali: your verification code is 123456. The code is valid for 5 minutes.",
    );
    expect(twoFactorCodeSms("sv", { code: "123456" }).text).toBe(
      "Pedaali: din verifieringskod är 123456. Koden är giltig i 5 minuter.",
    );
  });

  it("fits one SMS (160 characters)", () => {
    for (const language of LANGUAGES) {
      expect(twoFactorCodeSms(language, { code: "123456" }).text.length).toBeLessThanOrEqual(160);
    }
  });
});

describe("the set-password mail of an account someone else made", () => {
  const first = { link: LINK, validHours: passwordLinkHours("first") };
  const madeBy: AccountMadeBy = {
    by: "Maija Meikäläinen",
    organisation: { kind: "COMPANY", name: "Demo Oy" },
  };
  const made = (language: string, by: AccountMadeBy = madeBy) =>
    setPasswordMail(language, { ...first, madeBy: by }).text;

  it("says an account was made for you, by whom and for which company, in fi, en and sv", () => {
    expect(made("fi")).toContain(
      "Sinulle on luotu Pedaali-tili yrityksen Demo Oy käyttäjäksi. Tilin loi Maija Meikäläinen.",
    );
    expect(made("en")).toContain(
      "A Pedaali account has been made for you as a user of the company Demo Oy. It was made by Maija Meikäläinen.",
    );
    expect(made("sv")).toContain(
      "Ett Pedaali-konto har skapats åt dig som användare för företaget Demo Oy. Kontot skapades av Maija Meikäläinen.",
    );
    expect(setPasswordMail("fi", { ...first, madeBy }).subject).toBe("Sinulle on luotu Pedaali-tili");
    expect(setPasswordMail("en", { ...first, madeBy }).subject).toBe(
      "A Pedaali account has been made for you",
    );
    expect(setPasswordMail("sv", { ...first, madeBy }).subject).toBe("Ett Pedaali-konto har skapats åt dig");
  });

  it("never says the person tried to log in, as the link they asked for does", () => {
    expect(setPasswordMail("fi", first).text).toContain("Jos et yrittänyt kirjautua sisään");
    expect(made("fi")).not.toContain("kirjautua sisään, voit jättää");
    expect(made("en")).not.toContain("If you did not try to log in");
    expect(made("sv")).not.toContain("Om du inte försökte logga in");
    expect(made("en")).toContain("If you did not expect this account, contact our customer service");
  });

  it("gives the link's long first lifetime", () => {
    expect(made("fi")).toContain("Linkki on voimassa 7 päivää");
    expect(made("en")).toContain("The link is valid for 7 days");
    expect(made("sv")).toContain("Länken är giltig i 7 dagar");
  });

  it("names a bike store, or only that an account was made where nothing more is known", () => {
    const store: AccountMadeBy = { by: null, organisation: { kind: "STORE", name: "Vauhti" } };
    expect(made("fi", store)).toContain("Sinulle on luotu Pedaali-tili pyöräliikkeen Vauhti käyttäjäksi.");
    expect(made("en", store)).toContain("as a user of the bike store Vauhti.");
    expect(made("sv", store)).toContain("som användare för cykelaffären Vauhti.");
    expect(made("en", {})).toContain("A Pedaali account has been made for you.");
    expect(made("en", {})).not.toContain("It was made by");
  });
});

describe("language", () => {
  it("falls back to Finnish for an unknown or missing language", () => {
    expect(resolveLanguage("de")).toBe("fi");
    expect(resolveLanguage(null)).toBe("fi");
    expect(resolveLanguage(undefined)).toBe("fi");
    expect(resolveLanguage("sv")).toBe("sv");
    expect(passwordResetMail("de", { link: LINK })).toEqual(passwordResetMail("fi", { link: LINK }));
    expect(twoFactorCodeSms("xx", { code: "1" }).text).toContain("vahvistuskoodisi");
  });
});
