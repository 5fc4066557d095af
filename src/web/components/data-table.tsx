import "mantine-datatable/styles.layer.css";
import { Button, Skeleton, UnstyledButton, VisuallyHidden } from "@mantine/core";
import {
  type DataTableColumn,
  type DataTableSortStatus,
  DataTable as MantineDataTable,
  type DataTableProps as MantineDataTableProps,
} from "mantine-datatable";
import type { Key, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBelowFirstScreen } from "../lib/below-first-screen.ts";
import classes from "./data-table.module.css";
import { DataTableCards } from "./data-table-cards.tsx";
import { ErrorState, usePagerTexts, usePhoneLayout } from "./data-table-parts.tsx";
import { SortIcon } from "./design-icons.tsx";
import { EmptyState } from "./empty-state.tsx";

export type { DataTableColumn, DataTableSortStatus };

export type DataTableProps<T> = {
  /** Names the table for screen readers, e.g. the section's title. */
  label: string;
  /**
   * Mark `sortable: true` only on the columns the API sorts by; the others are plain headers. The
   * column of a row's buttons has the accessor "actions" (ACTIONS_ACCESSOR): on a phone they go to the
   * bottom of the row's card.
   */
  columns: DataTableColumn<T>[];
  /** The current page's rows; undefined until the first answer. */
  records: T[] | undefined;
  idAccessor: keyof T & string;
  /** The first page is loading: skeleton rows under the real headers. */
  loading: boolean;
  /**
   * The rows stand below the page's first screen on a phone: there its cards render in a transition once
   * the first screen is on screen (lib/below-first-screen.ts), skeleton cards until then. A desktop table
   * renders its rows with its header all the same: its columns take their widths from the rows, so rows
   * drawn after the header would move the header's cells sideways.
   */
  rowsAfterFirstScreen?: boolean;
  /** A later page is loading while the current rows stay visible. */
  fetching?: boolean;
  /** The list could not be fetched: the error state with a retry button replaces the rows. */
  error?: boolean;
  onRetry?: () => void;
  /** What the empty list says (what to do next) and its optional action. */
  empty: { text: ReactNode; action?: ReactNode; icon?: ReactNode };
  /**
   * The rows are narrowed by the reader's filters or search. While `active`, an empty list says `text`
   * with a button `clearLabel` that calls `onClear`, in place of `empty`.
   */
  filtered?: { active: boolean; text: ReactNode; clearLabel: ReactNode; onClear: () => void };
  /** Server paging: the API answers one page and the total count. */
  page: number;
  pageSize: number;
  totalRecords: number;
  onPageChange: (page: number) => void;
  /** The API's sort, passed through; a sort change starts again from page 1. */
  sortStatus?: DataTableSortStatus<T>;
  onSortStatusChange?: (status: DataTableSortStatus<T>) => void;
  /** The scroll height under the sticky header. */
  maxHeight?: number | string;
  onRowClick?: MantineDataTableProps<T>["onRowClick"];
};

/** What `pageQueryProps` reads of a TanStack Query whose answer is one page of rows and their total. */
export type PageQuery<T> = {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * A paged query as the table's rows, states and retry: `<DataTable {...pageQueryProps(list)} …/>`
 * (the first page loading, a later one fetching, an error retried with `refetch`, the total for the pager).
 */
export function pageQueryProps<T>(
  query: PageQuery<T>,
): Pick<DataTableProps<T>, "records" | "loading" | "fetching" | "error" | "onRetry" | "totalRecords"> {
  return {
    records: query.data?.items,
    loading: query.isPending,
    fetching: query.isFetching,
    error: query.isError,
    onRetry: () => void query.refetch(),
    totalRecords: query.data?.total ?? 0,
  };
}

const SKELETON_ROWS = 5;
/** Tall enough for the empty and error states, which are laid over the table body. */
const STATE_MIN_HEIGHT = 260;

function SortHeader({
  title,
  direction,
  onClick,
}: {
  title: ReactNode;
  direction: "asc" | "desc" | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const state =
    direction === "asc"
      ? t("ds.table.sortedAscending")
      : direction === "desc"
        ? t("ds.table.sortedDescending")
        : t("ds.table.notSorted");
  return (
    <UnstyledButton className={classes.sortButton} onClick={onClick}>
      {title}
      <SortIcon size={14} direction={direction} /> <VisuallyHidden>{`(${state})`}</VisuallyHidden>
    </UnstyledButton>
  );
}

/**
 * The one table convention of the app, over mantine-datatable: skeleton rows while the first page
 * loads, an empty state that says what to do next, an error state with retry, server paging with
 * translated texts, a header that stays in view while the rows scroll, and sorting only where the API
 * sorts (our own header buttons, since the library's sort labels are English). Below the theme's `sm`
 * breakpoint the same rows are cards (data-table-cards.tsx): a phone shows every value and button
 * without scrolling sideways.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const pager = usePagerTexts();
  const phone = usePhoneLayout();
  const firstScreenShown = useBelowFirstScreen(Boolean(props.rowsAfterFirstScreen) && phone);
  const { columns, records, loading, error, page, pageSize, totalRecords, onPageChange, sortStatus } = props;
  const rows = records ?? [];
  const showSkeleton = (loading || !firstScreenShown) && !error;
  const isEmpty = !showSkeleton && !error && rows.length === 0;
  const pages = Math.max(1, Math.ceil(totalRecords / pageSize));

  /** A header click turns the column's sort around; the phone's select names the direction itself. */
  function sortBy(accessor: string, direction?: "asc" | "desc") {
    if (!props.onSortStatusChange) return;
    const same = sortStatus?.columnAccessor === accessor;
    props.onSortStatusChange({
      columnAccessor: accessor,
      direction: direction ?? (same && sortStatus?.direction === "asc" ? "desc" : "asc"),
    });
    if (page !== 1) onPageChange(1);
  }

  const shownColumns: DataTableColumn<T>[] = columns.map(({ sortable, ...column }) => {
    const accessor = String(column.accessor);
    const title = column.title ?? accessor;
    const withSort =
      sortable && props.onSortStatusChange && !showSkeleton
        ? {
            title: (
              <SortHeader
                title={title}
                direction={sortStatus?.columnAccessor === accessor ? sortStatus.direction : null}
                onClick={() => sortBy(accessor)}
              />
            ),
          }
        : {};
    const skeleton = showSkeleton ? { render: () => <Skeleton height={12} radius="sm" /> } : {};
    return { ...column, ...withSort, ...skeleton };
  });

  // Placeholder rows while loading keep the headers and the layout where the real rows will be.
  const shownRecords: T[] = showSkeleton
    ? (Array.from({ length: Math.min(pageSize, SKELETON_ROWS) }, (_, i) => ({
        [props.idAccessor]: `skeleton-${i}`,
      })) as T[])
    : error
      ? []
      : rows;

  // Filters that hide every row: say so and offer to clear them, rather than "nothing here yet".
  const empty: DataTableProps<T>["empty"] = props.filtered?.active
    ? {
        text: props.filtered.text,
        action: (
          <Button variant="default" onClick={props.filtered.onClear}>
            {props.filtered.clearLabel}
          </Button>
        ),
      }
    : props.empty;

  const overlay = error ? (
    <div className={classes.overlay}>
      <ErrorState {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
    </div>
  ) : isEmpty ? (
    <div className={classes.overlay}>
      <EmptyState text={empty.text} action={empty.action} icon={empty.icon} />
    </div>
  ) : (
    // The library renders its default "no records" text (hidden) when given nothing; give it nothing to say.
    <span />
  );

  const paging =
    showSkeleton || error || isEmpty
      ? {}
      : {
          page,
          onPageChange,
          totalRecords,
          recordsPerPage: pageSize,
          loadingText: t("ds.table.loading"),
          paginationText: ({ from, to }: { from: number; to: number }) =>
            pager.summary({ page, pages, from, to, total: totalRecords }),
          getPaginationControlProps: pager.controlProps,
          getPaginationItemProps: pager.itemProps,
        };

  if (phone) {
    return (
      <div aria-busy={showSkeleton || props.fetching ? true : undefined} className={classes.phone}>
        {showSkeleton && <VisuallyHidden role="status">{t("ds.table.loading")}</VisuallyHidden>}
        <DataTableCards<T>
          label={props.label}
          columns={columns}
          rows={error ? [] : rows}
          rowKey={(record) => String((record as Record<string, Key>)[props.idAccessor])}
          skeletonCount={Math.min(pageSize, SKELETON_ROWS)}
          loading={showSkeleton}
          fetching={Boolean(props.fetching) && !showSkeleton && !error}
          error={Boolean(error)}
          {...(props.onRetry ? { onRetry: props.onRetry } : {})}
          empty={isEmpty ? empty : null}
          page={page}
          pageSize={pageSize}
          totalRecords={totalRecords}
          onPageChange={onPageChange}
          {...(sortStatus ? { sortStatus } : {})}
          {...(props.onSortStatusChange
            ? { onSort: (status) => sortBy(String(status.columnAccessor), status.direction) }
            : {})}
          {...(props.onRowClick ? { onRowClick: props.onRowClick } : {})}
        />
      </div>
    );
  }

  return (
    <div aria-busy={showSkeleton || props.fetching ? true : undefined} className={classes.table}>
      {showSkeleton && <VisuallyHidden role="status">{t("ds.table.loading")}</VisuallyHidden>}
      <MantineDataTable<T>
        aria-label={props.label}
        // A table wider than a phone scrolls sideways: its scroll area takes keyboard focus (WCAG 2.1.1).
        scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": props.label } }}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover={Boolean(props.onRowClick)}
        verticalAlign="top"
        maxHeight={props.maxHeight ?? "70vh"}
        minHeight={error || isEmpty ? STATE_MIN_HEIGHT : undefined}
        columns={shownColumns}
        records={shownRecords}
        idAccessor={
          showSkeleton ? (r: T) => String((r as Record<string, Key>)[props.idAccessor]) : props.idAccessor
        }
        fetching={Boolean(props.fetching) && !showSkeleton && !error}
        noRecordsText={t("ds.table.noRecords")}
        emptyState={overlay}
        {...(props.onRowClick && !showSkeleton ? { onRowClick: props.onRowClick } : {})}
        {...paging}
      />
    </div>
  );
}
