import { Alert, Button, Table, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TPackageItem } from "../../../contract/store-links.ts";
import { packageItemDescription, packageLineCents } from "../../../domain/order-package.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { InvalidLinkNotice } from "../../components/invalid-link-notice.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatMoney } from "../../lib/formatters.ts";

/** What a store link page shows when its link does not work (unknown, expired, replaced, cancelled). */
export function StoreLinkInvalid() {
  const { t } = useTranslation();
  return (
    <InvalidLinkNotice
      title={t("storeLinks.invalid.title")}
      what={t("storeLinks.invalid.what")}
      next={t("storeLinks.invalid.next")}
      actions={
        <Button component={AppLink} to={buildPath("contact")}>
          {t("storeLinks.invalid.contact")}
        </Button>
      }
    />
  );
}

/** Any other failure to read the link's order (the network, the server). */
export function StoreLinkLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" title={t("forms.errorTitle")}>
      {formErrorMessage(error, t)}
    </Alert>
  );
}

/** The package line types in the reader's language. */
export function itemTypeLabels(t: TFunction): Record<TPackageItem["itemType"], string> {
  return {
    BIKE: t("storeLinks.itemType.BIKE"),
    ACCESSORY: t("storeLinks.itemType.ACCESSORY"),
    SERVICE: t("storeLinks.itemType.SERVICE"),
    INSURANCE: t("storeLinks.itemType.INSURANCE"),
    OTHER: t("storeLinks.itemType.OTHER"),
  };
}

/** The package as entered: its lines with prices incl. VAT and the total (read-only). */
export function StorePackageTable({
  items,
  totalCents,
}: {
  items: readonly TPackageItem[];
  totalCents: number;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const types = itemTypeLabels(t);
  return (
    <Table.ScrollContainer
      minWidth={600}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("storeLinks.package.tableLabel") } }}
    >
      <Table
        striped
        withTableBorder
        aria-label={t("storeLinks.package.tableLabel")}
        style={{ fontVariantNumeric: "tabular-nums" }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("storeLinks.line.type")}</Table.Th>
            <Table.Th>{t("storeLinks.line.product")}</Table.Th>
            <Table.Th ta="right">{t("storeLinks.line.quantity")}</Table.Th>
            <Table.Th ta="right">{t("storeLinks.line.unitPrice")}</Table.Th>
            <Table.Th ta="right">{t("storeLinks.line.discount")}</Table.Th>
            <Table.Th ta="right">{t("storeLinks.line.lineTotal")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            // Lines have no id of their own here; their order is the package's.
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are shown, never reordered.
            <Table.Tr key={index}>
              <Table.Td>{types[item.itemType]}</Table.Td>
              <Table.Td>{packageItemDescription(item)}</Table.Td>
              <Table.Td ta="right">{item.quantity}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.unitPriceCents, lng)}</Table.Td>
              <Table.Td ta="right">
                {item.discountCents ? formatMoney(item.discountCents, lng) : "–"}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(packageLineCents(item), lng)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={5}>{t("storeLinks.package.total")}</Table.Th>
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
