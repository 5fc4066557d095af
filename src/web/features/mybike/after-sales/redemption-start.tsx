import { Alert, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { zOpenBikeRedemption } from "../../../../contract/bike-redemptions.ts";
import { toHelsinkiDateString } from "../../../../domain/dates.ts";
import type { RedemptionReason } from "../../../../domain/enums.ts";
import {
  EARLY_END_NOTICE_DAY,
  earlyEndDayRange,
  isDayWithin,
  OFFER_LEAD_DAYS,
  OTHER_ABSENCE_COVER_DAYS,
  RETURN_DELIVERY_CAPITAL_AREA_CENTS,
  RETURN_DELIVERY_ELSEWHERE_CENTS,
  RETURN_FEE_CENTS,
  redemptionSchedule,
} from "../../../../domain/redemption.ts";
import { addDays } from "../../../../domain/user-payments.ts";
import { DateField } from "../../../components/date-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../lib/error-toasts.ts";
import { money } from "../../../lib/money.ts";
import { showSuccessToast } from "../../../lib/toast.ts";
import { day, dayOutsideText, refusedDayText } from "../../redemption/index.ts";
import type { TMyOrder } from "../mybike-api.ts";
import { useOpenEarlyEnd } from "./redemption-api.ts";

/** The early ends an employee may open themself (the employer's ending is the employer's to open). */
type EarlyReason = Extract<RedemptionReason, "EMPLOYEE_RESIGNED" | "LONG_ABSENCE">;

const DATE_LABELS: Record<EarlyReason, string> = {
  EMPLOYEE_RESIGNED: "myBikeRedemption.start.lastWorkingDay",
  LONG_ABSENCE: "myBikeRedemption.start.absenceStart",
};
const FORM_TITLES: Record<EarlyReason, string> = {
  EMPLOYEE_RESIGNED: "myBikeRedemption.start.resignedTitle",
  LONG_ABSENCE: "myBikeRedemption.start.absenceTitle",
};
/** The options the case will show, in brief, with what is known of their costs before it opens. */
const OPTION_PREVIEWS: Record<EarlyReason, readonly string[]> = {
  EMPLOYEE_RESIGNED: [
    "myBikeRedemption.start.preview.redeem",
    "myBikeRedemption.start.preview.brokerage",
    "myBikeRedemption.start.preview.transfer",
    "myBikeRedemption.start.preview.returnResigned",
  ],
  LONG_ABSENCE: [
    "myBikeRedemption.start.preview.continue",
    "myBikeRedemption.start.preview.redeem",
    "myBikeRedemption.start.preview.return",
    "myBikeRedemption.start.preview.brokerage",
    "myBikeRedemption.start.preview.transfer",
  ],
};

/** The one date field stands for the day the reason asks: the last working day or the absence's start. */
const DATE_FIELD = { absenceStartDate: "date", lastWorkingDay: "date" };

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * No redemption case yet: when the term ends and when the offer comes, and — the employment ending or
 * a long absence — opening an early end for the own order (POST /api/bike-redemption) after showing
 * what follows: the lease's last day and the deadline by the 20th rule, the employer's covered days,
 * and the options with what is known of their costs. Sending it commits the employee to nothing; the
 * case shows the price and the options' costs at once.
 */
export function EarlyEndStart({ order, cancelledBefore }: { order: TMyOrder; cancelledBefore: boolean }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<EarlyReason | null>(null);
  const agreement = order.agreement;
  // The server says whether the employee may open an early end now (from the billing on, also before
  // the lease's first day, while nothing has settled the lease).
  const started = order.allowedActions.includes("OPEN_LEASE_END");
  return (
    <Stack gap="md">
      {agreement?.endDate && (
        <Text>
          {t("myBikeRedemption.start.termEnds", {
            date: day(agreement.endDate),
            offerDate: day(addDays(agreement.endDate, -OFFER_LEAD_DAYS)),
          })}
        </Text>
      )}
      {cancelledBefore && (
        <Text size="sm" c="dimmed">
          {t("myBikeRedemption.start.cancelledBefore")}
        </Text>
      )}
      {started && !reason && (
        <Stack gap="sm">
          <Text size="sm">{t("myBikeRedemption.start.earlyIntro")}</Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => setReason("EMPLOYEE_RESIGNED")}>
              {t("myBikeRedemption.start.resigned")}
            </Button>
            <Button variant="default" onClick={() => setReason("LONG_ABSENCE")}>
              {t("myBikeRedemption.start.absent")}
            </Button>
          </Group>
        </Stack>
      )}
      {started && reason && <EarlyEndForm order={order} reason={reason} onClose={() => setReason(null)} />}
    </Stack>
  );
}

function EarlyEndForm({
  order,
  reason,
  onClose,
}: {
  order: TMyOrder;
  reason: EarlyReason;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const open = useOpenEarlyEnd();
  const today = toHelsinkiDateString(new Date());
  const agreement = order.agreement;
  // The days the server takes (earlyEndDayRange): from the lease's start, up to six months ahead and
  // the term's end; the date picker offers only them and the form says so before sending.
  const range =
    agreement?.startDate && agreement.endDate
      ? earlyEndDayRange({ today, leaseStartDate: agreement.startDate, termEndDate: agreement.endDate })
      : null;
  const openBody = (values: { date: string }) => ({
    orderId: order.orderId,
    reason,
    ...(reason === "LONG_ABSENCE" ? { absenceStartDate: values.date } : { lastWorkingDay: values.date }),
  });
  const form = useContractForm({
    initialValues: { date: "" },
    schema: zOpenBikeRedemption,
    toBody: openBody,
    fieldOf: DATE_FIELD,
    texts: () => t("myBikeRedemption.start.dateRequired"),
    // The contract lets the helpdesk leave the day out (the employment's own is taken); the employee gives it.
    rules: {
      date: (value) =>
        isDate(value) ? dayOutsideText(t, value, range) : t("myBikeRedemption.start.dateRequired"),
    },
  });
  const date = form.values.date;
  // What follows is shown for a day the server takes only.
  const schedule =
    isDate(date) && range && agreement?.startDate && agreement.endDate && isDayWithin(date, range)
      ? redemptionSchedule({
          reason,
          today,
          leaseStartDate: agreement.startDate,
          termEndDate: agreement.endDate,
          ...(reason === "LONG_ABSENCE" ? { absenceStartDate: date } : { lastWorkingDay: date }),
        })
      : null;
  const values = {
    monthly: money(agreement?.monthlyPaymentCents ?? order.monthlyPaymentCents ?? 0),
    fee: money(RETURN_FEE_CENTS),
    capital: money(RETURN_DELIVERY_CAPITAL_AREA_CENTS),
    elsewhere: money(RETURN_DELIVERY_ELSEWHERE_CENTS),
    days: OTHER_ABSENCE_COVER_DAYS,
  };

  function send(formValues: { date: string }) {
    mutateThen(open, openBody(formValues), {
      onSuccess: () => showSuccessToast(t("myBikeRedemption.start.opened")),
      onError: (error) => {
        const refused =
          error instanceof ApiError ? error.details.find((d) => /Date|Day/.test(d.field)) : undefined;
        if (refused)
          form.setFieldError("date", refusedDayText(t, refused, t("myBikeRedemption.start.dateInvalid")));
      },
    });
  }

  const fieldError = open.error instanceof ApiError && open.error.details.length > 0;
  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={form.onSubmit(send)} aria-label={t(FORM_TITLES[reason])}>
        <Stack gap="md">
          <Title order={3} size="h5">
            {t(FORM_TITLES[reason])}
          </Title>
          <DateField
            label={t(DATE_LABELS[reason])}
            required
            min={range?.min}
            max={range?.max}
            w={{ base: "100%", xs: 220 }}
            {...form.getInputProps("date")}
          />
          {schedule && (
            <Alert variant="light" role="note" title={t("myBikeRedemption.start.whatFollows")}>
              <Stack gap="xs">
                <Text size="sm">
                  {reason === "LONG_ABSENCE"
                    ? t("myBikeRedemption.start.scheduleAbsence", {
                        covered: day(schedule.coveredUntil ?? date),
                        days: OTHER_ABSENCE_COVER_DAYS,
                        deadline: day(schedule.decisionDeadline),
                        end: day(schedule.leaseEndsOn),
                      })
                    : t("myBikeRedemption.start.scheduleResigned", {
                        end: day(schedule.leaseEndsOn),
                        deadline: day(schedule.decisionDeadline),
                        notice: EARLY_END_NOTICE_DAY,
                      })}
                </Text>
                <List size="sm" spacing={4}>
                  {OPTION_PREVIEWS[reason].map((key) => (
                    <List.Item key={key}>{t(key, values)}</List.Item>
                  ))}
                </List>
                <Text size="sm">{t("myBikeRedemption.start.noCommitment")}</Text>
              </Stack>
            </Alert>
          )}
          {open.isError && !fieldError && (
            <Alert color="red" variant="light" role="alert" title={t("myBikeRedemption.start.failed")}>
              {messageWithServerText(open.error, t)}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={open.isPending}>
              {t("myBikeRedemption.start.submit")}
            </Button>
            <Button variant="default" onClick={onClose} disabled={open.isPending}>
              {t("myBikeRedemption.start.cancel")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
