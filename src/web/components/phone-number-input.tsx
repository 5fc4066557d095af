import { TextInput, type TextInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The mobile number field of every form that asks for one (login's phone step, joining, company
 * sign-up, own details): the same label, the accepted formats as its hint, and the phone keyboard and
 * autofill. Required unless the form says otherwise.
 */
export function PhoneNumberInput(props: TextInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t("forms.phoneNumber")}
      description={t("forms.phoneHint")}
      type="tel"
      autoComplete="tel"
      required
      {...props}
    />
  );
}
