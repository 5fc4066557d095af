import { Button, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { lazy } from "../../../contract/lazy.ts";
import { passkeysApi, type TPasskey } from "../../../contract/passkeys.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint, useEndpointQuery } from "../../lib/endpoint-client.ts";
import { formatDate } from "../../lib/formatters.ts";
import { refreshAccount } from "./account-api.ts";
import { CurrentPassword, Feedback, isReauthError, Section } from "./own-details-parts.tsx";

/** The form's fields: a name for a new passkey, and the current password every change asks for. */
const zPasskeyForm = lazy(() =>
  z.object({ name: z.string().max(60), currentPassword: z.string().max(1024) }),
);

/** The device said no, or its dialog was closed: said at the form, not as a server failure. */
class PasskeyNotMade extends Error {}

/**
 * The staff's passkeys on /kayttaja (contract/passkeys.ts), shown once their authenticator app is in
 * use: the list with when each was added and last used; a new one named and made by the browser's own
 * dialog; each removed. Adding and removing ask for the current password.
 */
export function Passkeys() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const list = useEndpointQuery(passkeysApi.passkeys, {});
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    initialValues: { name: "", currentPassword: "" },
    schema: zPasskeyForm,
    rules: { currentPassword: (v) => (v ? null : t("forms.required")) },
  });
  /** Either change made: the form empties, says so, and the list is read again. */
  const done = () => {
    form.reset();
    setSaved(true);
    void refreshAccount(queryClient, "passkeys");
  };
  const onError = (error: Error) => {
    setSaved(false);
    if (error instanceof PasskeyNotMade) return;
    form.setServerErrors(error);
    if (isReauthError(error)) form.setFieldError("currentPassword", t("errors.REAUTHENTICATION_FAILED"));
  };
  const add = useMutation({
    mutationFn: async (values: { name: string; currentPassword: string }) => {
      const options = await callEndpoint(passkeysApi.passkeyOptions, {
        body: { currentPassword: values.currentPassword },
      });
      let response: unknown;
      try {
        response = await startRegistration({
          optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
        });
      } catch {
        throw new PasskeyNotMade();
      }
      return callEndpoint(passkeysApi.addPasskey, {
        body: { name: values.name, response: response as Record<string, unknown> },
      });
    },
    meta: { silent: true },
    onSuccess: done,
    onError,
  });
  const remove = useMutation({
    mutationFn: (values: { passkey: TPasskey; currentPassword: string }) =>
      callEndpoint(passkeysApi.removePasskey, {
        params: { id: values.passkey.id },
        body: { currentPassword: values.currentPassword },
      }),
    meta: { silent: true },
    onSuccess: done,
    onError,
  });
  const failed = add.error ?? remove.error;
  const notMade = failed instanceof PasskeyNotMade;
  const shownError = notMade || isReauthError(failed) ? null : failed;
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.passkeysTitle")}
      intro={t("ownDetails.passkeysIntro")}
    >
      <Stack gap="md">
        {list.data && list.data.passkeys.length === 0 && (
          <Text size="sm">{t("ownDetails.passkeysNone")}</Text>
        )}
        {list.data && list.data.passkeys.length > 0 && (
          <List data-testid="passkeys" listStyleType="none" spacing="xs">
            {list.data.passkeys.map((passkey) => (
              <List.Item key={passkey.id}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm">
                    <strong>{passkey.name}</strong>{" "}
                    {t("ownDetails.passkeyAdded", { date: formatDate(passkey.createdAt) })}
                    {passkey.lastUsedAt &&
                      ` ${t("ownDetails.passkeyLastUsed", { date: formatDate(passkey.lastUsedAt) })}`}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={remove.isPending && remove.variables?.passkey.id === passkey.id}
                    aria-label={t("ownDetails.passkeyRemoveNamed", { name: passkey.name })}
                    onClick={() =>
                      form.onSubmit((v) => remove.mutate({ passkey, currentPassword: v.currentPassword }))()
                    }
                  >
                    {t("ownDetails.passkeyRemove")}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            add.mutate({ ...v, name: v.name.trim() || t("ownDetails.passkeyDefaultName") }),
          )}
        >
          <Stack gap="md">
            <TextInput
              label={t("ownDetails.passkeyName")}
              description={t("ownDetails.passkeyNameHint")}
              {...form.getInputProps("name")}
            />
            <CurrentPassword {...form.getInputProps("currentPassword")} />
            {notMade && (
              <Text size="sm" c="red" role="alert">
                {t("ownDetails.passkeyNotMade")}
              </Text>
            )}
            <Feedback error={shownError} saved={saved && !failed} />
            <Group>
              <Button type="submit" loading={add.isPending}>
                {t("ownDetails.passkeyAdd")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}
