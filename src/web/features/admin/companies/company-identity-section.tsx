import { Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TCompanyIdentity } from "../../../../contract/single-sign-on.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { CopyField } from "../../../components/copy-field.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useCompanyIdentity, useSaveCompanyIdentity } from "./companies-api.ts";
import { CompanyIdentityForm, POLICY_LABELS, PRESET_LABELS } from "./company-identity-form.tsx";
import { companyErrorText } from "./company-messages.ts";

/**
 * A company's identity settings on its admin page: how its employees sign the leasing agreement and its
 * employer users approve orders (a code by text message, strong electronic identification or both), and
 * whether its users log in through the organisation's own identity provider. The redirect URI to
 * register at the provider is always shown, since the provider is usually set up before Pedaali is.
 */
export function CompanyIdentitySection({ company }: { company: { id: string; name: string } }) {
  const { t } = useTranslation();
  const identity = useCompanyIdentity(company.id);
  const save = useSaveCompanyIdentity(company.id);
  const status = useSectionStatus(t("adminCompanies.identity.failedTitle"));
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const data = identity.data;

  function remove(current: TCompanyIdentity) {
    mutateThen(
      save,
      { signingPolicy: current.signingPolicy, sso: null },
      {
        onSuccess: () => {
          setRemoving(false);
          status.success(t("adminCompanies.identity.removed"));
        },
        onError: (error) => {
          setRemoving(false);
          status.failure(companyErrorText(error, t));
        },
      },
    );
  }

  return (
    <SectionCard
      title={t("adminCompanies.identity.title")}
      description={t("adminCompanies.identity.description")}
      headingOrder={3}
      actions={
        data && !editing ? (
          <Group gap="xs">
            <Button
              variant="default"
              size="sm"
              onClick={() => {
                status.clear();
                save.reset();
                setEditing(true);
              }}
            >
              {t("adminCompanies.identity.edit")}
            </Button>
            {data.sso && (
              <Button
                variant="outline"
                color="red"
                size="sm"
                onClick={() => {
                  status.clear();
                  setRemoving(true);
                }}
              >
                {t("adminCompanies.identity.remove")}
              </Button>
            )}
          </Group>
        ) : undefined
      }
    >
      <Stack gap="md">
        {status.element}
        {identity.isPending && <Text size="sm">{t("ds.table.loading")}</Text>}
        {identity.isError && (
          <Group gap="xs" role="alert">
            <Text size="sm">{t("adminCompanies.identity.loadFailed")}</Text>
            <Button size="compact-xs" variant="default" onClick={() => void identity.refetch()}>
              {t("ds.table.retry")}
            </Button>
          </Group>
        )}
        {data &&
          (editing ? (
            <CompanyIdentityForm
              companyId={company.id}
              identity={data}
              onSaved={() => {
                setEditing(false);
                status.success(t("adminCompanies.identity.saved"));
              }}
              onCancel={() => setEditing(false)}
            />
          ) : (
            <IdentityDetails identity={data} />
          ))}
        {data && (
          <CopyField
            label={t("adminCompanies.identity.redirectUri")}
            value={data.ssoRedirectUri}
            description={t("adminCompanies.identity.redirectUriHelp")}
            copyLabel={t("adminCompanies.identity.copy")}
            copiedLabel={t("adminCompanies.identity.copied")}
          />
        )}
      </Stack>
      {data && (
        <ConfirmDialog
          opened={removing}
          title={t("adminCompanies.identity.removeTitle", { name: company.name })}
          confirmLabel={t("adminCompanies.identity.remove")}
          loading={save.isPending}
          onCancel={() => setRemoving(false)}
          onConfirm={() => remove(data)}
        >
          {t("adminCompanies.identity.removeText")}
        </ConfirmDialog>
      )}
    </SectionCard>
  );
}

function IdentityDetails({ identity }: { identity: TCompanyIdentity }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) =>
    value ? t("adminCompanies.identity.yes") : t("adminCompanies.identity.no");
  const { sso } = identity;
  return (
    <Stack gap="sm">
      <DetailsList
        items={[
          {
            label: t("adminCompanies.identity.signingPolicy"),
            value: t(POLICY_LABELS[identity.signingPolicy]),
          },
          {
            label: t("adminCompanies.identity.sso"),
            value: sso ? t(PRESET_LABELS[sso.preset]) : t("adminCompanies.identity.ssoNone"),
          },
          ...(sso
            ? [
                { label: t("adminCompanies.identity.issuer"), value: sso.issuer },
                { label: t("adminCompanies.identity.clientId"), value: sso.clientId },
                { label: t("adminCompanies.identity.emailDomains"), value: sso.emailDomains.join(", ") },
                { label: t("adminCompanies.identity.required"), value: yesNo(sso.required) },
                { label: t("adminCompanies.identity.enabled"), value: yesNo(sso.enabled) },
              ]
            : []),
        ]}
      />
      {!identity.strongIdentificationAvailable && (
        <Text size="sm" c="dimmed">
          {t("adminCompanies.identity.strongUnavailable")}
        </Text>
      )}
    </Stack>
  );
}
