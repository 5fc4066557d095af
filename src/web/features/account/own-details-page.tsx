import {
  Alert,
  Button,
  Container,
  Group,
  NativeSelect,
  Paper,
  type PasswordInputProps,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOwnDetailsUpdate } from "../../../contract/account.ts";
import type { TContactChangeStarted } from "../../../contract/system-users.ts";
import { requiresTwoFactor } from "../../../domain/auth-rules.ts";
import { CSRF_COOKIE } from "../../../domain/constants.ts";
import { LANGUAGES, THEMES, type Theme } from "../../../domain/enums.ts";
import { isRoleName } from "../../../domain/roles.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { normalizePhoneNumber, samePhoneNumber } from "../../../domain/validation/phone.ts";
import { LANGUAGE_NAMES } from "../../components/language-menu.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PasswordInput } from "../../components/password-input.tsx";
import { PersonNameFields } from "../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../components/phone-number-input.tsx";
import { isLanguage, setLanguage } from "../../i18n/i18n.ts";
import { ApiError, apiFetch, readCookie } from "../../lib/api-client.ts";
import { fieldErrorsOf, formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { refreshSession, SESSION_QUERY_KEY, type SessionUser, useSession } from "../../lib/session.ts";
import classes from "./own-details-page.module.css";

/** Success or failure of one section's save, shown above its button. */
function Feedback({ error, saved }: { error: unknown; saved: boolean }) {
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

function Section({
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

function phoneError(value: string, message: string): string | null {
  try {
    normalizePhoneNumber(value);
    return null;
  } catch {
    return message;
  }
}

function PersonalDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const form = useForm({
    initialValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      personalEmail: user.personalEmail ?? "",
      language: user.language as string,
    },
    validate: {
      firstName: (v) => (v.trim() ? null : t("forms.required")),
      lastName: (v) => (v.trim() ? null : t("forms.required")),
      personalEmail: (v) => (!v.trim() || isValidEmail(normalizeEmail(v)) ? null : t("forms.emailInvalid")),
    },
  });
  const save = useMutation({
    mutationFn: (body: TOwnDetailsUpdate) => apiFetch<SessionUser>("/api/user", { method: "PATCH", body }),
    meta: { silent: true },
    onSuccess: async (updated) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, updated);
      form.resetDirty();
      // Saving a new language switches the pages to it too; saving names leaves the page's language alone.
      if (updated.language !== user.language) await setLanguage(updated.language);
    },
    onError: (error) =>
      form.setErrors(fieldErrorsOf(error, ["firstName", "lastName", "personalEmail"], t("forms.checkField"))),
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

/** 202 of a change of one's own e-mail or phone: nothing is stored until it is confirmed. */
type ConfirmationSent = TContactChangeStarted;

function isConfirmationSent(data: unknown): data is ConfirmationSent {
  return typeof data === "object" && data !== null && "confirmationSent" in data;
}

/** A wrong current password is shown on its field; the form's alert would only say "access denied". */
function isReauthError(error: unknown): boolean {
  return error instanceof ApiError && error.code === "REAUTHENTICATION_FAILED";
}

/** Errors the work e-mail form shows on a field, and only there: one message, at the field. */
function isWorkEmailFieldError(error: unknown): boolean {
  return isReauthError(error) || (error instanceof ApiError && error.code === "EMAIL_TAKEN");
}

/**
 * The current password that a change of the login e-mail or phone asks for (so that a stolen session
 * cannot take the account over), shown only once the value differs from the stored one.
 */
function CurrentPassword(props: PasswordInputProps) {
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

function WorkEmail({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { workEmail: user.email, currentPassword: "" },
    validate: {
      workEmail: (v) => (isValidEmail(normalizeEmail(v)) ? null : t("forms.emailInvalid")),
      currentPassword: (v, values) =>
        normalizeEmail(values.workEmail) === user.email || v ? null : t("forms.required"),
    },
  });
  const changing = normalizeEmail(form.getValues().workEmail) !== user.email;
  const save = useMutation({
    mutationFn: (values: { workEmail: string; currentPassword: string }) =>
      apiFetch<unknown>(`/api/system-users/${encodeURIComponent(user.id)}`, {
        method: "PUT",
        // SPEC §7: the body repeats the CSRF token that apiFetch also sends in the header.
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
      form.setErrors(fieldErrorsOf(error, ["workEmail", "currentPassword"], t("forms.checkField")));
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
  const form = useForm({
    initialValues: { code: "" },
    validate: { code: (v) => (/^\d{6}$/.test(v.trim()) ? null : t("forms.checkField")) },
  });
  const confirm = useMutation({
    mutationFn: (code: string) =>
      apiFetch("/api/system-users/phone-change/confirm", { method: "POST", body: { code } }),
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
          maxLength={6}
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

function Phone({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const form = useForm({
    initialValues: { phoneNumber: user.phoneNumber ?? "", currentPassword: "" },
    validate: {
      phoneNumber: (v) => phoneError(v, t("errors.UNSUPPORTED_PHONE_NUMBER")),
      currentPassword: (v, values) => (!isNewNumber(values.phoneNumber) || v ? null : t("forms.required")),
    },
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
      apiFetch<unknown>(`/api/system-users/${encodeURIComponent(user.id)}/phone`, {
        method: "PATCH",
        body: values,
      }),
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
      form.setErrors(fieldErrorsOf(error, ["currentPassword"], t("forms.checkField")));
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

function Appearance() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme("light", { getInitialValueInEffect: false });
  const [previous, setPrevious] = useState<Theme | null>(null);
  const save = useMutation({
    mutationFn: (theme: Theme) =>
      apiFetch("/api/user-preferences", { method: "PUT", body: { preferences: { theme } } }),
    meta: { silent: true },
    onSuccess: () => refreshSession(queryClient),
    onError: () => {
      // The switch shows what is stored: go back to the scheme before the failed change.
      if (previous) setColorScheme(previous);
    },
  });
  const themeLabels: Record<Theme, string> = {
    light: t("ownDetails.themeLight"),
    dark: t("ownDetails.themeDark"),
  };
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.appearanceTitle")}
      intro={t("ownDetails.appearanceIntro")}
    >
      <Stack gap="md">
        <fieldset className={classes.fieldset}>
          <Text component="legend" size="sm" fw={500} mb={4}>
            {t("ownDetails.theme")}
          </Text>
          <SegmentedControl
            value={scheme}
            disabled={save.isPending}
            data={THEMES.map((theme) => ({ value: theme, label: themeLabels[theme] }))}
            onChange={(value) => {
              const theme = value as Theme;
              setPrevious(scheme);
              setColorScheme(theme);
              save.mutate(theme);
            }}
          />
        </fieldset>
        <Feedback error={save.error} saved={save.isSuccess} />
      </Stack>
    </Section>
  );
}

/**
 * /kayttaja (SPEC §2, own details; hidden for deactivated users by the route guard): names, personal
 * e-mail and language (PATCH /api/user), the work e-mail (PUT /api/system-users/{id}), the phone
 * (PATCH /api/system-users/{id}/phone) and the theme (PUT /api/user-preferences). Each part saves on
 * its own and keeps what was typed when the save fails. The work e-mail and the phone ask for the
 * current password and change only once confirmed: by the link mailed to the new address (the
 * /vahvista-sahkoposti page) or by the code sent to the new number, typed in here.
 */
export function OwnDetailsPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.ownDetails.title"));
  const { user } = useSession();
  if (!user) return <PageLoader />;
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("routes.ownDetails.title")}</Title>
          <Text mt="xs">{t("ownDetails.intro")}</Text>
        </div>
        <PersonalDetails user={user} />
        <WorkEmail user={user} />
        <Phone user={user} />
        <Appearance />
      </Stack>
    </Container>
  );
}
