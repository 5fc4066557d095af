import { Alert, Blockquote, Button, Group, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CUSTOMER_ANSWER_MAX, type TCustomerAnswer, zCustomerAnswer } from "../../../contract/orders.ts";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { serverFieldErrors, useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/formatters.ts";
import { type TMyOrder, useAnswerQuestion } from "./mybike-api.ts";

type Values = { answer: string };

const answerBody = (values: Values): TCustomerAnswer => ({ answer: values.answer.trim() });

/**
 * The order waits for the customer's comment: the helpdesk's question, and the form to answer it
 * (POST /api/orders/{orderId}/answer). Once answered, the answer shows and the order waits for the
 * helpdesk to move it on.
 */
export function CustomerQuestion({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const open = order.customerQuestion;
  return (
    <Stack gap="md">
      <Alert color="yellow" title={t("myBike.customerComment.title")}>
        {open?.question ? (
          <Stack gap="xs">
            <Text size="sm">{t("myBike.customerComment.asked", { time: formatDateTime(open.askedAt) })}</Text>
            <Blockquote p="sm" aria-label={t("myBike.customerComment.questionLabel")}>
              <Text style={{ whiteSpace: "pre-wrap" }}>{open.question}</Text>
            </Blockquote>
          </Stack>
        ) : (
          t("myBike.customerComment.text")
        )}
      </Alert>
      {open?.answer && open.answeredAt ? (
        <Stack gap="xs">
          <Text fw={600}>
            {t("myBike.customerComment.answered", { time: formatDateTime(open.answeredAt) })}
          </Text>
          <Blockquote p="sm" aria-label={t("myBike.customerComment.answerLabel")}>
            <Text style={{ whiteSpace: "pre-wrap" }}>{open.answer}</Text>
          </Blockquote>
          <Text size="sm">{t("myBike.customerComment.next")}</Text>
        </Stack>
      ) : (
        <AnswerForm orderId={order.orderId} />
      )}
    </Stack>
  );
}

function AnswerForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const answer = useAnswerQuestion(orderId);
  const form = useContractForm<Values>({
    initialValues: { answer: "" },
    schema: zCustomerAnswer,
    toBody: answerBody,
    texts: (_issue, values) =>
      values.answer.trim()
        ? t("myBike.customerComment.tooLong", { max: CUSTOMER_ANSWER_MAX })
        : t("myBike.customerComment.required"),
    serverText: t("myBike.customerComment.checkField"),
  });
  const errorSummary = useFormErrorSummary(form, {});
  const submit = (values: Values) =>
    mutateThen(answer, answerBody(values), {
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });

  return (
    <form
      noValidate
      aria-label={t("myBike.customerComment.formLabel")}
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
    >
      <Stack gap="sm">
        {errorSummary.summary}
        <Textarea
          label={t("myBike.customerComment.answerLabel")}
          description={t("myBike.customerComment.answerHelp", { max: CUSTOMER_ANSWER_MAX })}
          required
          rows={4}
          {...form.getInputProps("answer")}
        />
        {answer.isError &&
          Object.keys(serverFieldErrors(answer.error, form.getValues(), "x")).length === 0 && (
            <Alert color="red" role="alert">
              {formErrorMessage(answer.error, t)}
            </Alert>
          )}
        <Group>
          <Button type="submit" loading={answer.isPending}>
            {t("myBike.customerComment.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
