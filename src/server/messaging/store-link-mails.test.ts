import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { storeDeliveryLinkMail, storePackageLinkMail } from "./store-link-mails.ts";

const params = {
  storeName: "Vauhti <Espoo>",
  orderNumber: 10042,
  customerName: "Maija Meikäläinen",
  companyName: "Demo Oy",
  link: "https://pedaali.example/pyoraliike/paketti/abc_DEF-123?x=1&y=2",
  expiresAt: new Date("2026-04-01T10:00:00Z"),
};

describe("the bike store's link mails", () => {
  for (const [template, render] of [
    ["store-package-link", storePackageLinkMail],
    ["store-delivery-link", storeDeliveryLinkMail],
  ] as const) {
    it(`${template} carries the link, the order and its validity in fi, en and sv`, () => {
      const mails = LANGUAGES.map((language) => render(language, params));
      for (const mail of mails) {
        expect(mail.template).toBe(template);
        expect(mail.subject).toContain("10042");
        expect(mail.text).toContain(params.link);
        expect(mail.text).toContain("Maija Meikäläinen");
        expect(mail.text).toContain("01.04.2026");
        expect(mail.html).toContain(
          'href="https://pedaali.example/pyoraliike/paketti/abc_DEF-123?x=1&amp;y=2"',
        );
        expect(mail.html).not.toContain("<Espoo>");
      }
      expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    });
  }

  it("speaks of the frame serial number in the glossary's words", () => {
    expect(storeDeliveryLinkMail("fi", params).subject).toContain("runkonumero");
    expect(storeDeliveryLinkMail("sv", params).subject).toContain("ramnummer");
    expect(storeDeliveryLinkMail("en", params).subject).toContain("frame serial number");
  });
});
