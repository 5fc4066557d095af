import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { zStoreDeliveryInput } from "../../../contract/store-links.ts";
import { isTwentyYearsOrMoreInFuture } from "../../../domain/dates.ts";
import { DateField } from "../../components/date-field.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/formatters.ts";
import type { TStoreDelivery, TStoreDeliveryInput } from "./store-links-api.ts";

type Values = { frameSerialNumber: string; deliveryDate: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** How the form saves: the link's call by its token, or the store account's by the order. */
export type DeliverySave = {
  mutateAsync: (body: TStoreDeliveryInput) => Promise<unknown>;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  reset: () => void;
};

/**
 * The serial number and delivery date form, the same for the link and the store's account; a date 20
 * years or more ahead is flagged as the store types it (docs/product.md "Field rules"), and the contract's plausible span
 * refuses it.
 */
export function DeliveryForm({
  save,
  data,
}: {
  save: DeliverySave;
  data: Pick<TStoreDelivery, "frameSerialNumber" | "deliveryDate" | "orderDate">;
}) {
  const { t } = useTranslation();
  const form = useContractForm<Values>({
    initialValues: { frameSerialNumber: data.frameSerialNumber ?? "", deliveryDate: data.deliveryDate ?? "" },
    schema: zStoreDeliveryInput,
    texts: (issue) => {
      if (issue.path[0] === "frameSerialNumber")
        return issue.code === "invalid_format"
          ? t("storeLinks.deliveryForm.serialCharacters")
          : t("storeLinks.deliveryForm.serialLength");
      if (issue.path[0] === "deliveryDate") return t("storeLinks.deliveryForm.dateInvalid");
      return undefined;
    },
    // An empty field in the store's words, and the order's own date, which the contract does not know.
    rules: {
      frameSerialNumber: (value) => (value.trim() ? null : t("storeLinks.form.required")),
      deliveryDate: (value) => {
        if (!value) return t("storeLinks.form.required");
        return DATE_PATTERN.test(value) && value < data.orderDate
          ? t("storeLinks.deliveryForm.dateBeforeOrder", { date: formatDate(data.orderDate) })
          : null;
      },
    },
    serverText: t("storeLinks.form.checkField"),
  });
  const errorSummary = useFormErrorSummary(form);

  const send = (values: Values) => {
    mutateThen(
      save,
      { frameSerialNumber: values.frameSerialNumber.trim(), deliveryDate: values.deliveryDate },
      {
        onError: (error) => {
          if (form.setServerErrors(error)) errorSummary.show();
        },
      },
    );
  };

  const farAhead =
    DATE_PATTERN.test(form.getValues().deliveryDate) &&
    isTwentyYearsOrMoreInFuture(form.getValues().deliveryDate, new Date());

  return (
    <form
      noValidate
      aria-label={t("storeLinks.deliveryForm.formLabel")}
      onSubmit={form.onSubmit(send, errorSummary.onInvalid)}
    >
      <Stack gap="md" maw={480}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput
          label={t("storeLinks.deliveryForm.serial")}
          description={t("storeLinks.deliveryForm.serialHelp")}
          required
          autoComplete="off"
          {...form.getInputProps("frameSerialNumber")}
        />
        <DateField
          label={t("storeLinks.deliveryForm.date")}
          description={
            farAhead ? t("storeLinks.deliveryForm.farFutureHint") : t("storeLinks.deliveryForm.dateHelp")
          }
          required
          min={data.orderDate}
          {...form.getInputProps("deliveryDate")}
        />
        {save.isError && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {formErrorMessage(save.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("storeLinks.deliveryForm.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
