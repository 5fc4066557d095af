import { LoadingOverlay, Pagination, Select, Skeleton, Text } from "@mantine/core";
import {
  type DataTableColumn,
  type DataTableSortStatus,
  getValueAtPath,
  humanize,
  type DataTableProps as MantineDataTableProps,
} from "mantine-datatable";
import type { KeyboardEvent, MouseEvent, ReactNode, RefObject } from "react";
import { cloneElement, Fragment, isValidElement, useRef } from "react";
import { useTranslation } from "react-i18next";
import classes from "./data-table.module.css";
import { ACTIONS_ACCESSOR, ErrorState, usePagerTexts } from "./data-table-parts.tsx";
import { EmptyState, type EmptyStateProps } from "./empty-state.tsx";

type RowClick<T> = NonNullable<MantineDataTableProps<T>["onRowClick"]>;

export type DataTableCardsProps<T> = {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (record: T) => string;
  skeletonCount: number;
  loading: boolean;
  fetching: boolean;
  error: boolean;
  onRetry?: () => void;
  /** The empty list's words, or the filtered list's with its clear button: chosen by the table. */
  empty: EmptyStateProps | null;
  page: number;
  pageSize: number;
  totalRecords: number;
  onPageChange: (page: number) => void;
  sortStatus?: DataTableSortStatus<T>;
  onSort?: (status: DataTableSortStatus<T>) => void;
  onRowClick?: RowClick<T>;
};

/** A title that is words names its value on the card; a control (select all on the page) goes above the cards. */
function isText(title: ReactNode): title is string | number {
  return typeof title === "string" || typeof title === "number";
}

function titleOf<T>(column: DataTableColumn<T>): ReactNode {
  return column.title ?? humanize(String(column.accessor));
}

/**
 * A header's control (the page's select-all box) is named by its aria-label, enough beside the column
 * of boxes it heads; alone above the cards it shows that name as its label.
 */
function shownControl(title: ReactNode): ReactNode {
  if (!isValidElement<{ "aria-label"?: string; label?: ReactNode }>(title)) return title;
  const name = title.props["aria-label"];
  return name && title.props.label === undefined ? cloneElement(title, { label: name }) : title;
}

/** A click on the card's own link, button or box does that control's thing, not also open the row. */
function insideControl(event: MouseEvent): boolean {
  const control = (event.target as HTMLElement).closest(
    "a, button, input, label, select, textarea, [role='button']",
  );
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
}

/** The columns a card shows under labels, the header controls without one, and the row's buttons. */
function columnRoles<T>(columns: DataTableColumn<T>[]) {
  const visible = columns.filter((column) => !column.hidden);
  const fields = visible.filter((column) => column.accessor !== ACTIONS_ACCESSOR);
  return {
    actions: visible.filter((column) => column.accessor === ACTIONS_ACCESSOR),
    fields,
    controls: fields.filter((column) => !isText(titleOf(column))),
  };
}

function cellValue<T>(column: DataTableColumn<T>, record: T, index: number): ReactNode {
  if (column.render) return column.render(record, index);
  return getValueAtPath(record, String(column.accessor)) as ReactNode;
}

function isBlank(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === "";
}

/**
 * The table on a phone: each row a card of its columns' titles and values, the row's buttons at the
 * bottom (the "actions" column), the whole card opening the row where the page opens rows (Enter or
 * Space on the focused card too). Nothing scrolls sideways, so no button is out of reach. Sorting is a
 * select of the sortable columns, paging the same pager and words as the table's.
 */
export function DataTableCards<T>(props: DataTableCardsProps<T>) {
  const { t } = useTranslation();
  const pager = usePagerTexts();
  const listRef = useRef<HTMLUListElement>(null);
  const { columns, rows, page, pageSize, totalRecords, onRowClick } = props;
  const { fields, controls } = columnRoles(columns);
  const sortable = props.onSort ? fields.filter((column) => column.sortable && isText(titleOf(column))) : [];
  const pages = Math.max(1, Math.ceil(totalRecords / pageSize));
  const showRows = !props.loading && !props.error && rows.length > 0;

  function changePage(next: number) {
    props.onPageChange(next);
    // The next page starts at the top of the list, not where the reader left the last card.
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    if (top < 0) listRef.current?.scrollIntoView?.({ block: "start" });
  }

  const sortOptions = sortable.flatMap((column) => {
    const name = String(titleOf(column));
    return (["asc", "desc"] as const).map((direction) => ({
      value: `${String(column.accessor)}:${direction}`,
      label: t(direction === "asc" ? "ds.table.sortOptionAscending" : "ds.table.sortOptionDescending", {
        column: name,
      }),
    }));
  });
  const sortValue = props.sortStatus
    ? `${String(props.sortStatus.columnAccessor)}:${props.sortStatus.direction}`
    : null;

  const toolbar = (sortOptions.length > 0 || (controls.length > 0 && showRows)) && (
    <div className={classes.cardsToolbar}>
      {showRows &&
        controls.map((column) => <div key={String(column.accessor)}>{shownControl(titleOf(column))}</div>)}
      {sortOptions.length > 0 && (
        <Select
          className={classes.cardsSort}
          label={t("ds.table.sortBy")}
          data={sortOptions}
          value={sortValue}
          allowDeselect={false}
          disabled={props.loading}
          onChange={(value) => {
            if (!value || !props.onSort) return;
            const [accessor = "", direction] = value.split(":");
            props.onSort({ columnAccessor: accessor, direction: direction === "desc" ? "desc" : "asc" });
          }}
        />
      )}
    </div>
  );

  if (props.loading && !props.error) {
    return (
      <>
        {toolbar}
        <ul className={classes.cards} aria-label={props.label}>
          {Array.from({ length: props.skeletonCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart.
            <li key={i} className={classes.card}>
              <dl className={classes.cardFields}>
                {fields
                  .filter((column) => isText(titleOf(column)))
                  .map((column) => (
                    <div key={String(column.accessor)} className={classes.cardField}>
                      <dt>{titleOf(column)}</dt>
                      <dd>
                        <Skeleton height={12} width="60%" radius="sm" />
                      </dd>
                    </div>
                  ))}
              </dl>
            </li>
          ))}
        </ul>
      </>
    );
  }

  if (props.error || !showRows) {
    return (
      <div className={classes.cardsState}>
        {props.error ? (
          <ErrorState {...(props.onRetry ? { onRetry: props.onRetry } : {})} />
        ) : (
          props.empty && <EmptyState {...props.empty} />
        )}
      </div>
    );
  }

  const from = (page - 1) * pageSize + 1;
  return (
    <>
      {toolbar}
      <div className={classes.cardsFrame}>
        <RowCards
          label={props.label}
          columns={columns}
          rows={rows}
          rowKey={props.rowKey}
          listRef={listRef}
          {...(onRowClick ? { onRowClick } : {})}
        />
        <LoadingOverlay visible={props.fetching} zIndex={2} overlayProps={{ blur: 1 }} />
      </div>
      <div className={classes.cardsPager}>
        <Text size="sm">
          {pager.summary({ page, pages, from, to: from + rows.length - 1, total: totalRecords })}
        </Text>
        {pages > 1 && (
          <Pagination
            size="sm"
            total={pages}
            value={page}
            onChange={changePage}
            getControlProps={pager.controlProps}
            getItemProps={pager.itemProps}
          />
        )}
      </div>
    </>
  );
}

/**
 * The rows as cards, without paging or states: each card its columns' titles and values, a header's
 * control without a label on top, the "actions" column's buttons at the bottom. DataTable's phone
 * layout and ListTable's both.
 */
export function RowCards<T>({
  label,
  columns,
  rows,
  rowKey,
  onRowClick,
  listRef,
}: {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (record: T) => string;
  onRowClick?: RowClick<T>;
  listRef?: RefObject<HTMLUListElement | null>;
}) {
  const { actions, fields, controls } = columnRoles(columns);

  function open(event: MouseEvent | KeyboardEvent, record: T, index: number) {
    // The page's handler reads the event's target (a link or button inside opens itself).
    onRowClick?.({ event: event as MouseEvent<HTMLTableRowElement>, record, index });
  }

  return (
    <ul ref={listRef} className={classes.cards} aria-label={label}>
      {rows.map((record, index) => {
        const cells = (of: DataTableColumn<T>[]) =>
          of
            .map((column) => ({ key: String(column.accessor), value: cellValue(column, record, index) }))
            .filter((cell) => !isBlank(cell.value))
            .map((cell) => <Fragment key={cell.key}>{cell.value}</Fragment>);
        const bare = cells(controls);
        const buttons = cells(actions);
        return (
          <li
            key={rowKey(record)}
            className={classes.card}
            data-clickable={onRowClick ? true : undefined}
            {...(onRowClick
              ? {
                  // The card opens its row like the table's row, from the keyboard too; its own
                  // buttons and links keep their focus and their keys.
                  tabIndex: 0,
                  onClick: (event: MouseEvent) => {
                    if (insideControl(event)) return;
                    open(event, record, index);
                  },
                  onKeyDown: (event: KeyboardEvent) => {
                    if (event.target !== event.currentTarget) return;
                    if (event.key !== "Enter" && event.key !== " ") return;
                    event.preventDefault();
                    open(event, record, index);
                  },
                }
              : {})}
          >
            {bare.length > 0 && <div className={classes.cardBare}>{bare}</div>}
            <dl className={classes.cardFields}>
              {fields
                .filter((column) => isText(titleOf(column)))
                .map((column) => {
                  const value = cellValue(column, record, index);
                  if (isBlank(value)) return null;
                  return (
                    <div key={String(column.accessor)} className={classes.cardField}>
                      <dt>{titleOf(column)}</dt>
                      <dd>{value}</dd>
                    </div>
                  );
                })}
            </dl>
            {buttons.length > 0 && <div className={classes.cardActions}>{buttons}</div>}
          </li>
        );
      })}
    </ul>
  );
}
