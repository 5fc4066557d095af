import {
  type FormErrors,
  type GetInputPropsReturnType,
  type UseFormInput,
  type UseFormReturnType,
  useForm,
} from "@mantine/form";
import type { TFunction } from "i18next";
import { type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { TErrorDetail } from "../../contract/errors.ts";
import type { Language } from "../../domain/enums.ts";
import type { EuroBounds } from "../../domain/money.ts";
import {
  implausibleDate,
  isPlausibleDateIssue,
  type PlausibleDateKind,
} from "../../domain/plausible-dates.ts";
import { isLanguage } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";
import { euroInputError } from "./euro-text.ts";
import { formatDate } from "./formatters.ts";
import { tooLongText } from "./text-limit.ts";

/**
 * The one place the web takes @mantine/form from: a form is made by useContractForm, and a field group
 * or summary that is handed a form, a field's props or its errors takes their types from here.
 */
export type { FormErrors };
export { tooLongText };
/** What `form.getInputProps(path)` gives a field: its value, onChange, error and the like. */
export type FieldInputProps = GetInputPropsReturnType;

/**
 * A form checked by the contract's own request schema, the one the server checks the request with,
 * so the two cannot disagree: the schema's issues and the server's 400 field errors
 * (`details[].field` = `body.<path>`) land on the form's fields by their paths, each saying what is
 * wrong in the reader's language. A form named after the body's fields needs no list of them; one
 * whose values differ (euro text for cents) gives `toBody`, and `fieldOf` for a renamed field.
 */

export type SchemaIssue = z.core.$ZodIssue;

/**
 * What a schema issue says about its field, in the reader's language; `value` is what the field holds
 * (the issue does not carry it), so that an empty field reads as required.
 */
function issueText(issue: SchemaIssue, t: TFunction, value?: unknown): string {
  switch (issue.code) {
    case "custom":
      return plausibleDateText(issue.params, t) ?? t("forms.checkField");
    case "too_small":
      if (issue.origin === "string" || issue.origin === "array" || issue.origin === "set")
        return Number(issue.minimum) <= 1
          ? t("forms.required")
          : t("forms.tooShort", { min: Number(issue.minimum) });
      return t("forms.tooSmall");
    case "too_big":
      if (issue.origin === "string") return t("forms.tooLong", { max: Number(issue.maximum) });
      return t("forms.tooLarge");
    case "invalid_format":
      if (issue.format === "email") return t("forms.emailInvalid");
      if (issue.format === "date" || issue.format === "datetime") return t("forms.dateInvalid");
      return t("forms.formatInvalid");
    case "invalid_type":
      if (value === undefined || value === null || value === "") return t("forms.required");
      return issue.expected === "number" ? t("forms.numberInvalid") : t("forms.checkField");
    case "invalid_value":
      return t("forms.chooseOne");
    default:
      return t("forms.checkField");
  }
}

/**
 * What a date outside its kind's plausible span says (src/domain/plausible-dates.ts), with the span: the
 * words of every form's own check and of the server's 400 alike; undefined for any other issue.
 */
export function plausibleDateText(
  params: Record<string, unknown> | undefined,
  t: TFunction,
): string | undefined {
  return isPlausibleDateIssue(params)
    ? t("forms.dateOutOfRange", { from: formatDate(params.from), to: formatDate(params.to) })
    : undefined;
}

/** A custom issue's params (a rule of the contract and its limits); undefined for zod's own issues. */
const customParams = (issue: SchemaIssue) => (issue.code === "custom" ? issue.params : undefined);

/** A form's own check of a typed date of a kind: the same words as the schema's, or null when plausible. */
export function plausibleDateError(kind: PlausibleDateKind, value: string, t: TFunction): string | null {
  const span = implausibleDate(kind, value);
  return span ? t("forms.dateOutOfRange", { from: formatDate(span.from), to: formatDate(span.to) }) : null;
}

/** The value at a dotted path, and whether the path is there at all. */
function atPath(values: unknown, path: string): { found: boolean; value: unknown } {
  let node = values;
  for (const key of path.split(".")) {
    if (node === null || typeof node !== "object" || !(key in node))
      return { found: false, value: undefined };
    node = (node as Record<string, unknown>)[key];
  }
  return { found: true, value: node };
}

const hasPath = (values: unknown, path: string) => atPath(values, path).found;

/** The form's field of each body path it names differently: { amountCents: "amount" }, or a function of the path. */
export type FieldMap = Readonly<Record<string, string>> | ((bodyPath: string) => string | undefined);

/** The form's field for a body path: renamed by `fieldOf`, else the same path when the form has it. */
function formPath(bodyPath: string, values: unknown, fieldOf: FieldMap): string | null {
  const renamed = typeof fieldOf === "function" ? fieldOf(bodyPath) : fieldOf[bodyPath];
  if (renamed) return renamed;
  return hasPath(values, bodyPath) ? bodyPath : null;
}

/** A form's own words for an issue; `values` are the form's, to tell an empty field from a wrong one. */
export type IssueTexts<Values = unknown> = (issue: SchemaIssue, values: Values) => string | undefined;

/** The schema's verdict on a body as form errors: the first issue of each field the form has. */
export function schemaFieldErrors(
  schema: z.ZodType,
  body: unknown,
  values: unknown,
  t: TFunction,
  // biome-ignore lint/suspicious/noExplicitAny: the form's values, whatever their shape.
  { fieldOf = {}, texts }: { fieldOf?: FieldMap; texts?: IssueTexts<any> | undefined } = {},
): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = formPath(issue.path.map(String).join("."), values, fieldOf);
    if (field === null || errors[field]) continue;
    const { value } = atPath(values, field);
    errors[field] =
      plausibleDateText(customParams(issue), t) ??
      texts?.(issue, values) ??
      issueText(issue, t, typeof value === "string" ? value.trim() : value);
  }
  return errors;
}

/** A refused field's issue as the schema would have raised it, for issueText and a form's own words. */
function detailIssue(detail: TErrorDetail, path: string): SchemaIssue | null {
  if (!detail.issue) return null;
  return { ...detail.issue, path: path.split("."), message: detail.message } as unknown as SchemaIssue;
}

/**
 * The failing fields of a 400 on the form's fields, in the words the form's own check would use: the
 * server checks with the same schema and says which issue it found (too long, and the limit). A field
 * refused without an issue (a rule only the server knows) gets `fallback` ("check this field").
 */
export function serverFieldErrors(
  error: unknown,
  values: unknown,
  fallback: string,
  fieldOf: FieldMap = {},
  // biome-ignore lint/suspicious/noExplicitAny: the form's values, whatever their shape.
  words?: { t: TFunction; texts?: IssueTexts<any> | undefined },
): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const path = detail.field.replace(/^body[./]/, "").replaceAll("/", ".");
    const field = formPath(path, values, fieldOf);
    if (field === null) continue;
    const issue = words && detailIssue(detail, path);
    errors[field] =
      (issue &&
        (plausibleDateText(customParams(issue), words.t) ??
          words.texts?.(issue, values) ??
          issueText(issue, words.t, atPath(values, field).value))) ||
      fallback;
  }
  return errors;
}

/** The bounds the schema sets on each body path: a text's longest length, a number's range. */
type SchemaBounds = { text: Record<string, number>; number: Record<string, { min?: number; max?: number }> };

function schemaBounds(schema: z.ZodType): SchemaBounds {
  const bounds: SchemaBounds = { text: {}, number: {} };
  const visit = (node: z.ZodType | undefined, path: string) => {
    const zod = (node as unknown as { _zod?: { def: Record<string, unknown> } })?._zod;
    if (!zod || !path) {
      if (zod?.def.type === "object") visitShape(zod.def.shape as Record<string, z.ZodType>, path);
      return;
    }
    const def = zod.def;
    switch (def.type) {
      case "string": {
        // zod's string schema answers its max() as maxLength (null without one).
        const max = (node as { maxLength?: unknown }).maxLength;
        if (typeof max === "number" && Number.isFinite(max))
          bounds.text[path] = Math.max(bounds.text[path] ?? 0, max);
        return;
      }
      case "number": {
        const { minValue, maxValue } = node as { minValue?: number | null; maxValue?: number | null };
        bounds.number[path] = {
          ...(typeof minValue === "number" && Number.isFinite(minValue) ? { min: minValue } : {}),
          ...(typeof maxValue === "number" && Number.isFinite(maxValue) ? { max: maxValue } : {}),
        };
        return;
      }
      case "object":
        return visitShape(def.shape as Record<string, z.ZodType>, path);
      case "union":
        for (const option of def.options as z.ZodType[]) visit(option, path);
        return;
      case "array":
        // Every row of a list has the same limits: `items.*.name` stands for items.0.name, items.1.name...
        return visit(def.element as z.ZodType, `${path}.*`);
      case "pipe":
        return visit(def.in as z.ZodType, path);
      case "optional":
      case "nullable":
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
        return visit(def.innerType as z.ZodType, path);
      default:
        return;
    }
  };
  const visitShape = (shape: Record<string, z.ZodType>, path: string) => {
    for (const [key, child] of Object.entries(shape)) visit(child, path ? `${path}.${key}` : key);
  };
  visit(schema, "");
  return bounds;
}

/** The longest text of each body path the schema bounds (zSingleLineText max...); a list's rows as `items.*.name`. */
export function schemaTextLimits(schema: z.ZodType): Record<string, number> {
  return schemaBounds(schema).text;
}

/**
 * The longest text the schema lets a body path hold (a list's rows as `columns.*.header`), for a field
 * kept outside a contract form (a search box, a row of a table being edited); throws when the schema sets none, so a limit is never
 * made up beside the contract.
 */
export function textLimitOf(schema: z.ZodType, bodyPath: string): number {
  const max = schemaBounds(schema).text[bodyPath];
  if (max === undefined) throw new Error(`The schema sets no longest text for ${bodyPath}`);
  return max;
}

/** The form's field of a body path: renamed by `fieldOf`, else the same path. */
function renamedPath(bodyPath: string, fieldOf: FieldMap): string {
  return (typeof fieldOf === "function" ? fieldOf(bodyPath) : fieldOf[bodyPath]) ?? bodyPath;
}

/**
 * The money fields of a form: a body's amount in cents (`…Cents`, the contract's way of money) that the
 * form holds as typed text. Each is read by the one money parser with the schema's bounds, so every
 * money field says the same about a negative, malformed or too large amount (lib/euro-text.ts).
 */
function moneyFields(bounds: SchemaBounds, fieldOf: FieldMap): Record<string, EuroBounds> {
  const fields: Record<string, EuroBounds> = {};
  for (const [bodyPath, { min, max }] of Object.entries(bounds.number)) {
    if (!bodyPath.endsWith("Cents")) continue;
    fields[renamedPath(bodyPath, fieldOf)] = {
      ...(min !== undefined ? { min: Math.ceil(min) } : {}),
      ...(max !== undefined ? { max: Math.floor(max) } : {}),
    };
  }
  return fields;
}

/** The limits on the form's own field paths (renamed by `fieldOf`). */
function formTextLimits(bounds: SchemaBounds, fieldOf: FieldMap): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const [bodyPath, max] of Object.entries(bounds.text)) limits[renamedPath(bodyPath, fieldOf)] = max;
  return limits;
}

/** What the money fields typed as text say (not an amount, negative, out of bounds), by form path. */
function moneyErrors(
  money: Record<string, EuroBounds>,
  values: unknown,
  t: TFunction,
  lang: Language,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, bounds] of Object.entries(money)) {
    const { value } = atPath(values, field);
    if (typeof value !== "string") continue;
    const text = euroInputError(value, bounds, t, lang);
    if (text) errors[field] = text;
  }
  return errors;
}

/** What useForm's enhanceGetInputProps is given for a field. */
// biome-ignore lint/suspicious/noExplicitAny: any form's values.
type InputPropsPayload = Parameters<NonNullable<UseFormInput<any>["enhanceGetInputProps"]>>[0];

/**
 * The props that make a text field say its limit (`limits` by form path, a list's rows as
 * `items.*.name`) the moment its text passes it, and take the words back once it fits; nothing typed
 * or pasted is cut away. For useForm's enhanceGetInputProps; `own` are the form's own, which win.
 */
function textLimitProps(
  payload: InputPropsPayload,
  limits: Readonly<Record<string, number>>,
  t: TFunction,
  own: Record<string, unknown> = {},
): Record<string, unknown> {
  const field = String(payload.field);
  const max = limits[field] ?? limits[field.replace(/\.\d+(?=\.|$)/g, ".*")];
  const textual = payload.options.type === undefined || payload.options.type === "input";
  if (max === undefined || !textual) return own;
  const tooLong = t("forms.tooLong", { max });
  // Mantine assigns what this answers onto the same props object: keep the form's own onChange.
  const change = payload.inputProps.onChange;
  return {
    onChange: (next: unknown) => {
      change(next);
      const value =
        typeof next === "string"
          ? next
          : (next as { currentTarget?: { value?: unknown } } | null)?.currentTarget?.value;
      if (typeof value !== "string") return;
      if (tooLongText(value, max, t)) payload.form.setFieldError(field, tooLong);
      else if (payload.form.errors[field] === tooLong) payload.form.clearFieldError(field);
    },
    ...own,
  };
}

/** What takes focus for a field: the input itself, or a group's first input (radio and checkbox groups). */
export function focusTarget(node: Element): HTMLElement | null {
  if (node.matches("input, select, textarea, button")) return node as HTMLElement;
  return node.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button");
}

/**
 * Focuses the first of the fields (by their form paths) as they stand on the page, so that after a
 * failed submit the reader lands on what to fix instead of staying on the button. `root` is the form
 * the submit came from, so another form on the page with the same field names is not picked.
 */
function focusFirstField(
  paths: readonly string[],
  dataPath: (path: string) => string,
  root?: ParentNode | null,
) {
  const nodes = paths
    .map((path) => (root ?? document).querySelector(`[data-path="${CSS.escape(dataPath(path))}"]`))
    .filter((node): node is Element => node !== null);
  nodes.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  for (const node of nodes) {
    const target = focusTarget(node);
    if (target) {
      target.focus();
      return;
    }
  }
}

/** A rule per top-level field: the error text for the value, or null when it passes. */
type FieldRules<Values> = {
  [Field in keyof Values]?: (value: Values[Field], values: Values) => ReactNode;
};

function ownErrors<Values>(rules: ContractFormInput<Values, unknown>["rules"], values: Values): FormErrors {
  if (!rules) return {};
  if (typeof rules === "function") return rules(values);
  const errors: FormErrors = {};
  for (const field of Object.keys(rules) as (keyof Values)[]) {
    errors[field as string] = rules[field]?.(values[field], values);
  }
  return errors;
}

export type ContractFormInput<Values, Body> = Omit<UseFormInput<Values>, "validate"> & {
  /** The contract's request schema. */
  schema: z.ZodType<Body>;
  /** The request the values make, also half-typed ones; by default the values themselves. */
  toBody?: (values: Values) => unknown;
  /** The form's field for each body path it names differently. */
  fieldOf?: FieldMap;
  /** A form's own words for an issue it knows better (a cross-field rule of the contract). */
  texts?: IssueTexts<Values>;
  /**
   * Checks the schema cannot make (two fields typed alike, a field's own words); their texts win over
   * the schema's. A function of the values, or a rule per top-level field as useForm takes them.
   */
  rules?: ((values: Values) => FormErrors) | FieldRules<Values>;
  /** What a field the server refused says when the form had no objection; "check this field" by default. */
  serverText?: string;
};

export type ContractForm<Values> = UseFormReturnType<Values> & {
  /**
   * Puts a failed call's refused fields on the form, with `extra` texts the caller knows (a 409's
   * field); true when any field got one.
   */
  setServerErrors: (error: unknown, extra?: Record<string, string>) => boolean;
};

/** useForm checked by the contract's schema; see the module's note. */
export function useContractForm<Values extends Record<string, unknown>, Body = unknown>({
  schema,
  toBody = (values) => values,
  fieldOf = {},
  texts,
  rules,
  serverText,
  ...input
}: ContractFormInput<Values, Body>): ContractForm<Values> {
  const { t, i18n } = useTranslation();
  const lang: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
  const bounds = schemaBounds(schema);
  const limits = formTextLimits(bounds, fieldOf);
  const money = moneyFields(bounds, fieldOf);
  const form = useForm<Values>({
    ...input,
    validate: (values) => ({
      ...schemaFieldErrors(schema, toBody(values), values, t, { fieldOf, texts }),
      ...moneyErrors(money, values, t, lang),
      ...Object.fromEntries(Object.entries(ownErrors(rules, values)).filter(([, text]) => text)),
    }),
    // A text field says its limit the moment the text passes the contract's maximum, before the
    // server could refuse it; nothing typed or pasted is cut away (a field's own props still win).
    enhanceGetInputProps: (payload) =>
      textLimitProps(payload, limits, t, input.enhanceGetInputProps?.(payload) ?? {}),
  });
  // The form element of the last submit, to find its fields again when the server refuses some.
  const submitted = useRef<HTMLFormElement | null>(null);
  const dataPath = (path: string) => (input.name ? `${input.name}-${path}` : path);
  const failedFields = (errors: FormErrors) => Object.keys(errors).filter((path) => errors[path]);
  const baseSubmit = form.onSubmit;
  const onSubmit: UseFormReturnType<Values>["onSubmit"] =
    (handleSubmit, handleValidationFailure) => (event) => {
      const element = event?.currentTarget;
      submitted.current = element instanceof HTMLFormElement ? element : null;
      baseSubmit(handleSubmit, (errors, values, failedEvent) => {
        focusFirstField(failedFields(errors), dataPath, submitted.current);
        handleValidationFailure?.(errors, values, failedEvent);
      })(event);
    };
  return Object.assign(form, {
    onSubmit,
    setServerErrors(error: unknown, extra: Record<string, string> = {}) {
      const errors = {
        ...serverFieldErrors(error, form.getValues(), serverText ?? t("forms.checkField"), fieldOf, {
          t,
          texts,
        }),
        ...extra,
      };
      if (Object.keys(errors).length === 0) return false;
      form.setErrors(errors);
      focusFirstField(failedFields(errors), dataPath, submitted.current);
      return true;
    },
  });
}
