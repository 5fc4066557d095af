import { invoiceVat } from "./money.ts";
import { isValidReferenceNumber } from "./reference-number.ts";

/**
 * An invoice we send as a Finvoice 3.0 message, the Finnish banks' e-invoice (Finance Finland): what
 * the buyer's operator takes in and its bank or invoicing software shows. Pure: the caller gathers the
 * seller (Pedaali), the buyer, the rows and the payment's facts; this writes the XML.
 *
 * The VAT-excluded total is the sum of the rows' VAT-excluded amounts, and the VAT is taken once on the
 * VAT-free total of each rate (invoiceVat), so the VAT printed is always the rate of the VAT-free amount
 * printed beside it; a row names its rate and its VAT-free amount, not a VAT of its own. The payment
 * asked for is the VAT-included total. A credit note (INV02) carries the same parts with its amounts
 * negative, the payment's included: it is what the buyer is owed, not asked to pay. Money is cents until it is written, with a decimal comma ("1234,50") as Finvoice
 * wants it; dates are written CCYYMMDD.
 */

type FinvoiceAddress = {
  street: string;
  postalCode: string;
  town: string;
  /** ISO 3166 alpha-2. */
  countryCode: string;
};

export type FinvoiceParty = {
  name: string;
  /** The Finnish business ID (Y-tunnus), when the party has one. */
  businessId: string | null;
  /** The VAT number ("FI34012341"), when the party has one. */
  vatId: string | null;
  address: FinvoiceAddress | null;
  /** Where its e-invoices go (an OVT code or an IBAN) and through which operator. */
  eInvoiceAddress: string;
  eInvoiceOperator: string;
};

export type FinvoiceSeller = FinvoiceParty & {
  /** The account the invoice is paid to. */
  iban: string;
  bic: string;
};

export type FinvoiceRow = {
  name: string;
  /** Whole pieces. */
  quantity: number;
  vatPercent: number;
  /** The row's amount in cents, without VAT: its VAT is taken on the rate's total. */
  vatExcludedCents: number;
};

export type FinvoiceInvoice = {
  /** Unique per message; the same invoice sent again is the same message. */
  messageId: string;
  /** When the message was made. */
  createdAt: Date;
  invoiceNumber: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
  dueDate: string;
  /** The Finnish reference number (viitenumero), check digit included. */
  referenceNumber: string;
  /**
   * On a credit note, the number of the invoice it credits: the message is then a credit note
   * (InvoiceTypeCode INV02, "HYVITYSLASKU") naming that invoice in OriginalInvoiceNumber, with its
   * amounts negative. Absent or null on an invoice.
   */
  creditedInvoiceNumber?: string | null;
  /** A line of free text the buyer reads on the invoice, when there is one. */
  freeText: string | null;
  /** How the payment terms read ("14 päivää netto"). */
  paymentTermsText: string;
  seller: FinvoiceSeller;
  buyer: FinvoiceParty;
  rows: readonly FinvoiceRow[];
};

/** The totals of an invoice, from its rows. */
export type FinvoiceTotals = {
  vatExcludedCents: number;
  vatCents: number;
  vatIncludedCents: number;
  /** Per VAT rate, in the order the rates first appear in the rows. */
  byRate: { vatPercent: number; baseCents: number; vatCents: number }[];
};

/** A row of `quantity` pieces at a VAT-excluded unit price. */
export function finvoiceRow(input: {
  name: string;
  quantity: number;
  unitPriceCents: number;
  vatPercent: number;
}): FinvoiceRow {
  return {
    name: input.name,
    quantity: input.quantity,
    vatPercent: input.vatPercent,
    vatExcludedCents: input.quantity * input.unitPriceCents,
  };
}

export function finvoiceTotals(rows: readonly FinvoiceRow[]): FinvoiceTotals {
  const { vatExcludedCents, vatCents, byRate } = invoiceVat(rows);
  return { vatExcludedCents, vatCents, vatIncludedCents: vatExcludedCents + vatCents, byRate };
}

/** Cents as Finvoice writes an amount: a decimal comma, two decimals, no grouping ("-1234,05"). */
export function finvoiceAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError("An amount is whole cents");
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A percent with a decimal comma and no needless decimals: 25.5 → "25,5", 14 → "14". */
export function finvoicePercent(percent: number): string {
  return String(Math.round(percent * 100) / 100).replace(".", ",");
}

/** YYYY-MM-DD as CCYYMMDD. */
function finvoiceDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a date: ${date}`);
  return date.replace(/-/g, "");
}

/** Text fit for XML: the five special characters escaped, characters XML 1.0 cannot carry left out. */
export function escapeXml(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what XML cannot hold.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

type Attributes = Record<string, string>;
/** An element: its name, attributes and either text or children (null children are left out). */
type Node = { name: string; attributes?: Attributes; text?: string; children?: (Node | null)[] };

const el = (name: string, text: string, attributes?: Attributes): Node => ({ name, text, attributes });
const group = (name: string, children: (Node | null)[]): Node => ({ name, children });
const eur = (name: string, cents: number) =>
  el(name, finvoiceAmount(cents), { AmountCurrencyIdentifier: "EUR" });
const date = (name: string, value: string) => el(name, finvoiceDate(value), { Format: "CCYYMMDD" });

function render(node: Node, depth: number): string {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (node.children) {
    const inner = node.children.filter((child): child is Node => child !== null);
    return `${indent}<${node.name}${attributes}>\n${inner.map((child) => render(child, depth + 1)).join("")}${indent}</${node.name}>\n`;
  }
  return `${indent}<${node.name}${attributes}>${escapeXml(node.text ?? "")}</${node.name}>\n`;
}

/** The party's postal address in Finvoice's words, `role` being Seller or Buyer. */
function postalAddress(role: "Seller" | "Buyer", address: FinvoiceAddress | null): Node | null {
  if (!address) return null;
  return group(`${role}PostalAddressDetails`, [
    el(`${role}StreetName`, address.street),
    el(`${role}TownName`, address.town),
    el(`${role}PostCodeIdentifier`, address.postalCode),
    el("CountryCode", address.countryCode),
  ]);
}

function partyDetails(role: "Seller" | "Buyer", party: FinvoiceParty): Node {
  return group(`${role}PartyDetails`, [
    party.businessId ? el(`${role}PartyIdentifier`, party.businessId) : null,
    el(`${role}OrganisationName`, party.name),
    party.vatId ? el(`${role}OrganisationTaxCode`, party.vatId) : null,
    postalAddress(role, party.address),
  ]);
}

function invoiceRow(row: FinvoiceRow): Node {
  // The unit price is what one piece costs without VAT; a row of several pieces divides evenly by
  // construction (finvoiceRow), and a one-piece row is its own amount.
  const unitCents = row.quantity === 0 ? 0 : Math.round(row.vatExcludedCents / row.quantity);
  return group("InvoiceRow", [
    el("ArticleName", row.name),
    el("InvoicedQuantity", String(row.quantity), { QuantityUnitCode: "kpl" }),
    eur("UnitPriceAmount", unitCents),
    el("RowVatRatePercent", finvoicePercent(row.vatPercent)),
    eur("RowVatExcludedAmount", row.vatExcludedCents),
  ]);
}

/** The Finvoice 3.0 message of an invoice; throws when the invoice has no row or no valid reference. */
export function buildFinvoice(invoice: FinvoiceInvoice): string {
  if (invoice.rows.length === 0) throw new RangeError("An invoice has at least one row");
  if (!isValidReferenceNumber(invoice.referenceNumber)) throw new RangeError("Invalid reference number");
  const { seller, buyer } = invoice;
  const totals = finvoiceTotals(invoice.rows);
  const reference = invoice.referenceNumber.replace(/\s/g, "");
  const credited = invoice.creditedInvoiceNumber ?? null;
  const message = group("Finvoice", [
    group("MessageTransmissionDetails", [
      group("MessageSenderDetails", [
        el("FromIdentifier", seller.eInvoiceAddress),
        el("FromIntermediator", seller.eInvoiceOperator),
      ]),
      group("MessageReceiverDetails", [
        el("ToIdentifier", buyer.eInvoiceAddress),
        el("ToIntermediator", buyer.eInvoiceOperator),
      ]),
      group("MessageDetails", [
        el("MessageIdentifier", invoice.messageId),
        el("MessageTimeStamp", `${invoice.createdAt.toISOString().slice(0, 19)}+00:00`),
      ]),
    ]),
    partyDetails("Seller", seller),
    group("SellerInformationDetails", [
      seller.address ? el("SellerHomeTownName", seller.address.town) : null,
      group("SellerAccountDetails", [
        el("SellerAccountID", seller.iban, { IdentificationSchemeName: "IBAN" }),
        el("SellerBic", seller.bic, { IdentificationSchemeName: "BIC" }),
      ]),
    ]),
    partyDetails("Buyer", buyer),
    group("InvoiceDetails", [
      el("InvoiceTypeCode", credited === null ? "INV01" : "INV02"),
      el("InvoiceTypeText", credited === null ? "LASKU" : "HYVITYSLASKU"),
      el("OriginCode", "Original"),
      el("InvoiceNumber", invoice.invoiceNumber),
      date("InvoiceDate", invoice.invoiceDate),
      credited === null ? null : el("OriginalInvoiceNumber", credited),
      eur("InvoiceTotalVatExcludedAmount", totals.vatExcludedCents),
      eur("InvoiceTotalVatAmount", totals.vatCents),
      eur("InvoiceTotalVatIncludedAmount", totals.vatIncludedCents),
      ...totals.byRate.map((rate) =>
        group("VatSpecificationDetails", [
          eur("VatBaseAmount", rate.baseCents),
          el("VatRatePercent", finvoicePercent(rate.vatPercent)),
          eur("VatRateAmount", rate.vatCents),
        ]),
      ),
      invoice.freeText ? el("InvoiceFreeText", invoice.freeText) : null,
      group("PaymentTermsDetails", [
        el("PaymentTermsFreeText", invoice.paymentTermsText),
        date("InvoiceDueDate", invoice.dueDate),
      ]),
    ]),
    ...invoice.rows.map(invoiceRow),
    group("EpiDetails", [
      group("EpiIdentificationDetails", [date("EpiDate", invoice.invoiceDate), el("EpiReference", "")]),
      group("EpiPartyDetails", [
        group("EpiBfiPartyDetails", [
          el("EpiBfiIdentifier", seller.bic, { IdentificationSchemeName: "BIC" }),
        ]),
        group("EpiBeneficiaryPartyDetails", [
          el("EpiNameAddressDetails", seller.name),
          seller.businessId ? el("EpiBei", seller.businessId) : null,
          el("EpiAccountID", seller.iban, { IdentificationSchemeName: "IBAN" }),
        ]),
      ]),
      group("EpiPaymentInstructionDetails", [
        el("EpiRemittanceInfoIdentifier", reference, { IdentificationSchemeName: "SPY" }),
        eur("EpiInstructedAmount", totals.vatIncludedCents),
        el("EpiCharge", "SHA", { ChargeOption: "SHA" }),
        date("EpiDateOptionDate", invoice.dueDate),
      ]),
    ]),
  ]);
  message.attributes = {
    Version: "3.0",
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:noNamespaceSchemaLocation": "Finvoice3.0.xsd",
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(message, 0)}`;
}
