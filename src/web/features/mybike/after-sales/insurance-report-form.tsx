import { Alert, Button, Group, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type TCreateInsuranceClaim, zCreateInsuranceClaim } from "../../../../contract/insurance-claims.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import type { InsuranceClaimType } from "../../../../domain/enums.ts";
import {
  DEFAULT_DEDUCTIBLE_CENTS,
  insuredValueCents,
  isReportedLate,
  needsPoliceReport,
  reportDeadline,
} from "../../../../domain/insurance-claims.ts";
import { DateField } from "../../../components/date-field.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { FieldLabel, RequiredFieldsNote } from "../../../components/field-label.tsx";
import { FileField } from "../../../components/file-field.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { serverFieldErrors, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../../lib/form-errors.ts";
import { formatCalendarDate } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import type { TMyOrder } from "../mybike-api.ts";
import { type FailedFile, useAddClaimFiles, useReportClaim } from "./insurance-api.ts";
import { CLAIM_FILE_ACCEPT, checkClaimFiles, type FileProblem } from "./insurance-files.ts";

type Values = {
  type: InsuranceClaimType | "";
  incidentDate: string;
  description: string;
  policeReportNumber: string;
  files: File[];
};

/** The texts of the browser's file checks, spelled out so the catalogue check sees each key. */
const PROBLEM_KEYS: Record<FileProblem["code"], string> = {
  FILE_EMPTY: "myBikeClaims.files.FILE_EMPTY",
  FILE_TOO_LARGE: "myBikeClaims.files.FILE_TOO_LARGE",
  FILE_TYPE_NOT_ALLOWED: "myBikeClaims.files.FILE_TYPE_NOT_ALLOWED",
  TOO_MANY: "myBikeClaims.files.TOO_MANY",
};

/** A YYYY-MM-DD date as DD.MM.YYYY. */
export const dayText = (date: string) => formatCalendarDate(date);

/** The field's error for the files the browser refused, or the server refused: one line per file. */
export function useFileMessages() {
  const { t } = useTranslation();
  return {
    problems: (problems: readonly FileProblem[]) =>
      problems.map((p) => t(PROBLEM_KEYS[p.code], { name: p.name })).join(" "),
    failures: (failed: readonly FailedFile[]) =>
      failed
        .map((f) =>
          t("myBikeClaims.files.refused", { name: f.file.name, reason: formErrorMessage(f.error, t) }),
        )
        .join(" "),
  };
}

/**
 * "Ilmoita varkaudesta tai vahingosta" (report a theft or damage): what happened (theft or damage), when, the
 * police report number for a theft, photos; and before sending, what the employee bears (the deductible
 * and the bike's insured value on that day) and the 14-day report deadline. The claim is sent first,
 * then each photo; a photo the server refuses is named at the field, and the claim stays made.
 */
export function InsuranceReportForm({ order, onDone }: { order: TMyOrder; onDone: () => void }) {
  const { t } = useTranslation();
  const report = useReportClaim();
  const addFiles = useAddClaimFiles();
  const messages = useFileMessages();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const titleId = useId();
  const today = toHelsinkiDateString(new Date());
  const leaseStart = order.agreement?.startDate ?? null;
  const claimBody = (values: Values): TCreateInsuranceClaim => ({
    beneficiaryEmployeeId: order.employee.beneficiaryEmployeeId,
    orderId: order.orderId,
    type: values.type as InsuranceClaimType,
    incidentDate: values.incidentDate,
    description: values.description.trim(),
    ...(values.type === "THEFT" ? { policeReportNumber: values.policeReportNumber.trim() } : {}),
  });
  const form = useContractForm<Values>({
    initialValues: { type: "", incidentDate: "", description: "", policeReportNumber: "", files: [] },
    schema: zCreateInsuranceClaim,
    toBody: claimBody,
    texts: (issue) => (issue.path[0] === "type" ? t("myBikeClaims.form.typeRequired") : undefined),
    // The employee's report asks for what the contract leaves optional for the helpdesk: the date
    // (within the lease, not ahead), what happened, and a theft's police report number.
    rules: {
      incidentDate: (value) => {
        if (!value) return t("myBikeClaims.form.required");
        if (value > today) return t("myBikeClaims.form.dateInFuture");
        if (leaseStart && value < leaseStart) return t("myBikeClaims.form.dateBeforeLease");
        return null;
      },
      description: (value) => (value.trim() ? null : t("myBikeClaims.form.required")),
      policeReportNumber: (value, values) =>
        values.type && needsPoliceReport(values.type) && !value.trim()
          ? t("myBikeClaims.form.policeRequired")
          : null,
    },
    serverText: t("myBikeClaims.form.checkField"),
  });
  const errorSummary = useFormErrorSummary(form, { type: t("myBikeClaims.form.type") });

  async function chooseFiles(files: File[]) {
    form.setFieldValue("files", files);
    const problems = await checkClaimFiles(files);
    form.setFieldError("files", problems.length ? messages.problems(problems) : null);
  }

  async function sendFiles(claimId: string, files: File[]) {
    const failed = files.length ? await addFiles.mutateAsync({ claimId, files }) : [];
    if (failed.length === 0) {
      showSuccessToast(t("myBikeClaims.form.sent"));
      onDone();
      return;
    }
    form.setFieldValue(
      "files",
      failed.map((f) => f.file),
    );
    form.setFieldError("files", messages.failures(failed));
    errorSummary.show();
  }

  async function submit(values: Values) {
    const problems = await checkClaimFiles(values.files);
    if (problems.length) {
      form.setFieldError("files", messages.problems(problems));
      errorSummary.show();
      return;
    }
    if (createdId) return sendFiles(createdId, values.files);
    const body = claimBody(values);
    mutateThen(report, body, {
      onSuccess: (claim) => {
        setCreatedId(claim.insuranceId);
        void sendFiles(claim.insuranceId, values.files);
      },
      onError: (error) => {
        const police = error instanceof ApiError && error.code === "POLICE_REPORT_REQUIRED";
        const extra: Record<string, string> = police
          ? { policeReportNumber: t("myBikeClaims.form.policeRequired") }
          : {};
        if (form.setServerErrors(error, extra)) errorSummary.show();
      },
    });
  }

  const { type, incidentDate } = form.values;
  const onDate = incidentDate && incidentDate <= today ? incidentDate : today;
  const insured = insuredValueCents(order.totalPriceCents, leaseStart, onDate);
  const late = incidentDate ? isReportedLate(incidentDate, today) : false;
  const serverError =
    report.isError &&
    Object.keys(serverFieldErrors(report.error, form.getValues(), "x")).length === 0 &&
    !createdId;

  return (
    <form noValidate aria-labelledby={titleId} onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
      <Stack gap="md" maw={640}>
        <Title order={3} size="h4" id={titleId}>
          {t("myBikeClaims.form.title")}
        </Title>
        {errorSummary.summary}
        {createdId ? (
          <Alert color="yellow" role="status">
            {t("myBikeClaims.form.sentWithoutFiles")}
          </Alert>
        ) : (
          <>
            <RequiredFieldsNote />
            <Radio.Group
              label={<FieldLabel required>{t("myBikeClaims.form.type")}</FieldLabel>}
              {...form.getInputProps("type")}
            >
              <Group gap="lg" mt={6}>
                <Radio value="THEFT" label={t("myBikeClaims.types.THEFT")} />
                <Radio value="DAMAGE" label={t("myBikeClaims.types.DAMAGE")} />
              </Group>
            </Radio.Group>
            <DateField
              label={t("myBikeClaims.form.incidentDate")}
              required
              min={leaseStart ?? undefined}
              max={today}
              {...form.getInputProps("incidentDate")}
            />
            {type === "THEFT" && (
              <TextInput
                label={t("myBikeClaims.form.policeReportNumber")}
                description={t("myBikeClaims.form.policeHelp")}
                required
                {...form.getInputProps("policeReportNumber")}
              />
            )}
            <Textarea
              label={t("myBikeClaims.form.description")}
              description={t("myBikeClaims.form.descriptionHelp")}
              required
              rows={4}
              {...form.getInputProps("description")}
            />
          </>
        )}
        <FileField
          label={t("myBikeClaims.form.files")}
          description={t("myBikeClaims.form.filesHelp")}
          accept={CLAIM_FILE_ACCEPT}
          multiple
          clearable
          {...form.getInputProps("files")}
          onChange={(files) => void chooseFiles(files)}
        />
        {!createdId && (
          <Stack
            gap="xs"
            p="md"
            style={{ background: "var(--pd-surface-muted)", borderRadius: "var(--pd-radius-card)" }}
          >
            <Text fw={600}>{t("myBikeClaims.bears.title")}</Text>
            <DetailsList
              items={[
                { label: t("myBikeClaims.bears.deductible"), value: money(DEFAULT_DEDUCTIBLE_CENTS) },
                { label: t("myBikeClaims.bears.insuredValue"), value: money(insured) },
                {
                  label: t("myBikeClaims.bears.deadline"),
                  value: incidentDate && incidentDate <= today ? dayText(reportDeadline(incidentDate)) : null,
                },
              ]}
            />
            <Text size="sm" c="dimmed">
              {t("myBikeClaims.bears.explain")}
            </Text>
            {late && (
              <Alert color="yellow" title={t("myBikeClaims.bears.lateTitle")}>
                {t("myBikeClaims.bears.late")}
              </Alert>
            )}
          </Stack>
        )}
        {serverError && (
          <Alert color="red" role="alert">
            {formErrorMessage(report.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={report.isPending || addFiles.isPending}>
            {createdId ? t("myBikeClaims.form.retryFiles") : t("myBikeClaims.form.submit")}
          </Button>
          <Button variant="default" onClick={onDone} disabled={report.isPending || addFiles.isPending}>
            {createdId ? t("myBikeClaims.form.close") : t("myBikeClaims.form.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
