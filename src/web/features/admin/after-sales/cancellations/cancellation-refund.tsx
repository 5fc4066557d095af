import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import {
  type TUpdateOrderCancellation,
  zUpdateOrderCancellation,
} from "../../../../../contract/order-cancellations.ts";
import { PAYER_TYPES, type PayerType } from "../../../../../domain/enums.ts";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { serverFieldErrors, useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatEuroInput } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { DONE_KEYS, PAYER_LABELS } from "./cancellation-labels.ts";
import { type TCancellation, useCancellationAction } from "./cancellations-api.ts";

const NONE = "";

/** The form's field of the amount: the body counts cents, the form the euros typed. */
const FIELD_OF = { refundAmountCents: "amount" };

type RefundValues = { amount: string; payerType: string; refundToType: string };

/** The refund the values make; an amount that does not read is NaN for the schema to refuse. */
function refundBody(values: RefundValues) {
  return {
    refundAmountCents: parseEuroInput(values.amount) ?? Number.NaN,
    payerType: values.payerType === NONE ? null : (values.payerType as PayerType),
    refundToType: values.refundToType === NONE ? null : (values.refundToType as PayerType),
  };
}

/**
 * The refund: who pays whom and how much; the helpdesk changes it while the server allows (UPDATE, while
 * the cancellation is open).
 */
export function RefundSection({ cancellation: c }: { cancellation: TCancellation }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const action = useCancellationAction(c.orderCancellationId);
  const form = useContractForm({
    initialValues: {
      amount: formatEuroInput(c.refundAmountCents, display.lang),
      payerType: c.payerType ?? NONE,
      refundToType: c.refundToType ?? NONE,
    },
    schema: zUpdateOrderCancellation,
    toBody: refundBody,
    fieldOf: FIELD_OF,
    texts: (issue) =>
      issue.path[0] === "refundAmountCents" ? t("adminCancellations.refund.amountInvalid") : undefined,
    // Who pays whom follows from the amount: the service's rule, which the contract's fields cannot say.
    rules: {
      payerType: (value, values) =>
        value === NONE && (parseEuroInput(values.amount) ?? 0) > 0
          ? t("adminCancellations.refund.payerRequired")
          : null,
      refundToType: (value, values) => {
        if (value === NONE && (parseEuroInput(values.amount) ?? 0) > 0)
          return t("adminCancellations.refund.recipientRequired");
        return value !== NONE && value === values.payerType ? t("adminCancellations.refund.samePayer") : null;
      },
    },
  });
  const payerOptions = [
    { value: NONE, label: t("adminCancellations.refund.nobody") },
    ...PAYER_TYPES.map((payer) => ({ value: payer, label: t(PAYER_LABELS[payer]) })),
  ];
  const flow =
    c.payerType && c.refundToType
      ? t("adminCancellations.refund.flow", {
          payer: t(PAYER_LABELS[c.payerType]),
          recipient: t(PAYER_LABELS[c.refundToType]),
        })
      : null;

  if (!c.allowedActions.includes("UPDATE"))
    return (
      <SectionCard title={t("adminCancellations.refund.title")}>
        <DetailsList
          items={[
            {
              label: t("adminCancellations.refund.amount"),
              value:
                c.refundAmountCents > 0
                  ? display.money(c.refundAmountCents)
                  : t("adminCancellations.refund.none"),
            },
            { label: t("adminCancellations.refund.parties"), value: flow },
          ]}
        />
      </SectionCard>
    );

  const save = form.onSubmit((values) =>
    mutateThen(
      action,
      { kind: "update", body: refundBody(values) as TUpdateOrderCancellation },
      {
        onSuccess: () => {
          form.resetDirty();
          showSuccessToast(t(DONE_KEYS.update));
        },
        // The server names the field it refuses (body.payerType, body.refundToType) and says why.
        onError: (error) =>
          form.setErrors(
            serverFieldErrors(error, form.getValues(), messageWithServerText(error, t), FIELD_OF),
          ),
      },
    ),
  );

  return (
    <SectionCard
      title={t("adminCancellations.refund.title")}
      description={t("adminCancellations.refund.description")}
    >
      <form noValidate onSubmit={save}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <EuroInput label={t("adminCancellations.refund.amount")} {...form.getInputProps("amount")} />
            <NativeSelect
              label={t("adminCancellations.refund.payer")}
              data={payerOptions}
              {...form.getInputProps("payerType")}
            />
            <NativeSelect
              label={t("adminCancellations.refund.recipient")}
              data={payerOptions}
              {...form.getInputProps("refundToType")}
            />
          </SimpleGrid>
          {action.isError && (
            <Alert color="red" variant="light" role="alert" title={t("adminCancellations.actions.failed")}>
              {messageWithServerText(action.error, t)}
            </Alert>
          )}
          <Group>
            <Button type="submit" variant="default" loading={action.isPending}>
              {t("adminCancellations.refund.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
