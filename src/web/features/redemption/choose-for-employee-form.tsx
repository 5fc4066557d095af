import { Alert, Button, Group, Radio, Stack, Text, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  type TRedemptionChoiceInput,
  type TRedemptionOption,
  zRedemptionChoiceInput,
} from "../../../contract/bike-redemptions.ts";
import type { PaymentMethod, RedemptionChoice } from "../../../domain/enums.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { FieldLabel } from "../../components/field-label.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { messageWithServerText } from "../../lib/error-toasts.ts";
import { costText } from "./redemption-options.tsx";
import { CHOICE_LABELS, METHOD_LABELS, UNAVAILABLE_REASONS } from "./redemption-words.ts";

type Values = { choice: RedemptionChoice | ""; paymentMethod: PaymentMethod | ""; transferToEmail: string };

/**
 * Choosing for the employee, by the employer (e.g. when they have left without choosing) or by the
 * helpdesk (also after the deadline): an option, how the employee pays as the company allows, a
 * colleague's e-mail for a transfer. A refused payment method or e-mail is said at its field, any
 * other refusal above the button; the caller sends the choice and says when it is saved.
 */
export function ChooseForEmployeeForm({
  options,
  initial,
  methods,
  intro,
  pending,
  error,
  save,
}: {
  /** The options that may be chosen (an option not open shows why). */
  options: readonly TRedemptionOption[];
  initial: Values;
  /** The payment methods the company allows. */
  methods: readonly PaymentMethod[];
  intro?: ReactNode;
  pending: boolean;
  error: unknown;
  save: (body: TRedemptionChoiceInput, onError: (error: unknown) => void) => void;
}) {
  const { t } = useTranslation();
  /** Whether the choice costs the employee something, so that it asks how it is paid. */
  const paysFor = (choice: string) => {
    const option = options.find((o) => o.choice === choice);
    return option?.choice === "REDEEM" || (option?.choice === "RETURN" && option.costCents.max > 0);
  };
  const choiceBody = (values: Values) => ({
    choice: values.choice,
    ...(paysFor(values.choice) && values.paymentMethod ? { paymentMethod: values.paymentMethod } : {}),
    ...(values.choice === "TRANSFER" ? { transferToEmail: normalizeEmail(values.transferToEmail) } : {}),
  });
  const form = useContractForm<Values>({
    initialValues: initial,
    schema: zRedemptionChoiceInput,
    toBody: choiceBody,
    texts: (issue) =>
      issue.path[0] === "choice"
        ? t("redemption.chooseFor.choiceRequired")
        : issue.path[0] === "transferToEmail"
          ? t("redemption.chooseFor.emailInvalid")
          : undefined,
  });
  const paying = paysFor(form.values.choice);

  function submit(values: Values) {
    if (!values.choice) return;
    const body = choiceBody(values) as TRedemptionChoiceInput;
    save(body, (failure) => {
      if (failure instanceof ApiError && failure.code === "PAYMENT_METHOD_NOT_ALLOWED")
        form.setFieldError("paymentMethod", messageWithServerText(failure, t));
      if (failure instanceof ApiError && failure.details.some((d) => d.field.endsWith("transferToEmail")))
        form.setFieldError("transferToEmail", t("redemption.chooseFor.emailInvalid"));
    });
  }

  const atField =
    error instanceof ApiError && (error.code === "PAYMENT_METHOD_NOT_ALLOWED" || error.details.length > 0);
  return (
    <form noValidate onSubmit={form.onSubmit(submit)} aria-label={t("redemption.chooseFor.title")}>
      <Stack gap="md">
        <Title order={3} size="h5">
          {t("redemption.chooseFor.title")}
        </Title>
        {intro && (
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        )}
        <Radio.Group
          label={<FieldLabel required>{t("redemption.chooseFor.choice")}</FieldLabel>}
          {...form.getInputProps("choice")}
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio
                key={option.choice}
                value={option.choice}
                label={t(CHOICE_LABELS[option.choice])}
                description={
                  option.available
                    ? costText(option)
                    : t(UNAVAILABLE_REASONS.staff[option.unavailableReason ?? "EARLY_END_ONLY"])
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {paying && (
          <Radio.Group
            label={<FieldLabel required>{t("redemption.chooseFor.method")}</FieldLabel>}
            {...form.getInputProps("paymentMethod")}
          >
            <Group gap="md" mt="xs">
              {methods.map((m) => (
                <Radio key={m} value={m} label={t(METHOD_LABELS[m])} />
              ))}
            </Group>
          </Radio.Group>
        )}
        {form.values.choice === "TRANSFER" && (
          <TextInput
            type="email"
            label={t("redemption.chooseFor.email")}
            required
            maw={420}
            {...form.getInputProps("transferToEmail")}
          />
        )}
        {error != null && !atField && (
          <Alert color="red" variant="light" role="alert" title={t("redemption.chooseFor.failed")}>
            {messageWithServerText(error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={pending}>
            {t("redemption.chooseFor.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
