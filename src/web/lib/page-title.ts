import { useEffect } from "react";
import { useTranslation } from "react-i18next";

const PRODUCT = "Pedaali";

/** Sets `document.title` to "<title> – Pedaali", or just "Pedaali" on the home page (SPEC §1). */
export function usePageTitle(title: string | null): void {
  const { t } = useTranslation();
  const full = title ? t("common.pageTitle", { title }) : PRODUCT;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
