import { Button, Checkbox, SimpleGrid, Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TBikePolicy, type TCompanyDetails, zBikePolicyInput } from "../../../../contract/companies.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { EditorForm, EditorModal } from "../tax-tables/editor-form.tsx";
import { NumberField } from "../tax-tables/fields.tsx";
import { createReader, schemaErrors, serverFieldErrors } from "../tax-tables/form-validation.ts";
import { integerToText } from "../tax-tables/number-text.ts";
import { useSaveBikePolicy } from "./companies-api.ts";

/** SPEC §7 "Bike policy": a lease period of 12–60 months. */
const MONTHS = { min: 12, max: 60 } as const;

type Values = {
  minLeaseTimeMonths: string;
  maxLeaseTimeMonths: string;
  requiresEmployerApproval: boolean;
  accessoriesAllowed: boolean;
  maintenanceIncluded: boolean;
  insuranceRequired: boolean;
  policyText: string;
};

const FIELDS = ["minLeaseTimeMonths", "maxLeaseTimeMonths", "policyText"] as const;

/** The company's bike policy: what it allows, and a form to set it. */
export function BikePolicySection({ company }: { company: TCompanyDetails }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const policy = company.bikePolicy;
  const yesNo = (value: boolean) => (value ? t("adminCompanies.policy.yes") : t("adminCompanies.policy.no"));
  return (
    <SectionCard
      title={t("adminCompanies.policy.title")}
      headingOrder={3}
      actions={
        <Button variant="default" size="sm" onClick={() => setEditing(true)}>
          {policy ? t("adminCompanies.policy.edit") : t("adminCompanies.policy.set")}
        </Button>
      }
    >
      {policy ? (
        <DetailsList
          items={[
            {
              label: t("adminCompanies.policy.leasePeriod"),
              value: t("adminCompanies.policy.monthsRange", {
                min: policy.minLeaseTimeMonths,
                max: policy.maxLeaseTimeMonths,
              }),
            },
            {
              label: t("adminCompanies.policy.requiresEmployerApproval"),
              value: yesNo(policy.requiresEmployerApproval),
            },
            { label: t("adminCompanies.policy.accessoriesAllowed"), value: yesNo(policy.accessoriesAllowed) },
            {
              label: t("adminCompanies.policy.maintenanceIncluded"),
              value: yesNo(policy.maintenanceIncluded),
            },
            { label: t("adminCompanies.policy.insuranceRequired"), value: yesNo(policy.insuranceRequired) },
            { label: t("adminCompanies.policy.policyText"), value: policy.policyText },
          ]}
        />
      ) : (
        <EmptyState text={t("adminCompanies.policy.empty")} />
      )}
      <EditorModal
        opened={editing}
        onClose={() => setEditing(false)}
        size="lg"
        title={t("adminCompanies.policy.formTitle", { name: company.name })}
      >
        {editing && (
          <BikePolicyForm companyId={company.companyId} policy={policy} onDone={() => setEditing(false)} />
        )}
      </EditorModal>
    </SectionCard>
  );
}

function BikePolicyForm({
  companyId,
  policy,
  onDone,
}: {
  companyId: string;
  policy: TBikePolicy | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBikePolicy(companyId);
  const build = (values: Values, read = createReader(t)) => ({
    body: {
      minLeaseTimeMonths: read.months(
        "minLeaseTimeMonths",
        values.minLeaseTimeMonths,
        MONTHS.min,
        MONTHS.max,
      ),
      maxLeaseTimeMonths: read.months(
        "maxLeaseTimeMonths",
        values.maxLeaseTimeMonths,
        MONTHS.min,
        MONTHS.max,
      ),
      requiresEmployerApproval: values.requiresEmployerApproval,
      accessoriesAllowed: values.accessoriesAllowed,
      maintenanceIncluded: values.maintenanceIncluded,
      insuranceRequired: values.insuranceRequired,
      policyText: values.policyText.trim() || null,
    },
    errors: read.errors,
  });
  const form = useForm<Values>({
    initialValues: {
      minLeaseTimeMonths: integerToText(policy?.minLeaseTimeMonths ?? MONTHS.min),
      maxLeaseTimeMonths: integerToText(policy?.maxLeaseTimeMonths ?? MONTHS.max),
      requiresEmployerApproval: policy?.requiresEmployerApproval ?? true,
      accessoriesAllowed: policy?.accessoriesAllowed ?? true,
      maintenanceIncluded: policy?.maintenanceIncluded ?? false,
      insuranceRequired: policy?.insuranceRequired ?? false,
      policyText: policy?.policyText ?? "",
    },
    validate: (values) => {
      const { body, errors } = build(values);
      if (Object.keys(errors).length > 0) return errors;
      return schemaErrors(zBikePolicyInput, body, t, (issue) =>
        issue.path[0] === "maxLeaseTimeMonths" ? t("adminCompanies.policy.minAboveMax") : undefined,
      );
    },
  });

  function submit(values: Values) {
    save.mutate(zBikePolicyInput.parse(build(values).body), {
      onSuccess: onDone,
      onError: (error) => form.setErrors(serverFieldErrors(error, FIELDS, t)),
    });
  }

  return (
    <EditorForm
      onSubmit={form.onSubmit(submit)}
      onCancel={onDone}
      saving={save.isPending}
      error={save.error}
      conflictText={t("adminCompanies.policy.saveFailed")}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberField
          label={t("adminCompanies.policy.minMonths")}
          description={t("adminCompanies.policy.monthsHelp")}
          unit={t("adminCompanies.policy.monthsUnit")}
          required
          {...form.getInputProps("minLeaseTimeMonths")}
        />
        <NumberField
          label={t("adminCompanies.policy.maxMonths")}
          description={t("adminCompanies.policy.monthsHelp")}
          unit={t("adminCompanies.policy.monthsUnit")}
          required
          {...form.getInputProps("maxLeaseTimeMonths")}
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Checkbox
          label={t("adminCompanies.policy.requiresEmployerApproval")}
          {...form.getInputProps("requiresEmployerApproval", { type: "checkbox" })}
        />
        <Checkbox
          label={t("adminCompanies.policy.accessoriesAllowed")}
          {...form.getInputProps("accessoriesAllowed", { type: "checkbox" })}
        />
        <Checkbox
          label={t("adminCompanies.policy.maintenanceIncluded")}
          {...form.getInputProps("maintenanceIncluded", { type: "checkbox" })}
        />
        <Checkbox
          label={t("adminCompanies.policy.insuranceRequired")}
          {...form.getInputProps("insuranceRequired", { type: "checkbox" })}
        />
      </Stack>
      <Textarea
        label={t("adminCompanies.policy.policyText")}
        description={t("adminCompanies.policy.policyTextHelp")}
        autosize
        minRows={3}
        {...form.getInputProps("policyText")}
      />
    </EditorForm>
  );
}
