import type { TFunction } from "i18next";
import type { SchemaIssue } from "../../../lib/contract-form.ts";
import { type Read, readEuros, readInteger, readPercent } from "./number-text.ts";

/**
 * How the reference-data forms check their values (useContractForm with `tableChecks`): first each
 * field's text is read (required, a number of the right kind), then the body built from them goes
 * through the contract's own request schema, whose cross-field rules (an upper limit above the lower,
 * ages in order) come back as texts at the field they concern. The form's fields are named after the body's keys, so the schema's
 * issue paths and the server's `details[].field` land on them as they are.
 */

export type FieldErrors = Record<string, string>;

/** Reads the fields' texts into a body, collecting an error per field that is empty or malformed. */
export function createReader(t: TFunction) {
  const errors: FieldErrors = {};

  function take<T>(field: string, read: Read<T>, required: boolean, invalid: () => string): T | null {
    if (read.kind === "value") return read.value;
    if (read.kind === "invalid") errors[field] = invalid();
    else if (required) errors[field] = t("forms.required");
    return null;
  }

  return {
    errors,
    /** Euros as cents. */
    euros: (field: string, text: string, required = true) =>
      take(field, readEuros(text), required, () => t("adminTaxTables.form.amountInvalid")),
    percent: (field: string, text: string, required = true) =>
      take(field, readPercent(text), required, () => t("adminTaxTables.form.percentInvalid")),
    age: (field: string, text: string, required = true) =>
      take(field, readInteger(text, 0, 120), required, () => t("adminTaxTables.form.ageInvalid")),
    year: (field: string, text: string) =>
      take(field, readInteger(text, 2000, 2100), true, () => t("adminTaxTables.form.yearInvalid")),
    months: (field: string, text: string, min: number, max: number, required = true) =>
      take(field, readInteger(text, min, max), required, () =>
        t("adminTaxTables.form.monthsInvalid", { min, max }),
      ),
    /** Trimmed text; empty is an error only when required. */
    text: (field: string, text: string, required = false) => {
      const trimmed = text.trim();
      if (required && !trimmed) errors[field] = t("forms.required");
      return trimmed;
    },
  };
}

export type Reader = ReturnType<typeof createReader>;

type Issue = SchemaIssue;

/** The texts of the tax tables' cross-field rules, by the field the contract reports them at. */
function taxRuleText(issue: Issue, t: TFunction): string | undefined {
  const field = issue.path.at(-1);
  if (
    field === "olderPensionFromAge" ||
    (field === "olderPensionToAge" && issue.message.startsWith("Required"))
  ) {
    return t("adminTaxTables.form.olderAgesRequired");
  }
  if (
    field === "pensionToAge" ||
    field === "unemploymentToAge" ||
    field === "dailyAllowanceToAge" ||
    field === "olderPensionToAge"
  ) {
    return t("adminTaxTables.form.ageOrder");
  }
  if (field === "upperLimitCents") return t("adminTaxTables.form.upperAboveLower");
  if (field === "phaseOutEndCents") return t("adminTaxTables.form.phaseOutOrder");
  return undefined;
}

/** The reference-data forms' own words where the shared ones would say less (contract-form.ts issueText). */
function tableText(issue: Issue, t: TFunction): string | undefined {
  if (issue.code === "too_big" && issue.origin === "string") {
    return t("adminTaxTables.form.tooLong", { max: Number(issue.maximum) });
  }
  if (issue.code === "invalid_format" && issue.format === "regex")
    return t("adminTaxTables.form.controlCharacters");
  if (issue.code === "invalid_format" && issue.format === "date") return t("adminTaxTables.form.dateInvalid");
  if (issue.code === "custom" && issue.message.startsWith("Must be a date"))
    return t("adminTaxTables.form.dateInvalid");
  return undefined;
}

/**
 * What useContractForm takes to check a reference-data form: the fields' texts are read first
 * (required, a number of the right kind), as the form's own rules; only once every field reads does
 * the body they make go through the contract's schema (until then there is no body, which names no
 * field), whose cross-field rules come back at the field they concern in the tables' words. `custom`
 * names the rules of one form (a billing table's brackets); the tax tables' own are known here. A
 * field the server refuses without a rule the form knows says "the server did not accept this".
 */
export function tableChecks<V>(
  build: (values: V, read: Reader) => unknown,
  t: TFunction,
  custom?: (issue: Issue, values: V) => string | undefined,
) {
  const reading = (values: V) => {
    const read = createReader(t);
    const body = build(values, read);
    return { body, errors: read.errors };
  };
  return {
    toBody: (values: V) => {
      const { body, errors } = reading(values);
      return Object.keys(errors).length > 0 ? undefined : body;
    },
    rules: (values: V): FieldErrors => reading(values).errors,
    texts: (issue: Issue, values: V) =>
      custom?.(issue, values) ?? taxRuleText(issue, t) ?? tableText(issue, t),
    serverText: t("adminTaxTables.form.serverRejected"),
  };
}
