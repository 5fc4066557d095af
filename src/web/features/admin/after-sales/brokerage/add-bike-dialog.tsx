import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TOrderListItem } from "../../../../../contract/orders.ts";
import { BROKERABLE_ORDER_STATUSES } from "../../../../../domain/brokerage.ts";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { RequiredFieldsNote } from "../../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../../components/form-error-summary.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import {
  BIKE_FIELD_OF,
  BikeFields,
  type BikeValues,
  bikeBody,
  bikeRules,
  EMPTY_BIKE,
} from "./bike-fields.tsx";
import { findOrderByNumber, useAddBike } from "./brokerage-api.ts";

type Mode = "order" | "hand";
type Values = BikeValues & { orderNumber: string; listed: boolean };

const INITIAL: Values = { ...EMPTY_BIKE, orderNumber: "", listed: false };

/** The server's field errors on the form's fields (body.orderId is the order number's field). */
function fieldErrors(error: unknown, text: string): Partial<Record<keyof Values, string>> {
  if (!(error instanceof ApiError)) return {};
  const out: Partial<Record<keyof Values, string>> = {};
  for (const detail of error.details) {
    const name = detail.field.replace(/^body[./]/, "");
    const field = name === "orderId" ? "orderNumber" : BIKE_FIELD_OF[name];
    if (field) out[field] = text;
  }
  return out;
}

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
  const rules = bikeRules(t, { priceOptional: mode === "order" });
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: (values) => {
      const errors: Partial<Record<keyof Values, string | null>> = { price: rules.price(values.price) };
      if (mode === "order") {
        errors.orderNumber = order ? null : t("adminBrokerage.add.findFirst");
      } else {
        errors.brand = rules.brand(values.brand);
        errors.model = rules.model(values.model);
        errors.modelYear = rules.modelYear(values.modelYear);
      }
      return Object.fromEntries(Object.entries(errors).filter(([, message]) => message));
    },
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
    find.mutate(number, {
      onSuccess: (found) => {
        setOrder(found);
        if (!found) form.setFieldError("orderNumber", t("adminBrokerage.add.orderNotFound"));
      },
    });
  }

  function submit(values: Values) {
    const bike = bikeBody(values);
    // From an order the package describes the bike; only the price (else the suggestion) and the city are asked.
    const body =
      mode === "order" && order
        ? {
            orderId: order.orderId,
            city: bike.city,
            listed: values.listed,
            ...(bike.askingPriceCents === undefined ? {} : { askingPriceCents: bike.askingPriceCents }),
          }
        : { ...bike, listed: values.listed };
    add.mutate(body, {
      onSuccess: (saved) => {
        showSuccessToast(t("adminBrokerage.toasts.created"));
        onAdded(saved.bikeBrokerage.bikeBrokerageId);
      },
      onError: (error) => {
        const fields = fieldErrors(error, t("forms.checkField"));
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          errorSummary.show();
        }
      },
    });
  }

  const leasing = order !== null && BROKERABLE_ORDER_STATUSES.includes(order.orderStatus);
  const refused = add.error instanceof ApiError && add.error.details.length === 0 ? add.error : null;
  return (
    <Modal
      opened={opened}
      onClose={add.isPending ? () => {} : onClose}
      title={t("adminBrokerage.add.title")}
      size="lg"
      closeButtonProps={{ "aria-label": t("common.close") }}
    >
      <form noValidate onSubmit={form.onSubmit(submit, errorSummary.onInvalid)}>
        <Stack gap="md">
          {errorSummary.summary}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={modeLabelId}>
              {t("adminBrokerage.add.mode")}
            </Text>
            <SegmentedControl
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
                  maxLength={9}
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
              <TextInput
                label={t("adminBrokerage.form.city")}
                maxLength={100}
                {...form.getInputProps("city")}
              />
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
    </Modal>
  );
}
