import { Alert, Button, Group, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type {
  TCalculatorMyTerms,
  TCalculatorParameters,
  TCalculatorRequest,
  TCalculatorResult,
} from "../../../contract/calculator.ts";
import { defaultContractDate } from "../../../domain/calculator/calculate.ts";
import { DateField } from "../../components/date-field.tsx";
import {
  ChurchSelect,
  chosenMunicipality,
  MunicipalityPicker,
} from "../../components/municipality-picker.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { Segments } from "../../components/segments.tsx";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formatDate } from "../../lib/formatters.ts";
import { type OwnMunicipality, useRememberMunicipality } from "../../lib/own-municipality.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import { AmountInput } from "./amount-input.tsx";
import { type CalculatorFormState, euroBounds, type FieldErrors } from "./calculator-form.ts";
import { useMoney, usePercent } from "./display.ts";

/** The calculator's two input cards: the reader (salary, municipality, church, age) and the bike and lease. */

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
    if (typeof error === "object")
      return t("forms.dateOutOfRange", { from: formatDate(error.from), to: formatDate(error.to) });
    if (error === "required") return t("calculator.errors.required");
    if (error === "invalid") return t(`calculator.errors.fields.${field}`);
    return t(`errors.${error}`);
  };
}

/**
 * A logged-in reader's "remember on my details": shown when the municipality and church on the page are
 * not the ones their own details hold. A button rather than saving as they pick, because the page is for
 * trying things out too ("what if I moved to Espoo"): a trial must never overwrite where they live.
 */
function RememberChoice({ form, remembered }: { form: CalculatorFormState; remembered: OwnMunicipality }) {
  const { t } = useTranslation();
  const remember = useRememberMunicipality();
  const differs = form.municipality !== remembered.municipalityCode || form.church !== remembered.church;
  // Only a municipality of the list can be remembered: its code, which the picker gives.
  if (!differs || !/^\d{3}$/.test(form.municipality)) return null;
  return (
    <Group>
      <Button
        variant="light"
        size="xs"
        loading={remember.isPending}
        onClick={() =>
          mutateThen(
            remember,
            { municipalityCode: form.municipality, church: form.church },
            { onSuccess: () => showSuccessToast(t("calculator.remembered")) },
          )
        }
      >
        {t("calculator.remember")}
      </Button>
    </Group>
  );
}

export function PersonInputs({
  parameters,
  form,
  errors,
  set,
  remembered,
}: InputsProps & { remembered: OwnMunicipality | null }) {
  const { t } = useTranslation();
  const errorOf = useErrorText(errors);
  const rate = chosenMunicipality(parameters.municipalities, form.year, form.municipality);
  return (
    <SectionCard title={t("calculator.you")} description={t("calculator.youHelp")}>
      <Stack gap="md">
        <div>
          <Text component="p" fw={600} size="sm" mb={4} id="calculator-year-label">
            {t("calculator.year")}
          </Text>
          <Segments
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
        <MunicipalityPicker
          municipalities={parameters.municipalities}
          year={form.year}
          value={form.municipality}
          onChange={(value) => set("municipality", value ?? "")}
          description={t("calculator.municipalityHelp")}
          error={errorOf("municipality")}
          required
        />
        <ChurchSelect
          rate={rate}
          value={form.church}
          onChange={(church) => set("church", church)}
          error={errorOf("church")}
        />
        {remembered && <RememberChoice form={form} remembered={remembered} />}
        <AmountInput
          label={t("calculator.age")}
          value={form.age}
          onChange={(value) => set("age", value)}
          error={errorOf("age")}
          decimals={0}
          unit={t("calculator.years")}
          w={{ base: "100%", xs: 160 }}
        />
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
        <DateField
          label={t("calculator.contractDate")}
          description={t("calculator.contractDateHelp", {
            // The day an empty field stands for, also while the other fields keep the result away.
            date: formatDate(result?.contractDate ?? defaultContractDate(parameters.today, form.year)),
          })}
          value={form.contractDate}
          onChange={(value) => set("contractDate", value)}
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
