import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIban, PEDAALI_BANK_ACCOUNT } from "../payment-instructions.ts";
import { businessIdCheckDigit } from "./business-id.ts";
import {
  isValidEInvoiceAddress,
  isValidEInvoiceOperator,
  isValidOvtCode,
  normalizeEInvoiceId,
  ovtCodeOf,
} from "./e-invoice.ts";

const digit = fc.constantFrom(..."0123456789");
const body = fc.string({ unit: digit, minLength: 7, maxLength: 7 });
/** A valid business ID: a body that has a check digit, with it. */
const businessId = body
  .map((b) => ({ b, check: businessIdCheckDigit(b) }))
  .filter(({ check }) => check !== null)
  .map(({ b, check }) => `${b}-${check}`);
const suffix = fc.string({ unit: fc.constantFrom(..."0123456789ABCDEFXYZ"), maxLength: 5 });

describe("e-invoice addresses", () => {
  it("takes the product's own address and the demo companies' OVT codes", () => {
    expect(isValidEInvoiceAddress("003734012341")).toBe(true);
    expect(isValidEInvoiceAddress("003733456741")).toBe(true);
    expect(isValidEInvoiceAddress("0037 3345 6741 001")).toBe(true);
  });

  it("takes an IBAN, with or without spaces", () => {
    expect(isValidEInvoiceAddress(PEDAALI_BANK_ACCOUNT.iban)).toBe(true);
    expect(isValidEInvoiceAddress(formatIban(PEDAALI_BANK_ACCOUNT.iban))).toBe(true);
  });

  it.each([
    ["a wrong check digit", "003734012342"],
    ["a short business ID", "00373401234"],
    ["a suffix of six", "003734012341ABCDEF"],
    ["another country's prefix", "003834012341"],
    ["an IBAN with wrong check digits", "FI9140550012345676"],
    ["a name", "Pedaali Oy"],
    ["nothing", ""],
  ])("refuses %s", (_, value) => {
    expect(isValidEInvoiceAddress(value)).toBe(false);
  });

  it("makes a valid OVT code of every valid business ID and suffix", () => {
    fc.assert(
      fc.property(businessId, suffix, (id, s) => {
        const code = ovtCodeOf(id, s);
        return code.length === 12 + s.length && isValidOvtCode(code) && isValidEInvoiceAddress(code);
      }),
    );
  });

  it("refuses an OVT code whenever one of its business ID's digits is changed", () => {
    fc.assert(
      fc.property(businessId, fc.integer({ min: 4, max: 11 }), digit, (id, at, replacement) => {
        const code = ovtCodeOf(id);
        fc.pre(code[at] !== replacement);
        const spoiled = `${code.slice(0, at)}${replacement}${code.slice(at + 1)}`;
        return !isValidEInvoiceAddress(spoiled);
      }),
    );
  });

  it("reads what it keeps: spaces and lower case make no difference", () => {
    fc.assert(
      fc.property(businessId, suffix, (id, s) => {
        const code = ovtCodeOf(id, s);
        const typed = `${code.slice(0, 4)} ${code.slice(4).toLowerCase()} `;
        return normalizeEInvoiceId(typed) === code && isValidEInvoiceAddress(typed);
      }),
    );
  });
});

describe("operator IDs", () => {
  it.each(["003723327487", "NDEAFIHH", "OKOYFIHH", "HELSFIHH", "DABAFIHHXXX", "ndeafihh"])(
    "takes %s",
    (value) => {
      expect(isValidEInvoiceOperator(value)).toBe(true);
    },
  );

  it.each(["003723327488", "NDEAFI", "NDEA FIHH X", "1234FIHH", "Apix", ""])("refuses %j", (value) => {
    expect(isValidEInvoiceOperator(value)).toBe(false);
  });

  it("takes every operator's OVT code and refuses an IBAN, which is no operator", () => {
    fc.assert(fc.property(businessId, (id) => isValidEInvoiceOperator(ovtCodeOf(id))));
    expect(isValidEInvoiceOperator(PEDAALI_BANK_ACCOUNT.iban)).toBe(false);
  });
});
