import type { TFunction } from "i18next";
import { ApiError } from "./api-client.ts";
import { messageForApiError } from "./error-toasts.ts";

/**
 * Form feedback from a failed call: the translated text for the form's alert (SPEC §8 by status, or
 * errors.<CODE>), and the failing fields of a 400 (`details[].field` = `body.<path>`) on the form's
 * own field paths, so the user sees where to look. The server's field messages are English, so each
 * field gets our generic "check this field" text unless the caller knows better.
 */
export function formErrorMessage(error: unknown, t: TFunction): string {
  return messageForApiError(error, t);
}

export function fieldErrorsOf(
  error: unknown,
  fields: readonly string[],
  text: string,
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const detail of error.details) {
    const path = detail.field.replace(/^body[./]/, "").replaceAll("/", ".");
    if (fields.includes(path)) out[path] = text;
  }
  return out;
}
