import { z } from "zod";
import { isValidBic, isValidIban, normalizeIban } from "../domain/validation/bank-account.ts";
import { lazy } from "./lazy.ts";

/**
 * The bank account a bike store is paid to, one rule wherever it is entered: by the helpdesk in the
 * store's details or by the store itself in its own account.
 */

/** An IBAN as typed (spaces, any case), kept without spaces in upper case, its check digits valid. */
export const zIban = lazy(() =>
  z
    .string()
    .trim()
    .max(42)
    .overwrite(normalizeIban)
    .refine(isValidIban, "Not a valid IBAN: check the account number"),
);

/**
 * A bank's BIC, 8 or 11 letters and digits (ISO 9362), as typed (spaces, any case: 14 characters hold
 * an 11-character BIC with a space between each of its four parts), kept without spaces in upper case.
 */
export const zBic = lazy(() =>
  z
    .string()
    .trim()
    .max(14)
    .overwrite((value) => value.replace(/\s/g, "").toUpperCase())
    .refine(isValidBic, "Not a valid BIC: 8 or 11 letters and digits"),
);
