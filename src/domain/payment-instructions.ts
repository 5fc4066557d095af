import { formatReferenceNumber, isValidReferenceNumber } from "./reference-number.ts";
import { formatIban, isValidIban } from "./validation/bank-account.ts";

export { formatIban, isValidIban };

/**
 * How an employee pays what they owe themself (user payments) when it is not taken
 * from their pay: a bank transfer to Pedaali's account with the payment's reference number, or the
 * same details as the Finnish bank barcode (pankkiviivakoodi, version 4), whose 54 digits every
 * Finnish online bank takes as one "virtual barcode" (virtuaaliviivakoodi). Card payments would need a
 * payment provider; none is part of the product yet.
 */

/** Pedaali Oy's account for incoming payments (a fictional account with valid check digits; configurable). */
export const PEDAALI_BANK_ACCOUNT = {
  recipient: "Pedaali Oy",
  iban: "FI9040550012345676",
  bic: "HELSFIHH",
} as const;

/** The largest amount a version 4 barcode can carry: 999 999,99 €. */
export const BARCODE_MAX_CENTS = 99_999_999;

/**
 * The virtual barcode (version 4, national reference) of a payment: "4", the Finnish IBAN's 16 digits,
 * the euros in 6 and the cents in 2 digits, "000", the reference number in 20 digits, the due date as
 * YYMMDD (000000 when there is none). Null when the payment cannot be a barcode: an IBAN that is not a
 * valid Finnish one, an amount outside 0,01–999 999,99 € or a reference number that is not valid.
 */
export function virtualBarcode(input: {
  iban: string;
  amountCents: number;
  referenceNumber: string;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
}): string | null {
  const iban = input.iban.replace(/\s/g, "").toUpperCase();
  if (!/^FI\d{16}$/.test(iban) || !isValidIban(iban)) return null;
  if (
    !Number.isSafeInteger(input.amountCents) ||
    input.amountCents < 1 ||
    input.amountCents > BARCODE_MAX_CENTS
  )
    return null;
  const reference = input.referenceNumber.replace(/\s/g, "");
  if (!isValidReferenceNumber(reference)) return null;
  const due = input.dueDate ? input.dueDate.slice(2).replace(/-/g, "") : "000000";
  if (!/^\d{6}$/.test(due)) return null;
  const euros = String(Math.floor(input.amountCents / 100)).padStart(6, "0");
  const cents = String(input.amountCents % 100).padStart(2, "0");
  return `4${iban.slice(2)}${euros}${cents}000${reference.padStart(20, "0")}${due}`;
}

/** What the employee needs to pay by bank transfer, as shown next to an open payment. */
export type BankTransferInstructions = {
  recipient: string;
  iban: string;
  bic: string;
  /** As printed, in groups of five. */
  referenceNumber: string;
  amountCents: number;
  dueDate: string | null;
  /** Null when the payment cannot be a barcode (see virtualBarcode). */
  virtualBarcode: string | null;
};

export function bankTransferInstructions(payment: {
  amountCents: number;
  referenceNumber: string;
  dueDate: string | null;
}): BankTransferInstructions {
  return {
    recipient: PEDAALI_BANK_ACCOUNT.recipient,
    iban: formatIban(PEDAALI_BANK_ACCOUNT.iban),
    bic: PEDAALI_BANK_ACCOUNT.bic,
    referenceNumber: formatReferenceNumber(payment.referenceNumber),
    amountCents: payment.amountCents,
    dueDate: payment.dueDate,
    virtualBarcode: virtualBarcode({ iban: PEDAALI_BANK_ACCOUNT.iban, ...payment }),
  };
}
