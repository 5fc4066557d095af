import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Mantine's PasswordInput with its show/hide button named in the page's language (Mantine's is English). */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput
      visibilityToggleButtonProps={{ "aria-label": t("forms.togglePassword") }}
      {...props}
    />
  );
}
