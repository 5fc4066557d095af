import { Button, CopyButton, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TBankTransfer } from "../../../../contract/user-payments.ts";
import { compareIsoTimes } from "../../../../domain/dates.ts";
import type { UserPaymentKind } from "../../../../domain/enums.ts";
import { isOpenUserPayment, payrollPeriodOfPayment } from "../../../../domain/user-payments.ts";
import { usePhoneLayout } from "../../../components/data-table-parts.tsx";
import { AlertIcon } from "../../../components/design-icons.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PhoneCardList } from "../../../components/phone-card-list.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { formatCalendarDate, formatDate, formatEuroInput } from "../../../lib/formatters.ts";
import { money } from "../../../lib/money.ts";
import { type UserPaymentWords, userPaymentWhat } from "../../../lib/user-payment-text.ts";
import { type TMyPayment, useMyPayments } from "./payments-api.ts";

/** The label keys, spelled out so that the catalogue check sees every key in use. */
const PAYMENT_WORDS: UserPaymentWords<UserPaymentKind> = {
  kinds: {
    OWN_SHARE: "myBikePayments.kinds.OWN_SHARE",
    REDEMPTION: "myBikePayments.kinds.REDEMPTION",
    RETURN_FEE: "myBikePayments.kinds.RETURN_FEE",
    DEDUCTIBLE: "myBikePayments.kinds.DEDUCTIBLE",
    OTHER: "myBikePayments.kinds.OTHER",
  },
  order: "myBikePayments.order",
};

/** The months as the payroll sentence needs them (Finnish takes the genitive: "huhtikuun"). */
const MONTHS = [
  "myBikePayments.months.m01",
  "myBikePayments.months.m02",
  "myBikePayments.months.m03",
  "myBikePayments.months.m04",
  "myBikePayments.months.m05",
  "myBikePayments.months.m06",
  "myBikePayments.months.m07",
  "myBikePayments.months.m08",
  "myBikePayments.months.m09",
  "myBikePayments.months.m10",
  "myBikePayments.months.m11",
  "myBikePayments.months.m12",
] as const;

/** An amount as a bank's payment form takes it: euros with a decimal comma, no currency. */
export const amountForBank = (cents: number) => formatEuroInput(cents, "fi");

/** A value with a button that copies it, named for what it copies. */
function Copyable({ label, shown, value }: { label: string; shown: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap" align="center" justify="space-between">
      <Text size="sm" style={{ overflowWrap: "anywhere" }} ff={shown.length > 40 ? "monospace" : undefined}>
        {shown}
      </Text>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            size="compact-sm"
            variant="default"
            onClick={copy}
            aria-label={
              copied ? t("myBikePayments.copied", { what: label }) : t("myBikePayments.copy", { what: label })
            }
            style={{ flexShrink: 0 }}
          >
            {copied ? t("myBikePayments.copiedShort") : t("myBikePayments.copyShort")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** Pedaali's account, the reference number, the amount and the virtual barcode, each ready to copy. */
function BankTransfer({ transfer }: { transfer: TBankTransfer }) {
  const { t } = useTranslation();
  const row = (label: string, shown: string, value = shown) => ({
    label,
    value: <Copyable label={label} shown={shown} value={value} />,
  });
  return (
    <Stack gap="xs">
      <Text size="sm">{t("myBikePayments.batchIntro")}</Text>
      <DetailsList
        items={[
          row(t("myBikePayments.recipient"), transfer.recipient),
          row(t("myBikePayments.iban"), transfer.iban, transfer.iban.replace(/\s/g, "")),
          { label: t("myBikePayments.bic"), value: transfer.bic },
          row(
            t("myBikePayments.reference"),
            transfer.referenceNumber,
            transfer.referenceNumber.replace(/\s/g, ""),
          ),
          row(t("myBikePayments.amount"), money(transfer.amountCents), amountForBank(transfer.amountCents)),
          ...(transfer.dueDate
            ? [{ label: t("myBikePayments.due"), value: formatCalendarDate(transfer.dueDate) }]
            : []),
          ...(transfer.virtualBarcode ? [row(t("myBikePayments.barcode"), transfer.virtualBarcode)] : []),
        ]}
      />
      {transfer.virtualBarcode && (
        <Text size="sm" c="dimmed">
          {t("myBikePayments.barcodeHelp")}
        </Text>
      )}
    </Stack>
  );
}

function OpenPayment({ payment }: { payment: TMyPayment }) {
  const { t } = useTranslation();
  const period = payment.dueDate ? payrollPeriodOfPayment(payment.dueDate) : null;
  const what = userPaymentWhat(t, PAYMENT_WORDS, payment);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={what.kind}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={4} size="h5">
              {what.kind}
            </Title>
            {what.detail && (
              <Text size="sm" c="dimmed">
                {what.detail}
              </Text>
            )}
          </div>
          <Text fw={700} style={{ whiteSpace: "nowrap" }}>
            {money(payment.amountCents)}
          </Text>
        </Group>
        {payment.paymentMethod === "PAYROLL" ? (
          <Text size="sm">
            {period
              ? t("myBikePayments.payroll", {
                  month: t(MONTHS[Number(period.slice(5, 7)) - 1] ?? MONTHS[0]),
                  year: period.slice(0, 4),
                })
              : t("myBikePayments.payrollSoon")}
          </Text>
        ) : payment.bankTransfer ? (
          <BankTransfer transfer={payment.bankTransfer} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function PaidPayments({ payments }: { payments: readonly TMyPayment[] }) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const title = (
    <Title order={3} size="h4">
      {t("myBikePayments.paidTitle")}
    </Title>
  );
  if (phone) {
    return (
      <Stack gap="xs">
        {title}
        <PhoneCardList
          label={t("myBikePayments.paidTitle")}
          cards={payments.map((payment) => {
            const what = userPaymentWhat(t, PAYMENT_WORDS, payment);
            return {
              key: payment.id,
              title: (
                <>
                  {what.kind}
                  {what.detail && (
                    <Text size="xs" c="dimmed" fw={400}>
                      {what.detail}
                    </Text>
                  )}
                </>
              ),
              values: [
                {
                  label: t("myBikePayments.amount"),
                  value: money(payment.amountCents),
                },
                {
                  label: t("myBikePayments.paidOn"),
                  value: payment.paidAt ? formatDate(payment.paidAt) : "–",
                },
              ],
            };
          })}
        />
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {title}
      <Table.ScrollContainer
        minWidth={360}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": t("myBikePayments.paidTitle") } }}
      >
        <Table aria-label={t("myBikePayments.paidTitle")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("myBikePayments.what")}</Table.Th>
              <Table.Th ta="right">{t("myBikePayments.amount")}</Table.Th>
              <Table.Th>{t("myBikePayments.paidOn")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => {
              const what = userPaymentWhat(t, PAYMENT_WORDS, payment);
              return (
                <Table.Tr key={payment.id}>
                  <Table.Td>
                    {what.kind}
                    {what.detail && (
                      <Text size="xs" c="dimmed">
                        {what.detail}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                    {money(payment.amountCents)}
                  </Table.Td>
                  <Table.Td>{payment.paidAt ? formatDate(payment.paidAt) : "–"}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * What the employee pays themself (user payments): the open payments first — what for, how much,
 * when, and how: a payroll deduction names the month whose net pay it comes from; an invoice gives
 * Pedaali's account, the reference number, the amount and the virtual barcode, each with a copy
 * button — then the paid ones. With nothing to pay it says so; it is hidden only while loading.
 */
export function MyPaymentsSection() {
  const { t } = useTranslation();
  const payments = useMyPayments();
  if (payments.isPending) return null;
  const all = payments.data ?? [];
  const open = all
    .filter(isOpenUserPayment)
    .sort((a, b) => compareIsoTimes(a.dueDate ?? "9999", b.dueDate ?? "9999"));
  const paid = all.filter((payment) => payment.paymentStatus === "PAID");
  return (
    <SectionCard title={t("myBikePayments.title")} description={t("myBikePayments.description")}>
      {payments.isError ? (
        <EmptyState
          icon={<AlertIcon size={24} />}
          text={t("myBikePayments.loadError")}
          action={
            <Button variant="default" onClick={() => void payments.refetch()}>
              {t("ds.table.retry")}
            </Button>
          }
        />
      ) : (
        <Stack gap="lg">
          {open.length === 0 ? (
            <Text>{t("myBikePayments.nothingOwed")}</Text>
          ) : (
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t("myBikePayments.openTitle")}
              </Title>
              {open.map((payment) => (
                <OpenPayment key={payment.id} payment={payment} />
              ))}
            </Stack>
          )}
          {paid.length > 0 && <PaidPayments payments={paid} />}
        </Stack>
      )}
    </SectionCard>
  );
}
