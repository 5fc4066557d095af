import type { TFunction } from "i18next";

/**
 * What a text field says once its text passes its longest length, in the same words as a contract
 * form's fields (lib/contract-form.ts); null within it. Nothing typed or pasted is cut away: the
 * reader sees the whole text and what to shorten, and the page does not send it until it fits. Its
 * own module, so a public page's field (the calculator's) says it without the form machinery.
 */
export function tooLongText(value: string, max: number, t: TFunction): string | null {
  return value.trim().length > max ? t("forms.tooLong", { max }) : null;
}
