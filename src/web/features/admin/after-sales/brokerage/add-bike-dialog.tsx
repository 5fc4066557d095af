import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type TCreateBikeBrokerage, zCreateBikeBrokerage } from "../../../../../contract/bike-brokerage.ts";
import type { TOrderListItem } from "../../../../../contract/orders.ts";
import { BROKERABLE_ORDER_STATUSES } from "../../../../../domain/brokerage.ts";
import { ActionDialog } from "../../../../components/action-dialog.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../../components/form-error-summary.tsx";
import { Segments } from "../../../../components/segments.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import {
  BIKE_FIELD_OF,
  BikeFields,
  type BikeValues,
  bikeBody,
  bikeIssueText,
  EMPTY_BIKE,
  priceRequired,
} from "./bike-fields.tsx";
import { findOrderByNumber, useAddBike } from "./brokerage-api.ts";

type Mode = "order" | "hand";
type Values = BikeValues & { orderNumber: string; listed: boolean };

const INITIAL: Values = { ...EMPTY_BIKE, orderNumber: "", listed: false };

/** The form's field of each body field it names differently: the order is found by its number. */
const FIELD_OF = { ...BIKE_FIELD_OF, orderId: "orderNumber" };

/**
 * "Lisää pyörä": a bike from an order, found by its number (the package's bike fills in the details
 * and the suggested price the asking price, unless given), or one added by hand. The bike is shown on
 * the public page at once only when the helpdesk has seen it ("Näytä heti välityssivulla").
 */
export function AddBikeDialog({
  opened,
  onClose,
  onAdded,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (bikeId: string) => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("order");
  const [order, setOrder] = useState<TOrderListItem | null>(null);
  const add = useAddBike();
  const modeLabelId = useId();
  const find = useMutation({
    mutationFn: (orderNumber: number) => findOrderByNumber(orderNumber),
    meta: { silent: true },
  });
  /** From an order the package describes the bike; only the price (else the suggestion) and the city are asked. */
  function bodyOf(values: Values) {
    const bike = bikeBody(values);
    if (mode === "hand") return { ...bike, listed: values.listed };
    return {
      orderId: order?.orderId,
      city: bike.city,
      listed: values.listed,
      ...(bike.askingPriceCents === undefined ? {} : { askingPriceCents: bike.askingPriceCents }),
    };
  }
  const form = useContractForm<Values>({
    initialValues: INITIAL,
    schema: zCreateBikeBrokerage,
    toBody: bodyOf,
    fieldOf: FIELD_OF,
    texts: (issue) => bikeIssueText(issue, t),
    rules: (values) => ({
      ...priceRequired(values, t, mode === "order"),
      orderNumber: mode === "order" && !order ? t("adminBrokerage.add.findFirst") : null,
    }),
  });
  const errorSummary = useFormErrorSummary(form);

  // Each opening starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening resets the dialog.
  useEffect(() => {
    if (!opened) return;
    form.reset();
    setMode("order");
    setOrder(null);
    add.reset();
    find.reset();
  }, [opened]);

  function lookUp() {
    const number = Number(form.values.orderNumber.trim());
    setOrder(null);
    if (!Number.isInteger(number) || number <= 0) {
      form.setFieldError("orderNumber", t("adminBrokerage.add.numberInvalid"));
      return;
    }
    form.setFieldError("orderNumber", null);
    mutateThen(find, number, {
      onSuccess: (found) => {
        setOrder(found);
        if (!found) form.setFieldError("orderNumber", t("adminBrokerage.add.orderNotFound"));
      },
    });
  }

  function submit(values: Values) {
    mutateThen(add, bodyOf(values) as TCreateBikeBrokerage, {
      onSuccess: (saved) => {
        showSuccessToast(t("adminBrokerage.toasts.created"));
        onAdded(saved.bikeBrokerage.bikeBrokerageId);
      },
      onError: (error) => {
        if (form.setServerErrors(error)) errorSummary.show();
      },
    });
  }

  const leasing = order !== null && BROKERABLE_ORDER_STATUSES.includes(order.orderStatus);
  const refused = add.error instanceof ApiError && add.error.details.length === 0 ? add.error : null;
  return (
    <ActionDialog
      opened={opened}
      onCancel={onClose}
      holdOpen={add.isPending}
      title={t("adminBrokerage.add.title")}
      size="lg"
    >
      <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={modeLabelId}>
              {t("adminBrokerage.add.mode")}
            </Text>
            <Segments
              aria-labelledby={modeLabelId}
              value={mode}
              onChange={(value) => {
                setMode(value as Mode);
                form.clearErrors();
              }}
              data={[
                { value: "order", label: t("adminBrokerage.add.fromOrder") },
                { value: "hand", label: t("adminBrokerage.add.byHand") },
              ]}
            />
          </Stack>
          <RequiredFieldsNote />
          {mode === "order" ? (
            <Stack gap="md">
              <Group align="flex-end" gap="sm" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t("adminBrokerage.add.orderNumber")}
                  description={t("adminBrokerage.add.orderNumberHint")}
                  inputMode="numeric"
                  required
                  {...form.getInputProps("orderNumber")}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      lookUp();
                    }
                  }}
                />
                <Button variant="default" onClick={lookUp} loading={find.isPending}>
                  {t("adminBrokerage.add.find")}
                </Button>
              </Group>
              {find.isError && (
                <Alert color="red" variant="light" role="alert">
                  {messageForApiError(find.error, t)}
                </Alert>
              )}
              {order && (
                <DetailsList
                  items={[
                    { label: t("adminBrokerage.add.order"), value: String(order.orderNumber) },
                    {
                      label: t("adminBrokerage.add.employee"),
                      value: `${order.employee.name} (${order.company.name})`,
                    },
                    {
                      label: t("adminBrokerage.add.status"),
                      value: <StatusBadge family="order" status={order.orderStatus} />,
                    },
                  ]}
                />
              )}
              {order && !leasing && (
                <Alert color="yellow" variant="light" role="alert">
                  {t("adminBrokerage.add.notLeasing")}
                </Alert>
              )}
              <EuroInput
                label={t("adminBrokerage.form.price")}
                description={t("adminBrokerage.add.priceHint")}
                {...form.getInputProps("price")}
              />
              <TextInput label={t("adminBrokerage.form.city")} {...form.getInputProps("city")} />
            </Stack>
          ) : (
            <BikeFields form={form} />
          )}
          <Checkbox
            label={t("adminBrokerage.add.listNow")}
            description={t("adminBrokerage.add.listNowHint")}
            {...form.getInputProps("listed", { type: "checkbox" })}
          />
          {refused && (
            <Alert color="red" variant="light" title={t("forms.errorTitle")} role="alert">
              {refused.code === "CONFLICT"
                ? t("adminBrokerage.add.conflict")
                : messageForApiError(refused, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
            <Button
              type="submit"
              loading={add.isPending}
              disabled={mode === "order" && order !== null && !leasing}
            >
              {t("adminBrokerage.add.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  );
}
