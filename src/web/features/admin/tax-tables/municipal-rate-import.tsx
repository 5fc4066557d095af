import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_RATE_LIST_BYTES,
  type TMunicipalRateImportPreview,
  type TMunicipalRateImportResult,
  zMunicipalRateImportConfirmQuery,
} from "../../../../contract/municipal-rate-import.ts";
import { onFirstUse } from "../../../../domain/first-use.ts";
import { FileField } from "../../../components/file-field.tsx";
import { textLimitOf, tooLongText } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { EditorModal } from "./editor-form.tsx";
import { RateListChanges, RateListProblems } from "./rate-list-preview.tsx";
import { useImportMunicipalRates, usePreviewMunicipalRates } from "./tax-tables-api.ts";

/** What the file picker offers: CSV and XLSX, by type and by extension (systems type CSV differently). */
const LIST_ACCEPT = [
  ".csv",
  ".xlsx",
  "text/csv",
  "application/vnd.ms-excel",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
].join(",");

/** The longest source the import's query takes: a longer one says so at once and is not sent. */
const sourceMax = onFirstUse(() => textLimitOf(zMunicipalRateImportConfirmQuery, "source"));

type Choice = { year: string; file: File | null };

/** The first step: the year and the file, checked here before anything is sent. */
function ChooseFile({
  choice,
  onChange,
  onPreview,
  onCancel,
  loading,
  error,
}: {
  choice: Choice;
  onChange: (choice: Choice) => void;
  onPreview: (year: number, file: File) => void;
  onCancel: () => void;
  loading: boolean;
  error: unknown;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<{ year?: string; file?: string }>({});

  function preview() {
    const year = Number(choice.year);
    const next = {
      ...(Number.isInteger(year) && year >= 2000 && year <= 2100
        ? {}
        : { year: t("adminTaxTables.form.yearInvalid") }),
      ...(!choice.file
        ? { file: t("adminTaxTables.import.fileRequired") }
        : choice.file.size > MAX_RATE_LIST_BYTES
          ? { file: t("adminTaxTables.import.fileTooLarge") }
          : {}),
    };
    setErrors(next);
    if (Object.keys(next).length === 0 && choice.file) onPreview(year, choice.file);
  }

  return (
    <Stack gap="md">
      <Text size="sm">{t("adminTaxTables.import.intro")}</Text>
      <TextInput
        label={t("adminTaxTables.import.year")}
        description={t("adminTaxTables.import.yearHelp")}
        inputMode="numeric"
        value={choice.year}
        onChange={(event) => onChange({ ...choice, year: event.currentTarget.value })}
        error={errors.year}
        maw={320}
        withAsterisk
      />
      <FileField
        label={t("adminTaxTables.import.file")}
        description={t("adminTaxTables.import.fileHelp")}
        accept={LIST_ACCEPT}
        value={choice.file}
        onChange={(file) => {
          onChange({ ...choice, file });
          setErrors((previous) => ({ ...previous, file: undefined }));
        }}
        error={errors.file}
        clearable
        withAsterisk
      />
      {error ? (
        <Alert color="red" variant="light" role="alert" title={t("adminTaxTables.import.readFailed")}>
          {messageForApiError(error, t)}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t("adminTaxTables.import.cancel")}
        </Button>
        <Button onClick={preview} loading={loading}>
          {t("adminTaxTables.import.preview")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The second step: what the file changes, and the confirm that writes it (or the file's problems). */
function ConfirmImport({
  preview,
  file,
  onBack,
  onImported,
}: {
  preview: TMunicipalRateImportPreview;
  file: File;
  onBack: () => void;
  onImported: (result: TMunicipalRateImportResult) => void;
}) {
  const { t } = useTranslation();
  const save = useImportMunicipalRates();
  const { year } = preview;
  const [source, setSource] = useState(() =>
    t("adminTaxTables.import.sourceDefault", { year, fileName: file.name }).slice(0, sourceMax()),
  );
  const [confirmed, setConfirmed] = useState(true);
  const [replace, setReplace] = useState(false);
  const [errors, setErrors] = useState<{ source?: string; replace?: string }>({});
  const ok = preview.problems.length === 0;

  function confirm() {
    const sourceError = source.trim()
      ? tooLongText(source, sourceMax(), t)
      : t("adminTaxTables.import.sourceRequired");
    const next = {
      ...(sourceError ? { source: sourceError } : {}),
      ...(preview.existingRowCount > 0 && !replace
        ? { replace: t("adminTaxTables.import.replaceRequired") }
        : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    mutateThen(save, { year, file, source: source.trim(), confirmed, replace }, { onSuccess: onImported });
  }

  return (
    <Stack gap="md">
      {ok ? <RateListChanges preview={preview} /> : <RateListProblems preview={preview} />}
      {ok && (
        <Stack gap="sm">
          {preview.existingRowCount > 0 && (
            <Alert color="yellow" variant="light">
              <Stack gap="xs">
                <Text size="sm">
                  {t("adminTaxTables.import.existing", { year, count: preview.existingRowCount })}
                </Text>
                <Checkbox
                  label={t("adminTaxTables.import.replace", { year })}
                  checked={replace}
                  onChange={(event) => setReplace(event.currentTarget.checked)}
                  error={errors.replace}
                />
              </Stack>
            </Alert>
          )}
          <TextInput
            label={t("adminTaxTables.form.source")}
            description={t("adminTaxTables.form.sourceHelp")}
            value={source}
            onChange={(event) => setSource(event.currentTarget.value)}
            error={tooLongText(source, sourceMax(), t) ?? errors.source}
            withAsterisk
          />
          <Checkbox
            label={t("adminTaxTables.form.confirmed")}
            description={t("adminTaxTables.form.confirmedHelp")}
            checked={confirmed}
            onChange={(event) => setConfirmed(event.currentTarget.checked)}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert" title={t("adminTaxTables.import.saveFailed")}>
              {messageForApiError(save.error, t)}
            </Alert>
          )}
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={save.isPending}>
          {t("adminTaxTables.import.back")}
        </Button>
        {ok && (
          <Button onClick={confirm} loading={save.isPending}>
            {t("adminTaxTables.import.confirm", { year })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The helpdesk's import of a year's municipal and parish rates: the year and the Tax Administration's
 * file, then what it changes against the year before (or its problems, row by row), then the confirm
 * that writes the year. Nothing is saved before the confirm.
 */
export function MunicipalRateImport({
  opened,
  suggestedYear,
  onClose,
  onImported,
}: {
  opened: boolean;
  suggestedYear: number;
  onClose: () => void;
  onImported: (result: TMunicipalRateImportResult) => void;
}) {
  const { t } = useTranslation();
  const read = usePreviewMunicipalRates();
  const [choice, setChoice] = useState<Choice>({ year: String(suggestedYear), file: null });
  const [preview, setPreview] = useState<{ answer: TMunicipalRateImportPreview; file: File } | null>(null);

  function close() {
    setPreview(null);
    setChoice({ year: String(suggestedYear), file: null });
    read.reset();
    onClose();
  }

  return (
    <EditorModal opened={opened} onClose={close} size="xl" title={t("adminTaxTables.import.title")}>
      {preview ? (
        <ConfirmImport
          preview={preview.answer}
          file={preview.file}
          onBack={() => {
            setPreview(null);
            setChoice((previous) => ({ ...previous, file: null }));
          }}
          onImported={(result) => {
            close();
            onImported(result);
          }}
        />
      ) : (
        <ChooseFile
          choice={choice}
          onChange={setChoice}
          onCancel={close}
          loading={read.isPending}
          error={read.error}
          onPreview={(year, file) =>
            mutateThen(read, { year, file }, { onSuccess: (answer) => setPreview({ answer, file }) })
          }
        />
      )}
    </EditorModal>
  );
}
