import { Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { AppLink } from "../../../components/app-link.tsx";
import { QueryFrame, type QueryFrameProps } from "../../../components/query-frame.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { AFTER_SALES_SEGMENTS, type AfterSalesView } from "../orders/helpdesk-paths.ts";

/**
 * One after-sales object's page in Hakemukset (/admin/hakemukset/<segment>/{id}): the link back to the
 * view's list above every state, QueryFrame's loader, "not found" and error with a retry, then the
 * page, which is given the same link for its heading.
 */
export function AfterSalesDetail<T>({
  view,
  backText,
  children,
  ...frame
}: Omit<QueryFrameProps<T>, "header" | "children"> & {
  view: AfterSalesView;
  backText: string;
  children: (data: T, back: ReactNode) => ReactNode;
}) {
  const { pathOf } = useAdminNav();
  const back = <AppLink to={pathOf("applications", AFTER_SALES_SEGMENTS[view])}>{backText}</AppLink>;
  return (
    <QueryFrame {...frame} header={back}>
      {(data) => children(data, back)}
    </QueryFrame>
  );
}

/** The page's heading: the link back, the object's name with its state's badge, and a line or two of what it is. */
export function DetailHeading({
  back,
  title,
  badge,
  children,
}: {
  back: ReactNode;
  title: ReactNode;
  badge: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      {back}
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={2} size="h3">
          {title}
        </Title>
        {badge}
      </Group>
      {children}
    </Stack>
  );
}
