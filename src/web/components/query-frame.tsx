import { Button, Group, Loader, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../lib/api-client.ts";
import { messageForApiError } from "../lib/error-toasts.ts";
import { AlertIcon } from "./design-icons.tsx";
import { EmptyState } from "./empty-state.tsx";

export type QueryFrameProps<T> = {
  query: Pick<UseQueryResult<T>, "isPending" | "isError" | "error" | "data" | "refetch">;
  /** What stands above the content in every state (a link back to the list). */
  header?: ReactNode;
  /** What a 404 says ("Tilausta ei löytynyt"): the object is gone, or not the reader's to see. */
  notFound: string;
  /** How any other failure reads; messageForApiError by default. */
  errorText?: (error: unknown, t: TFunction) => string;
  /** What the spinner says while the object loads; the tables' "loading" by default. */
  loadingLabel?: string;
  children: (data: T) => ReactNode;
};

/**
 * One object's page while it loads: the header and a spinner, then the page; a failure says why (a
 * 404 as "not found", anything else by its code) with a retry, and keeps the header so the reader can
 * go back. Used by every detail page and drawer that loads one object.
 */
export function QueryFrame<T>({
  query,
  header,
  notFound,
  errorText,
  loadingLabel,
  children,
}: QueryFrameProps<T>) {
  const { t } = useTranslation();
  if (query.isPending)
    return (
      <Stack gap="md">
        {header}
        <Group justify="center" py="xl">
          <Loader role="status" aria-label={loadingLabel ?? t("ds.table.loading")} />
        </Group>
      </Stack>
    );
  if (query.isError)
    return (
      <Stack gap="md">
        {header}
        <EmptyState
          icon={<AlertIcon size={24} />}
          text={
            <span role="alert">
              {query.error instanceof ApiError && query.error.status === 404
                ? notFound
                : (errorText ?? messageForApiError)(query.error, t)}
            </span>
          }
          action={
            <Button variant="default" onClick={() => void query.refetch()}>
              {t("ds.table.retry")}
            </Button>
          }
        />
      </Stack>
    );
  return <>{children(query.data as T)}</>;
}
