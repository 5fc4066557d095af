import { Alert, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCalculatorResult } from "../../../contract/calculator.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { formatDate } from "../../lib/formatters.ts";
import classes from "./calculator-page.module.css";
import { useMoney, usePercent } from "./display.ts";

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={classes.figure}>
      <Text size="sm" c="dimmed" component="p">
        {label}
      </Text>
      <Text className={classes.figureValue} component="p">
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed" component="p">
          {note}
        </Text>
      )}
    </div>
  );
}

/** Which of the 2026 rules applies, in plain words (docs/tax-parameters.md "The transition" and "A gross-salary exchange"). */
function TaxRuleNotice({ result }: { result: TCalculatorResult }) {
  const { t } = useTranslation();
  const money = useMoney();
  const laterTaxable = result.years.some(
    (y) => y.year > result.year && y.taxFreeBenefit === 0 && y.taxableBenefit > 0,
  );
  if (result.grandfathered) {
    return (
      <Alert variant="light" color="pedaali" title={t("calculator.rules.grandfatheredTitle")}>
        {t("calculator.rules.grandfathered")}
      </Alert>
    );
  }
  if (result.taxFreeBenefitPerMonth === 0) {
    return (
      <Alert variant="light" color="yellow" title={t("calculator.rules.taxableTitle")}>
        {t("calculator.rules.taxable", { amount: money(result.monthlyPayment) })}
      </Alert>
    );
  }
  if (laterTaxable) {
    return (
      <Alert variant="light" color="yellow" title={t("calculator.rules.endsTitle")}>
        {t("calculator.rules.ends")}
      </Alert>
    );
  }
  return null;
}

/** The answer: what the lease takes from net pay each month and in all, against buying the bike. */
export function ResultSummary({ result, year }: { result: TCalculatorResult | null; year: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = usePercent();
  if (!result) {
    return (
      <SectionCard title={t("calculator.resultTitle", { year })}>
        <EmptyState text={t("calculator.incomplete")} />
      </SectionCard>
    );
  }
  const saving = result.totalSaving;
  const services = result.paymentParts
    ? (result.paymentParts.insurance + result.paymentParts.maintenance) * result.leaseTimeMonths
    : null;
  const parts = result.paymentParts;
  return (
    <SectionCard title={t("calculator.resultTitle", { year })}>
      <div className={classes.figures}>
        <Figure
          label={t("calculator.netReduction")}
          value={t("calculator.perMonth", { amount: money(result.monthlyNetPayReduction) })}
        />
        <Figure
          label={t("calculator.payment")}
          value={t("calculator.perMonth", { amount: money(result.monthlyPayment) })}
        />
        <Figure
          label={t("calculator.totalWithBenefit")}
          value={money(result.totalCostWithBenefit)}
          note={t("calculator.totalWithBenefitNote", {
            months: result.leaseTimeMonths,
            redemption: money(result.redemptionPrice),
          })}
        />
        <Figure
          label={t("calculator.totalBuying")}
          value={money(result.totalCostWithoutBenefit)}
          note={t("calculator.totalBuyingNote")}
        />
      </div>
      {saving >= 0 ? (
        <Alert
          variant="light"
          color="pedaali"
          title={t("calculator.savingTitle", { amount: money(saving) })}
          mt="md"
        >
          {t("calculator.saving")}
        </Alert>
      ) : (
        <Alert
          variant="light"
          color="red"
          title={t("calculator.costsMoreTitle", { amount: money(-saving) })}
          mt="md"
        >
          {services !== null
            ? t("calculator.costsMoreServices", { amount: money(services) })
            : t("calculator.costsMore")}
        </Alert>
      )}
      <div className={classes.notice}>
        <TaxRuleNotice result={result} />
      </div>
      <DetailsList
        items={[
          {
            label: t("calculator.details.payment"),
            value: parts
              ? t("calculator.details.paymentParts", {
                  financing: money(parts.financing),
                  insurance: money(parts.insurance),
                  maintenance: money(parts.maintenance),
                  fee: money(parts.serviceFee),
                })
              : t("calculator.details.paymentTyped"),
          },
          {
            label: t("calculator.details.grossDeduction"),
            value: t("calculator.perMonth", { amount: money(result.monthlyGrossDeduction) }),
          },
          {
            label: t("calculator.details.taxFree"),
            value: t("calculator.perMonth", { amount: money(result.taxFreeBenefitPerMonth) }),
          },
          {
            label: t("calculator.details.taxable"),
            value: t("calculator.perMonth", { amount: money(result.taxableBenefitPerMonth) }),
          },
          {
            label: t("calculator.details.netWithout"),
            value: t("calculator.perMonth", { amount: money(result.netPayWithoutBenefit) }),
          },
          {
            label: t("calculator.details.netWith"),
            value: t("calculator.perMonth", { amount: money(result.netPayWithBenefit) }),
          },
          { label: t("calculator.details.redemption"), value: money(result.redemptionPrice) },
          ...(result.campaignDiscount > 0
            ? [{ label: t("calculator.details.campaign"), value: money(result.campaignDiscount) }]
            : []),
          {
            label: t("calculator.details.marginal"),
            value: percent(result.marginalTaxRate),
          },
          {
            label: t("calculator.details.rates"),
            value: t("calculator.details.ratesValue", {
              municipal: percent(result.municipalTaxPercent),
              church: percent(result.churchTaxPercent),
            }),
          },
          {
            label: t("calculator.details.start"),
            value: t("calculator.details.startValue", {
              contract: formatDate(result.contractDate),
              start: formatDate(`${result.leaseStart}-01`),
            }),
          },
        ]}
      />
    </SectionCard>
  );
}
