import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TStoreDetails } from "../../../contract/store-accounts.ts";

/** The store a user of several stores works on; nothing for a user of one. */
export function StoreSelect({
  stores,
  value,
  onChange,
}: {
  stores: TStoreDetails["stores"];
  value: string;
  onChange: (storeId: string) => void;
}) {
  const { t } = useTranslation();
  if (stores.length < 2) return null;
  return (
    <Select
      label={t("storeAccount.details.store")}
      data={stores.map((s) => ({ value: s.bikeStoreId, label: s.storeName }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next)}
      maw={360}
    />
  );
}
