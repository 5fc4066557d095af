import { z } from "zod";
import { type BusinessIdProblem, businessIdProblem } from "../domain/validation/business-id.ts";
import {
  INVALID_E_INVOICE_ADDRESS_MESSAGE,
  INVALID_E_INVOICE_OPERATOR_MESSAGE,
  isValidEInvoiceAddress,
  isValidEInvoiceOperator,
} from "../domain/validation/e-invoice.ts";
import { isSupportedPhoneNumber, UNSUPPORTED_PHONE_NUMBER_MESSAGE } from "../domain/validation/phone.ts";
import { lazy } from "./lazy.ts";
import { zSingleLineText } from "./text.ts";

/**
 * The fields of a company's details that other records share: a bike store and a leasing company have a
 * business ID, a postal code, e-invoice details and a phone number too.
 */

/** What the server says of a business ID, by what is wrong with it. */
export const BUSINESS_ID_MESSAGES: Record<BusinessIdProblem, string> = {
  FORMAT: "Give the business ID (Y-tunnus) as seven digits, a hyphen and a check digit, e.g. 2980005-2",
  CHECK_DIGIT: "The business ID's (Y-tunnus) check digit does not match",
};

/**
 * Y-tunnus with a valid check digit (1234567-8). The issue's params name what is wrong (`rule`: FORMAT or
 * CHECK_DIGIT), so a form says the same as the server: a missing hyphen is a format, not a check digit.
 */
export const zBusinessId = lazy(() =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = businessIdProblem(value);
      if (problem)
        ctx.addIssue({ code: "custom", message: BUSINESS_ID_MESSAGES[problem], params: { rule: problem } });
    }),
);

/** Euros with at most two decimals, as the max-price calls answer them. */
export const zEuros = lazy(() => z.number().min(0).max(21_000_000).multipleOf(0.01));

export const zPostalCode = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^\d{5}$/, "A Finnish postal code has 5 digits"),
);

/**
 * Where the company's e-invoices go (src/domain/validation/e-invoice.ts), optional: empty or null for
 * none, else an OVT code or an IBAN; the operator's ID an OVT code or a BIC. Spaces may be typed.
 */
export const zOptionalEInvoiceAddress = lazy(() =>
  z
    .union([
      zSingleLineText({ max: 40 }).refine(
        (value) => value === "" || isValidEInvoiceAddress(value),
        INVALID_E_INVOICE_ADDRESS_MESSAGE,
      ),
      z.null(),
    ])
    .optional(),
);
export const zOptionalEInvoiceOperator = lazy(() =>
  z
    .union([
      zSingleLineText({ max: 20 }).refine(
        (value) => value === "" || isValidEInvoiceOperator(value),
        INVALID_E_INVOICE_OPERATOR_MESSAGE,
      ),
      z.null(),
    ])
    .optional(),
);

/**
 * A contact's phone number, optional: empty or null for none, else one the phone rule accepts (docs/product.md "Field rules"):
 * a company's contact and a bike store's number alike.
 */
export const zOptionalPhoneNumber = lazy(() =>
  z
    .union([
      zSingleLineText({ max: 40 }).refine(
        (value) => value === "" || isSupportedPhoneNumber(value),
        UNSUPPORTED_PHONE_NUMBER_MESSAGE,
      ),
      z.null(),
    ])
    .optional(),
);
