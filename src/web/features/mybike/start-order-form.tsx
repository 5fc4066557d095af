import { Alert, Button, Group, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TStartOrder, zStartOrder } from "../../../contract/orders.ts";
import { FieldLabel, RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { serverFieldErrors, useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { useBikeStores, useStartOrder } from "./mybike-api.ts";

type Values = {
  bikeStoreId: string;
  deliveryMethod: "" | "PICKUP" | "HOME_DELIVERY";
  deliveryStreetAddress: string;
  deliveryPostalCode: string;
  deliveryCity: string;
  customerComment: string;
};

const COMMENT_MAX = 1000;

/** The request the form's values make: the address only for home delivery, no empty comment. */
function startOrderBody(values: Values): TStartOrder {
  const body: TStartOrder = {
    bikeStoreId: values.bikeStoreId,
    deliveryMethod: values.deliveryMethod as TStartOrder["deliveryMethod"],
  };
  if (values.deliveryMethod === "HOME_DELIVERY") {
    body.deliveryStreetAddress = values.deliveryStreetAddress.trim();
    body.deliveryPostalCode = values.deliveryPostalCode.trim();
    body.deliveryCity = values.deliveryCity.trim();
  }
  const comment = values.customerComment.trim();
  if (comment) body.customerComment = comment;
  return body;
}

/**
 * "Start an order": the bike store (searchable), pickup or home delivery (with the
 * address), and what the employee tells the store; POST /api/orders. The server's refusals
 * (NOT_ELIGIBLE_TO_ORDER, ORDER_ALREADY_OPEN) show above the button, its field errors under the fields.
 */
export function StartOrderForm() {
  const { t } = useTranslation();
  const stores = useBikeStores(true);
  const start = useStartOrder();
  const form = useContractForm<Values>({
    initialValues: {
      bikeStoreId: "",
      deliveryMethod: "",
      deliveryStreetAddress: "",
      deliveryPostalCode: "",
      deliveryCity: "",
      customerComment: "",
    },
    schema: zStartOrder,
    toBody: startOrderBody,
    texts: (issue, values) => {
      switch (issue.path[0]) {
        case "bikeStoreId":
          return t("myBike.start.storeRequired");
        case "deliveryMethod":
          return t("myBike.start.deliveryRequired");
        case "deliveryPostalCode":
          return issue.code === "invalid_format" && values.deliveryPostalCode.trim()
            ? t("myBike.start.postalCodeInvalid")
            : t("myBike.start.required");
        case "deliveryStreetAddress":
        case "deliveryCity":
          return t("myBike.start.required");
        case "customerComment":
          return t("myBike.start.commentTooLong", { max: COMMENT_MAX });
        default:
          return undefined;
      }
    },
    serverText: t("myBike.start.checkField"),
  });
  const errorSummary = useFormErrorSummary(form, { deliveryMethod: t("myBike.start.delivery") });

  const submit = (values: Values) => {
    mutateThen(start, startOrderBody(values), {
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  };

  const options = (stores.data ?? []).map((store) => ({
    value: store.bikeStoreId,
    label: store.city ? `${store.storeName}, ${store.city}` : store.storeName,
  }));
  const homeDelivery = form.values.deliveryMethod === "HOME_DELIVERY";

  return (
    <form
      noValidate
      aria-label={t("myBike.start.title")}
      onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}
    >
      <Stack gap="md" maw={640}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <Select
          label={t("myBike.start.store")}
          description={t("myBike.start.storeHelp")}
          placeholder={t("myBike.start.storePlaceholder")}
          data={options}
          searchable
          nothingFoundMessage={t("myBike.start.noStores")}
          required
          disabled={stores.isPending}
          {...form.getInputProps("bikeStoreId")}
          onChange={(value) => form.setFieldValue("bikeStoreId", value ?? "")}
        />
        <Radio.Group
          label={<FieldLabel required>{t("myBike.start.delivery")}</FieldLabel>}
          {...form.getInputProps("deliveryMethod")}
        >
          <Group gap="lg" mt={6}>
            <Radio value="PICKUP" label={t("myBike.delivery.PICKUP")} />
            <Radio value="HOME_DELIVERY" label={t("myBike.delivery.HOME_DELIVERY")} />
          </Group>
        </Radio.Group>
        {homeDelivery && (
          <Stack gap="sm">
            <TextInput
              label={t("myBike.start.streetAddress")}
              autoComplete="street-address"
              required
              {...form.getInputProps("deliveryStreetAddress")}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput
                label={t("myBike.start.postalCode")}
                autoComplete="postal-code"
                inputMode="numeric"
                required
                {...form.getInputProps("deliveryPostalCode")}
              />
              <TextInput
                label={t("myBike.start.city")}
                autoComplete="address-level2"
                required
                {...form.getInputProps("deliveryCity")}
              />
            </SimpleGrid>
          </Stack>
        )}
        <Textarea
          label={t("myBike.start.comment")}
          description={t("myBike.start.commentHelp")}
          rows={3}
          {...form.getInputProps("customerComment")}
        />
        {start.isError && Object.keys(serverFieldErrors(start.error, form.getValues(), "x")).length === 0 && (
          <Alert color="red" role="alert">
            {formErrorMessage(start.error, t)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={start.isPending}>
            {t("myBike.start.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
