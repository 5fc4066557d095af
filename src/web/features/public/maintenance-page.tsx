import { Button, Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../../lib/page-title.ts";
import classes from "./content-page.module.css";
import { ContactList } from "./content-page.tsx";

/** /huoltokatkos: shown without the header (layout "maintenance"), so it carries its own contact details. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const title = t("routes.maintenance.title");
  usePageTitle(title);
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack gap="lg">
        <Text fw={700} size="xl" c="var(--mantine-color-anchor)">
          Pedaali
        </Text>
        <Title order={1} className={`${classes.heading} ${classes.title}`}>
          {title}
        </Title>
        <Text size="lg">{t("content.maintenance.text")}</Text>
        <Button variant="light" w="fit-content" onClick={() => window.location.reload()}>
          {t("content.maintenance.retry")}
        </Button>
        <Text>{t("content.maintenance.urgent")}</Text>
        <ContactList />
      </Stack>
    </Container>
  );
}
