import { Alert, Button, Checkbox, Group, Loader, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { financedCentsOf } from "../../../domain/order-offer.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { money } from "../../lib/money.ts";
import { type TMyOrder, useAcceptPackage, useOffer } from "./mybike-api.ts";
import { PackageTable } from "./package-table.tsx";

/**
 * PACKAGE_PROVIDED: the store's package, what the employee pays themselves above the max price, the
 * lease period (from the offer's allowed periods; each choice asks GET /offer?leaseTimeMonths= again for
 * the monthly payment and the gross-salary deduction) and "Accept" (POST /accept). The lines shown are
 * the offer's own, the ones its figures were priced on, and the acceptance names their packageVersion:
 * should the store change the package meanwhile, the refusal says so and the new offer shows. A package
 * above the max price shows the max price and the difference, a month and in total, and is accepted only
 * once the employee has ticked that they pay the difference themselves (the server asks the same).
 */
export function PackageOffer({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number | null>(null);
  // The confirmation is of the figures shown: another package or period asks for it again.
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const offer = useOffer(order.orderId, months);
  const accept = useAcceptPackage(order.orderId);
  const data = offer.data;
  const items = data?.items ?? order.items;
  const userPayment = data?.userPaymentCents ?? order.userPaymentCents;
  const overMax = userPayment > 0;
  const shown = data ? `${data.packageVersion}:${data.leaseTimeMonths}` : null;
  const overMaxConfirmed = shown !== null && confirmedFor === shown;
  const overMaxFigures = data && {
    total: money(data.totalPriceCents),
    // What the lease finances of a package above the max price is the max price itself.
    max: money(financedCentsOf(data)),
    amount: money(data.userPaymentCents),
    monthly: money(data.monthlyPaymentCents),
    perMonth: money(0),
  };

  return (
    <Stack gap="md">
      <Text>{t("myBike.package.intro")}</Text>
      {items.length > 0 && (
        <PackageTable items={items} totalCents={data?.totalPriceCents ?? order.totalPriceCents} />
      )}
      {overMax && (
        <Alert color="yellow" title={t("myBike.package.userPaymentTitle")} data-testid="user-payment">
          {overMaxFigures
            ? t("myBike.package.overMaxDetail", overMaxFigures)
            : t("myBike.package.userPayment", { amount: money(userPayment) })}
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
                value: money(data.monthlyPaymentCents),
              },
              {
                label: t("myBike.package.grossDeduction"),
                value: money(data.grossDeductionCents),
              },
              {
                label: t("myBike.package.residualValue"),
                value: money(data.residualValueCents),
              },
              { label: t("myBike.package.userPaymentLabel"), value: money(userPayment) },
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
          {overMax && overMaxFigures && (
            <Checkbox
              label={t("myBike.package.overMaxConfirm", overMaxFigures)}
              checked={overMaxConfirmed}
              onChange={(event) => setConfirmedFor(event.currentTarget.checked ? shown : null)}
            />
          )}
          <Group>
            <Button
              onClick={() =>
                accept.mutate({
                  leaseTimeMonths: data.leaseTimeMonths,
                  packageVersion: data.packageVersion,
                  ...(overMax ? { overMaxPriceConfirmed: overMaxConfirmed } : {}),
                })
              }
              loading={accept.isPending}
              disabled={offer.isFetching || (overMax && !overMaxConfirmed)}
            >
              {t("myBike.package.accept")}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
