import { Alert, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type {
  TCalculatorMyTerms,
  TCalculatorParameters,
  TCalculatorRequest,
  TCalculatorResult,
} from "../../../contract/calculator.ts";
import { defaultContractDate, municipalRateFor } from "../../../domain/calculator/calculate.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { formatDate } from "../../lib/formatters.ts";
import { AmountInput } from "./amount-input.tsx";
import { type CalculatorFormState, euroBounds, type FieldErrors } from "./calculator-form.ts";
import { useMoney, usePercent } from "./display.ts";

/** The calculator's two input cards: the reader (salary, municipality, age, church) and the bike and lease. */

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

export function PersonInputs({ parameters, form, errors, set }: InputsProps) {
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
          bounds={euroBounds("monthlyGrossSalary")}
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

export function LeaseInputs({
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
            bounds={euroBounds("bikePrice")}
            required
          />
          <AmountInput
            label={t("calculator.accessories")}
            value={form.accessoriesPrice}
            onChange={(value) => set("accessoriesPrice", value)}
            error={errorOf("accessoriesPrice")}
            bounds={euroBounds("accessoriesPrice")}
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
            // The day an empty field stands for, also while the other fields keep the result away.
            date: formatDate(result?.contractDate ?? defaultContractDate(parameters.today, form.year)),
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
          bounds={euroBounds("employerSubsidyPerMonth")}
          unit={t("calculator.perMonthUnit")}
        />
        <AmountInput
          label={t("calculator.ownPayment")}
          description={t("calculator.ownPaymentHelp")}
          value={form.monthlyPayment}
          onChange={(value) => set("monthlyPayment", value)}
          error={errorOf("monthlyPayment")}
          bounds={euroBounds("monthlyPayment")}
          unit={t("calculator.perMonthUnit")}
        />
      </Stack>
    </SectionCard>
  );
}
