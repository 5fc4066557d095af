import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  BILLING_TABLE_ROWS_MAX,
  type TBillingTable,
  zBillingTableInput,
} from "../../../../contract/billing-tables.ts";
import { DateField } from "../../../components/date-field.tsx";
import { EuroInput } from "../../../components/euro-input.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { CrossIcon } from "../../../components/icons.tsx";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { useLeasingCompanyOptions } from "../leasing-companies/leasing-companies-api.ts";
import { buildBody, emptyBracket, initialValues, type Values } from "./billing-table-values.ts";
import { useSaveBillingTable } from "./billing-tables-api.ts";
import { useDisplay } from "./display-format.ts";
import { EditorForm, isFieldRefusal } from "./editor-form.tsx";
import { NumberField, PercentField } from "./fields.tsx";
import { createReader, tableChecks } from "./form-validation.ts";

function useLeasingCompanyChoices(row: TBillingTable | null): { value: string; label: string }[] {
  const options = useLeasingCompanyOptions();
  const choices = (options.data ?? []).map((c) => ({ value: c.id, label: c.companyName }));
  if (row?.leasingCompanyId && !choices.some((c) => c.value === row.leasingCompanyId)) {
    choices.push({ value: row.leasingCompanyId, label: row.leasingCompanyName ?? row.leasingCompanyId });
  }
  return choices;
}

/**
 * A billing table (docs/api-surface.md "Billing tables"): the annuity terms and the price brackets that set the
 * lease period of a package. POST for a new table, PUT (the whole table, brackets included) for a
 * correction.
 */
export function BillingTableForm({
  row,
  makeDefault = false,
  onCancel,
  onSaved,
}: {
  row: TBillingTable | null;
  /** A new table is the default when there is none yet. */
  makeDefault?: boolean;
  onCancel: () => void;
  onSaved: (saved: TBillingTable) => void;
}) {
  const { t } = useTranslation();
  const { lang } = useDisplay();
  const save = useSaveBillingTable();
  const build = buildBody(row);
  const form = useContractForm<Values>({
    initialValues: initialValues(row, makeDefault, lang),
    schema: zBillingTableInput,
    ...tableChecks(build, t, (issue, values) => {
      const [first, , field] = issue.path;
      if (first === "rows" && issue.path.length === 1) return t("adminTaxTables.billing.rowsRequired");
      if (first === "rows" && field === "maxTotalCents")
        return t("adminTaxTables.billing.bracketMaxAboveMin");
      if (first === "rows" && field === "minTotalCents") return t("adminTaxTables.billing.bracketOverlaps");
      if (first === "rows" && field === "leaseTimeMonths") {
        return t("adminTaxTables.billing.bracketMonthsWithin", {
          min: values.minLeaseMonths.trim(),
          max: values.maxLeaseMonths.trim(),
        });
      }
      if (first === "validTo") return t("adminTaxTables.billing.validToOrder");
      if (first === "maxLeaseMonths") return t("adminTaxTables.billing.leaseMonthsOrder");
      if (first === "leasingCompanyId") return t("adminTaxTables.billing.leasingCompanyIdInvalid");
      return undefined;
    }),
  });
  const values = form.getValues();
  const bracketLabels = Object.fromEntries(
    values.rows.flatMap((_, i) => {
      const bracket = t("adminTaxTables.billing.bracket", { n: i + 1 });
      return [
        [`rows.${i}.minTotalCents`, `${bracket}: ${t("adminTaxTables.billing.bracketMin")}`],
        [`rows.${i}.maxTotalCents`, `${bracket}: ${t("adminTaxTables.billing.bracketMax")}`],
        [`rows.${i}.leaseTimeMonths`, `${bracket}: ${t("adminTaxTables.billing.bracketMonths")}`],
      ];
    }),
  );
  const errorSummary = useFormErrorSummary(form, bracketLabels);
  const leasingCompanyChoices = useLeasingCompanyChoices(row);
  const leasingCompanyInput = form.getInputProps("leasingCompanyId");
  const monthsUnit = t("adminTaxTables.billing.monthsUnit");

  function submit(submitted: Values) {
    const body = zBillingTableInput.parse(build(submitted, createReader(t)));
    mutateThen(
      save,
      { id: row?.id ?? null, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          form.setServerErrors(error);
          if (isFieldRefusal(error)) errorSummary.show();
        },
      },
    );
  }

  // The API's 409: the default table keeps its flag until another takes it; otherwise a race.
  const conflictText =
    row?.isDefault && save.variables?.body.isDefault === false
      ? t("adminTaxTables.billing.defaultStays")
      : t("adminTaxTables.billing.conflict");
  const rowsError = form.errors.rows;

  return (
    <EditorForm
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
      onCancel={onCancel}
      saving={save.isPending}
      error={save.error}
      conflictText={conflictText}
      summary={errorSummary.summary}
    >
      <TextInput
        label={t("adminTaxTables.billing.name")}
        description={t("adminTaxTables.billing.nameHelp")}
        required
        {...form.getInputProps("name")}
      />
      <Select
        label={t("adminTaxTables.billing.leasingCompany")}
        description={t("adminTaxTables.billing.leasingCompanyHelp")}
        placeholder={t("adminTaxTables.billing.noLeasingCompany")}
        data={leasingCompanyChoices}
        clearable
        allowDeselect
        {...leasingCompanyInput}
        value={leasingCompanyInput.value || null}
        onChange={(value) => form.setFieldValue("leasingCompanyId", value ?? "")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField
          label={t("adminTaxTables.billing.validFrom")}
          description={t("adminTaxTables.billing.validFromHelp")}
          {...form.getInputProps("validFrom")}
        />
        <DateField
          label={t("adminTaxTables.billing.validTo")}
          description={t("adminTaxTables.billing.validToHelp")}
          {...form.getInputProps("validTo")}
        />
      </SimpleGrid>
      <Fieldset legend={t("adminTaxTables.billing.termsGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PercentField
            label={t("adminTaxTables.billing.interest")}
            description={t("adminTaxTables.billing.interestHelp")}
            required
            {...form.getInputProps("annualInterestPercent")}
          />
          <PercentField
            label={t("adminTaxTables.billing.residual")}
            description={t("adminTaxTables.billing.residualHelp")}
            {...form.getInputProps("residualValuePercent")}
          />
          <PercentField
            label={t("adminTaxTables.billing.insurance")}
            description={t("adminTaxTables.billing.insuranceHelp")}
            required
            {...form.getInputProps("insurancePercentPerYear")}
          />
          <EuroInput
            label={t("adminTaxTables.billing.maintenance")}
            description={t("adminTaxTables.billing.maintenanceHelp")}
            required
            {...form.getInputProps("monthlyMaintenanceCents")}
          />
          <EuroInput
            label={t("adminTaxTables.billing.serviceFee")}
            description={t("adminTaxTables.billing.serviceFeeHelp")}
            required
            {...form.getInputProps("monthlyServiceFeeCents")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.billing.leaseGroup")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberField
            unit={monthsUnit}
            label={t("adminTaxTables.billing.minLeaseMonths")}
            required
            {...form.getInputProps("minLeaseMonths")}
          />
          <NumberField
            unit={monthsUnit}
            label={t("adminTaxTables.billing.maxLeaseMonths")}
            required
            {...form.getInputProps("maxLeaseMonths")}
          />
          <PercentField
            label={t("adminTaxTables.billing.campaignDiscount")}
            description={t("adminTaxTables.billing.campaignDiscountHelp")}
            {...form.getInputProps("campaignDiscountPercent")}
          />
          <NumberField
            unit={monthsUnit}
            label={t("adminTaxTables.billing.campaignMinLeaseMonths")}
            description={t("adminTaxTables.billing.campaignMinLeaseMonthsHelp")}
            {...form.getInputProps("campaignMinLeaseMonths")}
          />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("adminTaxTables.billing.bracketsGroup")}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("adminTaxTables.billing.bracketsHelp")}
          </Text>
          {values.rows.map((bracket, i) => (
            <Fieldset
              key={bracket.key}
              legend={t("adminTaxTables.billing.bracket", { n: i + 1 })}
              variant="filled"
            >
              <Group align="flex-start" gap="md" wrap="wrap">
                <EuroInput
                  label={t("adminTaxTables.billing.bracketMin")}
                  required
                  w={180}
                  {...form.getInputProps(`rows.${i}.minTotalCents`)}
                />
                <EuroInput
                  label={t("adminTaxTables.billing.bracketMax")}
                  description={t("adminTaxTables.billing.bracketMaxHelp")}
                  w={180}
                  {...form.getInputProps(`rows.${i}.maxTotalCents`)}
                />
                <NumberField
                  unit={monthsUnit}
                  label={t("adminTaxTables.billing.bracketMonths")}
                  required
                  w={160}
                  {...form.getInputProps(`rows.${i}.leaseTimeMonths`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  size="lg"
                  disabled={values.rows.length <= 1}
                  aria-label={t("adminTaxTables.billing.removeBracket", { n: i + 1 })}
                  onClick={() => form.removeListItem("rows", i)}
                >
                  <CrossIcon size={16} />
                </ActionIcon>
              </Group>
            </Fieldset>
          ))}
          {rowsError && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {rowsError}
            </Text>
          )}
          <Group>
            <Button
              variant="default"
              onClick={() => form.insertListItem("rows", emptyBracket())}
              disabled={values.rows.length >= BILLING_TABLE_ROWS_MAX}
            >
              {t("adminTaxTables.billing.addBracket")}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Switch
        label={t("adminTaxTables.billing.isDefault")}
        description={t("adminTaxTables.billing.isDefaultHelp")}
        {...form.getInputProps("isDefault", { type: "checkbox" })}
      />
      <Textarea
        label={t("adminTaxTables.billing.notes")}
        description={t("adminTaxTables.billing.notesHelp")}
        rows={3}
        {...form.getInputProps("notes")}
      />
    </EditorForm>
  );
}
