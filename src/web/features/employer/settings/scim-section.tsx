import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { scimTokenApi as api, type TScimTokenState } from "../../../../contract/scim.ts";
import { ActionDialog, useActionDialog } from "../../../components/action-dialog.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { callEndpoint, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { refreshEmployerSettings } from "./settings-api.ts";

/**
 * Automatic user provisioning (SCIM) on the company's settings page: the address the company's
 * identity provider (Entra ID, Google, Okta…) is given, whether a token is in use and when it was made
 * and last used, and making, replacing or revoking the token. A made token is shown once, here, to be
 * copied into the identity provider: Pedaali keeps only its hash. Replacing and revoking stop the old
 * token at once, so both ask first.
 */

type Dialog = "rotate" | "revoke";

function useScimToken(companyId: string) {
  const queryClient = useQueryClient();
  const input = { params: { id: companyId } };
  const state = useEndpointQuery(api.scimToken, input);
  const issue = useMutation({
    mutationFn: () => callEndpoint(api.issueScimToken, input),
    meta: { silent: true },
    onSuccess: () => refreshEmployerSettings(queryClient, "scim-token"),
  });
  const revoke = useMutation({
    mutationFn: () => callEndpoint(api.revokeScimToken, input),
    meta: { silent: true },
    onSuccess: () => refreshEmployerSettings(queryClient, "scim-token"),
  });
  return { state, issue, revoke };
}

export function ScimSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { state, issue, revoke } = useScimToken(companyId);
  const status = useSectionStatus(t("employerSettings.scim.failedTitle"));
  const [secret, setSecret] = useState<string | null>(null);
  const rotateDialog = useActionDialog<Dialog>(issue);
  const revokeDialog = useActionDialog<Dialog>(revoke);

  function made(answer: { secret: string }) {
    setSecret(answer.secret);
    status.success(t("employerSettings.scim.made"));
  }

  return (
    <SectionCard
      title={t("employerSettings.scim.title")}
      description={t("employerSettings.scim.description")}
    >
      <Stack gap="md">
        {status.element}
        {state.isPending && <Text size="sm">{t("ds.table.loading")}</Text>}
        {state.isError && (
          <Group gap="xs" role="alert">
            <Text size="sm">{t("employerSettings.scim.loadFailed")}</Text>
            <Button size="compact-xs" variant="default" onClick={() => void state.refetch()}>
              {t("ds.table.retry")}
            </Button>
          </Group>
        )}
        {state.data && <TokenDetails state={state.data} />}
        {secret && <MadeToken secret={secret} />}
        {issue.isError && rotateDialog.current === null && (
          <Alert color="red" variant="light" role="alert" title={t("employerSettings.scim.failedTitle")}>
            {t("employerSettings.scim.makeFailed")}
          </Alert>
        )}
        {state.data && (
          <Group gap="sm">
            {state.data.token ? (
              <>
                <Button variant="default" onClick={() => rotateDialog.open("rotate")}>
                  {t("employerSettings.scim.rotate")}
                </Button>
                <Button variant="default" color="red" onClick={() => revokeDialog.open("revoke")}>
                  {t("employerSettings.scim.revoke")}
                </Button>
              </>
            ) : (
              <Button
                loading={issue.isPending}
                onClick={() => {
                  setSecret(null);
                  rotateDialog.run(undefined, made);
                }}
              >
                {t("employerSettings.scim.create")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ActionDialog
        {...rotateDialog.props(rotateDialog.current === "rotate")}
        title={t("employerSettings.scim.rotateTitle")}
        confirmLabel={t("employerSettings.scim.rotate")}
        onConfirm={() => {
          setSecret(null);
          rotateDialog.run(undefined, made);
        }}
      >
        {t("employerSettings.scim.rotateText")}
      </ActionDialog>
      <ActionDialog
        {...revokeDialog.props(revokeDialog.current === "revoke")}
        title={t("employerSettings.scim.revokeTitle")}
        confirmLabel={t("employerSettings.scim.revoke")}
        onConfirm={() =>
          revokeDialog.run(undefined, () => {
            setSecret(null);
            status.success(t("employerSettings.scim.revoked"));
          })
        }
      >
        {t("employerSettings.scim.revokeText")}
      </ActionDialog>
    </SectionCard>
  );
}

function TokenDetails({ state }: { state: TScimTokenState }) {
  const { t } = useTranslation();
  const { token } = state;
  return (
    <Stack gap="sm">
      <CopyField
        label={t("employerSettings.scim.baseUrl")}
        value={state.baseUrl}
        copyLabel={t("employerSettings.scim.copy")}
        copiedLabel={t("employerSettings.scim.copied")}
      />
      <DetailsList
        items={[
          {
            label: t("employerSettings.scim.token"),
            value: token ? t("employerSettings.scim.inUse") : t("employerSettings.scim.none"),
          },
          ...(token
            ? [
                {
                  label: t("employerSettings.scim.createdAt"),
                  value: token.createdBy
                    ? t("employerSettings.scim.createdBy", {
                        date: formatDateTime(token.createdAt),
                        name: token.createdBy,
                      })
                    : formatDateTime(token.createdAt),
                },
                {
                  label: t("employerSettings.scim.lastUsedAt"),
                  value: token.lastUsedAt
                    ? formatDateTime(token.lastUsedAt)
                    : t("employerSettings.scim.neverUsed"),
                },
              ]
            : []),
        ]}
      />
      <Text size="sm" c="dimmed">
        {t("employerSettings.scim.leaverNote")}
      </Text>
    </Stack>
  );
}

/** The token just made: shown this once, to be copied into the identity provider. */
function MadeToken({ secret }: { secret: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t("employerSettings.scim.madeTitle")}>
      <Stack gap="sm">
        <Text size="sm">{t("employerSettings.scim.onlyOnce")}</Text>
        <CopyField
          label={t("employerSettings.scim.secret")}
          value={secret}
          copyLabel={t("employerSettings.scim.copy")}
          copiedLabel={t("employerSettings.scim.copied")}
        />
      </Stack>
    </Alert>
  );
}
