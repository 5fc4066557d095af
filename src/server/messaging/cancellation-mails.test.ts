import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { orderCancelledMail, orderRefundedMail } from "./cancellation-mails.ts";

const URL = "https://pedaali.example/mybike";

describe("the employee's cancellation mails", () => {
  it("says in fi, en and sv who cancelled the order and why, with a link to the own page", () => {
    const mails = LANGUAGES.map((language) =>
      orderCancelledMail(language, {
        name: "Aino",
        orderNumber: 10042,
        cancelledBy: "EMPLOYER",
        reason: "Työsuhde päättyy <pian>",
        myBikeUrl: URL,
      }),
    );
    for (const mail of mails) {
      expect(mail.template).toBe("order-cancelled");
      expect(mail.subject).toContain("10042");
      expect(mail.text).toContain("Aino");
      expect(mail.text).toContain("Työsuhde päättyy <pian>");
      expect(mail.text).toContain(URL);
      // The reason is the employer's own text: escaped in the HTML.
      expect(mail.html).toContain("Työsuhde päättyy &lt;pian&gt;");
      expect(mail.html).not.toContain("<pian>");
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
    expect(mails[0]?.text).toContain("Työnantajasi on perunut");
    expect(mails[1]?.text).toContain("Your employer has cancelled");
    expect(mails[2]?.text).toContain("Din arbetsgivare har avbeställt");
  });

  it("names the helpdesk when it cancelled, and speaks Finnish to an unknown language", () => {
    const mail = orderCancelledMail("de", {
      orderNumber: 7,
      cancelledBy: "HELPDESK",
      reason: "Pyörä ei ole saatavilla",
      myBikeUrl: URL,
    });
    expect(mail.text).toContain("Pedaalin asiakaspalvelu on perunut");
    expect(mail.text).toMatch(/^Hei,/);
  });

  it("tells the refunded amount in each language's money format", () => {
    const [fi, en, sv] = LANGUAGES.map((language) =>
      orderRefundedMail(language, { name: "Aino", orderNumber: 10042, amountCents: 123_456, myBikeUrl: URL }),
    );
    expect(fi?.template).toBe("order-refunded");
    expect(fi?.text).toMatch(/1\s234,56\s€/);
    expect(en?.text).toContain("€1,234.56");
    expect(sv?.text).toMatch(/1\s234,56\s€/);
    for (const mail of [fi, en, sv]) expect(mail?.subject).toContain("10042");
  });
});
