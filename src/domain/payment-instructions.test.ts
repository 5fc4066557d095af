import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BARCODE_MAX_CENTS,
  bankTransferInstructions,
  formatIban,
  isValidIban,
  PEDAALI_BANK_ACCOUNT,
  virtualBarcode,
} from "./payment-instructions.ts";
import { referenceNumber } from "./reference-number.ts";

describe("isValidIban", () => {
  it("checks the ISO 13616 check digits", () => {
    expect(isValidIban(PEDAALI_BANK_ACCOUNT.iban)).toBe(true);
    expect(isValidIban("FI79 4405 2020 0360 82")).toBe(true);
    expect(isValidIban("FI80 4405 2020 0360 82")).toBe(false);
    expect(isValidIban("FI79 4405 2020 0360 8")).toBe(false);
    expect(isValidIban("")).toBe(false);
  });
});

describe("virtualBarcode", () => {
  it("gives the version 4 barcode of the Finnish bank barcode guide's example", () => {
    // The guide's example: FI79 4405 2020 0360 82, 4 883,15 €, reference 86851 62596 19897, due 12.6.2010.
    expect(
      virtualBarcode({
        iban: "FI79 4405 2020 0360 82",
        amountCents: 488_315,
        referenceNumber: "86851 62596 19897",
        dueDate: "2010-06-12",
      }),
    ).toBe("479440520200360820048831500000000868516259619897100612");
  });

  it("is 54 digits for every payable amount, reference and due date, and carries them (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: BARCODE_MAX_CENTS }),
        fc.bigInt({ min: 100n, max: 9_999_999_999_999_999_999n }),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (cents, base, due) => {
          const reference = referenceNumber(base);
          const dueDate = due.toISOString().slice(0, 10);
          const code = virtualBarcode({
            iban: PEDAALI_BANK_ACCOUNT.iban,
            amountCents: cents,
            referenceNumber: reference,
            dueDate,
          });
          expect(code).toMatch(/^4\d{53}$/);
          expect(Number(code?.slice(17, 25))).toBe(cents);
          expect(code?.slice(28, 48).replace(/^0+/, "")).toBe(reference);
          expect(code?.slice(48)).toBe(dueDate.slice(2).replace(/-/g, ""));
        },
      ),
    );
  });

  it("is null for what a barcode cannot carry", () => {
    const valid = {
      iban: PEDAALI_BANK_ACCOUNT.iban,
      amountCents: 100,
      referenceNumber: "12345672",
      dueDate: null,
    };
    expect(virtualBarcode(valid)?.slice(-6)).toBe("000000");
    expect(virtualBarcode({ ...valid, amountCents: 0 })).toBeNull();
    expect(virtualBarcode({ ...valid, amountCents: BARCODE_MAX_CENTS + 1 })).toBeNull();
    expect(virtualBarcode({ ...valid, referenceNumber: "12345670" })).toBeNull();
    expect(virtualBarcode({ ...valid, iban: "SE4550000000058398257466" })).toBeNull();
  });
});

describe("bankTransferInstructions", () => {
  it("prints the account and the reference as a person types them", () => {
    const reference = referenceNumber("1000000000123");
    const instructions = bankTransferInstructions({
      amountCents: 15_000,
      referenceNumber: reference,
      dueDate: "2027-03-15",
    });
    expect(instructions).toMatchObject({
      recipient: "Pedaali Oy",
      iban: formatIban(PEDAALI_BANK_ACCOUNT.iban),
      amountCents: 15_000,
      dueDate: "2027-03-15",
    });
    expect(instructions.iban).toBe("FI90 4055 0012 3456 76");
    expect(instructions.referenceNumber.replace(/\s/g, "")).toBe(reference);
    expect(instructions.virtualBarcode).toHaveLength(54);
  });
});
