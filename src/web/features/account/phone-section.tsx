import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { systemUsersApi, zConfirmPhoneChange, zUpdatePhone } from "../../../contract/system-users.ts";
import { requiresTwoFactor } from "../../../domain/auth-rules.ts";
import { isRoleName } from "../../../domain/roles.ts";
import { normalizePhoneNumber, samePhoneNumber } from "../../../domain/validation/phone.ts";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { refreshSession, type SessionUser } from "../../lib/session.ts";
import {
  CurrentPassword,
  Feedback,
  isConfirmationSent,
  isReauthError,
  Section,
} from "./own-details-parts.tsx";

function phoneError(value: string, message: string): string | null {
  try {
    normalizePhoneNumber(value);
    return null;
  } catch {
    return message;
  }
}

/** Step 2 of one's own phone change: the code sent by SMS to the new number. */
function PhoneCode({
  sentTo,
  onDone,
  onCancel,
}: {
  sentTo: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useContractForm({ initialValues: { code: "" }, schema: zConfirmPhoneChange });
  const confirm = useMutation({
    mutationFn: (code: string) => callEndpoint(systemUsersApi.confirmPhoneChange, { body: { code } }),
    meta: { silent: true },
    onSuccess: async () => {
      await refreshSession(queryClient);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "VERIFICATION_FAILED") {
        form.setFieldError("code", t("errors.VERIFICATION_FAILED"));
      }
    },
  });
  const expired = confirm.error instanceof ApiError && confirm.error.code === "VERIFICATION_EXPIRED";
  return (
    <form noValidate onSubmit={form.onSubmit((v) => confirm.mutate(v.code.trim()))}>
      <Stack gap="md">
        <Alert color="blue" variant="light" role="status">
          {t("ownDetails.phoneCodeSent", { phone: sentTo })}
        </Alert>
        <TextInput
          label={t("ownDetails.phoneCode")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps("code")}
        />
        {expired ? (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {t("ownDetails.phoneCodeExpired")}
          </Alert>
        ) : (
          confirm.error &&
          !(confirm.error instanceof ApiError && confirm.error.code === "VERIFICATION_FAILED") && (
            <Feedback error={confirm.error} saved={false} />
          )
        )}
        <Group>
          <Button type="submit" loading={confirm.isPending} disabled={expired}>
            {t("ownDetails.confirmPhone")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("ownDetails.cancelPhone")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function Phone({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    initialValues: { phoneNumber: user.phoneNumber ?? "", currentPassword: "" },
    schema: zUpdatePhone,
    // The contract takes any text of a number; the form reads it as the server will (docs/product.md "Field rules"), and
    // asks for the password only for a new number.
    rules: (values) => ({
      phoneNumber: phoneError(values.phoneNumber, t("errors.UNSUPPORTED_PHONE_NUMBER")),
      currentPassword:
        !isNewNumber(values.phoneNumber) || values.currentPassword ? null : t("forms.required"),
    }),
  });
  function isNewNumber(value: string): boolean {
    try {
      return !samePhoneNumber(normalizePhoneNumber(value), user.phoneNumber);
    } catch {
      return true;
    }
  }
  const save = useMutation({
    mutationFn: (values: { phoneNumber: string; currentPassword?: string }) =>
      callEndpoint(systemUsersApi.updatePhone, { params: { userId: user.id }, body: values }),
    meta: { silent: true },
    onSuccess: async (data, values) => {
      form.setFieldValue("currentPassword", "");
      if (isConfirmationSent(data)) {
        // Nothing is stored until the code sent to the new number is entered.
        setSaved(false);
        setSentTo(data.sentTo);
        return;
      }
      form.setValues({ phoneNumber: values.phoneNumber, currentPassword: "" });
      form.resetDirty({ phoneNumber: values.phoneNumber, currentPassword: "" });
      setSaved(true);
      await refreshSession(queryClient);
    },
    onError: (error) => {
      setSaved(false);
      form.setServerErrors(error);
      if (error instanceof ApiError && error.code === "UNSUPPORTED_PHONE_NUMBER") {
        form.setFieldError("phoneNumber", t("errors.UNSUPPORTED_PHONE_NUMBER"));
      }
      if (isReauthError(error)) form.setFieldError("currentPassword", t("errors.REAUTHENTICATION_FAILED"));
    },
  });
  const twoFactor = requiresTwoFactor(user.roles.filter(isRoleName));
  const fieldError =
    save.error instanceof ApiError &&
    (save.error.code === "UNSUPPORTED_PHONE_NUMBER" || isReauthError(save.error));
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.phoneTitle")}
      // Only admins and employer-side users get two-factor codes (requiresTwoFactor); employees never do.
      intro={t(twoFactor ? "ownDetails.phoneIntro" : "ownDetails.phoneIntroNoTwoFactor")}
    >
      {sentTo ? (
        <PhoneCode
          sentTo={sentTo}
          onCancel={() => setSentTo(null)}
          onDone={() => {
            form.setValues({ phoneNumber: sentTo, currentPassword: "" });
            form.resetDirty({ phoneNumber: sentTo, currentPassword: "" });
            setSentTo(null);
            setSaved(true);
          }}
        />
      ) : (
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            save.mutate({
              phoneNumber: normalizePhoneNumber(v.phoneNumber),
              ...(isNewNumber(v.phoneNumber) ? { currentPassword: v.currentPassword } : {}),
            }),
          )}
        >
          <Stack gap="md">
            <PhoneNumberInput {...form.getInputProps("phoneNumber")} />
            {isNewNumber(form.getValues().phoneNumber) && (
              <CurrentPassword {...form.getInputProps("currentPassword")} />
            )}
            <Feedback error={fieldError ? null : save.error} saved={saved && !form.isDirty()} />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t("ownDetails.savePhone")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
