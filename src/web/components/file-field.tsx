import { FileInput, type FileInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The one file input of the web: Mantine's FileInput with its clear button named for screen readers
 * (without a name axe finds a button with no text, and a screen reader says only "button"), clearable
 * by default, and without a placeholder: FileInput draws it as text in the placeholder's grey, which
 * misses the contrast text needs (axe: color-contrast). Every upload field is this.
 */
export function FileField<Multiple extends boolean = false>(
  props: Omit<FileInputProps<Multiple>, "placeholder">,
) {
  const { t } = useTranslation();
  return (
    <FileInput<Multiple> clearable clearButtonProps={{ "aria-label": t("common.clearFile") }} {...props} />
  );
}
