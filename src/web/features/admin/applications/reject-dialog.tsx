import { Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCompanyApplication } from "../../../../contract/admin.ts";
import { zRejectApplication } from "../../../../contract/admin.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useRejectApplication } from "./applications-api.ts";
import { ReviewError } from "./review-error.tsx";

/**
 * Rejecting an application: the note is required, since the applicant reads it in
 * the rejection mail. A destructive action, so the red button names it (design.md "ConfirmDialog");
 * the dialog holds a field, which ConfirmDialog's plain text body cannot.
 */
export function RejectDialog({
  application,
  onClose,
  onRejected,
}: {
  application: TCompanyApplication | null;
  onClose: () => void;
  onRejected: (application: TCompanyApplication) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={application !== null}
      onCancel={onClose}
      title={application ? t("adminApplications.reject.title", { company: application.companyName }) : ""}
    >
      {application && <RejectForm application={application} onClose={onClose} onRejected={onRejected} />}
    </ActionDialog>
  );
}

function RejectForm({
  application,
  onClose,
  onRejected,
}: {
  application: TCompanyApplication;
  onClose: () => void;
  onRejected: (application: TCompanyApplication) => void;
}) {
  const { t } = useTranslation();
  const reject = useRejectApplication();
  const form = useContractForm({
    initialValues: { reviewNote: "" },
    schema: zRejectApplication,
    texts: (issue) => (issue.code === "too_small" ? t("adminApplications.reject.noteRequired") : undefined),
  });
  const submit = form.onSubmit((values) =>
    mutateThen(
      reject,
      { id: application.id, body: { reviewNote: values.reviewNote.trim() } },
      {
        onSuccess: (rejected) => {
          onRejected(rejected);
          onClose();
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text>{t("adminApplications.reject.text", { email: application.contactEmail })}</Text>
        <ReviewError error={reject.error} />
        <RequiredFieldsNote />
        <Textarea
          label={t("adminApplications.reject.note")}
          description={t("adminApplications.reject.noteHelp")}
          required
          rows={3}
          data-autofocus
          {...form.getInputProps("reviewNote")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={reject.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" color="red" loading={reject.isPending}>
            {t("adminApplications.reject.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
