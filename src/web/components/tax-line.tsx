import { useTranslation } from "react-i18next";
import type { TLeaseTax } from "../../contract/leasing-agreements.ts";
import { formatDate } from "../lib/formatters.ts";

/**
 * An order's tax line, the same words on every side that shows one (the employee's page, the helpdesk's
 * order): what the server's leaseTax says applies to that lease from its own dates. Nothing here reads a
 * regime or a date rule, so a view cannot say tax-free for a lease that never was.
 */
export function useTaxLine(): (tax: TLeaseTax | null | undefined) => string {
  const { t } = useTranslation();
  return (tax) => {
    if (!tax || tax.kind === "UNKNOWN") return t("taxLine.unknown");
    if (tax.kind === "TAXABLE" || !tax.taxFreeUntil) return t("taxLine.taxable");
    if (tax.kind === "TAX_FREE_THEN_TAXABLE" && tax.taxableFrom) {
      return t("taxLine.taxFreeThenTaxable", {
        until: formatDate(tax.taxFreeUntil),
        from: formatDate(tax.taxableFrom),
      });
    }
    return t("taxLine.taxFreeUntil", { date: formatDate(tax.taxFreeUntil) });
  };
}
