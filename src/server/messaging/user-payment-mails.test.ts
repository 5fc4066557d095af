import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/enums.ts";
import { bankTransferInstructions } from "../../domain/payment-instructions.ts";
import { referenceNumber } from "../../domain/reference-number.ts";
import { userPaymentInvoiceMail } from "./user-payment-mails.ts";

const transfer = bankTransferInstructions({
  amountCents: 8_900,
  referenceNumber: referenceNumber("1234567890123"),
  dueDate: "2026-04-15",
});
const params = {
  name: "Maija",
  kind: "OTHER" as const,
  description: "Lisävaruste <tarakka> & lukko",
  bankTransfer: transfer,
  link: "https://pedaali.example/mybike?x=1&y=2",
};

describe("the user payment's invoice mail", () => {
  it("carries what it is for and every detail of the transfer in fi, en and sv", () => {
    const mails = LANGUAGES.map((language) => userPaymentInvoiceMail(language, params));
    for (const mail of mails) {
      expect(mail.template).toBe("user-payment-invoice");
      expect(mail.subject).toContain(params.description);
      expect(mail.text).toContain("Pedaali Oy");
      expect(mail.text).toContain("FI90 4055 0012 3456 76");
      expect(mail.text).toContain("HELSFIHH");
      expect(mail.text).toContain(transfer.referenceNumber);
      expect(mail.text).toContain("15.04.2026");
      expect(mail.text).toContain(transfer.virtualBarcode as string);
      expect(mail.text).toContain(params.link);
      expect(mail.html).toContain('href="https://pedaali.example/mybike?x=1&amp;y=2"');
      expect(mail.html).not.toContain("<tarakka>");
      expect(mail.html).toContain("&lt;tarakka&gt;");
    }
    expect(new Set(mails.map((m) => m.subject)).size).toBe(3);
  });

  it("writes the amount in the reader's way and the glossary's words", () => {
    const fi = userPaymentInvoiceMail("fi", params);
    expect(fi.text).toContain("89,00\u00a0€");
    expect(fi.subject).toMatch(/^Lasku:/);
    expect(fi.text).toContain("Viitenumero");
    expect(userPaymentInvoiceMail("en", params).text).toContain("€89.00");
    expect(userPaymentInvoiceMail("sv", params).subject).toMatch(/^Faktura:/);
    // An unknown language gets Finnish.
    expect(userPaymentInvoiceMail("de", params).subject).toBe(fi.subject);
  });

  it("names a payment Pedaali made by its kind in the reader's language, and its order once", () => {
    const own = { ...params, kind: "OWN_SHARE" as const, description: null, orderNumber: 10043 };
    expect(userPaymentInvoiceMail("en", own).subject).toBe(
      "Invoice: Share above the maximum price · order 10043",
    );
    expect(userPaymentInvoiceMail("sv", own).text).toContain("Andel över maxpriset · beställning 10043.");
    expect(userPaymentInvoiceMail("fi", own).text).toContain("Enimmäishinnan ylittävä osuus · tilaus 10043.");
  });

  it("leaves out the barcode and the due date when the payment has none", () => {
    const plain = userPaymentInvoiceMail("fi", {
      ...params,
      bankTransfer: { ...transfer, virtualBarcode: null, dueDate: null },
    });
    expect(plain.text).not.toContain("virtuaaliviivakoodilla");
    expect(plain.text).not.toContain("Eräpäivä");
  });
});
