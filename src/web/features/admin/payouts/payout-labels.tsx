import { useTranslation } from "react-i18next";
import type { PayoutBatchStatus } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import type { DataTableColumn } from "../../../components/data-table.tsx";
import { ToneBadge } from "../../../components/status-badge.tsx";
import { useDisplay } from "../tax-tables/display-format.ts";

/** A batch waits for its approval (warning), is on its way to the bank (progress), or is paid. */
const TONES: Record<PayoutBatchStatus, StatusTone> = {
  CREATED: "warning",
  APPROVED: "progress",
  PAID: "success",
};

/** The labels, spelled out so the catalogue check sees each key. */
const LABELS: Record<PayoutBatchStatus, string> = {
  CREATED: "adminPayouts.status.CREATED",
  APPROVED: "adminPayouts.status.APPROVED",
  PAID: "adminPayouts.status.PAID",
};

/** A payout batch's status as a badge in its tone, labelled in the reader's language. */
export function BatchStatusBadge({ status }: { status: PayoutBatchStatus }) {
  const { t } = useTranslation();
  return <ToneBadge tone={TONES[status]}>{t(LABELS[status])}</ToneBadge>;
}

/** What is owed to a store, what Pedaali keeps and what is paid: the three money columns of every payout table. */
export function useAmountColumns<
  T extends { grossCents: number; commissionCents: number; netCents: number },
>(): DataTableColumn<T>[] {
  const { t } = useTranslation();
  const display = useDisplay();
  return (["grossCents", "commissionCents", "netCents"] as const).map((accessor) => ({
    accessor,
    title: t(AMOUNT_TITLES[accessor]),
    textAlign: "right",
    render: (row: T) => display.money(row[accessor]),
  }));
}

const AMOUNT_TITLES = {
  grossCents: "adminPayouts.columns.gross",
  commissionCents: "adminPayouts.columns.commission",
  netCents: "adminPayouts.columns.net",
} as const;
