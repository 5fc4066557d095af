import type { TFunction } from "i18next";
import { i18n } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import { generalErrorKind, STATUS_FIXED_KINDS } from "./general-errors.ts";
import { showToast } from "./toast.ts";

/** docs/product.md "Errors": the same toast twice within this window is shown once. */
export const DUPLICATE_TOAST_WINDOW_MS = 2000;

const MISSING = "\u0000missing";

/**
 * The user-facing text of a failed call, in the language of `t`: docs/product.md "Errors" general toasts by status, or the
 * translation of the server's `code` (errors.<CODE>) where the status leaves room for it, or the fallback.
 * The errors.* texts travel with the page texts (i18n.ts ensurePageTexts), which every lazy page has
 * loaded before it can fail; before that, a failure reads as its general toast.
 */
export function messageForApiError(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t("toasts.generic");
  const kind = generalErrorKind(error.status, error.bodyReadable);
  if (error.bodyReadable && !STATUS_FIXED_KINDS.has(kind)) {
    const byCode = t(`errors.${error.code}`, { defaultValue: MISSING });
    if (byCode !== MISSING) return byCode;
  }
  return t(`toasts.${kind}`);
}

/**
 * docs/product.md "Errors" "order cancellation errors use the response text": the code's text in the reader's language
 * where there is one, else the server's own message (a readable client error), else as
 * messageForApiError.
 */
export function messageWithServerText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.bodyReadable && error.status < 500) {
    if (t(`errors.${error.code}`, { defaultValue: MISSING }) === MISSING) return error.message;
  }
  return messageForApiError(error, t);
}

const lastShown = new Map<string, number>();

/** Forgets which toasts were shown, for tests that check suppression from a clean start. */
export function clearErrorToastHistory(): void {
  lastShown.clear();
}

/**
 * Shows an error as a toast (top right, see providers.tsx) unless the same text was shown less than
 * 2 s ago, which happens when several queries on one page fail for the same reason. Returns whether
 * it showed one.
 */
export function showErrorToast(error: unknown): boolean {
  const t = i18n.t.bind(i18n);
  const message = messageForApiError(error, t);
  const now = Date.now();
  const previous = lastShown.get(message);
  if (previous !== undefined && now - previous < DUPLICATE_TOAST_WINDOW_MS) return false;
  for (const [text, at] of lastShown) {
    if (now - at >= DUPLICATE_TOAST_WINDOW_MS) lastShown.delete(text);
  }
  lastShown.set(message, now);
  void showToast({
    color: "red",
    position: "top-right",
    title: t("toasts.errorTitle"),
    message,
    closeButtonProps: { "aria-label": t("common.close") },
  });
  return true;
}
