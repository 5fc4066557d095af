import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TRedemptionUserPayment } from "../../../../contract/bike-redemptions.ts";
import type { PaymentMethod } from "../../../../domain/enums.ts";
import { DetailsList } from "../../../components/details-list.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { StatusBadge, ToneBadge } from "../../../components/status-badge.tsx";
import { currentLanguage } from "../../../i18n/i18n.ts";
import { formatDate, formatPercent } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import {
  CHOICE_LABELS,
  day,
  METHOD_LABELS,
  offerFileHref,
  REASON_LABELS,
  RedemptionOptions,
  RedemptionPriceTable,
} from "../../redemption/index.ts";
import { type TRedemption, useRedemptionCase } from "./redemption-api.ts";
import { RedemptionChoiceForm } from "./redemption-choice-form.tsx";
import { DONE_TEXTS, nextText } from "./redemption-labels.ts";

/**
 * The employee's redemption case, fetched by its id: a spinner, its error with a retry (a case gone
 * reads as any other failure to load it), or the case.
 */
export function MyRedemptionCase({ id }: { id: string }) {
  const { t } = useTranslation();
  const details = useRedemptionCase(id);
  return (
    <QueryFrame
      query={details}
      notFound={t("myBikeRedemption.loadError")}
      errorText={() => t("myBikeRedemption.loadError")}
    >
      {(data) => <CaseView details={data} />}
    </QueryFrame>
  );
}

/**
 * What the price is based on: at the term's end the residual value (a share of the package price);
 * early, the financing still owed after the months paid. When the helpdesk agreed on another price,
 * the price by rule is said too.
 */
function basisText(details: TRedemption, t: TFunction): string | null {
  const a = details.agreement;
  if (!a) return null;
  const basis = details.early
    ? t("myBikeRedemption.offer.basisEarly", {
        paid: a.monthsPaid,
        months: a.leaseTimeMonths,
        package: money(a.packagePriceCents),
      })
    : t("myBikeRedemption.offer.basisTermEnd", {
        percent: formatPercent(
          a.packagePriceCents > 0 ? (a.residualValueCents / a.packagePriceCents) * 100 : 0,
          currentLanguage(),
        ),
        package: money(a.packagePriceCents),
      });
  return details.redemptionPriceCents === a.rulePriceCents
    ? basis
    : `${basis} ${t("myBikeRedemption.offer.agreedPrice", { rule: money(a.rulePriceCents) })}`;
}

function CaseView({ details }: { details: TRedemption }) {
  const { t } = useTranslation();
  const [changing, setChanging] = useState(false);
  const offer = details.offers.at(-1) ?? null;
  const canChoose = details.allowedActions.includes("CHOOSE");
  const open = details.status === "PENDING";

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Group gap="sm" align="baseline" wrap="wrap">
          <Text fw={600}>{t("myBikeRedemption.offer.price")}</Text>
          <Text fz="h3" fw={700} style={{ whiteSpace: "nowrap" }}>
            {money(details.redemptionPriceCents)}
          </Text>
          <StateBadge details={details} />
        </Group>
        <DetailsList
          items={[
            { label: t("myBikeRedemption.offer.basis"), value: basisText(details, t) },
            {
              label: t("myBikeRedemption.offer.reason"),
              value: t(REASON_LABELS.employee[details.reason]),
            },
            {
              label: t("myBikeRedemption.offer.deadline"),
              value: details.decisionDeadline ? day(details.decisionDeadline) : null,
            },
            {
              label: t("myBikeRedemption.offer.leaseEndsOn"),
              value: details.leaseEndsOn ? day(details.leaseEndsOn) : null,
            },
            ...(details.coveredUntil
              ? [{ label: t("myBikeRedemption.offer.coveredUntil"), value: day(details.coveredUntil) }]
              : []),
            {
              label: t("myBikeRedemption.offer.document"),
              value: offer ? (
                <Anchor href={offerFileHref(offer.id)} target="_blank" rel="noopener">
                  {t("myBikeRedemption.offer.documentLink", { date: formatDate(offer.createdAt) })}
                </Anchor>
              ) : null,
            },
          ]}
        />
        {open && !details.choice && !details.early && (
          <Text size="sm">{t("myBikeRedemption.offer.noChoice")}</Text>
        )}
        {open && details.deadlinePassed && !canChoose && (
          <Alert color="yellow" title={t("myBikeRedemption.offer.deadlinePassedTitle")}>
            {t("myBikeRedemption.offer.deadlinePassed")}
          </Alert>
        )}
      </Stack>

      {open && <RedemptionOptions options={details.options} audience="employee" />}
      {open && (
        <RedemptionPriceTable
          rows={details.priceTable}
          monthsPaid={details.agreement?.monthsPaid ?? null}
          audience="employee"
        />
      )}

      {!open && details.choice && <ClosedState details={details} />}
      {open && details.choice && !changing && (
        <ChosenState details={details} canChange={canChoose} onChange={() => setChanging(true)} />
      )}
      {open && canChoose && (!details.choice || changing) && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {details.choice ? t("myBikeRedemption.choose.changeTitle") : t("myBikeRedemption.choose.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {details.decisionDeadline
                ? t("myBikeRedemption.choose.intro", { date: day(details.decisionDeadline) })
                : t("myBikeRedemption.choose.introNoDeadline")}
            </Text>
            <RedemptionChoiceForm
              details={details}
              paymentMode={null}
              onDone={() => setChanging(false)}
              {...(details.choice ? { onCancel: () => setChanging(false) } : {})}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** Where the case stands for the employee, in one badge. */
function StateBadge({ details }: { details: TRedemption }) {
  const { t } = useTranslation();
  if (details.status === "CANCELLED")
    return <ToneBadge tone="neutral">{t("myBikeRedemption.state.cancelled")}</ToneBadge>;
  if (details.status === "COMPLETED")
    return <ToneBadge tone="success">{t("myBikeRedemption.state.completed")}</ToneBadge>;
  if (!details.choice) return <ToneBadge tone="warning">{t("myBikeRedemption.state.waiting")}</ToneBadge>;
  const status = details.userPayment?.paymentStatus;
  if (status && status !== "PAID" && status !== "CANCELLED")
    return <ToneBadge tone="warning">{t("myBikeRedemption.state.toPay")}</ToneBadge>;
  return <ToneBadge tone="progress">{t("myBikeRedemption.state.chosen")}</ToneBadge>;
}

/**
 * The employee's own payment of the case: how much, how, the reference number and when. How it is
 * paid is the case's payment method, the one the words above it follow too.
 */
function PaymentDetails({ payment, method }: { payment: TRedemptionUserPayment; method: PaymentMethod }) {
  const { t } = useTranslation();
  const open = payment.paymentStatus !== "PAID" && payment.paymentStatus !== "CANCELLED";
  return (
    <Stack gap="xs">
      <DetailsList
        items={[
          { label: t("myBikeRedemption.payment.amount"), value: money(payment.amountCents) },
          { label: t("myBikeRedemption.payment.method"), value: t(METHOD_LABELS[method]) },
          ...(method === "BATCH"
            ? [{ label: t("myBikeRedemption.payment.reference"), value: payment.referenceNumber }]
            : []),
          {
            label: t("myBikeRedemption.payment.due"),
            value: payment.dueDate ? day(payment.dueDate) : null,
          },
          {
            label: t("myBikeRedemption.payment.status"),
            value: <StatusBadge family="payment" status={payment.paymentStatus} />,
          },
        ]}
      />
      {open && (
        <Text size="sm">
          {method === "BATCH"
            ? t("myBikeRedemption.payment.batchBelow")
            : t("myBikeRedemption.payment.payroll")}
        </Text>
      )}
    </Stack>
  );
}

/** The choice made while the case is open: what follows, the payment, and changing it while allowed. */
function ChosenState({
  details,
  canChange,
  onChange,
}: {
  details: TRedemption;
  canChange: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const choice = details.choice;
  if (!choice) return null;
  const paid = details.userPayment?.paymentStatus === "PAID";
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t("myBikeRedemption.chosen.title", { choice: t(CHOICE_LABELS[choice]) })}
        </Title>
        {details.choiceMadeAt && (
          <Text size="sm" c="dimmed">
            {t("myBikeRedemption.chosen.madeOn", { date: formatDate(details.choiceMadeAt) })}
          </Text>
        )}
        <Text>
          {choice === "REDEEM" && paid
            ? t("myBikeRedemption.chosen.redeemPaid", {
                date: details.leaseEndsOn ? day(details.leaseEndsOn) : "",
              })
            : choice === "TRANSFER" && details.transferToEmail
              ? t("myBikeRedemption.chosen.transferTo", { email: details.transferToEmail })
              : t(nextText(choice, details.paymentMethod))}
        </Text>
        {details.userPayment && (
          <PaymentDetails payment={details.userPayment} method={details.paymentMethod} />
        )}
        {canChange ? (
          <Group>
            <Button variant="default" onClick={onChange}>
              {t("myBikeRedemption.chosen.change")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {details.deadlinePassed
              ? t("myBikeRedemption.chosen.lockedDeadline")
              : t("myBikeRedemption.chosen.locked")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** A completed case: what became of the bike. */
function ClosedState({ details }: { details: TRedemption }) {
  const { t } = useTranslation();
  if (!details.choice || details.status !== "COMPLETED") return null;
  return (
    <Alert color="pedaali" variant="light" title={t("myBikeRedemption.done.title")}>
      {t(DONE_TEXTS[details.choice], {
        date: details.leaseEndsOn ? day(details.leaseEndsOn) : "",
      })}
    </Alert>
  );
}
