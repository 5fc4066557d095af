import { Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { accountApi, type TOwnDetailsUpdate, zOwnDetailsUpdate } from "../../../contract/account.ts";
import { LANGUAGES } from "../../../domain/enums.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { LANGUAGE_NAMES } from "../../components/language-menu.tsx";
import { PersonNameFields } from "../../components/person-name-fields.tsx";
import { isLanguage, setLanguage } from "../../i18n/i18n.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../../lib/session.ts";
import { Feedback, Section } from "./own-details-parts.tsx";

/** Names, personal e-mail and language (PATCH /api/user). */
export function PersonalDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useContractForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      personalEmail: user.personalEmail ?? "",
      language: user.language as string,
    },
    schema: zOwnDetailsUpdate,
    // The contract keeps the personal e-mail as text (empty clears it); the form asks for an address.
    rules: (v) => ({
      personalEmail:
        !v.personalEmail.trim() || isValidEmail(normalizeEmail(v.personalEmail))
          ? null
          : t("forms.emailInvalid"),
    }),
  });
  const save = useMutation({
    mutationFn: (body: TOwnDetailsUpdate) => callEndpoint(accountApi.updateOwnDetails, { body }),
    meta: { silent: true },
    onSuccess: async (updated) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, updated);
      form.resetDirty();
      // Saving a new language switches the pages to it too; saving names leaves the page's language alone.
      if (updated.language !== user.language) await setLanguage(updated.language);
    },
    onError: (error) => form.setServerErrors(error),
  });
  return (
    <Section titleId={`${id}-title`} title={t("ownDetails.personalTitle")}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({
            firstName: v.firstName.trim(),
            lastName: v.lastName.trim(),
            personalEmail: v.personalEmail.trim() ? normalizeEmail(v.personalEmail) : "",
            language: isLanguage(v.language) ? v.language : user.language,
          }),
        )}
      >
        <Stack gap="md">
          <PersonNameFields
            firstName={form.getInputProps("firstName")}
            lastName={form.getInputProps("lastName")}
          />
          <TextInput
            label={t("ownDetails.personalEmail")}
            description={t("ownDetails.personalEmailHint")}
            type="email"
            autoComplete="email"
            {...form.getInputProps("personalEmail")}
          />
          <NativeSelect
            label={t("forms.language")}
            description={t("forms.languageHint")}
            data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            {...form.getInputProps("language")}
          />
          <Feedback error={save.error} saved={save.isSuccess && !form.isDirty()} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t("ownDetails.savePersonal")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
