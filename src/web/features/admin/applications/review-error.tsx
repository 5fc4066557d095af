import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/**
 * Why accepting or rejecting failed, inside the dialog: a 409 as its translated code (errors.<CODE>:
 * already reviewed, business ID taken, group name taken), anything else as the docs/product.md "Errors" text.
 */
export function ReviewError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" title={t("adminApplications.reviewFailed")}>
      {messageForApiError(error, t)}
    </Alert>
  );
}
