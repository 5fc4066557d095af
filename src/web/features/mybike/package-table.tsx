import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { packageItemDescription } from "../../../domain/order-package.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import { formatMoney } from "../../lib/formatters.ts";
import type { TOrderItem } from "./mybike-api.ts";

/** The bike package as the store gave it: its lines with prices incl. VAT and the total. */
export function PackageTable({ items, totalCents }: { items: readonly TOrderItem[]; totalCents: number }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  return (
    <Table.ScrollContainer
      minWidth={520}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("myBike.package.table") } }}
    >
      <Table
        striped
        withTableBorder
        aria-label={t("myBike.package.table")}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("myBike.package.item")}</Table.Th>
            <Table.Th ta="right">{t("myBike.package.quantity")}</Table.Th>
            <Table.Th ta="right">{t("myBike.package.unitPrice")}</Table.Th>
            <Table.Th ta="right">{t("myBike.package.discount")}</Table.Th>
            <Table.Th ta="right">{t("myBike.package.lineTotal")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{packageItemDescription(item)}</Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.unitPriceCents, lng)}</Table.Td>
              <Table.Td ta="right">
                {item.discountCents ? formatMoney(item.discountCents, lng) : "–"}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(item.lineTotalCents, lng)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>{t("myBike.package.total")}</Table.Th>
            <Table.Td ta="right">
              <Text fw={700} span>
                {formatMoney(totalCents, lng)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
