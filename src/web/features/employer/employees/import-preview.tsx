import { Stack, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import type {
  ImportErrorCode,
  TImportError,
  TImportResult,
  TImportRow,
} from "../../../../contract/employee-import.ts";
import type { ImportField } from "../../../../domain/employee-import.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { isoToDateText } from "../../../lib/date-text.ts";
import { NameAndEmail } from "./name-and-email.tsx";

/**
 * What a staff file would do, before anything is written: how many employees it adds, changes, leaves
 * as they are and ends, its errors row by row, and the rows that change something. A file of thousands
 * of people lists its first rows and says how many more there are.
 */

/** The most rows a table of the preview lists: a 5,000-person file would otherwise draw them all. */
const SHOWN_ROWS = 100;

/** Each field's name on screen: the employee form's own labels. */
export const FIELD_LABELS: Record<ImportField, string> = {
  firstName: "forms.firstName",
  lastName: "forms.lastName",
  workEmail: "forms.workEmail",
  phoneNumber: "forms.phoneNumber",
  language: "forms.language",
  employeeNumber: "employerEmployees.fields.employeeNumber",
  costUnit: "employerEmployees.fields.costUnit",
  unit: "employerEmployees.fields.unit",
  payRollOther: "employerEmployees.fields.payRollOther",
  jobTrialPeriodEndDate: "employerEmployees.fields.jobTrialPeriodEndDate",
  lastWorkingDayDate: "employerEmployees.fields.lastWorkingDayDate",
  maxPrice: "employerEmployees.fields.maxPrice",
  employerNote: "employerEmployees.fields.employerNote",
};

/** A field as the answer names it (a changed row names the unit as the update body does, unitId). */
export function fieldLabel(t: TFunction, name: string): string {
  const field = name === "unitId" ? "unit" : name;
  const key = FIELD_LABELS[field as ImportField];
  return key ? t(key) : name;
}

const ERROR_TEXTS: Record<ImportErrorCode, string> = {
  REQUIRED: "employerEmployees.import.errors.REQUIRED",
  EMAIL_INVALID: "employerEmployees.import.errors.EMAIL_INVALID",
  EMAIL_REPEATED: "employerEmployees.import.errors.EMAIL_REPEATED",
  EMAIL_TAKEN: "employerEmployees.import.errors.EMAIL_TAKEN",
  EMAIL_OF_ANOTHER_EMPLOYEE: "employerEmployees.import.errors.EMAIL_OF_ANOTHER_EMPLOYEE",
  EMPLOYEE_NUMBER_REPEATED: "employerEmployees.import.errors.EMPLOYEE_NUMBER_REPEATED",
  DATE_INVALID: "employerEmployees.import.errors.DATE_INVALID",
  DATE_ORDER: "employerEmployees.import.errors.DATE_ORDER",
  UNIT_UNKNOWN: "employerEmployees.import.errors.UNIT_UNKNOWN",
  PRICE_INVALID: "employerEmployees.import.errors.PRICE_INVALID",
  PHONE_INVALID: "employerEmployees.import.errors.PHONE_INVALID",
  LANGUAGE_UNKNOWN: "employerEmployees.import.errors.LANGUAGE_UNKNOWN",
  TEXT_INVALID: "employerEmployees.import.errors.TEXT_INVALID",
  PERSON_SHARED: "employerEmployees.import.errors.PERSON_SHARED",
};

/** What is wrong with a cell in the reader's words; the server's English only for a code we lack. */
function errorText(t: TFunction, error: TImportError): string {
  const key = ERROR_TEXTS[error.code];
  return key ? t(key, { defaultValue: error.message }) : error.message;
}

/** The number of rows that have an error (a row may have several). */
export function rowsWithErrors(result: TImportResult): number {
  return new Set(result.errors.map((e) => e.row)).size;
}

/** Whether the file writes anything: new, changed or ending employees. */
export function changesSomething(result: TImportResult): boolean {
  const { created, changed, ending } = result.counts;
  return created + changed + ending > 0;
}

function MoreRows({ total }: { total: number }) {
  const { t } = useTranslation();
  if (total <= SHOWN_ROWS) return null;
  return (
    <Text size="sm" c="dimmed">
      {t("employerEmployees.import.more", { rest: total - SHOWN_ROWS })}
    </Text>
  );
}

function ErrorRows({ result }: { result: TImportResult }) {
  const { t } = useTranslation();
  const label = t("employerEmployees.import.errorsLabel");
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t("employerEmployees.import.errorsTitle", { rows: rowsWithErrors(result) })}
      </Title>
      <Text size="sm">{t("employerEmployees.import.errorsIntro")}</Text>
      <ListTable<TImportError & { key: string }>
        label={label}
        rows={result.errors.slice(0, SHOWN_ROWS).map((e, i) => ({ ...e, key: `${e.row}-${i}` }))}
        rowKey={(e) => e.key}
        columns={[
          {
            accessor: "row",
            title: t("employerEmployees.import.row"),
            textAlign: "right",
            render: (e) => e.row,
          },
          {
            accessor: "column",
            title: t("employerEmployees.import.column"),
            render: (e) => (e.column ? fieldLabel(t, e.column) : t("employerEmployees.import.wholeRow")),
          },
          {
            accessor: "problem",
            title: t("employerEmployees.import.problem"),
            render: (e) => errorText(t, e),
          },
        ]}
      />
      <MoreRows total={result.errors.length} />
    </Stack>
  );
}

const ACTION_TONES: Record<Exclude<TImportRow["action"], "UNCHANGED">, StatusTone> = {
  NEW: "success",
  CHANGED: "info",
  ENDS: "warning",
};

function ChangeText({ row, leaversOn }: { row: TImportRow; leaversOn: string | null }) {
  const { t } = useTranslation();
  if (row.action === "NEW")
    return <ToneBadge tone={ACTION_TONES.NEW}>{t("employerEmployees.import.actions.NEW")}</ToneBadge>;
  if (row.action === "ENDS")
    return (
      <ToneBadge tone={ACTION_TONES.ENDS}>
        {t("employerEmployees.import.actions.ENDS", { date: leaversOn ? isoToDateText(leaversOn) : "" })}
      </ToneBadge>
    );
  return (
    <ToneBadge tone={ACTION_TONES.CHANGED}>
      {t("employerEmployees.import.actions.CHANGED", {
        fields: row.fields.map((f) => fieldLabel(t, f)).join(", "),
      })}
    </ToneBadge>
  );
}

function ChangedRows({ rows, leaversOn }: { rows: TImportRow[]; leaversOn: string | null }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Title order={4} size="h5">
        {t("employerEmployees.import.changesTitle", { rows: rows.length })}
      </Title>
      <ListTable<TImportRow>
        label={t("employerEmployees.import.changesLabel")}
        rows={rows.slice(0, SHOWN_ROWS)}
        rowKey={(r) => `${r.row ?? "-"}-${r.employeeId ?? r.email}`}
        columns={[
          {
            accessor: "row",
            title: t("employerEmployees.import.row"),
            textAlign: "right",
            render: (r) => r.row ?? t("employerEmployees.import.notInFile"),
          },
          {
            accessor: "name",
            title: t("employerEmployees.import.employee"),
            render: (r) => <NameAndEmail name={r.name} email={r.email} />,
          },
          {
            accessor: "change",
            title: t("employerEmployees.import.change"),
            render: (r) => <ChangeText row={r} leaversOn={leaversOn} />,
          },
        ]}
      />
      <MoreRows total={rows.length} />
    </Stack>
  );
}

/** The preview of one file: its heading takes the focus when it appears (`headingRef`). */
export function ImportPreview({
  result,
  fileName,
  leaversOn,
  headingRef,
}: {
  result: TImportResult;
  fileName: string;
  leaversOn: string | null;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const changing = result.rows.filter((r) => r.action !== "UNCHANGED");
  return (
    <Stack gap="md">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {t("employerEmployees.import.previewTitle", { fileName })}
      </Title>
      <Text size="sm">{t("employerEmployees.import.summary", result.counts)}</Text>
      {!changesSomething(result) && result.errors.length === 0 && (
        <EmptyState text={t("employerEmployees.import.nothing")} />
      )}
      {result.errors.length > 0 && <ErrorRows result={result} />}
      {changing.length > 0 && <ChangedRows rows={changing} leaversOn={leaversOn} />}
    </Stack>
  );
}
