import { Container, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import type { RouteId } from "../../domain/routes.ts";
import { usePageTitle } from "../lib/page-title.ts";

/** What every generated route carries in its `handle` (see app/routes.tsx). */
export type RouteHandle = { routeId: RouteId };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && "routeId" in value;
}

/** The route id of the innermost generated route (its `handle`), for pages shared by several routes. */
export function useRouteId(): RouteId | undefined {
  const handle = useMatches().findLast((m) => isRouteHandle(m.handle))?.handle;
  return isRouteHandle(handle) ? handle.routeId : undefined;
}

/** Stands in for a page of docs/product.md "Screens" until its feature is built: its title and a note that it comes later. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const routeId = useRouteId();
  const title = routeId ? t(`routes.${routeId}.title`) : "";
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{title}</Title>
      <Text mt="md">{t("common.comingLater")}</Text>
    </Container>
  );
}
