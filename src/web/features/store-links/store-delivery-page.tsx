import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { zStoreDeliveryInput } from "../../../contract/store-links.ts";
import { isTwentyYearsOrMoreInFuture } from "../../../domain/dates.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { RequiredFieldsNote } from "../../components/field-label.tsx";
import { useFormErrorSummary } from "../../components/form-error-summary.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { formatDate } from "../../lib/formatters.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { StoreLinkInvalid, StoreLinkLoadError } from "./store-link-common.tsx";
import { isDeadLink, type TStoreDelivery, useSaveDelivery, useStoreDelivery } from "./store-links-api.ts";

type Values = { frameSerialNumber: string; deliveryDate: string };

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The serial number and delivery date form; a date 20 years or more ahead is confirmed first. */
function DeliveryForm({ token, data }: { token: string; data: TStoreDelivery }) {
  const { t } = useTranslation();
  const save = useSaveDelivery(token);
  // The values waiting for the store's "yes, the date is right" (the server's DELIVERY_DATE_FAR_FUTURE).
  const [confirming, setConfirming] = useState<Values | null>(null);
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

  const send = (values: Values, confirmFarFuture: boolean) => {
    mutateThen(
      save,
      {
        frameSerialNumber: values.frameSerialNumber.trim(),
        deliveryDate: values.deliveryDate,
        ...(confirmFarFuture ? { confirmFarFuture: true } : {}),
      },
      {
        onSuccess: () => setConfirming(null),
        onError: (error) => {
          if (error instanceof ApiError && error.code === "DELIVERY_DATE_FAR_FUTURE") {
            setConfirming(values);
            return;
          }
          if (form.setServerErrors(error)) errorSummary.show();
        },
      },
    );
  };

  if (confirming) {
    return (
      <Stack gap="md">
        <Alert
          color="yellow"
          variant="light"
          title={t("storeLinks.deliveryForm.farFutureTitle")}
          role="alert"
        >
          {t("storeLinks.deliveryForm.farFuture", { date: formatDate(confirming.deliveryDate) })}
        </Alert>
        {save.isError &&
          !(save.error instanceof ApiError && save.error.code === "DELIVERY_DATE_FAR_FUTURE") && (
            <Alert color="red" variant="light" title={t("forms.errorTitle")}>
              {formErrorMessage(save.error, t)}
            </Alert>
          )}
        <Group>
          <Button loading={save.isPending} onClick={() => send(confirming, true)}>
            {t("storeLinks.deliveryForm.confirmDate")}
          </Button>
          <Button
            variant="default"
            onClick={() => {
              save.reset();
              setConfirming(null);
            }}
          >
            {t("storeLinks.deliveryForm.changeDate")}
          </Button>
        </Group>
      </Stack>
    );
  }

  const farAhead =
    DATE_PATTERN.test(form.getValues().deliveryDate) &&
    isTwentyYearsOrMoreInFuture(form.getValues().deliveryDate, new Date());

  return (
    <form
      noValidate
      aria-label={t("storeLinks.deliveryForm.formLabel")}
      onSubmit={form.onSubmit((values) => send(values, false), errorSummary.onInvalid)}
    >
      <Stack gap="md" maw={480}>
        {errorSummary.summary}
        <RequiredFieldsNote />
        <TextInput
          label={t("storeLinks.deliveryForm.serial")}
          description={t("storeLinks.deliveryForm.serialHelp")}
          required
          maxLength={40}
          autoComplete="off"
          {...form.getInputProps("frameSerialNumber")}
        />
        <TextInput
          type="date"
          label={t("storeLinks.deliveryForm.date")}
          description={
            farAhead ? t("storeLinks.deliveryForm.farFutureHint") : t("storeLinks.deliveryForm.dateHelp")
          }
          required
          min={data.orderDate}
          {...form.getInputProps("deliveryDate")}
        />
        {save.isError &&
          !(save.error instanceof ApiError && save.error.code === "DELIVERY_DATE_FAR_FUTURE") && (
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

/**
 * The delivery link's page body for one token: the frame serial number and the delivery date while the
 * order waits for them; afterwards (or on reopening the link) what was entered, read-only.
 */
export function StoreDeliveryScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useStoreDelivery(token);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return isDeadLink(query.error) ? <StoreLinkInvalid /> : <StoreLinkLoadError error={query.error} />;
  const data = query.data;
  const done = data.frameSerialNumber !== null && data.deliveryDate !== null;

  return (
    <Stack gap="lg">
      <SectionCard title={t("storeLinks.deliveryForm.orderTitle", { number: data.orderNumber })}>
        <DetailsList
          items={[
            { label: t("storeLinks.package.customer"), value: data.customerName },
            { label: t("storeLinks.deliveryForm.bike"), value: data.bikeName },
            { label: t("storeLinks.package.linkValid"), value: formatDate(data.expiresAt) },
          ]}
        />
      </SectionCard>
      <SectionCard title={t("storeLinks.deliveryForm.title")}>
        {data.cancellationRequested ? (
          <Alert
            color="orange"
            variant="light"
            role="status"
            title={t("storeLinks.deliveryForm.cancellationTitle")}
          >
            {t("storeLinks.deliveryForm.cancellation")}
          </Alert>
        ) : data.editable ? (
          <DeliveryForm token={token} data={data} />
        ) : (
          <Stack gap="md">
            <Alert
              color={done ? "pedaali" : "gray"}
              variant="light"
              role="status"
              title={t(done ? "storeLinks.deliveryForm.doneTitle" : "storeLinks.deliveryForm.closedTitle")}
            >
              {t(done ? "storeLinks.deliveryForm.done" : "storeLinks.deliveryForm.closed")}
            </Alert>
            <DetailsList
              items={[
                { label: t("storeLinks.deliveryForm.serial"), value: data.frameSerialNumber },
                {
                  label: t("storeLinks.deliveryForm.date"),
                  value: data.deliveryDate ? formatDate(data.deliveryDate) : null,
                },
              ]}
            />
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}

/** /runkonumero-ja-toimitus/{token}: the bike store gives the frame serial number and delivery date. */
export function StoreDeliveryPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.serialNumberAndDelivery.title"));
  const { token = "" } = useParams();
  return (
    <PageTemplate
      title={t("routes.serialNumberAndDelivery.title")}
      description={t("storeLinks.deliveryForm.description")}
    >
      <StoreDeliveryScreen token={token} />
    </PageTemplate>
  );
}
