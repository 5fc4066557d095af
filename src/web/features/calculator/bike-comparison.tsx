import { Button, CloseButton, Group, ScrollArea, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCalculatorParameters, TCalculatorResult } from "../../../contract/calculator.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { tooLongText } from "../../lib/text-limit.ts";
import { AmountInput } from "./amount-input.tsx";
import {
  type CalculatorFormState,
  COMPARED_BIKE_NAME_MAX,
  type ComparedBike,
  euroBounds,
  MAX_COMPARED_BIKES,
  runCalculator,
} from "./calculator-form.ts";
import classes from "./calculator-page.module.css";
import { useMoney } from "./display.ts";

type Row = { key: string; name: string; result: TCalculatorResult | null };

/**
 * Up to three bikes side by side by what they cost in net pay, under the same salary, municipality and
 * lease: the form's own bike first, the others added here.
 */
export function BikeComparison({
  parameters,
  form,
  mainResult,
  onChange,
}: {
  parameters: TCalculatorParameters;
  form: CalculatorFormState;
  mainResult: TCalculatorResult;
  onChange: (others: ComparedBike[]) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const others = form.others;
  const update = (index: number, change: Partial<ComparedBike>) =>
    onChange(others.map((bike, i) => (i === index ? { ...bike, ...change } : bike)));
  const rows: Row[] = [
    { key: "main", name: t("calculator.compare.yourBike"), result: mainResult },
    ...others.map((bike, i) => ({
      key: `bike${i + 2}`,
      name: bike.name.trim() || t("calculator.compare.bikeN", { n: i + 2 }),
      result: runCalculator(parameters, form, bike).result,
    })),
  ];
  return (
    <SectionCard
      title={t("calculator.compare.title")}
      description={t("calculator.compare.help", { max: MAX_COMPARED_BIKES })}
      actions={
        <Button
          variant="light"
          data-no-print
          disabled={others.length >= MAX_COMPARED_BIKES - 1}
          onClick={() =>
            onChange([
              ...others,
              { name: "", bikePrice: form.bikePrice, accessoriesPrice: form.accessoriesPrice },
            ])
          }
        >
          {t("calculator.compare.add")}
        </Button>
      }
    >
      <Stack gap="md">
        {others.map((bike, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a compared bike is known by its place only (bike 2, bike 3), as in the address.
          <Group key={`bike${i + 2}`} align="end" wrap="wrap" data-no-print>
            <TextInput
              label={t("calculator.compare.name", { n: i + 2 })}
              value={bike.name}
              error={tooLongText(bike.name, COMPARED_BIKE_NAME_MAX, t)}
              onChange={(event) => update(i, { name: event.currentTarget.value })}
              w={{ base: "100%", sm: 200 }}
            />
            <AmountInput
              label={t("calculator.bikePrice")}
              value={bike.bikePrice}
              onChange={(value) => update(i, { bikePrice: value })}
              bounds={euroBounds("bikePrice")}
              w={{ base: "45%", sm: 150 }}
            />
            <AmountInput
              label={t("calculator.accessories")}
              value={bike.accessoriesPrice}
              onChange={(value) => update(i, { accessoriesPrice: value })}
              bounds={euroBounds("accessoriesPrice")}
              w={{ base: "45%", sm: 150 }}
            />
            <CloseButton
              aria-label={t("calculator.compare.remove", { n: i + 2 })}
              onClick={() => onChange(others.filter((_, j) => j !== i))}
              mb={6}
            />
          </Group>
        ))}
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("calculator.compare.title") }}>
          <table className={classes.table}>
            <thead>
              <tr>
                <th scope="col">{t("calculator.compare.bike")}</th>
                <th scope="col">{t("calculator.compare.package")}</th>
                <th scope="col">{t("calculator.payment")}</th>
                <th scope="col">{t("calculator.netReduction")}</th>
                <th scope="col">{t("calculator.totalWithBenefit")}</th>
                <th scope="col">{t("calculator.compare.againstBuying")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.name}</th>
                  {row.result ? (
                    <>
                      <td>{money(row.result.packagePrice)}</td>
                      <td>{money(row.result.monthlyPayment)}</td>
                      <td>{money(row.result.monthlyNetPayReduction)}</td>
                      <td>{money(row.result.totalCostWithBenefit)}</td>
                      <td>
                        {row.result.totalSaving >= 0
                          ? t("calculator.compare.saves", { amount: money(row.result.totalSaving) })
                          : t("calculator.compare.costsMore", { amount: money(-row.result.totalSaving) })}
                      </td>
                    </>
                  ) : (
                    <td colSpan={5}>{t("calculator.compare.incomplete")}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Stack>
    </SectionCard>
  );
}
