import type { TFunction } from "i18next";
import { messageForApiError } from "./error-toasts.ts";

/**
 * Form feedback from a failed call: the translated text for the form's alert (docs/product.md "Errors" by status, or
 * errors.<CODE>). The failing fields of a 400 land on the form's own fields through
 * lib/contract-form.ts (serverFieldErrors, useContractForm).
 */
export function formErrorMessage(error: unknown, t: TFunction): string {
  return messageForApiError(error, t);
}
