import { Button, Group, Text } from "@mantine/core";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { personalDataApi } from "../../../contract/personal-data.ts";
import { fileHref } from "../../lib/file-href.ts";
import { Section } from "./own-details-parts.tsx";

/**
 * The person's own copy of their data (GDPR): a download of everything the service holds about them,
 * as JSON or as a ZIP with their documents. Plain links: the session's cookie goes with them, and the
 * browser saves the file by the name the server gives.
 */
export function PersonalData() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.personalDataTitle")}
      intro={t("ownDetails.personalDataIntro")}
    >
      <Text size="sm">{t("ownDetails.personalDataContents")}</Text>
      <Group gap="xs">
        <Button
          component="a"
          href={fileHref(personalDataApi.ownData, { query: { format: "zip" } })}
          download
          variant="default"
        >
          {t("ownDetails.personalDataZip")}
        </Button>
        <Button
          component="a"
          href={fileHref(personalDataApi.ownData, { query: { format: "json" } })}
          download
          variant="default"
        >
          {t("ownDetails.personalDataJson")}
        </Button>
      </Group>
    </Section>
  );
}
