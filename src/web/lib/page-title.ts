import { createContext, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";

const PRODUCT = "Pedaali";

/**
 * What a page says about itself for the document head. The build's prerender (entry-server.tsx) provides
 * one and reads it after rendering, since effects do not run there; in the browser there is none.
 */
export type PageHead = { title?: string; description?: string };
export const PageHeadContext = createContext<PageHead | null>(null);

/**
 * Sets `document.title` to "<title> – Pedaali", or just "Pedaali" on the home page (docs/product.md "Who uses it"). The
 * description (the page's lead) is for the prerendered page's meta description.
 */
export function usePageTitle(title: string | null, description?: string): void {
  const { t } = useTranslation();
  const full = title ? t("common.pageTitle", { title }) : PRODUCT;
  const head = useContext(PageHeadContext);
  if (head) Object.assign(head, { title: full, description });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
