import fc from "fast-check";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  buildFinvoice,
  escapeXml,
  type FinvoiceInvoice,
  finvoiceAmount,
  finvoicePercent,
  finvoiceRow,
  finvoiceTotals,
} from "./finvoice.ts";
import { vatAmountCents } from "./money.ts";
import { PEDAALI_BANK_ACCOUNT } from "./payment-instructions.ts";
import { PEDAALI_COMPANY } from "./pedaali-company.ts";
import { formatReferenceNumber, isValidReferenceNumber, referenceNumber } from "./reference-number.ts";

/**
 * The Finvoice 3.0 schema's rules for the elements we write: each parent's children in the schema's
 * order, with how many of each it takes (Finvoice3.0.xsd's sequences, cut to the children we use; an
 * element we never write is not listed). A child out of order, one too many or a required one missing
 * fails the check, as the operator's validation would refuse the message.
 */
type Rule = readonly [child: string, min: number, max: number];
const MANY = Number.POSITIVE_INFINITY;
const SCHEMA: Record<string, readonly Rule[]> = {
  Finvoice: [
    ["MessageTransmissionDetails", 1, 1],
    ["SellerPartyDetails", 1, 1],
    ["SellerInformationDetails", 0, 1],
    ["BuyerPartyDetails", 1, 1],
    ["InvoiceDetails", 1, 1],
    ["InvoiceRow", 0, MANY],
    ["EpiDetails", 1, 1],
  ],
  MessageTransmissionDetails: [
    ["MessageSenderDetails", 1, 1],
    ["MessageReceiverDetails", 1, 1],
    ["MessageDetails", 1, 1],
  ],
  MessageSenderDetails: [
    ["FromIdentifier", 1, 1],
    ["FromIntermediator", 1, 1],
  ],
  MessageReceiverDetails: [
    ["ToIdentifier", 1, 1],
    ["ToIntermediator", 1, 1],
  ],
  MessageDetails: [
    ["MessageIdentifier", 1, 1],
    ["MessageTimeStamp", 1, 1],
  ],
  SellerPartyDetails: [
    ["SellerPartyIdentifier", 0, 1],
    ["SellerOrganisationName", 1, MANY],
    ["SellerOrganisationTaxCode", 0, 1],
    ["SellerPostalAddressDetails", 0, 1],
  ],
  SellerPostalAddressDetails: [
    ["SellerStreetName", 1, 3],
    ["SellerTownName", 1, 1],
    ["SellerPostCodeIdentifier", 1, 1],
    ["CountryCode", 0, 1],
  ],
  SellerInformationDetails: [
    ["SellerHomeTownName", 0, 1],
    ["SellerAccountDetails", 0, MANY],
  ],
  SellerAccountDetails: [
    ["SellerAccountID", 1, 1],
    ["SellerBic", 0, 1],
  ],
  BuyerPartyDetails: [
    ["BuyerPartyIdentifier", 0, 1],
    ["BuyerOrganisationName", 1, MANY],
    ["BuyerOrganisationTaxCode", 0, 1],
    ["BuyerPostalAddressDetails", 0, 1],
  ],
  BuyerPostalAddressDetails: [
    ["BuyerStreetName", 1, 3],
    ["BuyerTownName", 1, 1],
    ["BuyerPostCodeIdentifier", 1, 1],
    ["CountryCode", 0, 1],
  ],
  InvoiceDetails: [
    ["InvoiceTypeCode", 1, 1],
    ["InvoiceTypeText", 1, 1],
    ["OriginCode", 1, 1],
    ["InvoiceNumber", 1, 1],
    ["InvoiceDate", 1, 1],
    ["OriginalInvoiceNumber", 0, 1],
    ["InvoiceTotalVatExcludedAmount", 0, 1],
    ["InvoiceTotalVatAmount", 0, 1],
    ["InvoiceTotalVatIncludedAmount", 1, 1],
    ["VatSpecificationDetails", 0, MANY],
    ["InvoiceFreeText", 0, MANY],
    ["PaymentTermsDetails", 0, MANY],
  ],
  VatSpecificationDetails: [
    ["VatBaseAmount", 0, 1],
    ["VatRatePercent", 0, 1],
    ["VatRateAmount", 0, 1],
  ],
  PaymentTermsDetails: [
    ["PaymentTermsFreeText", 0, MANY],
    ["InvoiceDueDate", 0, 1],
  ],
  InvoiceRow: [
    ["ArticleName", 0, 1],
    ["InvoicedQuantity", 0, MANY],
    ["UnitPriceAmount", 0, 1],
    ["RowVatRatePercent", 0, 1],
    ["RowVatAmount", 0, 1],
    ["RowVatExcludedAmount", 0, 1],
    ["RowAmount", 0, 1],
  ],
  EpiDetails: [
    ["EpiIdentificationDetails", 1, 1],
    ["EpiPartyDetails", 1, 1],
    ["EpiPaymentInstructionDetails", 1, 1],
  ],
  EpiIdentificationDetails: [
    ["EpiDate", 1, 1],
    ["EpiReference", 1, 1],
  ],
  EpiPartyDetails: [
    ["EpiBfiPartyDetails", 1, 1],
    ["EpiBeneficiaryPartyDetails", 1, 1],
  ],
  EpiBfiPartyDetails: [["EpiBfiIdentifier", 0, 1]],
  EpiBeneficiaryPartyDetails: [
    ["EpiNameAddressDetails", 0, 1],
    ["EpiBei", 0, 1],
    ["EpiAccountID", 1, 1],
  ],
  EpiPaymentInstructionDetails: [
    ["EpiRemittanceInfoIdentifier", 0, 1],
    ["EpiInstructedAmount", 1, 1],
    ["EpiCharge", 1, 1],
    ["EpiDateOptionDate", 1, 1],
  ],
};

const AMOUNTS = new Set([
  "InvoiceTotalVatExcludedAmount",
  "InvoiceTotalVatAmount",
  "InvoiceTotalVatIncludedAmount",
  "VatBaseAmount",
  "VatRateAmount",
  "UnitPriceAmount",
  "RowVatAmount",
  "RowVatExcludedAmount",
  "RowAmount",
  "EpiInstructedAmount",
]);
const DATES = new Set(["InvoiceDate", "InvoiceDueDate", "EpiDate", "EpiDateOptionDate"]);

type Element = { name: string; attributes: Record<string, string>; children: Element[]; text: string };

/** The parsed message as a tree, the children in the document's order. */
function parse(xml: string): Element {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  });
  type Raw = Record<string, unknown> & { ":@"?: Record<string, string> };
  const toElement = (raw: Raw): Element | null => {
    const name = Object.keys(raw).find((key) => key !== ":@");
    if (!name || name === "#text" || name === "?xml") return null;
    const inner = raw[name] as Raw[];
    const children = inner.map(toElement).filter((child): child is Element => child !== null);
    const text = inner.map((part) => (typeof part["#text"] === "string" ? part["#text"] : "")).join("");
    return { name, attributes: raw[":@"] ?? {}, children, text: children.length ? "" : text };
  };
  const roots = (parser.parse(xml) as Raw[]).map(toElement).filter((e): e is Element => e !== null);
  expect(roots).toHaveLength(1);
  return roots[0] as Element;
}

/** Every broken schema rule of the tree, as readable lines (none = the message keeps the rules). */
function schemaProblems(element: Element, path = element.name): string[] {
  const rules = SCHEMA[element.name];
  if (!rules) return [];
  const problems: string[] = [];
  let last = -1;
  for (const child of element.children) {
    const at = rules.findIndex(([name]) => name === child.name);
    if (at < 0) problems.push(`${path}: ${child.name} is not allowed`);
    else if (at < last) problems.push(`${path}: ${child.name} is out of order`);
    else last = at;
  }
  for (const [name, min, max] of rules) {
    const n = element.children.filter((child) => child.name === name).length;
    if (n < min || n > max) problems.push(`${path}: ${n} × ${name}, the schema takes ${min}–${max}`);
  }
  for (const child of element.children) problems.push(...schemaProblems(child, `${path}/${child.name}`));
  if (AMOUNTS.has(element.name)) {
    if (!/^-?\d+,\d{2}$/.test(element.text)) problems.push(`${path}: amount ${element.text}`);
    if (element.attributes.AmountCurrencyIdentifier !== "EUR") problems.push(`${path}: no currency`);
  }
  if (DATES.has(element.name)) {
    const ok = /^\d{8}$/.test(element.text) && element.attributes.Format === "CCYYMMDD";
    const asDate = `${element.text.slice(0, 4)}-${element.text.slice(4, 6)}-${element.text.slice(6)}`;
    if (!ok || new Date(`${asDate}T00:00:00Z`).toISOString().slice(0, 10) !== asDate)
      problems.push(`${path}: date ${element.text}`);
  }
  return problems;
}

const all = (element: Element, name: string): Element[] => [
  ...(element.name === name ? [element] : []),
  ...element.children.flatMap((child) => all(child, name)),
];
const one = (element: Element, name: string): Element => {
  const [found, ...more] = all(element, name);
  if (!found || more.length) throw new Error(`Expected one ${name}`);
  return found;
};
/** An amount as written ("1234,50") in cents. */
const cents = (element: Element) => Number(element.text.replace(",", ""));

function invoiceOf(rows: FinvoiceInvoice["rows"], extra: Partial<FinvoiceInvoice> = {}): FinvoiceInvoice {
  return {
    messageId: "2f6e3a1c-0000-4000-8000-000000000001",
    createdAt: new Date("2026-03-02T08:15:00Z"),
    invoiceNumber: "PED-L-10042",
    invoiceDate: "2026-03-02",
    dueDate: "2026-03-16",
    referenceNumber: referenceNumber("1004201"),
    freeText: "Tilaus 10042",
    paymentTermsText: "14 päivää netto",
    seller: {
      name: PEDAALI_COMPANY.name,
      businessId: PEDAALI_COMPANY.businessId,
      vatId: PEDAALI_COMPANY.vatId,
      address: { street: "Pyöräilijänkatu 1", postalCode: "02100", town: "Espoo", countryCode: "FI" },
      eInvoiceAddress: PEDAALI_COMPANY.eInvoiceAddress,
      eInvoiceOperator: PEDAALI_COMPANY.eInvoiceOperator,
      iban: PEDAALI_BANK_ACCOUNT.iban,
      bic: PEDAALI_BANK_ACCOUNT.bic,
    },
    buyer: {
      name: "Grenkeleasing Oy",
      businessId: "1851297-6",
      vatId: null,
      address: null,
      eInvoiceAddress: "003718512976",
      eInvoiceOperator: "NDEAFIHH",
    },
    rows,
    ...extra,
  };
}

/** The sums the message must keep: rows, VAT rates, totals and the payment asked for agree. */
function expectSumsHold(message: Element) {
  const details = one(message, "InvoiceDetails");
  const excluded = cents(one(details, "InvoiceTotalVatExcludedAmount"));
  const vat = cents(one(details, "InvoiceTotalVatAmount"));
  const included = cents(one(details, "InvoiceTotalVatIncludedAmount"));
  const rows = all(message, "InvoiceRow");
  const sum = (elements: Element[], name: string) => elements.reduce((s, e) => s + cents(one(e, name)), 0);
  expect(sum(rows, "RowVatExcludedAmount")).toBe(excluded);
  // A row names its rate and VAT-free amount; the VAT is the rate of each rate's VAT-free total.
  for (const row of rows) expect(all(row, "RowVatAmount")).toEqual([]);
  const rates = all(details, "VatSpecificationDetails");
  expect(sum(rates, "VatBaseAmount")).toBe(excluded);
  expect(sum(rates, "VatRateAmount")).toBe(vat);
  for (const rate of rates) {
    expect(cents(one(rate, "VatRateAmount"))).toBe(
      vatAmountCents(
        cents(one(rate, "VatBaseAmount")),
        Number(one(rate, "VatRatePercent").text.replace(",", ".")),
      ),
    );
  }
  expect(new Set(rates.map((r) => one(r, "VatRatePercent").text)).size).toBe(rates.length);
  expect(excluded + vat).toBe(included);
  expect(cents(one(message, "EpiInstructedAmount"))).toBe(included);
}

const bike = finvoiceRow({
  name: "Polkupyörä Tunturi eSport",
  quantity: 1,
  unitPriceCents: 199_203,
  vatPercent: 25.5,
});

describe("buildFinvoice", () => {
  it("writes a message that keeps the schema's rules and its sums", () => {
    const message = parse(buildFinvoice(invoiceOf([bike])));
    expect(schemaProblems(message)).toEqual([]);
    expectSumsHold(message);
    expect(message.attributes.Version).toBe("3.0");
  });

  it("addresses the message from our e-invoice address to the buyer's, through both operators", () => {
    const message = parse(buildFinvoice(invoiceOf([bike])));
    expect(one(message, "FromIdentifier").text).toBe("003734012341");
    expect(one(message, "FromIntermediator").text).toBe("003723327487");
    expect(one(message, "ToIdentifier").text).toBe("003718512976");
    expect(one(message, "ToIntermediator").text).toBe("NDEAFIHH");
    expect(one(message, "MessageTimeStamp").text).toBe("2026-03-02T08:15:00+00:00");
  });

  it("names the invoice, its dates, the amounts with a decimal comma and the bank account", () => {
    const message = parse(buildFinvoice(invoiceOf([bike])));
    expect(one(message, "InvoiceTypeCode").text).toBe("INV01");
    expect(one(message, "OriginCode").text).toBe("Original");
    expect(one(message, "InvoiceNumber").text).toBe("PED-L-10042");
    expect(one(message, "InvoiceDate").text).toBe("20260302");
    expect(one(message, "InvoiceDueDate").text).toBe("20260316");
    expect(one(message, "EpiDateOptionDate").text).toBe("20260316");
    expect(one(message, "InvoiceTotalVatExcludedAmount").text).toBe("1992,03");
    expect(one(message, "InvoiceTotalVatAmount").text).toBe("507,97");
    expect(one(message, "InvoiceTotalVatIncludedAmount").text).toBe("2500,00");
    expect(one(message, "VatRatePercent").text).toBe("25,5");
    expect(one(message, "SellerAccountID").text).toBe(PEDAALI_BANK_ACCOUNT.iban);
    expect(one(message, "EpiBfiIdentifier").text).toBe(PEDAALI_BANK_ACCOUNT.bic);
  });

  it("asks for the payment with the reference number, whose check digit is right", () => {
    const printed = formatReferenceNumber(referenceNumber("1004201"));
    const message = parse(buildFinvoice(invoiceOf([bike], { referenceNumber: printed })));
    const reference = one(message, "EpiRemittanceInfoIdentifier");
    expect(reference.attributes.IdentificationSchemeName).toBe("SPY");
    expect(reference.text).toBe(printed.replace(/\s/g, ""));
    expect(isValidReferenceNumber(reference.text)).toBe(true);
    const wrong = `${reference.text.slice(0, -1)}${(Number(reference.text.slice(-1)) + 1) % 10}`;
    expect(() => buildFinvoice(invoiceOf([bike], { referenceNumber: wrong }))).toThrow(RangeError);
  });

  it("carries any text as it is written, escaped", () => {
    const name = `Kori & lukko <"Abus"> 'Bordo'`;
    const message = parse(
      buildFinvoice(invoiceOf([{ ...bike, name }], { buyer: { ...invoiceOf([]).buyer, name: "A&B <Oy>" } })),
    );
    expect(one(message, "ArticleName").text).toBe(name);
    expect(one(message, "BuyerOrganisationName").text).toBe("A&B <Oy>");
    expect(escapeXml("a\u0000b\u001Fc")).toBe("abc");
  });

  it("leaves out what a party does not have and refuses an invoice without rows", () => {
    const message = parse(buildFinvoice(invoiceOf([bike], { freeText: null })));
    expect(all(message, "BuyerPostalAddressDetails")).toEqual([]);
    expect(all(message, "BuyerOrganisationTaxCode")).toEqual([]);
    expect(all(message, "InvoiceFreeText")).toEqual([]);
    expect(() => buildFinvoice(invoiceOf([]))).toThrow(RangeError);
  });

  it("writes a credit note as INV02 naming the invoice it credits, its amounts negative", () => {
    const credit = { ...bike, vatExcludedCents: -bike.vatExcludedCents };
    const message = parse(buildFinvoice(invoiceOf([credit], { creditedInvoiceNumber: "700012" })));
    expect(schemaProblems(message)).toEqual([]);
    expectSumsHold(message);
    expect(one(message, "InvoiceTypeCode").text).toBe("INV02");
    expect(one(message, "InvoiceTypeText").text).toBe("HYVITYSLASKU");
    expect(one(message, "OriginalInvoiceNumber").text).toBe("700012");
    expect(one(message, "InvoiceTotalVatIncludedAmount").text).toBe("-2500,00");
    expect(one(message, "UnitPriceAmount").text).toBe("-1992,03");
    // An invoice names no original.
    const invoice = parse(buildFinvoice(invoiceOf([bike], { creditedInvoiceNumber: null })));
    expect(one(invoice, "InvoiceTypeCode").text).toBe("INV01");
    expect(all(invoice, "OriginalInvoiceNumber")).toEqual([]);
  });

  const row = fc
    .record({
      // Letters of the three languages and every character XML must escape.
      name: fc.string({ unit: fc.constantFrom(..."Pyörä kori&<>\"'ÅÄÖåäö-1€"), minLength: 1, maxLength: 40 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceCents: fc.integer({ min: 0, max: 1_000_000 }),
      vatPercent: fc.constantFrom(25.5, 14, 10, 0),
    })
    .map(finvoiceRow);

  it("keeps the schema's rules and its sums for any rows at the Finnish VAT rates", () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 12 }), (rows) => {
        const message = parse(buildFinvoice(invoiceOf(rows)));
        expect(schemaProblems(message)).toEqual([]);
        expectSumsHold(message);
        const totals = finvoiceTotals(rows);
        expect(cents(one(message, "InvoiceTotalVatIncludedAmount"))).toBe(totals.vatIncludedCents);
        expect(all(message, "VatSpecificationDetails")).toHaveLength(
          new Set(rows.map((r) => r.vatPercent)).size,
        );
        expect(all(message, "ArticleName").map((e) => e.text)).toEqual(rows.map((r) => r.name));
      }),
      { numRuns: 150 },
    );
  });
});

describe("the written values", () => {
  it("writes cents with a decimal comma and two decimals", () => {
    expect(finvoiceAmount(0)).toBe("0,00");
    expect(finvoiceAmount(5)).toBe("0,05");
    expect(finvoiceAmount(123_45)).toBe("123,45");
    expect(finvoiceAmount(-1_234_05)).toBe("-1234,05");
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        (c) => cents({ text: finvoiceAmount(c) } as Element) === c,
      ),
    );
  });

  it("writes a VAT percent with a comma only when it has decimals", () => {
    expect([25.5, 14, 10, 0].map(finvoicePercent)).toEqual(["25,5", "14", "10", "0"]);
  });

  it("takes the VAT once on each rate's VAT-free total, rounded half away from zero", () => {
    const rows = [2, 2].map((unit) =>
      finvoiceRow({ name: "x", quantity: 1, unitPriceCents: unit, vatPercent: 25.5 }),
    );
    // Line by line 1 + 1 cents (0,51 each); on the 4 cents printed, 1,02 → 1 cent.
    expect(finvoiceTotals(rows).vatCents).toBe(1);
    const three = finvoiceRow({ name: "x", quantity: 3, unitPriceCents: 1000, vatPercent: 14 });
    expect(finvoiceTotals([three]).byRate).toEqual([{ vatPercent: 14, baseCents: 3000, vatCents: 420 }]);
  });
});
