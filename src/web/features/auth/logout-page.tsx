import { Container, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../components/page-loader.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { logout } from "../../lib/session.ts";

/** /kirjaudu-ulos: logs out on arrival and reloads at / (docs/product.md "Screens", docs/product.md "States"), whether or not the call succeeds. */
export function LogoutPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.logout.title"));
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    // Once, also under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    void logout(queryClient);
  }, [queryClient]);
  return (
    <Container size="sm" py="xl">
      <Title order={1} ta="center">
        {t("routes.logout.title")}
      </Title>
      <PageLoader label={t("logout.inProgress")} />
    </Container>
  );
}
