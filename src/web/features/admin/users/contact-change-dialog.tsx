import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/** A one-field change (work e-mail, phone) in a dialog; the server's refusal is said at the field. */
export function ContactChangeDialog({
  opened,
  title,
  field,
  pending,
  error,
  fieldError,
  onSave,
  onClose,
}: {
  opened: boolean;
  title: string;
  field: (props: { value: string; onChange: (value: string) => void; error: string | null }) => ReactNode;
  pending: boolean;
  error: unknown;
  /** The text for the field when the server refused the value (taken, unsupported), else null. */
  fieldError: string | null;
  onSave: (value: string) => string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const shownError = localError ?? fieldError;
  return (
    <ActionDialog
      opened={opened}
      onCancel={onClose}
      title={title}
      confirmLabel={t("adminUsers.save")}
      danger={false}
      onConfirm={() => setLocalError(onSave(value))}
      loading={pending}
      // A refusal of the value is said at the field; anything else under it.
      error={error && !fieldError ? messageForApiError(error, t) : null}
      errorTitle={t("forms.errorTitle")}
    >
      {field({
        value,
        onChange: (next) => {
          setValue(next);
          setLocalError(null);
        },
        error: shownError,
      })}
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
