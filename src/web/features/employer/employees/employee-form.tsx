import { Autocomplete, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TEmployee } from "../../../../contract/employees.ts";
import {
  DEFAULT_LAST_WORKING_DAY,
  isTwentyYearsOrMoreInFuture,
  toHelsinkiDateString,
} from "../../../../domain/dates.ts";
import type { GrantableEmployerRole } from "../../../../domain/employees.ts";
import {
  type EmploymentDateField,
  type EmploymentDateRule,
  employmentDateIssues,
  isEmploymentDateRule,
} from "../../../../domain/employment-dates.ts";
import type { Language } from "../../../../domain/enums.ts";
import { eurosToCents, parseEuroInput } from "../../../../domain/money.ts";
import type { PlausibleDateKind } from "../../../../domain/plausible-dates.ts";
import { DateField } from "../../../components/date-field.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { currentLanguage, isLanguage } from "../../../i18n/i18n.ts";
import { type ContractForm, type IssueTexts, plausibleDateError } from "../../../lib/contract-form.ts";
import { euroInputError } from "../../../lib/euro-text.ts";
import { formatDate, formatEuroInput } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { MaxPriceWarning } from "../../companies/index.ts";
import { useFilterOptions } from "./employees-api.ts";

/**
 * The employee's fields as the forms of /tyonantaja hold them (accepting a join request, adding an
 * employee, changing one): text, so a half-typed value stays as typed; read into the API's shape once,
 * on submit. Dates are the browser's date inputs (YYYY-MM-DD); money is euros as typed.
 */
export type EmployeeFormValues = {
  firstName: string;
  lastName: string;
  workEmail: string;
  phoneNumber: string;
  language: Language;
  unitId: string;
  costUnit: string;
  employeeNumber: string;
  payRollOther: string;
  lastWorkingDayDate: string;
  jobTrialPeriodEndDate: string;
  maxPrice: string;
  employerNote: string;
  roles: GrantableEmployerRole[];
};

export type EmployeeForm = ContractForm<EmployeeFormValues>;

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  firstName: "",
  lastName: "",
  workEmail: "",
  phoneNumber: "",
  language: "fi",
  unitId: "",
  costUnit: "",
  employeeNumber: "",
  payRollOther: "",
  lastWorkingDayDate: "",
  jobTrialPeriodEndDate: "",
  maxPrice: "",
  employerNote: "",
  roles: [],
};

/** The contract's largest amount (zEuros), in cents. */
const MAX_PRICE_CENTS = 2_100_000_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Euros as the field shows them: 4500 → "4500", 3999.5 → "3999,50" (fi, sv) or "3999.50" (en). */
function eurosToText(euros: number | null, lang: Language): string {
  return euros == null ? "" : formatEuroInput(eurosToCents(euros), lang, { wholeEuros: true });
}

/** The typed max price in cents: null for an empty field, "invalid" when it is not an amount. */
function readCents(text: string): number | null | "invalid" {
  if (!text.trim()) return null;
  return parseEuroInput(text, { max: MAX_PRICE_CENTS }) ?? "invalid";
}

/** Euros of the API (two decimals) in cents, for money(). */
export function centsOf(euros: number): number {
  return eurosToCents(euros);
}

/** The reader's language, for money and the export's words. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
}

/**
 * docs/product.md "Field rules": a date 20 years or more ahead is most likely a typo (2062 for 2026). The default last
 * working day 01.01.2999 is not: it is what an empty field means.
 */
export function isFarFutureTypo(value: string, now: Date = new Date()): boolean {
  return (
    DATE_PATTERN.test(value) && value !== DEFAULT_LAST_WORKING_DAY && isTwentyYearsOrMoreInFuture(value, now)
  );
}

/** The form's values of an employee: the default last working day shows as an empty field. */
export function formValuesOf(employee: TEmployee, lang: Language): EmployeeFormValues {
  return {
    ...EMPTY_EMPLOYEE_FORM,
    firstName: employee.systemUser.firstName,
    lastName: employee.systemUser.lastName,
    workEmail: employee.systemUser.workEmail,
    unitId: employee.unitId ?? "",
    costUnit: employee.costUnit ?? "",
    employeeNumber: employee.employeeNumber ?? "",
    payRollOther: employee.payRollOther ?? "",
    lastWorkingDayDate:
      employee.lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY ? "" : employee.lastWorkingDayDate,
    jobTrialPeriodEndDate: employee.jobTrialPeriodEndDate ?? "",
    maxPrice: eurosToText(employee.maxPrice, lang),
    employerNote: employee.employerNote ?? "",
  };
}

/** The employer's fields of the API (decide, create and update share them); empty = none or default. */
export function employerFieldsBody(values: EmployeeFormValues) {
  const text = (value: string) => value.trim() || null;
  const cents = readCents(values.maxPrice);
  return {
    unitId: values.unitId || null,
    costUnit: text(values.costUnit),
    employeeNumber: text(values.employeeNumber),
    payRollOther: text(values.payRollOther),
    lastWorkingDayDate: values.lastWorkingDayDate || null,
    jobTrialPeriodEndDate: values.jobTrialPeriodEndDate || null,
    maxPrice: typeof cents === "number" ? cents / 100 : null,
    employerNote: text(values.employerNote),
  };
}

const DATE_RULE_TEXTS: Record<EmploymentDateRule, string> = {
  TRIAL_END_BEFORE_JOINED: "employerEmployees.form.trialEndBeforeJoined",
  LAST_DAY_BEFORE_JOINED: "employerEmployees.form.lastDayBeforeJoined",
  LAST_DAY_BEFORE_TRIAL_END: "employerEmployees.form.lastDayBeforeTrialEnd",
};

/** What an employment-date rule says (src/domain/employment-dates.ts), with the date it may not precede. */
export function employmentDateText(t: TFunction, rule: EmploymentDateRule, limit: string): string {
  return t(DATE_RULE_TEXTS[rule], { date: formatDate(limit) });
}

/** The contract's and the server's date issues in the same words as the form's own check. */
export function employmentDateIssueTexts(t: TFunction): IssueTexts {
  return (issue) => {
    const params = issue.code === "custom" ? issue.params : undefined;
    return params && isEmploymentDateRule(params.rule) && typeof params.limit === "string"
      ? employmentDateText(t, params.rule, params.limit)
      : undefined;
  };
}

/** The Helsinki date an employee joined the benefit: their join request, or today for one being added. */
export function joinedOnOf(employee: Pick<TEmployee, "createdAt"> | null): string {
  return toHelsinkiDateString(employee ? new Date(employee.createdAt) : new Date());
}

/**
 * The validation of the employer's fields (the rest of each form adds its own). The dates are checked
 * against each other and against the day the person joined (`joinedOn`), as the server checks them.
 */
export function employerFieldRules(t: TFunction, joinedOn: string) {
  // A date outside its plausible span says the span, as the contract's check and the server's 400 do.
  const format = (value: string, kind: PlausibleDateKind) => {
    if (!value) return null;
    if (!DATE_PATTERN.test(value)) return t("employerEmployees.form.dateInvalid");
    return plausibleDateError(kind, value, t);
  };
  const KIND: Record<EmploymentDateField, PlausibleDateKind> = {
    lastWorkingDayDate: "LAST_WORKING_DAY",
    jobTrialPeriodEndDate: "TRIAL_PERIOD_END",
  };
  const date =
    (field: EmploymentDateField) =>
    (value: string, values: Pick<EmployeeFormValues, EmploymentDateField>) => {
      const wrong = format(value, KIND[field]);
      if (wrong) return wrong;
      const issue = employmentDateIssues({ joinedOn, ...values }).find((i) => i.field === field);
      return issue ? employmentDateText(t, issue.rule, issue.limit) : null;
    };
  return {
    // The words of every money field: not an amount, negative, or above the contract's largest.
    maxPrice: (value: string) => euroInputError(value, { max: MAX_PRICE_CENTS }, t, currentLanguage()),
    lastWorkingDayDate: date("lastWorkingDayDate"),
    jobTrialPeriodEndDate: date("jobTrialPeriodEndDate"),
  };
}

/** A date field's help, with the docs/product.md "Field rules" flag when the date is 20 years or more ahead. */
function dateDescription(help: ReactNode, value: string, t: TFunction): ReactNode {
  if (!isFarFutureTypo(value)) return help;
  return (
    <>
      {help}{" "}
      <Text component="span" size="xs" fw={700}>
        {t("employerEmployees.form.farFuture")}
      </Text>
    </>
  );
}

/**
 * The employer's fields of an employee: unit (the company's units), cost unit and payroll group (the
 * values in use offered, any text allowed), employee number, trial period end, last working day (empty
 * = the employment continues), the max price (empty = the company's) and a note for the employer's own use.
 */
export function EmployerFields({
  form,
  companyId,
  companyMaxPrice,
  withLastWorkingDay = true,
}: {
  form: EmployeeForm;
  companyId: string | null;
  /** The company's max price in euros: null = no limit, undefined = not known yet. */
  companyMaxPrice: number | null | undefined;
  withLastWorkingDay?: boolean;
}) {
  const { t } = useTranslation();
  const options = useFilterOptions(companyId);
  const units = (options.data?.units ?? []).filter((unit) => unit.companyId === companyId);
  // Said only once the options have come: a company without units adds them in its settings.
  const noUnits = options.isSuccess && units.length === 0;
  const values = form.values;
  const maxPriceHelp =
    companyMaxPrice === undefined
      ? t("employerEmployees.form.maxPriceHelp")
      : companyMaxPrice === null
        ? t("employerEmployees.form.maxPriceHelpNoLimit")
        : t("employerEmployees.form.maxPriceHelpCompany", {
            price: money(centsOf(companyMaxPrice)),
          });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t("employerEmployees.fields.unit")}
          description={noUnits ? t("employerEmployees.form.noUnits") : undefined}
          placeholder={t("employerEmployees.form.noUnit")}
          data={units.map((unit) => ({ value: unit.unitId, label: unit.unitName }))}
          clearable
          disabled={noUnits && !values.unitId}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("unitId")}
          value={values.unitId || null}
          onChange={(value) => form.setFieldValue("unitId", value ?? "")}
        />
        <Autocomplete
          label={t("employerEmployees.fields.costUnit")}
          data={options.data?.costUnits ?? []}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("costUnit")}
        />
        <TextInput
          label={t("employerEmployees.fields.employeeNumber")}
          {...form.getInputProps("employeeNumber")}
        />
        <Autocomplete
          label={t("employerEmployees.fields.payRollOther")}
          description={t("employerEmployees.form.payRollOtherHelp")}
          data={options.data?.payRollOthers ?? []}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("payRollOther")}
        />
        <DateField
          label={t("employerEmployees.fields.jobTrialPeriodEndDate")}
          description={dateDescription(
            t("employerEmployees.form.trialHelp"),
            values.jobTrialPeriodEndDate,
            t,
          )}
          {...form.getInputProps("jobTrialPeriodEndDate")}
        />
        {withLastWorkingDay && (
          <DateField
            label={t("employerEmployees.fields.lastWorkingDayDate")}
            description={dateDescription(
              t("employerEmployees.form.lastWorkingDayHelp"),
              values.lastWorkingDayDate,
              t,
            )}
            {...form.getInputProps("lastWorkingDayDate")}
          />
        )}
        <Stack gap="xs">
          <EuroInput
            label={t("employerEmployees.fields.maxPrice")}
            description={maxPriceHelp}
            {...form.getInputProps("maxPrice")}
          />
          <MaxPriceWarning typed={values.maxPrice} />
        </Stack>
      </SimpleGrid>
      <Textarea
        label={t("employerEmployees.fields.employerNote")}
        description={t("employerEmployees.form.noteHelp")}
        rows={2}
        {...form.getInputProps("employerNote")}
      />
    </Stack>
  );
}
