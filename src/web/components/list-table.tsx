import { Table } from "@mantine/core";
import type { DataTableColumn } from "mantine-datatable";
import { RowCards } from "./data-table-cards.tsx";
import { usePhoneLayout } from "./data-table-parts.tsx";

export type ListTableProps<T> = {
  /** Names the table (and on a phone the list of cards) for screen readers. */
  label: string;
  /** As DataTable's: title, render, textAlign, noWrap; the row's buttons in the column "actions". */
  columns: DataTableColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Below this width the table scrolls sideways inside its frame (from the `sm` breakpoint up). */
  minWidth?: number;
};

/**
 * A short list of one object's parts that is not paged (an order's invoices, a case's receipts or
 * payments): a striped table, and below the `sm` breakpoint the same cards as DataTable's, so that no
 * button of a row lies beyond a phone's screen. A paged list from the API is a DataTable.
 */
export function ListTable<T>({ label, columns, rows, rowKey, minWidth }: ListTableProps<T>) {
  const phone = usePhoneLayout();
  if (phone) return <RowCards label={label} columns={columns} rows={rows} rowKey={rowKey} />;
  return (
    <Table.ScrollContainer
      minWidth={minWidth ?? 0}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": label } }}
    >
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={String(column.accessor)} ta={column.textAlign}>
                {column.title}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={String(column.accessor)}
                  ta={column.textAlign}
                  style={column.noWrap ? { whiteSpace: "nowrap" } : undefined}
                >
                  {column.render?.(row, index)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
