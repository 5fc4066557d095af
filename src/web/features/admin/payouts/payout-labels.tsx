import { useTranslation } from "react-i18next";
import type { PayoutBatchStatus } from "../../../../domain/enums.ts";
import type { StatusTone } from "../../../../domain/status-tones.ts";
import { ToneBadge } from "../../../components/status-badge.tsx";

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
