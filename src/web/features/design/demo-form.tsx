import { Button, Group, Radio, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { zBusinessId } from "../../../contract/company-fields.ts";
import { lazy } from "../../../contract/lazy.ts";
import { zEmailAddress } from "../../../contract/system-users.ts";
import { zMultiLineText, zSingleLineText } from "../../../contract/text.ts";
import { DELIVERY_METHODS } from "../../../domain/enums.ts";
import { type BusinessIdProblem, businessIdProblem } from "../../../domain/validation/business-id.ts";
import { isValidEmail, normalizeEmail } from "../../../domain/validation/email.ts";
import { FieldLabel, RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { useContractForm } from "../../lib/contract-form.ts";

/**
 * The demo's request as a contract writes one, of the contract's own pieces: the demo sends nothing,
 * but its form is made as every form is, and its texts take their limits from here.
 */
const zDemoRequest = lazy(() =>
  z.object({
    company: zSingleLineText({ min: 1, max: 200 }),
    businessId: zBusinessId,
    email: zEmailAddress,
    delivery: z.enum(DELIVERY_METHODS),
    notes: zMultiLineText({ max: 1000 }),
  }),
);

/** The form convention: labels, help texts, required markers, errors under the fields and the summary. */
export function FormDemo() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const required = (v: string) => (v.trim() ? null : t("ds.demo.form.required"));
  // The true cause in the message: the missing hyphen is the format, a wrong last digit the check digit.
  const businessIdText = (problem: BusinessIdProblem | null) =>
    problem === "FORMAT"
      ? t("ds.demo.form.businessIdFormat")
      : problem === "CHECK_DIGIT"
        ? t("ds.demo.form.businessIdInvalid")
        : null;
  const form = useContractForm({
    initialValues: { company: "", businessId: "", email: "", delivery: "", notes: "" },
    schema: zDemoRequest,
    // Each field says its rule in the demo's own words; the schema adds the texts' limits.
    rules: {
      company: required,
      businessId: (v) =>
        !v.trim() ? t("ds.demo.form.required") : businessIdText(businessIdProblem(v.trim())),
      email: (v) =>
        !v.trim()
          ? t("ds.demo.form.required")
          : isValidEmail(normalizeEmail(v))
            ? null
            : t("ds.demo.form.emailInvalid"),
      delivery: (v) => (v ? null : t("ds.demo.form.deliveryRequired")),
    },
  });
  const errorSummary = useFormErrorSummary(form, { delivery: t("ds.demo.form.delivery") });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        () => setSaved(true),
        () => {
          setSaved(false);
          errorSummary.onInvalid();
        },
      )}
    >
      <Stack gap="md" maw={560}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput label={t("ds.demo.form.company")} required {...form.getInputProps("company")} />
        <TextInput
          label={t("ds.demo.form.businessId")}
          description={t("ds.demo.form.businessIdHelp")}
          required
          {...form.getInputProps("businessId")}
        />
        <TextInput
          label={t("ds.demo.form.email")}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps("email")}
        />
        <Radio.Group
          label={<FieldLabel required>{t("ds.demo.form.delivery")}</FieldLabel>}
          {...form.getInputProps("delivery")}
        >
          <Group gap="lg" mt={6}>
            <Radio value="PICKUP" label={t("ds.demo.form.pickup")} />
            <Radio value="HOME_DELIVERY" label={t("ds.demo.form.homeDelivery")} />
          </Group>
        </Radio.Group>
        <Textarea label={t("ds.demo.form.notes")} rows={3} {...form.getInputProps("notes")} />
        <Group>
          <Button type="submit">{t("ds.demo.form.submit")}</Button>
        </Group>
        {saved && <Text role="status">{t("ds.demo.form.saved")}</Text>}
      </Stack>
    </form>
  );
}
