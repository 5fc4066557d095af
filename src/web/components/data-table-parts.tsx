import { Button, em, px, useMantineTheme } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { AlertIcon } from "./design-icons.tsx";
import { EmptyState } from "./empty-state.tsx";

/**
 * What the table and its phone cards share: the accessor whose column holds a row's buttons, the
 * error state and the pager's translated names.
 */

/**
 * The column of a row's buttons (approve, decline, edit, delete) has this accessor. On a phone its
 * buttons go to the bottom of the row's card, full width, instead of under a label.
 */
export const ACTIONS_ACCESSOR = "actions";

/**
 * Below the theme's `sm` breakpoint (as Mantine's hiddenFrom="sm" counts it) a list's rows are cards.
 * Read at the first render: a phone never draws the wide table first.
 */
export function usePhoneLayout(): boolean {
  const theme = useMantineTheme();
  return useMediaQuery(`(max-width: ${em(Number(px(theme.breakpoints.sm)) - 0.1)})`, false, {
    getInitialValueInEffect: false,
  });
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<AlertIcon size={24} />}
      text={<span role="alert">{t("ds.table.loadError")}</span>}
      action={
        onRetry && (
          <Button variant="default" onClick={onRetry}>
            {t("ds.table.retry")}
          </Button>
        )
      }
    />
  );
}

type PagerControl = "first" | "previous" | "next" | "last";

/** The pager's words: "Sivu 1/3 · rivit 1–10/25" and the names of its buttons, in the reader's language. */
export function usePagerTexts() {
  const { t } = useTranslation();
  return {
    summary: (values: { page: number; pages: number; from: number; to: number; total: number }) =>
      t("ds.table.pagination", values),
    controlProps: (control: PagerControl) => ({
      "aria-label": {
        first: t("ds.table.firstPage"),
        previous: t("ds.table.previousPage"),
        next: t("ds.table.nextPage"),
        last: t("ds.table.lastPage"),
      }[control],
    }),
    itemProps: (n: number) => ({ "aria-label": t("ds.table.page", { page: n }) }),
  };
}
