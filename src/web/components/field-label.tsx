import { Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The form convention (docs/design.md "Forms"): every field is a Mantine input with `label`, its help
 * text as `description` (between label and input, read with the field), `required` (the asterisk is
 * shown and the input's required attribute is what a screen reader announces) and its error from
 * @mantine/form under the field. Two pieces complete it:
 */

/** Said once above a form that marks required fields, so the asterisk means something (WCAG 3.3.2). */
export function RequiredFieldsNote() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t("ds.form.requiredNote")}
    </Text>
  );
}

/**
 * A label with the required marker for controls that have no required attribute of their own (a
 * radio group's legend, a custom picker): the asterisk is seen, "required" is heard.
 */
export function FieldLabel({ children, required = false }: { children: ReactNode; required?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {children}
      {required && (
        <>
          <span aria-hidden="true" style={{ color: "var(--mantine-color-error)" }}>
            {" *"}
          </span>{" "}
          <VisuallyHidden>{`(${t("ds.form.required")})`}</VisuallyHidden>
        </>
      )}
    </>
  );
}
