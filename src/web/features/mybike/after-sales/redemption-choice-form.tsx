import { Alert, Button, Group, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TRedemptionChoiceInput,
  type TRedemptionOption,
  zRedemptionChoiceInput,
} from "../../../../contract/bike-redemptions.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentMode,
  type RedemptionChoice,
} from "../../../../domain/enums.ts";
import { leaseEndPaymentDueDate } from "../../../../domain/redemption.ts";
import { paymentMethodAllowed } from "../../../../domain/user-payments.ts";
import { normalizeEmail } from "../../../../domain/validation/email.ts";
import { FieldLabel } from "../../../components/field-label.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { CHOICE_LABELS, costText, day, METHOD_LABELS } from "../../redemption/index.ts";
import { type TRedemption, useChooseRedemption } from "./redemption-api.ts";
import { METHOD_HELP, nextText } from "./redemption-labels.ts";

/**
 * The payment methods to offer for the company's payment mode (PAYROLL or BATCH alone, ALL both); with
 * the mode unknown both, and the server refuses one the company does not allow (409
 * PAYMENT_METHOD_NOT_ALLOWED, shown at the field).
 */
export function paymentMethodsFor(mode: PaymentMode | null): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => mode === null || paymentMethodAllowed(mode, method));
}

/** Whether choosing the option asks how to pay: a redemption, or an early return whose fee the employee pays. */
function asksPaymentMethod(option: TRedemptionOption | undefined): boolean {
  return option?.choice === "REDEEM" || (option?.choice === "RETURN" && option.costCents.max > 0);
}

/** How and when the employee pays, said before they confirm. */
const SUMMARY_METHOD: Record<PaymentMethod, string> = {
  PAYROLL: "myBikeRedemption.choose.summaryPayroll",
  BATCH: "myBikeRedemption.choose.summaryBatch",
};

type Values = { choice: RedemptionChoice | ""; paymentMethod: PaymentMethod | ""; transferToEmail: string };

/**
 * The employee's choice at the lease's end: one of the case's open options; to redeem (or to pay an
 * early return's fee) how to pay, as the company allows; to hand the lease to a colleague, their
 * e-mail. Before the button it says what the choice costs and what follows, so the button confirms
 * it. The server's refusals (the option closed, the deadline passed, the method not allowed) are shown
 * at the field they concern or above the button.
 */
export function RedemptionChoiceForm({
  details,
  paymentMode,
  onDone,
  onCancel,
}: {
  details: TRedemption;
  /** The company's payment mode when known; null offers both methods and lets the server decide. */
  paymentMode: PaymentMode | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const choose = useChooseRedemption(details.id);
  const open = details.options.filter((option) => option.available);
  const methods = paymentMethodsFor(paymentMode);
  const defaultMethod = methods.includes(details.paymentMethod) ? details.paymentMethod : (methods[0] ?? "");
  const choiceBody = (values: Values) => ({
    choice: values.choice,
    ...(asksPaymentMethod(open.find((o) => o.choice === values.choice)) && values.paymentMethod
      ? { paymentMethod: values.paymentMethod }
      : {}),
    ...(values.choice === "TRANSFER" ? { transferToEmail: normalizeEmail(values.transferToEmail) } : {}),
  });
  const form = useContractForm<Values>({
    initialValues: {
      choice: details.choice && open.some((o) => o.choice === details.choice) ? details.choice : "",
      paymentMethod: defaultMethod,
      transferToEmail: details.transferToEmail ?? "",
    },
    schema: zRedemptionChoiceInput,
    toBody: choiceBody,
    texts: (issue, values) =>
      ({
        choice: t("myBikeRedemption.choose.choiceRequired"),
        paymentMethod: t("myBikeRedemption.choose.methodRequired"),
        transferToEmail: values.transferToEmail.trim()
          ? t("myBikeRedemption.choose.emailInvalid")
          : t("myBikeRedemption.choose.emailRequired"),
      })[String(issue.path[0])],
    // A return with a fee asks how it is paid too; the contract requires the method for a redemption only.
    rules: {
      paymentMethod: (value, values) =>
        asksPaymentMethod(open.find((o) => o.choice === values.choice)) && !value
          ? t("myBikeRedemption.choose.methodRequired")
          : null,
    },
  });
  const selected = open.find((option) => option.choice === form.values.choice);
  const paying = asksPaymentMethod(selected);
  const method = form.values.paymentMethod || null;
  const today = toHelsinkiDateString(new Date());

  function save(values: Values) {
    if (!values.choice) return;
    const body = choiceBody(values) as TRedemptionChoiceInput;
    mutateThen(choose, body, {
      onSuccess: () => {
        showSuccessToast(t("myBikeRedemption.choose.saved", { choice: t(CHOICE_LABELS[body.choice]) }));
        onDone();
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        // A refusal that concerns one field is said at it; the rest above the button.
        if (error.code === "PAYMENT_METHOD_NOT_ALLOWED")
          form.setFieldError("paymentMethod", messageWithServerText(error, t));
        for (const detail of error.details) {
          if (detail.field.endsWith("transferToEmail"))
            form.setFieldError("transferToEmail", t("myBikeRedemption.choose.emailInvalid"));
          if (detail.field.endsWith("paymentMethod"))
            form.setFieldError("paymentMethod", t("myBikeRedemption.choose.methodRequired"));
        }
      },
    });
  }

  const fieldError =
    choose.error instanceof ApiError &&
    (choose.error.code === "PAYMENT_METHOD_NOT_ALLOWED" || choose.error.details.length > 0);

  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label={t("myBikeRedemption.choose.title")}>
      <Stack gap="md">
        <Radio.Group
          label={<FieldLabel required>{t("myBikeRedemption.choose.choice")}</FieldLabel>}
          {...form.getInputProps("choice")}
          onChange={(value) => {
            form.setFieldValue("choice", value as RedemptionChoice);
            choose.reset();
          }}
        >
          <Stack gap="xs" mt="xs">
            {open.map((option) => (
              <Radio
                key={option.choice}
                value={option.choice}
                label={t(CHOICE_LABELS[option.choice])}
                description={costText(option)}
              />
            ))}
          </Stack>
        </Radio.Group>

        {paying && (
          <Radio.Group
            label={<FieldLabel required>{t("myBikeRedemption.choose.method")}</FieldLabel>}
            {...form.getInputProps("paymentMethod")}
          >
            <Stack gap="xs" mt="xs">
              {methods.map((m) => (
                <Radio key={m} value={m} label={t(METHOD_LABELS[m])} description={t(METHOD_HELP[m])} />
              ))}
            </Stack>
          </Radio.Group>
        )}

        {form.values.choice === "TRANSFER" && (
          <TextInput
            type="email"
            autoComplete="off"
            label={t("myBikeRedemption.choose.email")}
            description={t("myBikeRedemption.choose.emailHelp")}
            required
            {...form.getInputProps("transferToEmail")}
          />
        )}

        {selected && (
          <Alert variant="light" role="note" title={t("myBikeRedemption.choose.summaryTitle")}>
            <Stack gap={4}>
              <Text size="sm">
                {t("myBikeRedemption.choose.summary", {
                  choice: t(CHOICE_LABELS[selected.choice]),
                  cost: costText(selected),
                })}
                {paying &&
                  method &&
                  ` ${t(SUMMARY_METHOD[method], {
                    date: day(leaseEndPaymentDueDate(method, details.leaseEndsOn ?? today, today)),
                  })}`}
              </Text>
              <Text size="sm">{t(nextText(selected.choice, paying ? method : null))}</Text>
            </Stack>
          </Alert>
        )}

        {choose.isError && !fieldError && (
          <Alert color="red" variant="light" role="alert" title={t("myBikeRedemption.choose.failed")}>
            {messageWithServerText(choose.error, t)}
          </Alert>
        )}

        <Group gap="sm">
          <Button type="submit" loading={choose.isPending}>
            {t("myBikeRedemption.choose.submit")}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={choose.isPending}>
              {t("myBikeRedemption.choose.keep")}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
