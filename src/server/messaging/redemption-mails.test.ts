import { describe, expect, it } from "vitest";
import { LANGUAGES, REDEMPTION_CHOICES, REDEMPTION_REASONS } from "../../domain/enums.ts";
import {
  CHOICE_WORDS,
  REASON_WORDS,
  redemptionCompletedMail,
  redemptionOfferMail,
} from "./redemption-mails.ts";

const offer = {
  name: "Iida <Saarinen>",
  orderNumber: 10057,
  bikeName: "Helkama E3 Bosch",
  reason: "LEASE_TERM_ENDS" as const,
  leaseEndsOn: "2027-01-31",
  decisionDeadline: "2026-12-31",
  priceCents: 15_545,
  link: "https://pedaali.example/mybike?x=1&y=2",
};

describe("the redemption mails", () => {
  it("offer: the order, the lease's end, the price, the deadline and the link, in fi, en and sv", () => {
    const mails = LANGUAGES.map((language) => redemptionOfferMail(language, offer));
    for (const mail of mails) {
      expect(mail.template).toBe("redemption-offer");
      expect(mail.text).toContain("10057");
      expect(mail.text).toContain("31.01.2027");
      expect(mail.text).toContain("31.12.2026");
      expect(mail.text).toContain("Helkama E3 Bosch");
      expect(mail.text).toContain(offer.link);
      expect(mail.html).toContain('href="https://pedaali.example/mybike?x=1&amp;y=2"');
      expect(mail.html).not.toContain("<Saarinen>");
    }
    expect(mails[0]?.text).toContain("155,45\u00a0€");
    expect(mails[1]?.text).toContain("€155.45");
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    // In the glossary's words: lunastus / redemption / inlösen.
    expect(mails[0]?.text).toContain("Lunastushinta");
    expect(mails[1]?.text).toContain("redemption price");
    expect(mails[2]?.text).toContain("Inlösenpriset");
  });

  it("tells an early end its reason and a term's end what happens without a choice", () => {
    const early = redemptionOfferMail("fi", { ...offer, reason: "EMPLOYER_ENDED_EMPLOYMENT" });
    expect(early.text).toContain("ennenaikaisesti");
    expect(early.text).toContain("Työnantaja päätti työsuhteen");
    expect(early.text).not.toContain("pyörä palautetaan");
    expect(redemptionOfferMail("fi", offer).text).toContain("pyörä palautetaan");
    expect(redemptionOfferMail("de", offer).subject).toBe(redemptionOfferMail("fi", offer).subject);
  });

  it("completed: what became of the bike, and when the deduction stops unless the lease goes on", () => {
    const params = {
      name: "Juho",
      orderNumber: 10058,
      bikeName: null,
      leaseEndsOn: "2026-10-31",
      link: "https://pedaali.example/mybike",
    };
    for (const language of LANGUAGES) {
      for (const choice of REDEMPTION_CHOICES) {
        const mail = redemptionCompletedMail(language, { ...params, choice });
        expect(mail.template).toBe("redemption-completed");
        expect(mail.subject).toContain("10058");
        expect(mail.text.includes("31.10.2026")).toBe(choice !== "CONTINUE");
      }
    }
    expect(redemptionCompletedMail("fi", { ...params, choice: "REDEEM" }).text).toContain(
      "pyörä on nyt sinun",
    );
  });

  it("has a word for every reason and choice in every language", () => {
    for (const language of LANGUAGES) {
      for (const reason of REDEMPTION_REASONS) expect(REASON_WORDS[language][reason]).toBeTruthy();
      for (const choice of REDEMPTION_CHOICES) expect(CHOICE_WORDS[language][choice]).toBeTruthy();
    }
  });
});
