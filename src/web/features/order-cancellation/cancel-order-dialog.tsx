import { Text, Textarea } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CANCELLATION_REASON } from "../../../contract/order-cancellations.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { messageWithServerText } from "../../lib/error-toasts.ts";

/** The dialog's words, in the reader's terms (the employee's /mybike, the employer's order drawer). */
export type CancelOrderDialogTexts = {
  title: string;
  /** What confirming does: cancels at once, or asks customer service to. */
  intro: string;
  confirmLabel: string;
  reason: string;
  reasonHelp: string;
  reasonRequired: string;
};

/**
 * Cancelling an order, or asking to, with the reason it needs (docs/data-model.md order cancellation): the reason
 * is checked at its field before anything is sent, and a refusal is said in the dialog in the
 * server's words (docs/product.md "Errors"). The caller sends `reason`, trimmed, and closes the dialog once done.
 */
export function CancelOrderDialog({
  opened,
  texts,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  texts: CancelOrderDialogTexts;
  pending: boolean;
  /** The last refusal, if any. */
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Each opening starts empty.
  useEffect(() => {
    if (opened) {
      setReason("");
      setFieldError(null);
    }
  }, [opened]);

  function confirm() {
    const text = reason.trim();
    if (text.length < CANCELLATION_REASON.min) {
      setFieldError(texts.reasonRequired);
      return;
    }
    if (text.length > CANCELLATION_REASON.max) {
      setFieldError(t("forms.tooLong", { max: CANCELLATION_REASON.max }));
      return;
    }
    setFieldError(null);
    onConfirm(text);
  }

  return (
    <ConfirmDialog
      opened={opened}
      title={texts.title}
      confirmLabel={texts.confirmLabel}
      cancelLabel={t("ds.confirm.back")}
      onConfirm={confirm}
      onCancel={() => {
        if (!pending) onClose();
      }}
      loading={pending}
    >
      <Text component="span" display="block" mb="sm">
        {texts.intro}
      </Text>
      <Textarea
        label={texts.reason}
        description={texts.reasonHelp}
        required
        rows={3}
        value={reason}
        onChange={(event) => {
          const next = event.currentTarget.value;
          setReason(next);
          // The error goes as soon as the reason would pass; the maximum is said as soon as it is passed.
          const length = next.trim().length;
          if (length > CANCELLATION_REASON.max)
            setFieldError(t("forms.tooLong", { max: CANCELLATION_REASON.max }));
          else if (fieldError && length >= CANCELLATION_REASON.min) setFieldError(null);
        }}
        error={fieldError}
      />
      {error != null && (
        <Text component="span" display="block" role="alert" c="red" mt="sm">
          {messageWithServerText(error, t)}
        </Text>
      )}
    </ConfirmDialog>
  );
}
