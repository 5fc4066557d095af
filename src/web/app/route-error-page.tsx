import { Container, Text, Title, UnstyledButton } from "@mantine/core";
import clsx from "clsx";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import controls from "../components/controls.module.css";
import { usePageTitle } from "../lib/page-title.ts";

/**
 * When a page cannot render, most often because its lazy chunk failed to download (offline, or a new
 * release replaced the old file names). A reload fetches the current files.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t("routeError.title"));
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t("routeError.title")}</Title>
      <Text mt="md">{t("routeError.text")}</Text>
      <UnstyledButton
        mt="lg"
        className={clsx(controls.cta, controls.ctaPrimary)}
        onClick={() => window.location.reload()}
      >
        {t("routeError.reload")}
      </UnstyledButton>
    </Container>
  );
}
