import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import {
  type PackageItemNaming,
  type PackageLineAmounts,
  packageItemDescription,
  packageLineCents,
} from "../../domain/order-package.ts";
import { money } from "../lib/money.ts";
import { usePhoneLayout } from "./data-table-parts.tsx";
import { PhoneCardList } from "./phone-card-list.tsx";

export type PackageLine = PackageItemNaming & PackageLineAmounts;

export type PackageLinesLabels = {
  /** Names the table (and its scroll box on a phone). */
  caption: string;
  item: string;
  quantity: string;
  unitPrice: string;
  discount: string;
  lineTotal: string;
  total: string;
};

/**
 * A bike package's lines with their prices incl. VAT and the total, read-only: the same table for the
 * employee accepting it and the store that entered it. A line's price is counted by the domain's rule,
 * the one the server uses. On a phone the lines are cards and the total stands under them in full view.
 */
export function PackageLinesTable<L extends PackageLine>({
  lines,
  totalCents,
  labels,
  typeColumn,
}: {
  lines: readonly L[];
  totalCents: number;
  labels: PackageLinesLabels;
  /** A first column of the line's type, when the reader needs it (the store does). */
  typeColumn?: { heading: string; of: (line: L) => ReactNode };
}) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <PhoneCardList
        label={labels.caption}
        cards={lines.map((line, index) => ({
          key: String(index),
          title: packageItemDescription(line),
          values: [
            ...(typeColumn ? [{ label: typeColumn.heading, value: typeColumn.of(line) }] : []),
            { label: labels.quantity, value: line.quantity },
            { label: labels.unitPrice, value: money(line.unitPriceCents) },
            ...(line.discountCents ? [{ label: labels.discount, value: money(line.discountCents) }] : []),
            { label: labels.lineTotal, value: money(packageLineCents(line)) },
          ],
        }))}
        footer={{ label: labels.total, value: money(totalCents) }}
      />
    );
  }
  return (
    <Table.ScrollContainer
      minWidth={typeColumn ? 600 : 520}
      // On a phone the table scrolls in its own box, which takes focus so keys can scroll it.
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": labels.caption } }}
    >
      <Table
        striped
        withTableBorder
        aria-label={labels.caption}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        <Table.Thead>
          <Table.Tr>
            {typeColumn && <Table.Th>{typeColumn.heading}</Table.Th>}
            <Table.Th>{labels.item}</Table.Th>
            <Table.Th ta="right">{labels.quantity}</Table.Th>
            <Table.Th ta="right">{labels.unitPrice}</Table.Th>
            <Table.Th ta="right">{labels.discount}</Table.Th>
            <Table.Th ta="right">{labels.lineTotal}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are shown in the package's order, never reordered.
            <Table.Tr key={index}>
              {typeColumn && <Table.Td>{typeColumn.of(line)}</Table.Td>}
              <Table.Td>{packageItemDescription(line)}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{money(line.unitPriceCents)}</Table.Td>
              <Table.Td ta="right">{line.discountCents ? money(line.discountCents) : "–"}</Table.Td>
              <Table.Td ta="right">{money(packageLineCents(line))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={typeColumn ? 5 : 4}>{labels.total}</Table.Th>
            <Table.Td ta="right">
              <Text fw={700} span>
                {money(totalCents)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
