import { useTranslation } from "react-i18next";
import { PackageLinesTable } from "../../components/package-lines-table.tsx";
import type { TOrderItem } from "./mybike-api.ts";

/** The bike package as the store gave it: its lines with prices incl. VAT and the total. */
export function PackageTable({ items, totalCents }: { items: readonly TOrderItem[]; totalCents: number }) {
  const { t } = useTranslation();
  return (
    <PackageLinesTable
      lines={items}
      totalCents={totalCents}
      labels={{
        caption: t("myBike.package.table"),
        item: t("myBike.package.item"),
        quantity: t("myBike.package.quantity"),
        unitPrice: t("myBike.package.unitPrice"),
        discount: t("myBike.package.discount"),
        lineTotal: t("myBike.package.lineTotal"),
        total: t("myBike.package.total"),
      }}
    />
  );
}
