import { Alert, Anchor, Button, Checkbox, Group, Radio, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type TOpenBikeRedemption, zOpenBikeRedemption } from "../../../../contract/bike-redemptions.ts";
import type { TEmployeeOrder } from "../../../../contract/employees.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import { hasEmploymentEnd } from "../../../../domain/employees.ts";
import type { RedemptionReason } from "../../../../domain/enums.ts";
import {
  EMPLOYER_CAUSED_COVER_DAYS,
  earlyEndDayRange,
  isDayWithin,
  OTHER_ABSENCE_COVER_DAYS,
  redemptionSchedule,
} from "../../../../domain/redemption.ts";
import { DateField } from "../../../components/date-field.tsx";
import { FieldLabel } from "../../../components/field-label.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { useSession } from "../../../lib/session.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { dayOutsideText, REASON_LABELS, refusedDayText } from "../../redemption/index.ts";
import { TAB_PARAM, TABS } from "../employees/employee-nav.ts";
import { useOpenEarlyEnd, useOpenRedemptionOf } from "./redemptions-api.ts";
import { day } from "./redemptions-drawer.tsx";
import { REDEMPTION_PARAM } from "./redemptions-section.tsx";

/** The early ends an employer opens; the term's end opens by itself. */
type EarlyReason = Exclude<RedemptionReason, "LEASE_TERM_ENDS">;
const REASONS: readonly EarlyReason[] = ["EMPLOYEE_RESIGNED", "EMPLOYER_ENDED_EMPLOYMENT", "LONG_ABSENCE"];

type Values = { reason: EarlyReason | ""; lastWorkingDay: string; absenceStart: string; layOff: boolean };

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** Where the bikes tab shows a case in its drawer. */
const casePath = (id: string) =>
  `?${new URLSearchParams({ [TAB_PARAM]: TABS.bikes, [REDEMPTION_PARAM]: id })}`;

/**
 * "Avaa sopimuksen päättyminen" for an employee's bike in use (employees.manage): the reason (resigned,
 * the employer ended the employment, a long absence), the last working day or the absence's first day,
 * for an absence whether the employer caused it (a lay-off), and what follows by the rules before it is
 * sent. A case already open is named with a link to it instead. The server's refusals are shown at the
 * field they concern or above the button.
 */
export function RedemptionOpenAction({
  order,
  lastWorkingDayDate,
}: {
  order: TEmployeeOrder;
  lastWorkingDayDate: string;
}) {
  const { t } = useTranslation();
  const canManage = useSession().user?.permissions.includes("employees.manage") ?? false;
  const today = toHelsinkiDateString(new Date());
  const started =
    order.orderStatus === "ACTIVE_LEASING" && !!order.leaseStartDate && order.leaseStartDate <= today;
  const existing = useOpenRedemptionOf(order, canManage && started);
  const [opening, setOpening] = useState(false);
  if (!canManage || !started || existing.isPending) return null;
  const current = existing.data;
  if (current)
    return (
      <Text size="sm">
        {t("employerRedemptions.open.already", {
          reason: t(REASON_LABELS.staff[current.reason]),
          date: day(current.decisionDeadline) ?? "–",
        })}{" "}
        <Anchor href={casePath(current.id)}>{t("employerRedemptions.open.show")}</Anchor>
      </Text>
    );
  if (!opening)
    return (
      <Group>
        <Button size="xs" variant="light" onClick={() => setOpening(true)}>
          {t("employerRedemptions.open.button")}
        </Button>
      </Group>
    );
  return (
    <OpenForm
      order={order}
      lastWorkingDay={hasEmploymentEnd(lastWorkingDayDate) ? lastWorkingDayDate : ""}
      onClose={() => setOpening(false)}
    />
  );
}

function OpenForm({
  order,
  lastWorkingDay,
  onClose,
}: {
  order: TEmployeeOrder;
  lastWorkingDay: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = useOpenEarlyEnd();
  const today = toHelsinkiDateString(new Date());
  // The days the server takes for either date (earlyEndDayRange): the picker offers only them.
  const range =
    order.leaseStartDate && order.leaseEndDate
      ? earlyEndDayRange({ today, leaseStartDate: order.leaseStartDate, termEndDate: order.leaseEndDate })
      : null;
  const openBody = (values: Values) => ({
    orderId: order.orderId,
    reason: values.reason,
    ...(values.reason === "LONG_ABSENCE"
      ? { absenceStartDate: values.absenceStart, employerInitiated: values.layOff }
      : { lastWorkingDay: values.lastWorkingDay }),
  });
  const form = useContractForm<Values>({
    // An employment whose end is recorded: its last working day is the default.
    initialValues: { reason: "", lastWorkingDay, absenceStart: "", layOff: false },
    schema: zOpenBikeRedemption,
    toBody: openBody,
    fieldOf: { absenceStartDate: "absenceStart" },
    texts: (issue) =>
      issue.path[0] === "reason"
        ? t("employerRedemptions.open.reasonRequired")
        : t("employerRedemptions.open.dateRequired"),
    // The contract lets the helpdesk leave the day out (the employment's own is taken); the employer gives it.
    rules: {
      lastWorkingDay: (value, values) => {
        if (values.reason === "LONG_ABSENCE") return null;
        return isDate(value) ? dayOutsideText(t, value, range) : t("employerRedemptions.open.dateRequired");
      },
      absenceStart: (value, values) => {
        if (values.reason !== "LONG_ABSENCE") return null;
        return isDate(value) ? dayOutsideText(t, value, range) : t("employerRedemptions.open.dateRequired");
      },
    },
  });
  const { reason, layOff } = form.values;
  const absence = reason === "LONG_ABSENCE";
  const dateField = absence ? "absenceStart" : "lastWorkingDay";
  const date = form.values[dateField];
  // What follows is shown for a day the server takes only.
  const schedule =
    reason && isDate(date) && range && order.leaseStartDate && order.leaseEndDate && isDayWithin(date, range)
      ? redemptionSchedule({
          reason,
          today,
          leaseStartDate: order.leaseStartDate,
          termEndDate: order.leaseEndDate,
          employerCaused: absence && layOff,
          ...(absence ? { absenceStartDate: date } : { lastWorkingDay: date }),
        })
      : null;

  function send(values: Values) {
    if (!values.reason) return;
    const body = openBody(values) as TOpenBikeRedemption;
    mutateThen(open, body, {
      onSuccess: () => {
        showSuccessToast(t("employerRedemptions.open.done", { number: order.orderNumber }));
        onClose();
      },
      onError: (error) => {
        const refused =
          error instanceof ApiError ? error.details.find((d) => /Date|Day/.test(d.field)) : undefined;
        if (refused)
          form.setFieldError(
            dateField,
            refusedDayText(t, refused, t("employerRedemptions.open.dateInvalid")),
          );
      },
    });
  }

  const atField = open.error instanceof ApiError && open.error.details.length > 0;
  return (
    <form noValidate onSubmit={form.onSubmit(send)} aria-label={t("employerRedemptions.open.title")}>
      <Stack gap="sm">
        <Radio.Group
          label={<FieldLabel required>{t("employerRedemptions.open.reason")}</FieldLabel>}
          {...form.getInputProps("reason")}
        >
          <Stack gap={6} mt="xs">
            {REASONS.map((r) => (
              <Radio key={r} value={r} label={t(REASON_LABELS.staff[r])} />
            ))}
          </Stack>
        </Radio.Group>
        {reason && (
          <DateField
            key={dateField}
            label={
              absence
                ? t("employerRedemptions.open.absenceStart")
                : t("employerRedemptions.open.lastWorkingDay")
            }
            required
            min={range?.min}
            max={range?.max}
            w={{ base: "100%", xs: 220 }}
            {...form.getInputProps(dateField)}
          />
        )}
        {absence && (
          <Checkbox
            label={t("employerRedemptions.open.layOff")}
            description={t("employerRedemptions.open.layOffHelp", {
              days: EMPLOYER_CAUSED_COVER_DAYS,
              other: OTHER_ABSENCE_COVER_DAYS,
            })}
            {...form.getInputProps("layOff", { type: "checkbox" })}
          />
        )}
        {schedule && (
          <Alert variant="light" role="note" title={t("employerRedemptions.open.whatFollows")}>
            {absence
              ? t("employerRedemptions.open.scheduleAbsence", {
                  covered: day(schedule.coveredUntil),
                  deadline: day(schedule.decisionDeadline),
                  end: day(schedule.leaseEndsOn),
                })
              : t("employerRedemptions.open.scheduleEnd", {
                  deadline: day(schedule.decisionDeadline),
                  end: day(schedule.leaseEndsOn),
                })}
          </Alert>
        )}
        {open.isError && !atField && (
          <Alert color="red" variant="light" role="alert" title={t("employerRedemptions.open.failed")}>
            {messageWithServerText(open.error, t)}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" size="xs" loading={open.isPending}>
            {t("employerRedemptions.open.submit")}
          </Button>
          <Button size="xs" variant="default" onClick={onClose} disabled={open.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
