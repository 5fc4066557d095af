import { Alert, Button, Code, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  authenticatorApi,
  type TAuthenticatorSetup,
  zAuthenticatorConfirm,
  zCurrentPasswordBody,
} from "../../../contract/authenticator.ts";
import { PageLoader } from "../../components/page-loader.tsx";
import { QrCode } from "../../components/qr-code.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { formatDate } from "../../lib/formatters.ts";
import { refreshSession } from "../../lib/session.ts";
import { refreshAccount } from "./account-api.ts";
import { CurrentPassword, Feedback, isReauthError, Section } from "./own-details-parts.tsx";
import { Passkeys } from "./passkeys-section.tsx";

/** The secret in groups of four, as apps that take it typed show it. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Step 2 of setting up: the QR code or the key, then the app's first code. */
function SetupStep({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TAuthenticatorSetup;
  onConfirmed: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useContractForm({ initialValues: { code: "" }, schema: zAuthenticatorConfirm });
  const confirm = useMutation({
    mutationFn: (code: string) => callEndpoint(authenticatorApi.confirmAuthenticator, { body: { code } }),
    meta: { silent: true },
    onSuccess: (answer) => onConfirmed(answer.recoveryCodes),
    onError: (error) => {
      if (error instanceof ApiError && error.code === "VERIFICATION_FAILED") {
        form.setFieldError("code", t("errors.VERIFICATION_FAILED"));
      }
    },
  });
  const codeError = confirm.error instanceof ApiError && confirm.error.code === "VERIFICATION_FAILED";
  return (
    <form noValidate onSubmit={form.onSubmit((v) => confirm.mutate(v.code.trim()))}>
      <Stack gap="md">
        <Text size="sm">{t("ownDetails.authenticatorScan")}</Text>
        <QrCode svg={setup.qrSvg} alt={t("ownDetails.authenticatorQrAlt")} />
        <Text size="sm">
          {t("ownDetails.authenticatorKey")}{" "}
          <Code data-testid="authenticator-key" fz="sm">
            {grouped(setup.secret)}
          </Code>
        </Text>
        <Text size="sm">{t("ownDetails.authenticatorCodeStep")}</Text>
        <TextInput
          label={t("ownDetails.authenticatorCode")}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          {...form.getInputProps("code")}
        />
        <Feedback error={codeError ? null : confirm.error} saved={false} />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t("ownDetails.authenticatorConfirm")}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t("ownDetails.authenticatorCancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The ten recovery codes, shown once, right after they were made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" title={t("ownDetails.recoveryCodesTitle")} role="status">
        {t("ownDetails.recoveryCodesText")}
      </Alert>
      <List data-testid="recovery-codes" listStyleType="none" spacing={4} ff="monospace">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <Button onClick={onDone}>{t("ownDetails.recoveryCodesSaved")}</Button>
      </Group>
    </Stack>
  );
}

type Step =
  | { name: "status" }
  | { name: "setup"; setup: TAuthenticatorSetup }
  | { name: "codes"; codes: string[] };

/**
 * The staff's authenticator app on /kayttaja (contract/authenticator.ts): set it up with the current
 * password, the QR code and a first code; see its recovery codes once; make new ones or stop using it
 * with the current password again. The page shows it to admins and the helpdesk only.
 */
export function Authenticator() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const status = useEndpointQuery(authenticatorApi.authenticator, {});
  const [step, setStep] = useState<Step>({ name: "status" });
  const [removed, setRemoved] = useState(false);
  const form = useContractForm({
    initialValues: { currentPassword: "" },
    schema: zCurrentPasswordBody,
    rules: { currentPassword: (v) => (v ? null : t("forms.required")) },
  });
  const onError = (error: Error) => {
    form.setServerErrors(error);
    if (isReauthError(error)) form.setFieldError("currentPassword", t("errors.REAUTHENTICATION_FAILED"));
  };
  const done = () => {
    form.reset();
    void refreshAccount(queryClient, "authenticator");
  };
  const start = useMutation({
    mutationFn: (currentPassword: string) =>
      callEndpoint(authenticatorApi.startAuthenticator, { body: { currentPassword } }),
    meta: { silent: true },
    onSuccess: (setup) => {
      done();
      setRemoved(false);
      setStep({ name: "setup", setup });
    },
    onError,
  });
  const renew = useMutation({
    mutationFn: (currentPassword: string) =>
      callEndpoint(authenticatorApi.renewRecoveryCodes, { body: { currentPassword } }),
    meta: { silent: true },
    onSuccess: (answer) => {
      done();
      setStep({ name: "codes", codes: answer.recoveryCodes });
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (currentPassword: string) =>
      callEndpoint(authenticatorApi.removeAuthenticator, { body: { currentPassword } }),
    meta: { silent: true },
    onSuccess: () => {
      done();
      setRemoved(true);
    },
    onError,
  });

  const failed = [start, renew, remove].find((m) => m.error)?.error ?? null;
  const active = status.data?.status === "ACTIVE";
  let body: ReactNode;
  if (!status.data) body = <PageLoader />;
  else if (step.name === "setup") {
    body = (
      <SetupStep
        setup={step.setup}
        onCancel={() => setStep({ name: "status" })}
        onConfirmed={(codes) => {
          void refreshAccount(queryClient, "authenticator");
          // The session user says whether the platform still holds them to set an app up.
          void refreshSession(queryClient);
          setStep({ name: "codes", codes });
        }}
      />
    );
  } else if (step.name === "codes") {
    body = <RecoveryCodes codes={step.codes} onDone={() => setStep({ name: "status" })} />;
  } else {
    body = (
      <form noValidate onSubmit={form.onSubmit((v) => (active ? renew : start).mutate(v.currentPassword))}>
        <Stack gap="md">
          <Text size="sm" role="status">
            {active
              ? t("ownDetails.authenticatorActive", {
                  date: formatDate(status.data.activeSince ?? ""),
                  count: status.data.recoveryCodesLeft,
                })
              : removed
                ? t("ownDetails.authenticatorRemoved")
                : t("ownDetails.authenticatorNone")}
          </Text>
          {active && <Text size="sm">{t("ownDetails.authenticatorActionsHint")}</Text>}
          <CurrentPassword {...form.getInputProps("currentPassword")} />
          <Feedback error={isReauthError(failed) ? null : failed} saved={false} />
          <Group>
            {active ? (
              <>
                <Button type="submit" loading={renew.isPending}>
                  {t("ownDetails.recoveryCodesRenew")}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  loading={remove.isPending}
                  onClick={() => form.onSubmit((v) => remove.mutate(v.currentPassword))()}
                >
                  {t("ownDetails.authenticatorRemove")}
                </Button>
              </>
            ) : (
              <Button type="submit" loading={start.isPending}>
                {t("ownDetails.authenticatorStart")}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <>
      <Section
        titleId={`${id}-title`}
        title={t("ownDetails.authenticatorTitle")}
        intro={t("ownDetails.authenticatorIntro")}
      >
        {body}
      </Section>
      {/* Passkeys come beside an app in use, whose recovery codes stay the way back. */}
      {active && <Passkeys />}
    </>
  );
}
