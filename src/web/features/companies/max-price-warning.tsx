import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isMaxPriceImplausiblyLow, LOWEST_SENSIBLE_MAX_PRICE_CENTS } from "../../../domain/companies.ts";
import { parseEuroInput } from "../../../domain/money.ts";
import { money } from "../../lib/money.ts";

/**
 * Under a max price field (the company's, an employee's): a warning while the typed price is too low
 * for a sensible benefit bike. Saving still works; a price of 0 € or 10 € is more often a typo than a
 * policy. The status region is there from the start, so the warning is read out when it appears.
 */
export function MaxPriceWarning({ typed }: { typed: string }) {
  const { t } = useTranslation();
  const cents = parseEuroInput(typed);
  return (
    <div role="status">
      {cents !== null && isMaxPriceImplausiblyLow(cents) && (
        <Alert color="yellow" variant="light" title={t("maxPriceWarning.title")}>
          {t("maxPriceWarning.text", {
            lowest: money(LOWEST_SENSIBLE_MAX_PRICE_CENTS),
          })}
        </Alert>
      )}
    </div>
  );
}
