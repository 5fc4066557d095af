import { Alert, Button, Group, Loader, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DetailsList } from "../../components/details-list.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatMoney } from "../../lib/formatters.ts";
import { type TMyOrder, useAcceptPackage, useOffer } from "./mybike-api.ts";
import { PackageTable } from "./package-table.tsx";

/**
 * PACKAGE_PROVIDED: the store's package, what the employee pays themselves above the max price, the
 * lease period (from the offer's allowed periods; each choice asks GET /offer?leaseTimeMonths= again for
 * the monthly payment and the gross-salary deduction) and "Accept" (POST /accept). The lines shown are
 * the offer's own, the ones its figures were priced on, and the acceptance names their packageVersion:
 * should the store change the package meanwhile, the refusal says so and the new offer shows.
 */
export function PackageOffer({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [months, setMonths] = useState<number | null>(null);
  const offer = useOffer(order.orderId, months);
  const accept = useAcceptPackage(order.orderId);
  const data = offer.data;
  const items = data?.items ?? order.items;
  const userPayment = data?.userPaymentCents ?? order.userPaymentCents;

  return (
    <Stack gap="md">
      <Text>{t("myBike.package.intro")}</Text>
      {items.length > 0 && (
        <PackageTable items={items} totalCents={data?.totalPriceCents ?? order.totalPriceCents} />
      )}
      {userPayment > 0 && (
        <Alert color="yellow" title={t("myBike.package.userPaymentTitle")} data-testid="user-payment">
          {t("myBike.package.userPayment", { amount: formatMoney(userPayment, lng) })}
        </Alert>
      )}
      {offer.isPending && <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />}
      {offer.isError && (
        <Alert color="red" role="alert">
          {formErrorMessage(offer.error, t)}
        </Alert>
      )}
      {data && (
        <>
          <Select
            label={t("myBike.package.leasePeriod")}
            description={t("myBike.package.leasePeriodHelp")}
            data={data.allowedLeaseTimes.map((n) => ({
              value: String(n),
              label: t("myBike.months", { n }),
            }))}
            value={String(data.leaseTimeMonths)}
            onChange={(value) => value && setMonths(Number(value))}
            allowDeselect={false}
            maw={280}
          />
          <DetailsList
            items={[
              {
                label: t("myBike.package.monthlyPayment"),
                value: formatMoney(data.monthlyPaymentCents, lng),
              },
              {
                label: t("myBike.package.grossDeduction"),
                value: formatMoney(data.grossDeductionCents, lng),
              },
              {
                label: t("myBike.package.residualValue"),
                value: formatMoney(data.residualValueCents, lng),
              },
              { label: t("myBike.package.userPaymentLabel"), value: formatMoney(userPayment, lng) },
            ]}
          />
          {offer.isFetching && (
            <Text size="sm" c="dimmed">
              {t("myBike.package.updating")}
            </Text>
          )}
          {accept.isError && (
            <Alert color="red" role="alert">
              {formErrorMessage(accept.error, t)}
            </Alert>
          )}
          <Group>
            <Button
              onClick={() =>
                accept.mutate({ leaseTimeMonths: data.leaseTimeMonths, packageVersion: data.packageVersion })
              }
              loading={accept.isPending}
              disabled={offer.isFetching}
            >
              {t("myBike.package.accept")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
