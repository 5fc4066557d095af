import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { type Ref, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TImportColumns, TImportResult } from "../../../../contract/employee-import.ts";
import {
  IMPORT_FIELDS,
  type ImportField,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
} from "../../../../domain/employee-import.ts";
import type { Language } from "../../../../domain/enums.ts";
import { permissionsIn } from "../../../../domain/permissions.ts";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DateField } from "../../../components/date-field.tsx";
import { FileField } from "../../../components/file-field.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { isoToDateText } from "../../../lib/date-text.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { type SessionUser, useSession } from "../../../lib/session.ts";
import type { EmployerCompany } from "../selected-company.ts";
import { useLanguage } from "./employee-form.tsx";
import {
  importTemplateHref,
  type StaffFile,
  useImportStaffFile,
  usePreviewStaffFile,
} from "./employees-api.ts";
import {
  changesSomething,
  FIELD_LABELS,
  fieldLabel,
  ImportPreview,
  rowsWithErrors,
} from "./import-preview.tsx";

/** What the file picker offers: CSV and XLSX, by extension and by type (systems type CSV differently). */
const FILE_ACCEPT = [
  ".csv",
  ".xlsx",
  "text/csv",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
].join(",");

/** The mapping's choice for a column left out ("" is the choice not yet made). */
const LEAVE_OUT = "-";

/** The refusals of a file said in the reader's words; any other is said as the app says errors. */
const REFUSAL_TEXTS: Record<string, string> = {
  IMPORT_COLUMNS_MISSING: "employerEmployees.import.refusals.IMPORT_COLUMNS_MISSING",
  IMPORT_COLUMNS_REPEATED: "employerEmployees.import.refusals.IMPORT_COLUMNS_REPEATED",
  IMPORT_TOO_MANY_ROWS: "employerEmployees.import.refusals.IMPORT_TOO_MANY_ROWS",
  IMPORT_EMPTY: "employerEmployees.import.refusals.IMPORT_EMPTY",
  IMPORT_HAS_ERRORS: "employerEmployees.import.refusals.IMPORT_HAS_ERRORS",
  FILE_TYPE_NOT_ALLOWED: "employerEmployees.import.refusals.FILE_TYPE_NOT_ALLOWED",
  FILE_TOO_LARGE: "employerEmployees.import.refusals.FILE_TOO_LARGE",
  FILE_EMPTY: "employerEmployees.import.refusals.FILE_EMPTY",
};

function refusalText(error: unknown, t: TFunction, lang: Language): string {
  if (!(error instanceof ApiError) || error.status !== 400) return messageForApiError(error, t);
  const key = REFUSAL_TEXTS[error.code];
  if (!key) return messageForApiError(error, t);
  // The columns' refusals name the fields in their details.
  const fields = error.details.map((d) => fieldLabel(t, d.message)).join(", ");
  return t(key, { fields, max: new Intl.NumberFormat(lang).format(MAX_IMPORT_ROWS) });
}

/**
 * Whether the user manages the company's settings there (its employer admin, its group's group admin,
 * the helpdesk): only they import staff files, as the server's guard decides.
 */
function mayImport(user: SessionUser | null, company: EmployerCompany): boolean {
  if (!user) return false;
  const groupOf = (id: string) => user.companies.find((c) => c.id === id)?.groupCompanyId;
  return permissionsIn(user.userRoles, company, groupOf).includes("company-settings.manage");
}

type Choice = { file: File | null; endMissing: boolean; leaversOn: string };
const NO_CHOICE: Choice = { file: null, endMissing: false, leaversOn: "" };
type Previewed = { result: TImportResult; sent: StaffFile };
type FocusTarget = "mapping" | "preview" | "alert" | "done";

/**
 * The import of the staff from the HR or payroll system's file: the file (and whether those it leaves
 * out leave the company), the fields of headers the service does not know, a preview of what each row
 * does, then the import, with the valid rows only when some rows have errors. Shown to those who manage
 * the company's settings only.
 */
export function ImportSection({ company }: { company: EmployerCompany }) {
  const { user } = useSession();
  if (!mayImport(user, company)) return null;
  return <StaffImport company={company} />;
}

function StaffImport({ company }: { company: EmployerCompany }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const read = usePreviewStaffFile();
  const write = useImportStaffFile();
  const [choice, setChoice] = useState<Choice>(NO_CHOICE);
  const [errors, setErrors] = useState<{ file?: string; leaversOn?: string }>({});
  const [unknown, setUnknown] = useState<string[] | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mappingChecked, setMappingChecked] = useState(false);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<TImportResult | null>(null);

  // After a step, the focus goes to what it brought: the mapping, the preview, the refusal or the result.
  const focusNext = useRef<FocusTarget | null>(null);
  const mappingRef = useRef<HTMLHeadingElement>(null);
  const previewRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    const refs = { mapping: mappingRef, preview: previewRef, alert: alertRef, done: doneRef };
    refs[target].current?.focus();
  });

  /** Another file (or none) starts afresh: nothing asked or previewed of the last one holds. */
  function chooseFile(file: File | null) {
    setChoice((previous) => ({ ...previous, file }));
    setErrors((previous) => ({ ...previous, file: undefined }));
    setUnknown(null);
    setMapping({});
    setMappingChecked(false);
    setPreviewed(null);
    read.reset();
    write.reset();
  }

  function columnsOf(headers: string[]): TImportColumns | null {
    const columns: TImportColumns = {};
    for (const header of headers) {
      const field = mapping[header] ?? "";
      if (field === "") return null;
      columns[header] = field === LEAVE_OUT ? "" : (field as ImportField);
    }
    return columns;
  }

  function preview() {
    const { file } = choice;
    const next = {
      ...(!file
        ? { file: t("employerEmployees.import.fileRequired") }
        : file.size > MAX_IMPORT_BYTES
          ? { file: t("employerEmployees.import.fileTooLarge") }
          : {}),
      ...(choice.endMissing && !choice.leaversOn
        ? { leaversOn: t("employerEmployees.import.leaversOnRequired") }
        : {}),
    };
    setErrors(next);
    const columns = unknown ? columnsOf(unknown) : null;
    if (unknown) setMappingChecked(true);
    if (!file || Object.keys(next).length > 0 || (unknown && !columns)) return;
    const sent: StaffFile = {
      companyId: company.id,
      file,
      columns,
      leaversOn: choice.endMissing ? choice.leaversOn : null,
      validRowsOnly: false,
    };
    setPreviewed(null);
    setDone(null);
    write.reset();
    mutateThen(read, sent, {
      onSuccess: (result) => {
        setPreviewed({ result, sent });
        setValidOnly(false);
        focusNext.current = "preview";
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === "IMPORT_COLUMNS_UNKNOWN") {
          const headers = error.details.map((d) => d.message);
          setUnknown(headers);
          setMapping((previous) => Object.fromEntries(headers.map((h) => [h, previous[h] ?? ""])));
          setMappingChecked(false);
          read.reset();
          focusNext.current = "mapping";
        } else focusNext.current = "alert";
      },
    });
  }

  function runImport(sent: StaffFile) {
    mutateThen(write, sent, {
      onSuccess: (result) => {
        setConfirming(false);
        setDone(result);
        setPreviewed(null);
        setChoice(NO_CHOICE);
        setUnknown(null);
        setMapping({});
        read.reset();
        focusNext.current = "done";
      },
      onError: () => {
        setConfirming(false);
        focusNext.current = "alert";
      },
    });
  }

  function startImport() {
    if (!previewed) return;
    const withErrors = previewed.result.errors.length > 0;
    if (withErrors && !validOnly) return;
    if (previewed.result.counts.ending > 0) setConfirming(true);
    else runImport({ ...previewed.sent, validRowsOnly: withErrors });
  }

  // A refusal is said where its step is: the file's beside the preview, the write's beside the import.
  const refusal = write.isError ? write.error : read.isError ? read.error : null;
  const refusalAlert = refusal !== null && (
    <Alert
      ref={alertRef}
      tabIndex={-1}
      color="red"
      variant="light"
      role="alert"
      title={t(
        write.isError ? "employerEmployees.import.importFailed" : "employerEmployees.import.readFailed",
      )}
    >
      {refusalText(refusal, t, lang)}
    </Alert>
  );
  const result = previewed?.result ?? null;
  const withErrors = (result?.errors.length ?? 0) > 0;
  const leaversOn = previewed?.sent.leaversOn ?? null;

  return (
    <SectionCard
      title={t("employerEmployees.import.title")}
      description={t("employerEmployees.import.description", { company: company.name })}
    >
      <Stack gap="md">
        {done && (
          <Alert
            ref={doneRef}
            tabIndex={-1}
            variant="light"
            color="pedaali"
            role="status"
            title={t("employerEmployees.import.doneTitle")}
            withCloseButton
            closeButtonLabel={t("common.close")}
            onClose={() => setDone(null)}
          >
            {t("employerEmployees.import.done", done.counts)}
            {done.errors.length > 0 &&
              ` ${t("employerEmployees.import.skipped", { rows: rowsWithErrors(done) })}`}
          </Alert>
        )}
        <Text size="sm">
          {t("employerEmployees.import.template")}{" "}
          <Anchor href={importTemplateHref("xlsx", lang)} download underline="always">
            {t("employerEmployees.import.templateXlsx")}
          </Anchor>
          {" · "}
          <Anchor href={importTemplateHref("csv", lang)} download underline="always">
            {t("employerEmployees.import.templateCsv")}
          </Anchor>
        </Text>
        <FileField
          label={t("employerEmployees.import.file")}
          description={t("employerEmployees.import.fileHelp")}
          accept={FILE_ACCEPT}
          value={choice.file}
          onChange={chooseFile}
          error={errors.file}
          clearable
          withAsterisk
          maw={480}
        />
        <Checkbox
          label={t("employerEmployees.import.endMissing")}
          description={t("employerEmployees.import.endMissingHelp")}
          checked={choice.endMissing}
          onChange={(event) => {
            const endMissing = event.currentTarget.checked;
            setChoice((previous) => ({ ...previous, endMissing }));
            setErrors((previous) => ({ ...previous, leaversOn: undefined }));
            setPreviewed(null);
          }}
        />
        {choice.endMissing && (
          <DateField
            label={t("employerEmployees.import.leaversOn")}
            description={t("employerEmployees.import.leaversOnHelp")}
            value={choice.leaversOn}
            onChange={(value) => {
              setChoice((previous) => ({ ...previous, leaversOn: value }));
              setErrors((previous) => ({ ...previous, leaversOn: undefined }));
              setPreviewed(null);
            }}
            error={errors.leaversOn}
            withAsterisk
            maw={240}
          />
        )}
        {unknown && (
          <ColumnMapping
            headers={unknown}
            mapping={mapping}
            checked={mappingChecked}
            onChange={(header, field) => {
              setMapping((previous) => ({ ...previous, [header]: field }));
              setPreviewed(null);
            }}
            headingRef={mappingRef}
          />
        )}
        {read.isError && refusalAlert}
        <Group justify="flex-end">
          <Button
            variant={previewed ? "default" : "filled"}
            onClick={preview}
            loading={read.isPending}
            disabled={write.isPending}
          >
            {t(
              previewed || unknown
                ? "employerEmployees.import.previewAgain"
                : "employerEmployees.import.preview",
            )}
          </Button>
        </Group>
        {previewed && result && (
          <Stack gap="md">
            <ImportPreview
              result={result}
              fileName={previewed.sent.file.name}
              leaversOn={leaversOn}
              headingRef={previewRef}
            />
            {withErrors && changesSomething(result) && (
              <Checkbox
                label={t("employerEmployees.import.validRowsOnly")}
                description={t("employerEmployees.import.validRowsOnlyHelp")}
                checked={validOnly}
                onChange={(event) => setValidOnly(event.currentTarget.checked)}
              />
            )}
            {write.isError && refusalAlert}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => chooseFile(null)} disabled={write.isPending}>
                {t("employerEmployees.import.cancel")}
              </Button>
              {changesSomething(result) && (
                <Button
                  onClick={startImport}
                  loading={write.isPending && !confirming}
                  disabled={withErrors && !validOnly}
                >
                  {t("employerEmployees.import.submit")}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("employerEmployees.import.confirmTitle", { ending: result?.counts.ending ?? 0 })}
        confirmLabel={t("employerEmployees.import.confirm")}
        loading={write.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => previewed && runImport({ ...previewed.sent, validRowsOnly: withErrors })}
      >
        {t("employerEmployees.import.confirmText", {
          ending: result?.counts.ending ?? 0,
          date: leaversOn ? isoToDateText(leaversOn) : "",
        })}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** For each header the service does not know: which field it is, or leave the column out. */
function ColumnMapping({
  headers,
  mapping,
  checked,
  onChange,
  headingRef,
}: {
  headers: string[];
  mapping: Record<string, string>;
  checked: boolean;
  onChange: (header: string, field: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const options = [
    { value: "", label: t("employerEmployees.import.mappingChoose") },
    { value: LEAVE_OUT, label: t("employerEmployees.import.mappingLeaveOut") },
    ...IMPORT_FIELDS.map((field) => ({ value: field, label: t(FIELD_LABELS[field]) })),
  ];
  return (
    <Stack gap="sm">
      <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
        {t("employerEmployees.import.mappingTitle")}
      </Title>
      <Text size="sm">{t("employerEmployees.import.mappingIntro")}</Text>
      {headers.map((header) => (
        <NativeSelect
          key={header}
          label={t("employerEmployees.import.mappingColumn", { header })}
          data={options}
          value={mapping[header] ?? ""}
          onChange={(event) => onChange(header, event.currentTarget.value)}
          error={checked && !mapping[header] ? t("employerEmployees.import.mappingRequired") : undefined}
          withAsterisk
          maw={480}
        />
      ))}
    </Stack>
  );
}
