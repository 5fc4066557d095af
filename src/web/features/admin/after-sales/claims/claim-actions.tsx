import {
  Alert,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TInsuranceClaim,
  type TUpdateInsuranceClaim,
  zUpdateInsuranceClaim,
} from "../../../../../contract/insurance-claims.ts";
import type { InsuranceClaimOutcome } from "../../../../../domain/enums.ts";
import {
  type InsuranceClaimStep,
  isCompletingStep,
  needsPoliceReport,
} from "../../../../../domain/insurance-claims.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { DateField } from "../../../../components/date-field.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS } from "../../orders/helpdesk-paths.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { OUTCOME_LABELS, STEP_TEXTS, TYPE_LABELS } from "./claim-labels.ts";
import { useClaimAction } from "./claims-api.ts";

/**
 * What the helpdesk may do next, as the server allows it (the claim's allowedActions): the outcome's
 * next step (a completing step closes the claim, makes the deductible's payment and may end the lease,
 * so each asks first), or deleting a claim made by mistake. Before the outcome is set there is no step.
 */
export function ClaimActions({ claim }: { claim: TInsuranceClaim }) {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const dialog = useActionDialog<InsuranceClaimStep | "delete">(useClaimAction(claim.insuranceId));
  const open = claim.status === "PENDING";
  const steps = claim.allowedActions.includes("TAKE_STEP") ? claim.nextSteps : [];

  function takeStep(step: InsuranceClaimStep) {
    dialog.run({ kind: "step", step }, () => showSuccessToast(t("adminClaims.actions.stepDone")));
  }
  function remove() {
    dialog.run({ kind: "delete" }, () => {
      showSuccessToast(t("adminClaims.actions.deleted"));
      go("applications", AFTER_SALES_SEGMENTS.claims);
    });
  }
  const step = dialog.current !== "delete" ? dialog.current : null;

  return (
    <Stack gap="md">
      {!open && <Text size="sm">{t("adminClaims.actions.closed")}</Text>}
      {open && steps.length === 0 && (
        <Text size="sm">
          {claim.outcome ? t("adminClaims.actions.noStep") : t("adminClaims.actions.setOutcome")}
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        {steps.map((next) => (
          <Button key={next} onClick={() => dialog.open(next)}>
            {t(STEP_TEXTS[next].button)}
          </Button>
        ))}
        {claim.allowedActions.includes("DELETE") && (
          <Button variant="outline" color="red" onClick={() => dialog.open("delete")}>
            {t("adminClaims.actions.delete")}
          </Button>
        )}
      </Group>
      <ActionDialog
        {...dialog.props(step !== null)}
        title={step ? t(STEP_TEXTS[step].button) : ""}
        confirmLabel={step ? t(STEP_TEXTS[step].button) : ""}
        onConfirm={() => step && takeStep(step)}
      >
        <Stack gap="sm">
          <Text>{step ? t(STEP_TEXTS[step].confirm) : ""}</Text>
          {step && isCompletingStep(step) && claim.deductibleOwedCents > 0 && (
            <Text size="sm">{t("adminClaims.actions.deductibleNote")}</Text>
          )}
        </Stack>
      </ActionDialog>
      <ActionDialog
        {...dialog.props(dialog.current === "delete")}
        title={t("adminClaims.actions.deleteTitle", {
          type: t(TYPE_LABELS[claim.type]),
          name: claim.employee.name,
        })}
        confirmLabel={t("adminClaims.actions.delete")}
        onConfirm={remove}
      >
        {t("adminClaims.actions.deleteText")}
      </ActionDialog>
    </Stack>
  );
}

type FormValues = {
  outcome: InsuranceClaimOutcome | "";
  incidentDate: string;
  policeReportNumber: string;
  description: string;
  repairCost: string;
  deductible: string;
};

/** The form's field of each amount: the body counts cents, the form the euros typed. */
const FIELD_OF = { repairCostCents: "repairCost", deductibleCents: "deductible" };

/** An amount field: empty is none, text that does not read is NaN for the schema to refuse. */
const centsOfText = (text: string) => (text.trim() ? (parseEuroInput(text) ?? Number.NaN) : null);

/**
 * The claim's outcome and costs (the helpdesk's PUT): the outcome, fixed once its first step is taken,
 * the incident date, the police report number (a theft's is required), what happened, the repair's
 * cost and the deductible. A closed claim is shown, not edited.
 */
export function ClaimForm({ claim }: { claim: TInsuranceClaim }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const action = useClaimAction(claim.insuranceId);
  // The server says whether the claim may change, and whether its outcome still may (until its first step).
  const editable = claim.allowedActions.includes("UPDATE");
  const outcomeFixed = !claim.allowedActions.includes("SET_OUTCOME");
  const form = useContractForm<FormValues>({
    initialValues: {
      outcome: claim.outcome ?? "",
      incidentDate: claim.incidentDate ?? "",
      policeReportNumber: claim.policeReportNumber ?? "",
      description: claim.description ?? "",
      repairCost: claim.repairCostCents === null ? "" : formatEuroInput(claim.repairCostCents, display.lang),
      deductible: formatEuroInput(claim.deductibleCents, display.lang),
    },
    schema: zUpdateInsuranceClaim,
    toBody: bodyOf,
    fieldOf: FIELD_OF,
    texts: (issue) => (String(issue.path[0]) in FIELD_OF ? t("adminClaims.form.amountInvalid") : undefined),
    // A theft needs its police report number: the server's rule by the claim's type, not the body's.
    rules: (values) => ({
      policeReportNumber:
        needsPoliceReport(claim.type) && !values.policeReportNumber.trim()
          ? t("adminClaims.form.policeRequired")
          : null,
    }),
    serverText: t("adminClaims.form.checkField"),
  });

  function bodyOf(values: FormValues) {
    return {
      policeReportNumber: values.policeReportNumber.trim() || null,
      description: values.description.trim() || null,
      repairCostCents: centsOfText(values.repairCost),
      deductibleCents: centsOfText(values.deductible) ?? Number.NaN,
      ...(outcomeFixed ? {} : { outcome: values.outcome || null }),
      ...(values.incidentDate ? { incidentDate: values.incidentDate } : {}),
    };
  }

  function save(values: FormValues) {
    mutateThen(
      action,
      { kind: "update", body: bodyOf(values) as TUpdateInsuranceClaim },
      {
        onSuccess: () => showSuccessToast(t("adminClaims.form.saved")),
        onError: (error) =>
          form.setServerErrors(
            error,
            error instanceof ApiError && error.code === "POLICE_REPORT_REQUIRED"
              ? { policeReportNumber: t("adminClaims.form.policeRequired") }
              : {},
          ),
      },
    );
  }

  if (!editable) return null;
  return (
    <form noValidate onSubmit={form.onSubmit(save)}>
      <Stack gap="md">
        <NativeSelect
          label={t("adminClaims.form.outcome")}
          description={outcomeFixed ? t("adminClaims.form.outcomeFixed") : t("adminClaims.form.outcomeHint")}
          disabled={outcomeFixed}
          data={[
            { value: "", label: t("adminClaims.form.noOutcome") },
            ...claim.outcomes.map((outcome) => ({ value: outcome, label: t(OUTCOME_LABELS[outcome]) })),
          ]}
          {...form.getInputProps("outcome")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField label={t("adminClaims.form.incidentDate")} {...form.getInputProps("incidentDate")} />
          <TextInput
            label={t("adminClaims.form.policeReportNumber")}
            required={needsPoliceReport(claim.type)}
            {...form.getInputProps("policeReportNumber")}
          />
          <EuroInput label={t("adminClaims.form.repairCost")} {...form.getInputProps("repairCost")} />
          <EuroInput label={t("adminClaims.form.deductible")} {...form.getInputProps("deductible")} />
        </SimpleGrid>
        <Textarea label={t("adminClaims.form.description")} rows={4} {...form.getInputProps("description")} />
        {action.isError && (
          <Alert color="red" role="alert">
            {messageForApiError(action.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={action.isPending}>
            {t("adminClaims.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
