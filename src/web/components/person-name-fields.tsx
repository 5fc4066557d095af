import { SimpleGrid, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { FieldInputProps } from "../lib/contract-form.ts";

/**
 * First and last name side by side (stacked on phones), required, with the browser's autofill hints.
 * Every form that asks for a person's name uses it: joining, company sign-up, own details.
 */
export function PersonNameFields({
  firstName,
  lastName,
}: {
  firstName: FieldInputProps;
  lastName: FieldInputProps;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={t("forms.firstName")} autoComplete="given-name" required {...firstName} />
      <TextInput label={t("forms.lastName")} autoComplete="family-name" required {...lastName} />
    </SimpleGrid>
  );
}
