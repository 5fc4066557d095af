import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type TOpenBikeRedemption, zOpenBikeRedemption } from "../../../../../contract/bike-redemptions.ts";
import { REDEMPTION_REASONS, type RedemptionReason } from "../../../../../domain/enums.ts";
import { ActionDialog } from "../../../../components/action-dialog.tsx";
import { DateField } from "../../../../components/date-field.tsx";
import { ApiError } from "../../../../lib/api-client.ts";
import { useContractForm } from "../../../../lib/contract-form.ts";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { REASON_LABELS, refusedDayText } from "../../../redemption/index.ts";
import { findOrderByNumber } from "../brokerage/brokerage-api.ts";
import { savedMessage, useOpenRedemption } from "./redemptions-api.ts";

type Values = {
  orderNumber: string;
  reason: RedemptionReason;
  lastWorkingDay: string;
  absenceStartDate: string;
  employerInitiated: boolean;
  note: string;
};
const INITIAL: Values = {
  orderNumber: "",
  reason: "LEASE_TERM_ENDS",
  lastWorkingDay: "",
  absenceStartDate: "",
  employerInitiated: false,
  note: "",
};
const ENDS_EMPLOYMENT: readonly RedemptionReason[] = ["EMPLOYEE_RESIGNED", "EMPLOYER_ENDED_EMPLOYMENT"];

/** The case the values open, but for the order, which is looked up by its number on submit. */
function bodyOf(values: Values): Omit<TOpenBikeRedemption, "orderId"> {
  const body: Omit<TOpenBikeRedemption, "orderId"> = { reason: values.reason };
  if (ENDS_EMPLOYMENT.includes(values.reason) && values.lastWorkingDay)
    body.lastWorkingDay = values.lastWorkingDay;
  if (values.reason === "LONG_ABSENCE") {
    if (values.absenceStartDate) body.absenceStartDate = values.absenceStartDate;
    body.employerInitiated = values.employerInitiated;
  }
  if (values.note.trim()) body.note = values.note.trim();
  return body;
}

/**
 * "Avaa tapaus": the helpdesk opens a redemption case for an order found by its number, for any reason
 * (the term's end before the daily job reaches it, or an early end). The dates are optional: the
 * server takes the employment's last working day or the latest recorded absence when they are left
 * out. Opens the new case's page.
 */
export function OpenRedemptionDialog({
  opened,
  onClose,
  onOpened,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const { t } = useTranslation();
  const open = useOpenRedemption();
  // The helpdesk types the order's number, which the dialog looks up into the orderId the contract
  // takes on submit: the schema checks the rest, and the number has a rule of its own.
  const form = useContractForm<Values>({
    initialValues: INITIAL,
    schema: zOpenBikeRedemption.omit({ orderId: true }),
    toBody: bodyOf,
    rules: {
      orderNumber: (value) =>
        /^\d{1,9}$/.test(value.trim()) ? null : t("adminRedemptions.open.numberInvalid"),
    },
  });
  // Each opening starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening resets the dialog.
  useEffect(() => {
    if (!opened) return;
    form.reset();
    open.reset();
  }, [opened]);

  async function submit(values: Values) {
    let order: Awaited<ReturnType<typeof findOrderByNumber>>;
    try {
      order = await findOrderByNumber(Number(values.orderNumber.trim()));
    } catch {
      form.setFieldError("orderNumber", t("adminRedemptions.open.lookupFailed"));
      return;
    }
    if (!order) {
      form.setFieldError("orderNumber", t("adminRedemptions.open.orderNotFound"));
      return;
    }
    const body: TOpenBikeRedemption = { orderId: order.orderId, ...bodyOf(values) };
    mutateThen(open, body, {
      onSuccess: (saved) => {
        showSuccessToast(savedMessage(saved.message, t));
        onOpened(saved.bikeRedemption.id);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        const days: Record<string, string> = {};
        for (const detail of error.details) {
          const field = detail.field.replace(/^body\./, "");
          // A day outside the lease names the days it may be; a missing one asks for it.
          if (field === "lastWorkingDay" || field === "absenceStartDate")
            days[field] = refusedDayText(t, detail, t("adminRedemptions.open.dateNeeded"));
        }
        form.setServerErrors(error, days);
      },
    });
  }

  const reason = form.values.reason;
  const fieldError = open.error instanceof ApiError && open.error.details.length > 0;
  return (
    <ActionDialog
      opened={opened}
      onCancel={onClose}
      holdOpen={open.isPending}
      title={t("adminRedemptions.open.title")}
    >
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          <TextInput
            label={t("adminRedemptions.open.orderNumber")}
            description={t("adminRedemptions.open.orderNumberHelp")}
            inputMode="numeric"
            required
            {...form.getInputProps("orderNumber")}
          />
          <NativeSelect
            label={t("adminRedemptions.open.reason")}
            data={REDEMPTION_REASONS.map((r) => ({ value: r, label: t(REASON_LABELS.staff[r]) }))}
            {...form.getInputProps("reason")}
          />
          {ENDS_EMPLOYMENT.includes(reason) && (
            <DateField
              label={t("adminRedemptions.open.lastWorkingDay")}
              description={t("adminRedemptions.open.lastWorkingDayHelp")}
              {...form.getInputProps("lastWorkingDay")}
            />
          )}
          {reason === "LONG_ABSENCE" && (
            <>
              <DateField
                label={t("adminRedemptions.open.absenceStart")}
                description={t("adminRedemptions.open.absenceStartHelp")}
                {...form.getInputProps("absenceStartDate")}
              />
              <Checkbox
                label={t("adminRedemptions.open.layOff")}
                description={t("adminRedemptions.open.layOffHelp")}
                {...form.getInputProps("employerInitiated", { type: "checkbox" })}
              />
            </>
          )}
          <Textarea label={t("adminRedemptions.open.note")} rows={2} {...form.getInputProps("note")} />
          {open.isError && !fieldError && (
            <Alert color="red" variant="light" role="alert" title={t("adminRedemptions.open.failed")}>
              {messageWithServerText(open.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={open.isPending}>
              {t("ds.confirm.cancel")}
            </Button>
            <Button type="submit" loading={open.isPending}>
              {t("adminRedemptions.open.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ActionDialog>
  );
}
