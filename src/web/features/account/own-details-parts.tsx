import { Alert, Paper, type PasswordInputProps, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TContactChangeStarted } from "../../../contract/system-users.ts";
import { PasswordInput } from "../../components/password-input.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";

/** The pieces the sections of /kayttaja share: the frame, the save's feedback, the current password. */

/** Success or failure of one section's save, shown above its button. */
export function Feedback({ error, saved }: { error: unknown; saved: boolean }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" variant="light" title={t("forms.errorTitle")}>
        {formErrorMessage(error, t)}
      </Alert>
    );
  }
  if (saved) {
    return (
      <Alert color="pedaali" variant="light" role="status">
        {t("ownDetails.saved")}
      </Alert>
    );
  }
  return null;
}

export function Section({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={titleId}>
            {title}
          </Title>
          {intro && (
            <Text size="sm" c="dimmed" mt={4}>
              {intro}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** 202 of a change of one's own e-mail or phone: nothing is stored until it is confirmed. */
type ConfirmationSent = TContactChangeStarted;

export function isConfirmationSent(data: unknown): data is ConfirmationSent {
  return typeof data === "object" && data !== null && "confirmationSent" in data;
}

/** A wrong current password is shown on its field; the form's alert would only say "access denied". */
export function isReauthError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "REAUTHENTICATION_FAILED";
}

/** Errors the work e-mail form shows on a field, and only there: one message, at the field. */
export function isWorkEmailFieldError(error: unknown): boolean {
  return isReauthError(error) || (error instanceof ApiError && error.code === "EMAIL_TAKEN");
}

/**
 * The current password that a change of the login e-mail or phone asks for (so that a stolen session
 * cannot take the account over), shown only once the value differs from the stored one.
 */
export function CurrentPassword(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t("ownDetails.currentPassword")}
      description={t("ownDetails.currentPasswordHint")}
      autoComplete="current-password"
      required
      {...props}
    />
  );
}
