/**
 * An ISO 20022 customer credit transfer initiation (pain.001.001.09), the file Finnish banks take for
 * outgoing SEPA payments: one group header, one payment information block (our account, the day the
 * bank is to pay) and one credit transfer per creditor. Built as text here, without I/O, so the
 * server and its tests make the same bytes from the same batch.
 */

type Pain001Party = { name: string; businessId: string; iban: string; bic: string };

export type Pain001Transfer = {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** The creditor's bank; optional for a SEPA transfer (the IBAN names the bank). */
  creditorBic: string | null;
  /** At most 140 characters. */
  remittance: string;
};

export type Pain001Input = {
  messageId: string;
  paymentInfoId: string;
  /** When the file was made: the batch's approval, so every download of it is the same file. */
  createdAt: Date;
  /** YYYY-MM-DD: the day the bank is to pay. */
  executionDate: string;
  debtor: Pain001Party;
  transfers: readonly Pain001Transfer[];
};

const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

/** Cents as ISO 20022 amounts: a dot, two decimals, no separators ("1234.50"). */
export function formatAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new Error("An amount is a non-negative number of cents");
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** NbOfTxs and CtrlSum: the number of transfers and the sum of their amounts. */
export function pain001Totals(transfers: readonly Pick<Pain001Transfer, "amountCents">[]): {
  numberOfTransactions: number;
  controlSumCents: number;
} {
  return {
    numberOfTransactions: transfers.length,
    controlSumCents: transfers.reduce((sum, t) => sum + t.amountCents, 0),
  };
}

/** Text as XML content: the five special characters escaped, control characters out, cut to `max`. */
function text(value: string, max: number): string {
  const printable = [...value]
    .map((char) => (char.charCodeAt(0) < 32 || char === "\u007f" ? " " : char))
    .join("");
  return printable
    .trim()
    .slice(0, max)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

const compact = (iban: string) => iban.replace(/\s/g, "").toUpperCase();

/** The business id as the bank's other identification: digits only, scheme TXID (tax id). */
function organisationId(businessId: string): string {
  return `<Id><OrgId><Othr><Id>${text(businessId.replace("-", ""), 35)}</Id><SchmeNm><Cd>TXID</Cd></SchmeNm></Othr></OrgId></Id>`;
}

function transfer(t: Pain001Transfer): string {
  return [
    "<CdtTrfTxInf>",
    `<PmtId><EndToEndId>${text(t.endToEndId, 35)}</EndToEndId></PmtId>`,
    `<Amt><InstdAmt Ccy="EUR">${formatAmount(t.amountCents)}</InstdAmt></Amt>`,
    t.creditorBic
      ? `<CdtrAgt><FinInstnId><BICFI>${text(t.creditorBic, 11)}</BICFI></FinInstnId></CdtrAgt>`
      : "",
    `<Cdtr><Nm>${text(t.creditorName, 140)}</Nm></Cdtr>`,
    `<CdtrAcct><Id><IBAN>${compact(t.creditorIban)}</IBAN></Id></CdtrAcct>`,
    `<RmtInf><Ustrd>${text(t.remittance, 140)}</Ustrd></RmtInf>`,
    "</CdtTrfTxInf>",
  ].join("");
}

/** The pain.001.001.09 document of one batch, UTF-8, one line per block. */
export function buildPain001(input: Pain001Input): string {
  if (input.transfers.length === 0) throw new Error("A credit transfer file has at least one transfer");
  const { numberOfTransactions, controlSumCents } = pain001Totals(input.transfers);
  const sums = `<NbOfTxs>${numberOfTransactions}</NbOfTxs><CtrlSum>${formatAmount(controlSumCents)}</CtrlSum>`;
  const createdAt = `${input.createdAt.toISOString().slice(0, 19)}Z`;
  const debtor = input.debtor;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Document xmlns="${PAIN001_NAMESPACE}">`,
    "<CstmrCdtTrfInitn>",
    `<GrpHdr><MsgId>${text(input.messageId, 35)}</MsgId><CreDtTm>${createdAt}</CreDtTm>${sums}<InitgPty><Nm>${text(debtor.name, 140)}</Nm>${organisationId(debtor.businessId)}</InitgPty></GrpHdr>`,
    "<PmtInf>",
    `<PmtInfId>${text(input.paymentInfoId, 35)}</PmtInfId><PmtMtd>TRF</PmtMtd>${sums}`,
    "<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl></PmtTpInf>",
    `<ReqdExctnDt><Dt>${input.executionDate}</Dt></ReqdExctnDt>`,
    `<Dbtr><Nm>${text(debtor.name, 140)}</Nm>${organisationId(debtor.businessId)}</Dbtr>`,
    `<DbtrAcct><Id><IBAN>${compact(debtor.iban)}</IBAN></Id></DbtrAcct>`,
    `<DbtrAgt><FinInstnId><BICFI>${text(debtor.bic, 11)}</BICFI></FinInstnId></DbtrAgt>`,
    "<ChrgBr>SLEV</ChrgBr>",
    ...input.transfers.map(transfer),
    "</PmtInf>",
    "</CstmrCdtTrfInitn>",
    "</Document>",
    "",
  ].join("\n");
}
