import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type {
  TCalculatorMyTerms,
  TCalculatorParameters,
  TCalculatorRequest,
  TCalculatorResult,
} from "../../../contract/calculator.ts";
import { municipalRateFor } from "../../../domain/calculator/calculate.ts";
import { buildPath } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import { AlertIcon } from "../../components/design-icons.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { apiFetch } from "../../lib/api-client.ts";
import { formatDate } from "../../lib/formatters.ts";
import { useSession } from "../../lib/session.ts";
import { AmountInput } from "./amount-input.tsx";
import { BikeComparison } from "./bike-comparison.tsx";
import {
  type CalculatorFormState,
  defaultForm,
  type FieldErrors,
  formFromSearch,
  formToSearch,
  runCalculator,
} from "./calculator-form.ts";
import classes from "./calculator-page.module.css";
import { useMoney, usePercent } from "./display.ts";

// The chart library is most of the page's weight: the figures come first, the chart when it has loaded.
const CostChart = lazy(() => import("./cost-chart.tsx").then((m) => ({ default: m.CostChart })));

// Loads the shared pages chunk first, as the admin, employer and design pages do: otherwise the bundler
// splits the shell's modules out of the home page's entry (rolldown#10731, see app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";

import { ResultSummary } from "./result-summary.tsx";

/**
 * /laskuri: what a bike benefit really costs an employee, for their own salary and municipality, under
 * this year's or last year's tax rules, updated as they type, shareable as a link and printable.
 */
export function CalculatorPage() {
  const { t } = useTranslation();
  const parameters = useQuery({
    queryKey: ["calculator-parameters"],
    queryFn: () => apiFetch<TCalculatorParameters>("/api/calculator/parameters"),
    staleTime: 5 * 60_000,
    // The page says itself when the parameters cannot be fetched (the error state below).
    meta: { silent: true },
  });
  const title = t("calculator.title");
  if (parameters.isPending) {
    return (
      <PageTemplate title={title} description={t("calculator.description")}>
        <Group justify="center" py="3xl">
          <Loader aria-label={t("ds.table.loading")} />
        </Group>
      </PageTemplate>
    );
  }
  if (parameters.isError) {
    return (
      <PageTemplate title={title} description={t("calculator.description")}>
        <SectionCard title={t("calculator.unavailableTitle")}>
          <EmptyState
            icon={<AlertIcon size={24} />}
            text={<span role="alert">{t("calculator.unavailable")}</span>}
            action={
              <Button variant="default" onClick={() => void parameters.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        </SectionCard>
      </PageTemplate>
    );
  }
  return <Calculator parameters={parameters.data} />;
}

/**
 * A logged-in employee's own terms (their company's billing table and max price), which replace the
 * default terms; anyone else, or an employee whose terms cannot be fetched, calculates with the defaults.
 */
function useOwnTerms(): TCalculatorMyTerms | null {
  const { accessUser } = useSession();
  const employee = accessUser?.roles.includes("BIKE_BENEFICIARY") === true;
  const own = useQuery({
    queryKey: ["calculator-my-terms"],
    queryFn: () => apiFetch<TCalculatorMyTerms>("/api/calculator/my-terms"),
    enabled: employee,
    // Without own terms the page calculates with the published ones; nothing to tell the reader.
    meta: { silent: true },
    retry: false,
    staleTime: 5 * 60_000,
  });
  return employee ? (own.data ?? null) : null;
}

function Calculator({ parameters: published }: { parameters: TCalculatorParameters }) {
  const { t } = useTranslation();
  const own = useOwnTerms();
  const parameters = useMemo(
    () => (own ? { ...published, leaseTerms: own.leaseTerms } : published),
    [published, own],
  );
  const defaults = useMemo(() => defaultForm(parameters), [parameters]);
  const [searchParams, setSearchParams] = useSearchParams();
  const [form, setForm] = useState(() => formFromSearch(searchParams, defaults));
  const outcome = useMemo(() => runCalculator(parameters, form), [parameters, form]);

  // The address follows the form (replacing, not adding, history entries), so the link can be shared.
  useEffect(() => {
    const timer = setTimeout(
      () => setSearchParams(formToSearch(form, defaults), { replace: true, preventScrollReset: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [form, defaults, setSearchParams]);

  const set = <K extends keyof CalculatorFormState>(key: K, value: CalculatorFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  return (
    <PageTemplate
      title={t("calculator.title")}
      description={t("calculator.description")}
      action={
        <Button variant="default" data-no-print onClick={() => window.print()}>
          {t("calculator.print")}
        </Button>
      }
    >
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.inputs}>
          <PersonInputs parameters={parameters} form={form} errors={outcome.errors} set={set} />
          <LeaseInputs
            parameters={parameters}
            form={form}
            errors={outcome.errors}
            result={outcome.result}
            own={own}
            set={set}
          />
        </Stack>
        <div className={classes.results}>
          <ResultSummary result={outcome.result} year={form.year} />
        </div>
      </div>
      {outcome.result && (
        <Stack gap="lg" mt="lg">
          <Suspense fallback={<Loader aria-label={t("ds.table.loading")} mx="auto" />}>
            <CostChart result={outcome.result} />
          </Suspense>
          <YearsCard result={outcome.result} />
          <BikeComparison
            parameters={parameters}
            form={form}
            mainResult={outcome.result}
            onChange={(others) => set("others", others)}
          />
        </Stack>
      )}
      <HowWeCalculate parameters={parameters} form={form} />
    </PageTemplate>
  );
}

type InputsProps = {
  parameters: TCalculatorParameters;
  form: CalculatorFormState;
  errors: FieldErrors;
  set: <K extends keyof CalculatorFormState>(key: K, value: CalculatorFormState[K]) => void;
};

function useErrorText(errors: FieldErrors): (field: keyof TCalculatorRequest) => string | undefined {
  const { t } = useTranslation();
  return (field) => {
    const error = errors[field];
    if (!error) return undefined;
    if (error === "required") return t("calculator.errors.required");
    if (error === "invalid") return t(`calculator.errors.fields.${field}`);
    return t(`errors.${error}`);
  };
}

function PersonInputs({ parameters, form, errors, set }: InputsProps) {
  const { t } = useTranslation();
  const percent = usePercent();
  const errorOf = useErrorText(errors);
  const names = [...new Set(parameters.municipalities.map((m) => m.municipality))].sort((a, b) =>
    a.localeCompare(b, "fi"),
  );
  const options = names.flatMap((name) => {
    const rate = municipalRateFor(parameters.municipalities, name, form.year);
    return rate ? [{ value: name, label: `${name} – ${percent(rate.municipalPercent)}` }] : [];
  });
  return (
    <SectionCard title={t("calculator.you")} description={t("calculator.youHelp")}>
      <Stack gap="md">
        <div>
          <Text component="p" fw={600} size="sm" mb={4} id="calculator-year-label">
            {t("calculator.year")}
          </Text>
          <SegmentedControl
            aria-labelledby="calculator-year-label"
            value={String(form.year)}
            onChange={(value) => set("year", Number(value))}
            data={parameters.taxYears.map((y) => ({ value: String(y.year), label: String(y.year) }))}
          />
        </div>
        <AmountInput
          label={t("calculator.salary")}
          description={t("calculator.salaryHelp")}
          value={form.monthlyGrossSalary}
          onChange={(value) => set("monthlyGrossSalary", value)}
          error={errorOf("monthlyGrossSalary")}
          required
        />
        <Select
          label={t("calculator.municipality")}
          description={t("calculator.municipalityHelp")}
          data={options}
          value={form.municipality}
          onChange={(value) => set("municipality", value ?? "")}
          searchable
          required
          nothingFoundMessage={t("calculator.noMunicipality")}
          error={errorOf("municipality")}
          allowDeselect={false}
        />
        <Group grow align="start">
          <AmountInput
            label={t("calculator.age")}
            value={form.age}
            onChange={(value) => set("age", value)}
            error={errorOf("age")}
            decimals={0}
            unit={t("calculator.years")}
          />
          <Switch
            mt={30}
            label={t("calculator.church")}
            checked={form.churchMember}
            onChange={(event) => set("churchMember", event.currentTarget.checked)}
          />
        </Group>
      </Stack>
    </SectionCard>
  );
}

function LeaseInputs({
  parameters,
  form,
  errors,
  result,
  own,
  set,
}: InputsProps & { result: TCalculatorResult | null; own: TCalculatorMyTerms | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const percent = usePercent();
  const aboveMaxPrice = own?.maxPrice != null && result !== null && result.packagePrice > own.maxPrice;
  const errorOf = useErrorText(errors);
  const { minLeaseMonths, maxLeaseMonths } = parameters.leaseTerms;
  return (
    <SectionCard
      title={t("calculator.bike")}
      description={own ? t("calculator.bikeHelpOwn", { company: own.companyName }) : t("calculator.bikeHelp")}
    >
      <Stack gap="md">
        <Group grow align="start">
          <AmountInput
            label={t("calculator.bikePrice")}
            value={form.bikePrice}
            onChange={(value) => set("bikePrice", value)}
            error={errorOf("bikePrice")}
            required
          />
          <AmountInput
            label={t("calculator.accessories")}
            value={form.accessoriesPrice}
            onChange={(value) => set("accessoriesPrice", value)}
            error={errorOf("accessoriesPrice")}
          />
        </Group>
        {aboveMaxPrice && own?.maxPrice != null && (
          <Alert variant="light" color="yellow" title={t("calculator.aboveMaxPriceTitle")}>
            {t("calculator.aboveMaxPrice", { max: money(own.maxPrice), company: own.companyName })}
          </Alert>
        )}
        <AmountInput
          label={t("calculator.months")}
          description={t("calculator.monthsHelp", { min: minLeaseMonths, max: maxLeaseMonths })}
          value={form.leaseTimeMonths}
          onChange={(value) => set("leaseTimeMonths", value)}
          error={errorOf("leaseTimeMonths")}
          decimals={0}
          unit={t("calculator.monthsUnit")}
          required
        />
        {parameters.leaseTerms.campaignDiscountPercent !== null &&
          parameters.leaseTerms.campaignMinLeaseMonths !== null && (
            <Switch
              label={t("calculator.campaign", {
                percent: percent(parameters.leaseTerms.campaignDiscountPercent),
                months: parameters.leaseTerms.campaignMinLeaseMonths,
              })}
              checked={form.campaign}
              onChange={(event) => set("campaign", event.currentTarget.checked)}
              error={errorOf("campaign")}
            />
          )}
        <TextInput
          type="date"
          label={t("calculator.contractDate")}
          description={t("calculator.contractDateHelp", {
            date: result ? formatDate(result.contractDate) : "",
          })}
          value={form.contractDate}
          onChange={(event) => set("contractDate", event.currentTarget.value)}
          error={errorOf("contractDate")}
        />
        <AmountInput
          label={t("calculator.subsidy")}
          description={t("calculator.subsidyHelp")}
          value={form.employerSubsidyPerMonth}
          onChange={(value) => set("employerSubsidyPerMonth", value)}
          error={errorOf("employerSubsidyPerMonth")}
          unit={t("calculator.perMonthUnit")}
        />
        <AmountInput
          label={t("calculator.ownPayment")}
          description={t("calculator.ownPaymentHelp")}
          value={form.monthlyPayment}
          onChange={(value) => set("monthlyPayment", value)}
          error={errorOf("monthlyPayment")}
          unit={t("calculator.perMonthUnit")}
        />
      </Stack>
    </SectionCard>
  );
}

function YearsCard({ result }: { result: TCalculatorResult }) {
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

function HowWeCalculate({
  parameters,
  form,
}: {
  parameters: TCalculatorParameters;
  form: CalculatorFormState;
}) {
  const { t } = useTranslation();
  // One line per table (the brackets of a scale share a source), the chosen municipality's only.
  const relevant = [
    ...new Map(
      parameters.unconfirmed
        .filter(
          (u) => u.year === form.year && (u.table !== "province-tax-table" || u.name === form.municipality),
        )
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
