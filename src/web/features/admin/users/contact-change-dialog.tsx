import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/**
 * A one-field change (work e-mail, phone) in a dialog, checked by the call's own request schema with the
 * field's own rule first; the server's refusal is said at the field.
 */
export function ContactChangeDialog({
  opened,
  title,
  field,
  pending,
  error,
  fieldError,
  schema,
  bodyField,
  toBody,
  check,
  onSave,
  onClose,
}: {
  opened: boolean;
  title: string;
  field: (props: { value: string; onChange: (value: string) => void; error: ReactNode }) => ReactNode;
  pending: boolean;
  error: unknown;
  /** The text for the field when the server refused the value (taken, unsupported), else null. */
  fieldError: string | null;
  /** The call's request schema. */
  schema: z.ZodType;
  /** The body's key that holds the value. */
  bodyField: string;
  /** The request the value makes, as far as the dialog knows it. */
  toBody: (value: string) => unknown;
  /** The field's own rule, in its own words: the error text, or null when the value passes. */
  check: (value: string) => string | null;
  /** Sends the value, once it passes. */
  onSave: (value: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm({
    initialValues: { value: "" },
    schema,
    toBody: (values) => toBody(values.value),
    fieldOf: { [bodyField]: "value" },
    rules: { value: check },
  });
  const input = form.getInputProps("value");
  const shownError = form.errors.value ?? fieldError;
  return (
    <ActionDialog
      opened={opened}
      onCancel={onClose}
      title={title}
      confirmLabel={t("adminUsers.save")}
      danger={false}
      onConfirm={form.onSubmit(({ value }) => onSave(value))}
      loading={pending}
      // A refusal of the value is said at the field; anything else under it.
      error={error && !fieldError ? messageForApiError(error, t) : null}
      errorTitle={t("forms.errorTitle")}
    >
      {field({ value: input.value, onChange: input.onChange, error: shownError })}
    </ActionDialog>
  );
}

/** The refusal of a field by its code, translated, or null when the failure is not about the value. */
export function refusalOf(
  error: unknown,
  codes: readonly string[],
  t: (key: string) => string,
): string | null {
  return error instanceof ApiError && codes.includes(error.code) ? t(`errors.${error.code}`) : null;
}
