import { TextInput, type TextInputProps } from "@mantine/core";
import { type FocusEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dateTextToIso, isoToDateText } from "../lib/date-text.ts";
import { formatCalendarDate } from "../lib/formatters.ts";

export type DateFieldProps = Omit<TextInputProps, "value" | "onChange" | "type" | "min" | "max"> & {
  /** The ISO day `YYYY-MM-DD`, or "" for no day. */
  value?: string;
  /** Called with the ISO day, or "" while the field is empty or its text is not a date. */
  onChange: (value: string) => void;
  /** The earliest and latest day allowed, ISO. */
  min?: string;
  max?: string;
};

/**
 * The one date field of the app. A browser's own date input writes the day in the browser's locale
 * (an English browser shows 01/14/2026 on a Finnish page), so this is a text field that shows and reads
 * the interface's format (lib/date-text.ts) and gives the form the ISO day. Text that is not a date
 * says so under the field when the user leaves it, and the form meanwhile holds no day, so nothing that
 * reads the value ever sees a half-typed date.
 */
export function DateField({
  value = "",
  onChange,
  min,
  max,
  error,
  onBlur,
  placeholder,
  ...rest
}: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToDateText(value));
  const [textError, setTextError] = useState<string | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const emitted = useRef(value);

  // A value set from outside (a reset form, a filter cleared by a link) replaces what is typed.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(isoToDateText(value));
    setTextError(null);
    setRangeError(null);
  }, [value]);

  const emit = (next: string) => {
    emitted.current = next;
    if (next !== value) onChange(next);
  };

  const textCheck = (typed: string): string | null =>
    typed.trim() === "" || dateTextToIso(typed)
      ? null
      : t("ds.dateField.invalid", { example: formatCalendarDate("2026-01-14") });
  const rangeCheck = (typed: string): string | null => {
    const iso = dateTextToIso(typed);
    if (!iso) return null;
    if (min && iso < min) return t("ds.dateField.tooEarly", { date: isoToDateText(min) });
    if (max && iso > max) return t("ds.dateField.tooLate", { date: isoToDateText(max) });
    return null;
  };

  return (
    <TextInput
      autoComplete="off"
      placeholder={placeholder ?? t("ds.dateField.placeholder")}
      {...rest}
      value={text}
      // Text that is not a date first: the form cannot check it, it only sees no day. A form's own
      // word on the range is more exact than the field's, so it wins over the field's range check.
      error={textError ?? error ?? rangeError}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        // A correction clears the error at once; a new error waits until the user has finished typing.
        if (textError && textCheck(typed) === null) setTextError(null);
        if (rangeError && rangeCheck(typed) === null) setRangeError(null);
        emit(typed.trim() === "" ? "" : (dateTextToIso(typed) ?? ""));
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const iso = dateTextToIso(text);
        if (iso) setText(isoToDateText(iso));
        setTextError(textCheck(text));
        setRangeError(rangeCheck(text));
        onBlur?.(event);
      }}
    />
  );
}
