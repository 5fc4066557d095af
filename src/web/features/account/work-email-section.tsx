import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { systemUsersApi, zUpdateWorkEmail } from "../../../contract/system-users.ts";
import { CSRF_COOKIE } from "../../../domain/constants.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { ApiError, readCookie } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import type { SessionUser } from "../../lib/session.ts";
import {
  CurrentPassword,
  Feedback,
  isConfirmationSent,
  isReauthError,
  isWorkEmailFieldError,
  Section,
} from "./own-details-parts.tsx";

/** The login e-mail (PUT /api/system-users/{id}), changed once the link mailed to it is opened. */
export function WorkEmail({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useContractForm({
    initialValues: { workEmail: user.email, currentPassword: "" },
    schema: zUpdateWorkEmail,
    toBody: (values) => ({ ...values, csrfToken: readCookie(CSRF_COOKIE) ?? "" }),
    texts: (issue) => (issue.path[0] === "workEmail" ? t("forms.emailInvalid") : undefined),
    // The contract leaves the password optional: a manager changing someone else's sends none.
    rules: (values) => ({
      currentPassword:
        normalizeEmail(values.workEmail) === user.email || values.currentPassword
          ? null
          : t("forms.required"),
    }),
  });
  const changing = normalizeEmail(form.getValues().workEmail) !== user.email;
  const save = useMutation({
    mutationFn: (values: { workEmail: string; currentPassword: string }) =>
      callEndpoint(systemUsersApi.updateWorkEmail, {
        params: { userId: user.id },
        // docs/api-surface.md: the body repeats the CSRF token that apiFetch also sends in the header.
        body: { ...values, csrfToken: readCookie(CSRF_COOKIE) ?? "" },
      }),
    meta: { silent: true },
    onSuccess: (data) => {
      // The e-mail changes only when the link mailed to the new address is opened.
      setSentTo(isConfirmationSent(data) ? data.sentTo : null);
      form.setValues({ workEmail: user.email, currentPassword: "" });
      form.resetDirty({ workEmail: user.email, currentPassword: "" });
    },
    onError: (error) => {
      form.setServerErrors(error);
      if (isReauthError(error)) form.setFieldError("currentPassword", t("errors.REAUTHENTICATION_FAILED"));
      if (error instanceof ApiError && error.code === "EMAIL_TAKEN") {
        form.setFieldError("workEmail", t("errors.EMAIL_TAKEN"));
      }
    },
  });
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.workEmailTitle")}
      intro={t("ownDetails.workEmailIntro")}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({ workEmail: normalizeEmail(v.workEmail), currentPassword: v.currentPassword }),
        )}
      >
        <Stack gap="md">
          <TextInput
            label={t("forms.workEmail")}
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps("workEmail")}
          />
          {changing && <CurrentPassword {...form.getInputProps("currentPassword")} />}
          {sentTo && !form.isDirty() ? (
            <Alert color="blue" variant="light" role="status">
              {t("ownDetails.emailConfirmationSent", { email: sentTo })}
            </Alert>
          ) : (
            <Feedback
              error={isWorkEmailFieldError(save.error) ? null : save.error}
              saved={save.isSuccess && !form.isDirty()}
            />
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("ownDetails.saveWorkEmail")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
