import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { brokerageInquiryMail } from "./brokerage-mails.ts";

const params = {
  bike: {
    brand: "Tunturi",
    model: "eGo 500 Urban",
    modelYear: 2022,
    frameSize: "M",
    askingPriceCents: 132_900,
    city: "Espoo",
  },
  asker: {
    name: "Liisa <Lahtinen>",
    email: "liisa.lahtinen@demo.test",
    phoneNumber: "+358401234567",
    message: "Onko pyörä vielä myynnissä?\nVoisin tulla katsomaan lauantaina.",
  },
  link: "https://pedaali.example/admin/hakemukset/valitys/abc?x=1&y=2",
};

describe("the brokerage inquiry mail to customer service", () => {
  it("carries the bike, the asker's contact details, their message and the admin link in fi, en and sv", () => {
    const mails = LANGUAGES.map((language) => brokerageInquiryMail(language, params));
    for (const mail of mails) {
      expect(mail.template).toBe("brokerage-inquiry");
      expect(mail.subject).toContain("Tunturi eGo 500 Urban (2022)");
      expect(mail.text).toContain("liisa.lahtinen@demo.test");
      expect(mail.text).toContain("+358401234567");
      expect(mail.text).toContain("Voisin tulla katsomaan lauantaina.");
      expect(mail.text).toContain("Espoo");
      expect(mail.text).toMatch(/1[\s\u00a0,.]?329[,.]00/);
      expect(mail.text).toContain(params.link);
      expect(mail.html).toContain('href="https://pedaali.example/admin/hakemukset/valitys/abc?x=1&amp;y=2"');
      // The asker's words are escaped in the HTML body.
      expect(mail.html).not.toContain("<Lahtinen>");
      expect(mail.html).toContain("&lt;Lahtinen&gt;");
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
  });

  it("speaks of pyörävälitys, bike brokerage and cykelförmedling (docs/glossary.md)", () => {
    expect(brokerageInquiryMail("fi", params).subject).toContain("Pyörävälitys");
    expect(brokerageInquiryMail("en", params).subject).toContain("Bike brokerage");
    expect(brokerageInquiryMail("sv", params).subject).toContain("Cykelförmedling");
  });

  it("says when the asker gave no phone and the bike lacks details", () => {
    const bare = brokerageInquiryMail("fi", {
      ...params,
      bike: {
        brand: null,
        model: "Jopo",
        modelYear: null,
        frameSize: null,
        askingPriceCents: null,
        city: null,
      },
      asker: { ...params.asker, phoneNumber: null },
    });
    expect(bare.subject).toBe("Pyörävälitys: kysely pyörästä Jopo");
    expect(bare.text).toContain("Puhelin: ei annettu");
    expect(bare.text).toContain("Hintapyyntö: –");
  });
});
