import { Alert, Anchor, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCalculatorMyTerms } from "../../../contract/calculator.ts";
import { monthlyLeasePayment } from "../../../domain/calculator/lease-payment.ts";
import { AppLink } from "../../components/app-link.tsx";
import { DetailsList } from "../../components/details-list.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { money } from "../../lib/money.ts";
import { type TMyBenefit, useMyBenefit, useMyTerms } from "./mybike-api.ts";
import { NetCost } from "./net-cost.tsx";

/** The lease period the estimate uses: 36 months where the policy and the billing table allow it. */
function estimateMonths(benefit: TMyBenefit, terms: TCalculatorMyTerms): number {
  const min = Math.max(benefit.policy.minLeaseTimeMonths, terms.leaseTerms.minLeaseMonths);
  const max = Math.min(benefit.policy.maxLeaseTimeMonths, terms.leaseTerms.maxLeaseMonths);
  return Math.max(min, Math.min(36, max));
}

/**
 * A compact estimate instead of the whole calculator (the calculator feature is its own chunk, and
 * features do not import each other): the monthly payment of a bike at the max price with the
 * company's billing table, what it takes from the employee's net pay in their own municipality and
 * church (NetCost), and the link to /laskuri with that price, which opens with the employee's own terms.
 */
function Estimate({ benefit }: { benefit: TMyBenefit }) {
  const { t } = useTranslation();
  const terms = useMyTerms();
  const price = benefit.maxPriceCents;
  if (!terms.data || !price || price <= 0) {
    return (
      <Anchor component={AppLink} to="/laskuri" fw={600}>
        {t("myBike.benefit.calculatorLink")}
      </Anchor>
    );
  }
  const months = estimateMonths(benefit, terms.data);
  const payment = monthlyLeasePayment(price, months, terms.data.leaseTerms);
  const search = new URLSearchParams({ price: String(price / 100), months: String(months) });
  return (
    <Stack gap="sm">
      <Text data-testid="benefit-estimate">
        {t("myBike.benefit.estimate", {
          price: money(price),
          payment: money(payment.totalCents),
          months,
        })}
      </Text>
      <NetCost priceCents={price} months={months} terms={terms.data} />
      <Anchor component={AppLink} to={`/laskuri?${search}`} fw={600}>
        {t("myBike.benefit.calculatorLink")}
      </Anchor>
    </Stack>
  );
}

/** The employee's bike benefit: the company, the max price and the bike policy, and an estimate. */
export function BenefitSection() {
  const { t } = useTranslation();
  const benefit = useMyBenefit();
  const yesNo = (value: boolean) => t(value ? "myBike.benefit.yes" : "myBike.benefit.no");
  return (
    <SectionCard title={t("myBike.benefit.title")} description={t("myBike.benefit.description")}>
      {benefit.isPending && <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />}
      {benefit.isError && (
        <Alert color="red" role="alert">
          {t("myBike.benefit.loadError")}
        </Alert>
      )}
      {benefit.data && (
        <Stack gap="md">
          <DetailsList
            items={[
              { label: t("myBike.benefit.company"), value: benefit.data.companyName },
              {
                label: t("myBike.benefit.maxPrice"),
                value:
                  benefit.data.maxPriceCents === null
                    ? t("myBike.benefit.noMaxPrice")
                    : money(benefit.data.maxPriceCents),
              },
              ...(benefit.data.policy
                ? [
                    {
                      label: t("myBike.benefit.leasePeriods"),
                      value: t("myBike.benefit.leasePeriodRange", {
                        min: benefit.data.policy.minLeaseTimeMonths,
                        max: benefit.data.policy.maxLeaseTimeMonths,
                      }),
                    },
                    {
                      label: t("myBike.benefit.approval"),
                      value: yesNo(benefit.data.policy.requiresEmployerApproval),
                    },
                    {
                      label: t("myBike.benefit.accessories"),
                      value: yesNo(benefit.data.policy.accessoriesAllowed),
                    },
                    {
                      label: t("myBike.benefit.maintenance"),
                      value: yesNo(benefit.data.policy.maintenanceIncluded),
                    },
                    {
                      label: t("myBike.benefit.insurance"),
                      value: yesNo(benefit.data.policy.insuranceRequired),
                    },
                    {
                      label: t("myBike.benefit.policyText"),
                      value: benefit.data.policy.policyText && (
                        <CompanyOwnText text={benefit.data.policy.policyText} />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Estimate benefit={benefit.data} />
        </Stack>
      )}
    </SectionCard>
  );
}

/**
 * A text the employer wrote itself (its bike policy), shown as written and said to be the employer's
 * own: it is in the language the employer wrote it in, not translated to the reader's.
 */
function CompanyOwnText({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {text}
      </Text>
      <Text size="xs" c="dimmed">
        {t("myBike.benefit.employerOwnText")}
      </Text>
    </Stack>
  );
}
