import { Alert, Anchor, ScrollArea, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TCalculatorParameters, TCalculatorResult } from "../../../contract/calculator.ts";
import { municipalRateFor } from "../../../domain/calculator/calculate.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import type { CalculatorFormState } from "./calculator-form.ts";
import classes from "./calculator-page.module.css";
import { useMoney } from "./display.ts";

/** The calculator's explanations below the answer: the year-by-year table and how it calculates. */

export function YearsCard({ result }: { result: TCalculatorResult }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <SectionCard title={t("calculator.yearsTitle")} description={t("calculator.yearsHelp")}>
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, "aria-label": t("calculator.yearsTitle") }}>
        <table className={classes.table}>
          <thead>
            <tr>
              <th scope="col">{t("calculator.yearColumn")}</th>
              <th scope="col">{t("calculator.monthsColumn")}</th>
              <th scope="col">{t("calculator.taxFreeColumn")}</th>
              <th scope="col">{t("calculator.taxableColumn")}</th>
              <th scope="col">{t("calculator.netCostColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {result.years.map((y) => (
              <tr key={y.year}>
                <th scope="row">{y.year}</th>
                <td>{y.months}</td>
                <td>{money(y.taxFreeBenefit)}</td>
                <td>{money(y.taxableBenefit)}</td>
                <td>{money(y.netCost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </SectionCard>
  );
}

export function HowWeCalculate({
  parameters,
  form,
}: {
  parameters: TCalculatorParameters;
  form: CalculatorFormState;
}) {
  const { t } = useTranslation();
  // One line per table (the brackets of a scale share a source), the chosen municipality's only.
  const municipality = municipalRateFor(
    parameters.municipalities,
    form.municipality,
    form.year,
  )?.municipality;
  const relevant = [
    ...new Map(
      parameters.unconfirmed
        .filter((u) => u.year === form.year && (u.table !== "province-tax-table" || u.name === municipality))
        .map((u) => [u.table, u]),
    ).values(),
  ];
  return (
    <SectionCard title={t("calculator.howTitle")}>
      <Stack gap="sm" className={classes.measure}>
        <Text>{t("calculator.how1")}</Text>
        <Text>{t("calculator.how2")}</Text>
        <Text>{t("calculator.how3")}</Text>
        <Text>
          {t("calculator.how4")}{" "}
          <Anchor component={AppLink} to={buildPath("announcement", {})} underline="always">
            {t("calculator.announcementLink")}
          </Anchor>
        </Text>
        {relevant.length > 0 && (
          <Alert variant="light" color="yellow" title={t("calculator.unconfirmedTitle")}>
            <Text size="sm">{t("calculator.unconfirmed")}</Text>
            <ul className={classes.sources}>
              {relevant.map((u) => (
                <li key={u.table}>
                  <details>
                    <summary>
                      {t(`calculator.tables.${u.table}`)} {u.year}
                      {u.table === "province-tax-table" ? ` (${u.name})` : ""}
                    </summary>
                    <Text size="xs" className={classes.source}>
                      {u.source}
                    </Text>
                  </details>
                </li>
              ))}
            </ul>
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
