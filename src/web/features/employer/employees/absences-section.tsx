import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type TAbsence,
  type TAbsenceInput,
  type TEmployeeDetails,
  zAbsenceInput,
} from "../../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import {
  type AbsencePeriod,
  absenceEffect,
  isLongAbsence,
  LONG_ABSENCE_DAYS,
} from "../../../../domain/employees.ts";
import { ABSENCE_REASONS, type AbsenceReason } from "../../../../domain/enums.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { type IssueTexts, serverFieldErrors, useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError, showErrorToast } from "../../../lib/error-toasts.ts";
import { formatDate } from "../../../lib/formatters.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { isFarFutureTypo } from "./employee-form.tsx";
import { ABSENCE_REASON_LABELS, fullName } from "./employee-labels.tsx";
import { useRemoveAbsence, useSaveAbsence } from "./employees-api.ts";

type AbsenceValues = {
  reason: AbsenceReason | "";
  reasonOther: string;
  startDate: string;
  endDate: string;
  note: string;
};
const EMPTY: AbsenceValues = { reason: "", reasonOther: "", startDate: "", endDate: "", note: "" };
/** What an absence of this reason means for the lease (absenceEffect, ADR 008). */
const EFFECT_TEXTS = {
  DEDUCTION_CONTINUES: "employerEmployees.absences.effects.DEDUCTION_CONTINUES",
  DEDUCTION_DEFERRED: "employerEmployees.absences.effects.DEDUCTION_DEFERRED",
} as const;

function reasonText(absence: TAbsence, t: TFunction): string {
  if (absence.reason === "OTHER" && absence.reasonOther) {
    return t("employerEmployees.absences.otherNamed", { text: absence.reasonOther });
  }
  return t(ABSENCE_REASON_LABELS[absence.reason]);
}

/** The dates of an absence: "01.02.2026 – 28.02.2026", or an open end ("paluu ei tiedossa"). */
function periodText(absence: AbsencePeriod, t: TFunction): string {
  const end = absence.endDate ? formatDate(absence.endDate) : t("employerEmployees.absences.openEnd");
  return `${formatDate(absence.startDate)} – ${end}`;
}

/** The lease consequence of a reason, and the 90-day warning when the absence is that long. */
function LeaseEffect({ reason, period }: { reason: AbsenceReason; period: AbsencePeriod | null }) {
  const { t } = useTranslation();
  const today = toHelsinkiDateString(new Date());
  return (
    <Stack gap="xs">
      <Text size="sm">{t(EFFECT_TEXTS[absenceEffect(reason)])}</Text>
      {period && isLongAbsence(period, today) && (
        <Alert variant="light" color="yellow" title={t("employerEmployees.absences.longTitle")}>
          {t("employerEmployees.absences.long", { days: LONG_ABSENCE_DAYS })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The employee's absences (sick leave, parental leave, "Muu, mikä"): each with its dates (an open end
 * while the return is not known), what it means for the gross-salary deduction, and the warning of a
 * long absence; added, changed and removed here. Absences may not share a day (409 ABSENCE_OVERLAPS,
 * said at the dates).
 */
export function AbsencesSection({ employee }: { employee: TEmployeeDetails }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<TAbsence | "new" | null>(null);
  const [removing, setRemoving] = useState<TAbsence | null>(null);
  const remove = useRemoveAbsence(employee.beneficiaryEmployeeId);
  const absences = employee.absences;

  return (
    <SectionCard
      title={t("employerEmployees.absences.title")}
      description={t("employerEmployees.absences.description")}
      headingOrder={3}
      actions={
        editing === null && (
          <Button size="xs" variant="light" onClick={() => setEditing("new")}>
            {t("employerEmployees.absences.add")}
          </Button>
        )
      }
    >
      <Stack gap="md">
        {editing !== null && (
          <AbsenceForm
            key={editing === "new" ? "new" : editing.absenceId}
            employeeId={employee.beneficiaryEmployeeId}
            absence={editing === "new" ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
        {absences.length === 0 && editing === null ? (
          <EmptyState text={t("employerEmployees.absences.empty")} />
        ) : (
          absences.map((absence) => (
            <Paper key={absence.absenceId} withBorder radius="md" p="sm">
              <Stack gap="xs">
                <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                  <div>
                    <Text fw={600}>{reasonText(absence, t)}</Text>
                    <Text size="sm">{periodText(absence, t)}</Text>
                  </div>
                  <Group gap="xs">
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => setEditing(absence)}
                      aria-label={t("employerEmployees.absences.editNamed", {
                        period: periodText(absence, t),
                      })}
                    >
                      {t("employerEmployees.absences.edit")}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      color="red"
                      onClick={() => setRemoving(absence)}
                      aria-label={t("employerEmployees.absences.removeNamed", {
                        period: periodText(absence, t),
                      })}
                    >
                      {t("employerEmployees.absences.remove")}
                    </Button>
                  </Group>
                </Group>
                <LeaseEffect reason={absence.reason} period={absence} />
                {absence.note && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                    {absence.note}
                  </Text>
                )}
              </Stack>
            </Paper>
          ))
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title={t("employerEmployees.absences.removeTitle", { name: fullName(employee) })}
        confirmLabel={t("employerEmployees.absences.removeConfirm")}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          mutateThen(remove, removing.absenceId, {
            onSuccess: () => {
              showSuccessToast(t("employerEmployees.absences.removed"));
              setRemoving(null);
            },
          })
        }
      >
        {removing &&
          t("employerEmployees.absences.removeText", {
            reason: reasonText(removing, t),
            period: periodText(removing, t),
          })}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** The absence the values make: the other reason's words only with OTHER, an open end as null. */
function absenceBody(v: AbsenceValues) {
  return {
    reason: v.reason,
    reasonOther: v.reason === "OTHER" ? v.reasonOther.trim() : null,
    startDate: v.startDate,
    endDate: v.endDate || null,
    note: v.note.trim() || null,
  };
}

function AbsenceForm({
  employeeId,
  absence,
  onDone,
}: {
  employeeId: string;
  absence: TAbsence | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAbsence(employeeId);
  const texts: IssueTexts = (issue) =>
    ({
      reason: t("employerEmployees.absences.reasonRequired"),
      reasonOther: t("employerEmployees.absences.otherRequired"),
      startDate: t("employerEmployees.absences.startRequired"),
      endDate: t("employerEmployees.absences.endBeforeStart"),
    })[String(issue.path[0])];
  const form = useContractForm<AbsenceValues>({
    initialValues: absence
      ? {
          reason: absence.reason,
          reasonOther: absence.reasonOther ?? "",
          startDate: absence.startDate,
          endDate: absence.endDate ?? "",
          note: absence.note ?? "",
        }
      : EMPTY,
    schema: zAbsenceInput,
    toBody: absenceBody,
    texts,
  });
  const errorSummary = useFormErrorSummary(form);
  const values = form.values;

  function submit(v: AbsenceValues) {
    if (!v.reason) return;
    const body = absenceBody(v) as TAbsenceInput;
    mutateThen(
      save,
      { absenceId: absence?.absenceId ?? null, body },
      {
        onSuccess: () => {
          showSuccessToast(t("employerEmployees.absences.saved"));
          onDone();
        },
        onError: (error) => {
          // Another absence on the same days: said at the dates; the input stays as typed.
          const overlap = error instanceof ApiError && error.code === "ABSENCE_OVERLAPS";
          const errors = overlap
            ? { startDate: messageForApiError(error, t), endDate: messageForApiError(error, t) }
            : serverFieldErrors(error, form.getValues(), t("forms.checkField"), {}, { t, texts });
          if (Object.keys(errors).length > 0) {
            form.setErrors(errors);
            errorSummary.show();
          } else showErrorToast(error);
        },
      },
    );
  }

  const farFuture = (value: string) =>
    isFarFutureTypo(value) ? t("employerEmployees.form.farFuture") : undefined;

  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          <Text fw={600}>
            {absence ? t("employerEmployees.absences.editTitle") : t("employerEmployees.absences.addTitle")}
          </Text>
          <RequiredFieldsNote />
          <NativeSelect
            label={t("employerEmployees.absences.reason")}
            required
            data={[
              { value: "", label: t("employerEmployees.absences.chooseReason") },
              ...ABSENCE_REASONS.map((reason) => ({
                value: reason,
                label: t(ABSENCE_REASON_LABELS[reason]),
              })),
            ]}
            {...form.getInputProps("reason")}
          />
          {values.reason === "OTHER" && (
            <TextInput
              label={t("employerEmployees.absences.reasonOther")}
              description={t("employerEmployees.absences.reasonOtherHelp")}
              required
              {...form.getInputProps("reasonOther")}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <DateField
              label={t("employerEmployees.absences.start")}
              description={farFuture(values.startDate)}
              required
              {...form.getInputProps("startDate")}
            />
            <DateField
              label={t("employerEmployees.absences.end")}
              description={farFuture(values.endDate) ?? t("employerEmployees.absences.endHelp")}
              min={values.startDate || undefined}
              {...form.getInputProps("endDate")}
            />
          </SimpleGrid>
          <Textarea label={t("employerEmployees.absences.note")} rows={2} {...form.getInputProps("note")} />
          {values.reason && (
            <LeaseEffect
              reason={values.reason}
              period={
                values.startDate ? { startDate: values.startDate, endDate: values.endDate || null } : null
              }
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("employerEmployees.absences.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
