import { Button, CopyButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EditorModal } from "../tax-tables/editor-form.tsx";
import { useCompanyRegisterLink } from "./companies-api.ts";
import { companyErrorText } from "./company-messages.ts";

/** The join address of a registration link token (SPEC §2 /liity/{token}). */
export function joinUrl(token: string): string {
  return `${window.location.origin}/liity/${encodeURIComponent(token)}`;
}

/**
 * Makes a registration link for the company's employees (SPEC §7 "Registration links") and shows the
 * full join address with a copy button.
 */
export function RegistrationLinkButton({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const link = useCompanyRegisterLink(companyId);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="default"
        loading={link.isPending}
        onClick={() => {
          setOpened(true);
          link.mutate();
        }}
      >
        {t("adminCompanies.link.create")}
      </Button>
      <EditorModal
        opened={opened}
        onClose={() => setOpened(false)}
        size="lg"
        title={t("adminCompanies.link.title")}
      >
        <Stack gap="md">
          {link.isError && (
            <Text role="alert" c="var(--mantine-color-error)">
              {t("adminCompanies.link.failed", { reason: companyErrorText(link.error, t) })}
            </Text>
          )}
          {link.isPending && <Text c="dimmed">{t("ds.table.loading")}</Text>}
          {link.data && (
            <>
              <Text size="sm">{t("adminCompanies.link.help")}</Text>
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={t("adminCompanies.link.url")}
                  value={joinUrl(link.data.token)}
                  readOnly
                  onFocus={(event) => event.currentTarget.select()}
                  style={{ flex: "1 1 16rem" }}
                />
                <CopyButton value={joinUrl(link.data.token)}>
                  {({ copied, copy }) => (
                    <Button variant="light" onClick={copy}>
                      {copied ? t("adminCompanies.link.copied") : t("adminCompanies.link.copy")}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </>
          )}
        </Stack>
      </EditorModal>
    </>
  );
}
