import fc from "fast-check";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { buildPain001, formatAmount, type Pain001Input, pain001Totals } from "./pain001.ts";
import { PEDAALI_PAYER } from "./store-payouts.ts";

const input: Pain001Input = {
  messageId: "PEDAALI-TILITYS-1001",
  paymentInfoId: "PEDAALI-TILITYS-1001",
  createdAt: new Date("2026-11-20T08:15:30.123Z"),
  executionDate: "2026-11-23",
  debtor: PEDAALI_PAYER,
  transfers: [
    {
      endToEndId: "PEDAALI-1001-1",
      amountCents: 250_000,
      creditorName: "Kallion Pyöräpaja & Co <Oy>",
      creditorIban: "FI79 4405 2020 0360 82",
      creditorBic: "OKOYFIHH",
      remittance: "Pedaali tilitys 1001, tilaukset 10001, 10002",
    },
    {
      endToEndId: "PEDAALI-1001-2",
      amountCents: 123_405,
      creditorName: "Vauhti Espoo",
      creditorIban: "FI2112345600000785",
      creditorBic: null,
      remittance: "Pedaali tilitys 1001, tilaukset 10003",
    },
  ],
};

/** The element names of a node in document order (preserveOrder keeps them as a list). */
type Ordered = Record<string, unknown>[];
const namesOf = (nodes: Ordered) =>
  nodes.flatMap((n) => Object.keys(n).filter((k) => k !== ":@" && k !== "#text"));
const childrenOf = (nodes: Ordered, name: string): Ordered =>
  (nodes.find((n) => name in n)?.[name] as Ordered | undefined) ?? [];
const textOf = (nodes: Ordered, name: string): string => String(childrenOf(nodes, name)[0]?.["#text"] ?? "");

describe("formatAmount", () => {
  it("writes euros with a dot and two decimals", () => {
    expect(formatAmount(0)).toBe("0.00");
    expect(formatAmount(5)).toBe("0.05");
    expect(formatAmount(123_405)).toBe("1234.05");
    expect(formatAmount(100_000_000)).toBe("1000000.00");
    expect(() => formatAmount(-1)).toThrow();
    expect(() => formatAmount(1.5)).toThrow();
  });

  it("reads back as the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => {
        expect(formatAmount(cents)).toMatch(/^\d+\.\d{2}$/);
        expect(Math.round(Number(formatAmount(cents)) * 100)).toBe(cents);
      }),
    );
  });
});

describe("pain001Totals", () => {
  it("counts the transfers and sums their amounts", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000_000 }), { maxLength: 50 }), (amounts) => {
        const totals = pain001Totals(amounts.map((amountCents) => ({ amountCents })));
        expect(totals.numberOfTransactions).toBe(amounts.length);
        expect(totals.controlSumCents).toBe(amounts.reduce((a, b) => a + b, 0));
      }),
    );
  });
});

describe("buildPain001", () => {
  const parsed = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false }).parse(
    buildPain001(input),
  ) as Ordered;
  const document = childrenOf(parsed, "Document");
  const initiation = childrenOf(document, "CstmrCdtTrfInitn");
  const header = childrenOf(initiation, "GrpHdr");
  const payment = childrenOf(initiation, "PmtInf");

  it("is a pain.001.001.09 document with the group header's elements in order", () => {
    const root = parsed.find((n) => "Document" in n) as { ":@": Record<string, string> };
    expect(root[":@"]["@_xmlns"]).toBe("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
    expect(namesOf(initiation)).toEqual(["GrpHdr", "PmtInf"]);
    expect(namesOf(header)).toEqual(["MsgId", "CreDtTm", "NbOfTxs", "CtrlSum", "InitgPty"]);
    expect(textOf(header, "MsgId")).toBe("PEDAALI-TILITYS-1001");
    expect(textOf(header, "CreDtTm")).toBe("2026-11-20T08:15:30Z");
  });

  it("has one payment block with Pedaali as the debtor, in the schema's order", () => {
    expect(namesOf(payment)).toEqual([
      "PmtInfId",
      "PmtMtd",
      "NbOfTxs",
      "CtrlSum",
      "PmtTpInf",
      "ReqdExctnDt",
      "Dbtr",
      "DbtrAcct",
      "DbtrAgt",
      "ChrgBr",
      "CdtTrfTxInf",
      "CdtTrfTxInf",
    ]);
    expect(textOf(payment, "PmtMtd")).toBe("TRF");
    expect(textOf(childrenOf(payment, "ReqdExctnDt"), "Dt")).toBe("2026-11-23");
    expect(textOf(childrenOf(payment, "Dbtr"), "Nm")).toBe("Pedaali Oy");
    expect(textOf(childrenOf(childrenOf(payment, "DbtrAcct"), "Id"), "IBAN")).toBe(PEDAALI_PAYER.iban);
    expect(textOf(childrenOf(childrenOf(payment, "DbtrAgt"), "FinInstnId"), "BICFI")).toBe("HELSFIHH");
  });

  it("sums: NbOfTxs is the count and CtrlSum the sum of InstdAmt, in both blocks", () => {
    const transfers = payment.filter((n) => "CdtTrfTxInf" in n).map((n) => n.CdtTrfTxInf as Ordered);
    const amounts = transfers.map((t) => childrenOf(childrenOf(t, "Amt"), "InstdAmt"));
    expect(amounts.map((a) => String(a[0]?.["#text"]))).toEqual(["2500.00", "1234.05"]);
    for (const block of [header, payment]) {
      expect(textOf(block, "NbOfTxs")).toBe("2");
      expect(textOf(block, "CtrlSum")).toBe("3734.05");
    }
    const amountNode = childrenOf(transfers[0] ?? [], "Amt").find((n) => "InstdAmt" in n) as {
      ":@": Record<string, string>;
    };
    expect(amountNode[":@"]["@_Ccy"]).toBe("EUR");
  });

  it("writes each transfer's elements in order; the name (escaped in the file) reads back whole, the IBAN compact", () => {
    const [first, second] = payment.filter((n) => "CdtTrfTxInf" in n).map((n) => n.CdtTrfTxInf as Ordered);
    expect(namesOf(first ?? [])).toEqual(["PmtId", "Amt", "CdtrAgt", "Cdtr", "CdtrAcct", "RmtInf"]);
    expect(namesOf(second ?? [])).toEqual(["PmtId", "Amt", "Cdtr", "CdtrAcct", "RmtInf"]);
    expect(textOf(childrenOf(first ?? [], "PmtId"), "EndToEndId")).toBe("PEDAALI-1001-1");
    expect(textOf(childrenOf(first ?? [], "Cdtr"), "Nm")).toBe("Kallion Pyöräpaja & Co <Oy>");
    expect(textOf(childrenOf(childrenOf(first ?? [], "CdtrAcct"), "Id"), "IBAN")).toBe("FI7944052020036082");
    expect(textOf(childrenOf(first ?? [], "RmtInf"), "Ustrd")).toBe(
      "Pedaali tilitys 1001, tilaukset 10001, 10002",
    );
  });

  it("refuses a file without transfers", () => {
    expect(() => buildPain001({ ...input, transfers: [] })).toThrow();
  });
});
