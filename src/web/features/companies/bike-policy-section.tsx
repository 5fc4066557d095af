import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Textarea,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type TBikePolicy,
  type TBikePolicyInput,
  type TCompanyDetails,
  zBikePolicyInput,
} from "../../../contract/companies.ts";
import type { PolicyEligibility } from "../../../domain/enums.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { FieldLabel, RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useSectionStatus } from "../../components/section-status.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { revealOpenedForm } from "../../lib/reveal-form.ts";
import { useSaveBikePolicy } from "./companies-api.ts";
import { companyErrorText } from "./company-messages.ts";

/** docs/api-surface.md "Bike policy": a lease period of 12–60 months (the contract refuses others). */
const MONTHS = { min: 12, max: 60 } as const;

/** Who is eligible, as the policy names it (POLICY_ELIGIBILITIES of src/domain/enums.ts). */
const ELIGIBILITY_LABELS: Record<PolicyEligibility, string> = {
  ALL_EMPLOYEES: "companySections.policy.eligibilities.ALL_EMPLOYEES",
  AFTER_TRIAL_PERIOD: "companySections.policy.eligibilities.AFTER_TRIAL_PERIOD",
};

/** What a company starts from before its policy is saved: the database's defaults. */
const SUGGESTED: Omit<TBikePolicy, "companyId"> = {
  minLeaseTimeMonths: 12,
  maxLeaseTimeMonths: 36,
  requiresEmployerApproval: true,
  eligibility: "ALL_EMPLOYEES",
  eligibilityNote: null,
  accessoriesAllowed: true,
  maintenanceIncluded: false,
  insuranceRequired: true,
  policyText: null,
};

type Values = {
  minLeaseTimeMonths: number | string;
  maxLeaseTimeMonths: number | string;
  requiresEmployerApproval: boolean;
  eligibility: PolicyEligibility;
  eligibilityNote: string;
  accessoriesAllowed: boolean;
  maintenanceIncluded: boolean;
  insuranceRequired: boolean;
  policyText: string;
};

/** The policy the values make; a period that is not a whole number is left for the schema to refuse. */
function policyBody(values: Values) {
  return {
    minLeaseTimeMonths: Number(values.minLeaseTimeMonths),
    maxLeaseTimeMonths: Number(values.maxLeaseTimeMonths),
    requiresEmployerApproval: values.requiresEmployerApproval,
    eligibility: values.eligibility,
    eligibilityNote: values.eligibilityNote.trim() || null,
    accessoriesAllowed: values.accessoriesAllowed,
    maintenanceIncluded: values.maintenanceIncluded,
    insuranceRequired: values.insuranceRequired,
    policyText: values.policyText.trim() || null,
  };
}

/**
 * A company's bike policy (docs/api-surface.md "Bike policy"): the lease periods offered, whether each order needs
 * the employer's approval, who is eligible, accessories, maintenance, insurance and the text employees
 * read. A saved policy reads as a list with an edit button; before one is saved the form shows at once
 * with the suggested values and says the policy is not saved yet.
 */
export function BikePolicySection({
  company,
  headingOrder = 2,
}: {
  company: Pick<TCompanyDetails, "companyId" | "bikePolicy">;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const status = useSectionStatus(t("companySections.status.failedTitle"));
  const policy = company.bikePolicy;
  const yesNo = (value: boolean) =>
    value ? t("companySections.policy.yes") : t("companySections.policy.no");
  const formShown = editing || policy === null;

  return (
    <SectionCard
      title={t("companySections.policy.title")}
      description={t("companySections.policy.description")}
      headingOrder={headingOrder}
      actions={
        policy && !editing ? (
          <Button
            variant="default"
            size="sm"
            onClick={() => {
              status.clear();
              setEditing(true);
            }}
          >
            {t("companySections.policy.edit")}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="md">
        {status.element}
        {formShown ? (
          <>
            {policy === null && (
              <Alert color="yellow" variant="light" title={t("companySections.policy.notSavedTitle")}>
                {t("companySections.policy.notSaved")}
              </Alert>
            )}
            <BikePolicyForm
              companyId={company.companyId}
              policy={policy}
              onSaved={() => {
                setEditing(false);
                status.success(t("companySections.policy.saved"));
              }}
              onCancel={policy ? () => setEditing(false) : undefined}
            />
          </>
        ) : (
          <DetailsList
            items={[
              {
                label: t("companySections.policy.leasePeriod"),
                value: t("companySections.policy.monthsRange", {
                  min: policy.minLeaseTimeMonths,
                  max: policy.maxLeaseTimeMonths,
                }),
              },
              {
                label: t("companySections.policy.requiresEmployerApproval"),
                value: yesNo(policy.requiresEmployerApproval),
              },
              {
                label: t("companySections.policy.eligibility"),
                value: t(ELIGIBILITY_LABELS[policy.eligibility]),
              },
              { label: t("companySections.policy.eligibilityNote"), value: policy.eligibilityNote },
              {
                label: t("companySections.policy.accessoriesAllowed"),
                value: yesNo(policy.accessoriesAllowed),
              },
              {
                label: t("companySections.policy.maintenanceIncluded"),
                value: yesNo(policy.maintenanceIncluded),
              },
              {
                label: t("companySections.policy.insuranceRequired"),
                value: yesNo(policy.insuranceRequired),
              },
              { label: t("companySections.policy.policyText"), value: policy.policyText },
            ]}
          />
        )}
      </Stack>
    </SectionCard>
  );
}

function BikePolicyForm({
  companyId,
  policy,
  onSaved,
  onCancel,
}: {
  companyId: string;
  policy: TBikePolicy | null;
  onSaved: () => void;
  /** None before the policy is first saved: the form is all the section has. */
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveBikePolicy(companyId);
  const start = policy ?? SUGGESTED;

  const form = useContractForm<Values>({
    initialValues: {
      minLeaseTimeMonths: start.minLeaseTimeMonths,
      maxLeaseTimeMonths: start.maxLeaseTimeMonths,
      requiresEmployerApproval: start.requiresEmployerApproval,
      eligibility: start.eligibility,
      eligibilityNote: start.eligibilityNote ?? "",
      accessoriesAllowed: start.accessoriesAllowed,
      maintenanceIncluded: start.maintenanceIncluded,
      insuranceRequired: start.insuranceRequired,
      policyText: start.policyText ?? "",
    },
    schema: zBikePolicyInput,
    toBody: policyBody,
    texts: (issue) => {
      const field = issue.path[0];
      if (field === "maxLeaseTimeMonths" && issue.code === "custom")
        return t("companySections.policy.minAboveMax");
      if (field === "minLeaseTimeMonths" || field === "maxLeaseTimeMonths")
        return t("companySections.policy.monthsInvalid", { min: MONTHS.min, max: MONTHS.max });
      if (issue.code === "too_big")
        return t("companySections.policy.tooLong", { max: Number(issue.maximum) });
      return undefined;
    },
    rules: {
      minLeaseTimeMonths: (value) => (value === "" ? t("forms.required") : null),
      maxLeaseTimeMonths: (value) => (value === "" ? t("forms.required") : null),
    },
  });
  const errorSummary = useFormErrorSummary(form, { eligibility: t("companySections.policy.eligibility") });

  function submit(values: Values) {
    mutateThen(save, policyBody(values) as TBikePolicyInput, {
      onSuccess: onSaved,
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  }

  return (
    // Opened by its edit button, the form comes into view; the first policy's form is the section itself.
    <form
      ref={onCancel ? revealOpenedForm : undefined}
      noValidate
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
    >
      <Stack gap="md">
        {errorSummary.summary}
        {save.isError && (
          <Alert color="red" variant="light" title={t("companySections.policy.saveFailed")}>
            {companyErrorText(save.error, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NumberInput
            label={t("companySections.policy.minMonths")}
            description={t("companySections.policy.monthsHelp")}
            required
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps("minLeaseTimeMonths")}
          />
          <NumberInput
            label={t("companySections.policy.maxMonths")}
            description={t("companySections.policy.monthsHelp")}
            required
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            {...form.getInputProps("maxLeaseTimeMonths")}
          />
        </SimpleGrid>
        <Checkbox
          label={t("companySections.policy.requiresEmployerApproval")}
          description={t("companySections.policy.requiresEmployerApprovalHelp")}
          {...form.getInputProps("requiresEmployerApproval", { type: "checkbox" })}
        />
        <Radio.Group
          label={<FieldLabel required>{t("companySections.policy.eligibility")}</FieldLabel>}
          {...form.getInputProps("eligibility")}
        >
          <Stack gap="xs" mt={6}>
            <Radio
              value="ALL_EMPLOYEES"
              label={t(ELIGIBILITY_LABELS.ALL_EMPLOYEES)}
              description={t("companySections.policy.eligibilityHelp.ALL_EMPLOYEES")}
            />
            <Radio
              value="AFTER_TRIAL_PERIOD"
              label={t(ELIGIBILITY_LABELS.AFTER_TRIAL_PERIOD)}
              description={t("companySections.policy.eligibilityHelp.AFTER_TRIAL_PERIOD")}
            />
          </Stack>
        </Radio.Group>
        <Textarea
          label={t("companySections.policy.eligibilityNote")}
          description={t("companySections.policy.eligibilityNoteHelp")}
          rows={2}
          {...form.getInputProps("eligibilityNote")}
        />
        <Stack gap="xs">
          <Checkbox
            label={t("companySections.policy.accessoriesAllowed")}
            {...form.getInputProps("accessoriesAllowed", { type: "checkbox" })}
          />
          <Checkbox
            label={t("companySections.policy.maintenanceIncluded")}
            {...form.getInputProps("maintenanceIncluded", { type: "checkbox" })}
          />
          <Checkbox
            label={t("companySections.policy.insuranceRequired")}
            {...form.getInputProps("insuranceRequired", { type: "checkbox" })}
          />
        </Stack>
        <Textarea
          label={t("companySections.policy.policyText")}
          description={t("companySections.policy.policyTextHelp")}
          rows={4}
          {...form.getInputProps("policyText")}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {t("companySections.policy.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
