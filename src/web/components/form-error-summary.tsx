import { type ReactNode, type Ref, useCallback, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FormErrors, focusTarget } from "../lib/contract-form.ts";
import classes from "./form-error-summary.module.css";

export type FormErrorItem = {
  /** The id of the field's input, the link's target. */
  fieldId: string;
  label: string;
  message: ReactNode;
};

type FormErrorSummaryProps = {
  errors: readonly FormErrorItem[];
  /** Focus goes here after a failed submit (see useFormErrorSummary). */
  headingRef?: Ref<HTMLHeadingElement>;
};

/** Moves to a field from the summary: focus in the input, its label in view above it. */
function focusField(fieldId: string): void {
  const field = document.getElementById(fieldId);
  if (!field) return;
  field.focus({ preventScroll: true });
  const label = (field as HTMLInputElement).labels?.[0] ?? field;
  // jsdom has no scrollIntoView; browsers all do.
  label.scrollIntoView?.({ block: "center" });
}

/**
 * The list of a long form's errors at its top, each a link to its field. Shown after a failed submit;
 * the page moves focus to its heading, so a phone user sees and hears what to fix, wherever the
 * invalid fields are. The fields keep their own messages too (under each field).
 */
function FormErrorSummary({ errors, headingRef }: FormErrorSummaryProps) {
  const { t } = useTranslation();
  const headingId = useId();
  if (errors.length === 0) return null;
  return (
    <section className={classes.summary} aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={classes.heading}>
        {t("ds.errorSummary.title", { count: errors.length })}
      </h2>
      <ul className={classes.list}>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <a
              href={`#${error.fieldId}`}
              className={classes.link}
              onClick={(event) => {
                event.preventDefault();
                focusField(error.fieldId);
              }}
            >
              {error.label}: {error.message}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The text of an element without what Mantine hides from readers (the required asterisk). */
function visibleText(element: Element): string | null {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent?.trim() || null;
}

/** A field's label: its <label>, or what names it (a radio group's aria-labelledby), or aria-label. */
function labelOf(field: HTMLElement): string | null {
  const label = (field as HTMLInputElement).labels?.[0];
  if (label) return visibleText(label);
  const labelledBy = field.getAttribute("aria-labelledby");
  const named = labelledBy ? document.getElementById(labelledBy.split(" ")[0] ?? "") : null;
  return named ? visibleText(named) : field.getAttribute("aria-label");
}

/** What useFormErrorSummary needs of a form (useContractForm's, or @mantine/form's in a test). */
type SummaryForm = {
  errors: FormErrors;
  getInputNode: (path: never) => HTMLElement | null;
};

function collect(form: SummaryForm, labels: Readonly<Record<string, string>>): FormErrorItem[] {
  const found: { node: HTMLElement; item: FormErrorItem }[] = [];
  for (const [path, message] of Object.entries(form.errors)) {
    if (!message) continue;
    const node = form.getInputNode(path as never);
    const target = node && focusTarget(node);
    if (!node || !target?.id) continue;
    const label = labels[path] ?? labelOf(node) ?? path;
    found.push({ node, item: { fieldId: target.id, label, message } });
  }
  // In the order the fields stand on the page, whatever order the rules ran in.
  found.sort((a, b) => (a.node.compareDocumentPosition(b.node) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  return found.map((f) => f.item);
}

/**
 * Connects a form to an error summary in one line:
 *
 *   const errorSummary = useFormErrorSummary(form);
 *   <form onSubmit={form.onSubmit(save, errorSummary.onInvalid)}> {errorSummary.summary} ...
 *
 * The summary appears when a submit fails validation, lists the fields in page order by their labels
 * (read from the page, or from `labels` where a field has no label element) and takes focus. It
 * follows the form's errors from then on: a corrected field leaves the list. Call `show()` to show
 * it after the server refused fields (form.setErrors).
 */
export function useFormErrorSummary(form: SummaryForm, labels: Readonly<Record<string, string>> = {}) {
  const { i18n } = useTranslation();
  const [shown, setShown] = useState(false);
  const [items, setItems] = useState<FormErrorItem[]>([]);
  const [focusRequest, setFocusRequest] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  const labelsKey = JSON.stringify(labels);

  // Labels and ids come from the rendered fields, so they are read after render, not during it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels' content (labelsKey) and the language decide, not their identity.
  useLayoutEffect(() => {
    setItems(shown ? collect(form, labels) : []);
  }, [shown, form.errors, labelsKey, i18n.language]);

  useLayoutEffect(() => {
    if (focusRequest === focused.current || items.length === 0) return;
    focused.current = focusRequest;
    headingRef.current?.focus();
  }, [focusRequest, items]);

  const show = useCallback(() => {
    setShown(true);
    setFocusRequest((n) => n + 1);
  }, []);

  return {
    /** For form.onSubmit's second argument (validation failed). */
    onInvalid: show,
    show,
    summary: <FormErrorSummary errors={items} headingRef={headingRef} />,
  };
}
