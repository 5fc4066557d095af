import { Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CommissionBase, PayoutBatchStatus, StorePayableStatus } from "../../domain/enums.ts";
import type { StatusTone } from "../../domain/status-tones.ts";
import { currentLanguage } from "../i18n/i18n.ts";
import { formatCalendarDate, formatPercent } from "../lib/formatters.ts";
import { money } from "../lib/money.ts";
import type { DataTableColumn } from "./data-table.tsx";
import { ToneBadge } from "./status-badge.tsx";

/**
 * The parts every table of a bike store's money shares, on the helpdesk's payout pages and in the
 * store's own payouts view: the statuses of a payout batch and of an order's payable as badges, the
 * three money columns, and an order's commission with the price it was taken of. Their words are the `storePayouts` texts both areas load.
 */

/** A batch waits for its approval (warning), is on its way to the bank (progress), or is paid. */
const BATCH_TONES: Record<PayoutBatchStatus, StatusTone> = {
  CREATED: "warning",
  APPROVED: "progress",
  PAID: "success",
};

/** An order's payable waits for a batch (info), is in one on its way (progress), is paid, or is void. */
const PAYABLE_TONES: Record<StorePayableStatus, StatusTone> = {
  OPEN: "info",
  IN_BATCH: "progress",
  PAID: "success",
  VOID: "neutral",
};

/** The labels, spelled out so the catalogue check sees each key. */
const BATCH_LABELS: Record<PayoutBatchStatus, string> = {
  CREATED: "storePayouts.batchStatus.CREATED",
  APPROVED: "storePayouts.batchStatus.APPROVED",
  PAID: "storePayouts.batchStatus.PAID",
};
const PAYABLE_LABELS: Record<StorePayableStatus, string> = {
  OPEN: "storePayouts.payableStatus.OPEN",
  IN_BATCH: "storePayouts.payableStatus.IN_BATCH",
  PAID: "storePayouts.payableStatus.PAID",
  VOID: "storePayouts.payableStatus.VOID",
};

/** A payout batch's status as a badge in its tone, labelled in the reader's language. */
export function BatchStatusBadge({ status }: { status: PayoutBatchStatus }) {
  const { t } = useTranslation();
  return <ToneBadge tone={BATCH_TONES[status]}>{t(BATCH_LABELS[status])}</ToneBadge>;
}

/** An order's payable's status as a badge in its tone. */
export function PayableStatusBadge({ status }: { status: StorePayableStatus }) {
  const { t } = useTranslation();
  return <ToneBadge tone={PAYABLE_TONES[status]}>{t(PAYABLE_LABELS[status])}</ToneBadge>;
}

/** Cents as `1 234,56 €` in the reader's language. */

/** A YYYY-MM-DD day (a payment date) as DD.MM.YYYY; empty when there is none yet. */
export const day = (value: string | null) => (value ? formatCalendarDate(value) : "");

const AMOUNT_TITLES = {
  grossCents: "storePayouts.columns.gross",
  commissionCents: "storePayouts.columns.commission",
  netCents: "storePayouts.columns.net",
} as const;

/** What is owed to a store, what Pedaali keeps and what is paid: the three money columns of every payout table. */
export function useAmountColumns<
  T extends { grossCents: number; commissionCents: number; netCents: number },
>(): DataTableColumn<T>[] {
  const { t } = useTranslation();
  return (["grossCents", "commissionCents", "netCents"] as const).map((accessor) => ({
    accessor,
    title: t(AMOUNT_TITLES[accessor]),
    textAlign: "right",
    render: (row: T) => money(row[accessor]),
  }));
}

/** How one order's commission was reckoned, as the payables of the contract carry it. */
export type ReckonedCommission = {
  grossCents: number;
  commissionCents: number;
  netCents: number;
  commissionBase: CommissionBase;
  commissionBaseCents: number;
  commissionPercent: number | null;
};

/** The words of each base, spelled out so the catalogue check sees each key. */
const BASE_WORDS: Record<CommissionBase, string> = {
  VAT_EXCLUDED: "storePayouts.commissionBase.VAT_EXCLUDED",
  VAT_INCLUDED: "storePayouts.commissionBase.VAT_INCLUDED",
};

/**
 * "5 % of 1 612,90 € (price without VAT)": the percent and the price the commission was taken of (decision
 * 020); null when no commission was taken. An old payable whose percent is not known says the price alone.
 */
function useCommissionBasis(): (payable: ReckonedCommission) => string | null {
  const { t } = useTranslation();
  return (p) => {
    if (p.commissionCents === 0 && !p.commissionPercent) return null;
    const words = { base: money(p.commissionBaseCents), basis: t(BASE_WORDS[p.commissionBase]) };
    return p.commissionPercent === null
      ? t("storePayouts.commissionOfUnknown", words)
      : t("storePayouts.commissionOf", {
          ...words,
          percent: formatPercent(p.commissionPercent, currentLanguage()),
        });
  };
}

/** The three money columns of a table of orders' payables, the commission with its basis under it. */
export function usePayableAmountColumns<T extends ReckonedCommission>(): DataTableColumn<T>[] {
  const basisOf = useCommissionBasis();
  return useAmountColumns<T>().map((column) =>
    column.accessor === "commissionCents"
      ? {
          ...column,
          render: (row: T) => {
            const basis = basisOf(row);
            return (
              <Stack gap={0} align="flex-end">
                <Text size="sm">{money(row.commissionCents)}</Text>
                {basis && (
                  <Text size="xs" c="dimmed">
                    {basis}
                  </Text>
                )}
              </Stack>
            );
          },
        }
      : column,
  );
}
