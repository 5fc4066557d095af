import { Table, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";

export type FiguresData = { head: string[]; rows: ReactNode[][] };

/**
 * A chart's figures as a table: always there for screen readers (the chart itself is hidden from
 * them), shown on screen when the reader asks.
 */
export function FiguresTable({
  caption,
  data,
  shown,
}: {
  caption: string;
  data: FiguresData;
  shown: boolean;
}) {
  const table = (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {data.head.map((cell) => (
            <Table.Th key={cell} scope="col">
              {cell}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed for one answer.
          <Table.Tr key={r}>
            {row.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={data.head[i]} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={data.head[i]} style={{ fontVariantNumeric: "tabular-nums" }}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!shown) return <VisuallyHidden>{table}</VisuallyHidden>;
  // A wide table scrolls inside its own box on a phone; the box takes focus so keys can scroll it
  // (as the design system's DataTable does).
  return (
    <Table.ScrollContainer
      minWidth={320}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": caption } }}
    >
      {table}
    </Table.ScrollContainer>
  );
}
