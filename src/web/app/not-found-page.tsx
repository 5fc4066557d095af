import { Anchor, Container, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "../components/app-link.tsx";
import { usePageTitle } from "../lib/page-title.ts";

/** Any path outside the route table (the server answers those with status 404). */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t("notFound.title")}</Title>
      <Text mt="md">{t("notFound.text")}</Text>
      <Anchor component={AppLink} to="/" mt="md" display="inline-block">
        {t("notFound.backHome")}
      </Anchor>
    </Container>
  );
}
