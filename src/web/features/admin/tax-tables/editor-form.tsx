import { Alert, Button, Group, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ActionDialog, type ActionDialogSize } from "../../../components/action-dialog.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/** The dialog an add or edit form opens in (EditorForm carries its buttons); its title names what is edited. */
export function EditorModal({
  opened,
  title,
  onClose,
  size = "lg",
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: ActionDialogSize;
  children: ReactNode;
}) {
  return (
    <ActionDialog opened={opened} onCancel={onClose} title={title} size={size}>
      {children}
    </ActionDialog>
  );
}

/**
 * Why a save failed, at the top of the form: a 409 with what is taken (`conflictText`), a 400 with
 * the general "check the fields" text (the fields say which), anything else as a failure to retry.
 */
function SaveError({ error, conflictText }: { error: unknown; conflictText: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  if (error instanceof ApiError && error.status === 409) {
    return (
      <Alert color="red" variant="light" title={t("adminTaxTables.form.conflictTitle")}>
        {conflictText}
      </Alert>
    );
  }
  if (error instanceof ApiError && error.status === 400) {
    return (
      <Alert color="red" variant="light" title={t("adminTaxTables.form.invalidTitle")}>
        {messageForApiError(error, t)}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={t("adminTaxTables.form.saveFailedTitle")}>
      {messageForApiError(error, t)} {t("adminTaxTables.form.retryHint")}
    </Alert>
  );
}

/**
 * The frame of every add and edit form: error summary (long forms), the save error, the required
 * note, the fields, and Cancel / Save.
 */
export function EditorForm({
  onSubmit,
  onCancel,
  saving,
  error,
  conflictText,
  summary,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  saving: boolean;
  error: unknown;
  conflictText: string;
  summary?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {summary}
        <SaveError error={error} conflictText={conflictText} />
        <RequiredFieldsNote />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("adminTaxTables.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Whether a failed save was the server refusing fields (400): the long forms then show their summary. */
export function isFieldRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}
