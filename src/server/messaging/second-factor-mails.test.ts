import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { type SecondFactorChange, secondFactorChangedMail } from "./second-factor-mails.ts";

const LINK = "https://pedaali.example/salasanan-palauttaminen";
const CHANGES: SecondFactorChange[] = [
  { kind: "ENABLED" },
  { kind: "REMOVED" },
  { kind: "RECOVERY_CODES_RENEWED" },
  { kind: "RECOVERY_CODE_USED", left: 7 },
  { kind: "PASSKEY_ADDED" },
  { kind: "PASSKEY_REMOVED" },
];

describe("secondFactorChangedMail", () => {
  it("says each change in fi, en and sv, with the password link for a change the owner did not make", () => {
    for (const change of CHANGES) {
      const mails = LANGUAGES.map((language) =>
        secondFactorChangedMail(language, { name: "Aino", change, link: LINK }),
      );
      for (const [i, mail] of mails.entries()) {
        expect(mail.template).toBe("second-factor-changed");
        expect(mail.text, LANGUAGES[i]).toContain("Aino");
        expect(mail.text, LANGUAGES[i]).toContain(LINK);
        expect(mail.html, LANGUAGES[i]).toContain(`<html lang="${LANGUAGES[i]}">`);
      }
      expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    }
    const subjects = CHANGES.map((change) => secondFactorChangedMail("fi", { change, link: LINK }).subject);
    expect(new Set(subjects).size).toBe(CHANGES.length);
  });

  it("tells how many recovery codes are left after one was used", () => {
    const change: SecondFactorChange = { kind: "RECOVERY_CODE_USED", left: 7 };
    expect(secondFactorChangedMail("fi", { change, link: LINK }).text).toContain("Varakoodeja on jäljellä 7");
    expect(secondFactorChangedMail("en", { change, link: LINK }).text).toContain("7 recovery codes left");
    expect(secondFactorChangedMail("sv", { change, link: LINK }).text).toContain("7 reservkoder kvar");
  });

  it("escapes the name in the HTML", () => {
    const mail = secondFactorChangedMail("fi", { name: "<b>x</b>", change: { kind: "ENABLED" }, link: LINK });
    expect(mail.html).not.toContain("<b>x</b>");
  });
});
