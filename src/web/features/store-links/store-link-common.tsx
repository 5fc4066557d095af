import { Alert, Button } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TPackageItem } from "../../../contract/store-links.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { InvalidLinkNotice } from "../../components/invalid-link-notice.tsx";
import { PackageLinesTable } from "../../components/package-lines-table.tsx";
import { formErrorMessage } from "../../lib/form-errors.ts";

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
  const types = itemTypeLabels(t);
  return (
    <PackageLinesTable
      lines={items}
      totalCents={totalCents}
      labels={{
        caption: t("storeLinks.package.tableLabel"),
        item: t("storeLinks.line.product"),
        quantity: t("storeLinks.line.quantity"),
        unitPrice: t("storeLinks.line.unitPrice"),
        discount: t("storeLinks.line.discount"),
        lineTotal: t("storeLinks.line.lineTotal"),
        total: t("storeLinks.package.total"),
      }}
      typeColumn={{ heading: t("storeLinks.line.type"), of: (line) => types[line.itemType] }}
    />
  );
}
