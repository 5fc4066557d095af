import { useTranslation } from "react-i18next";
import type { LeaseEndState } from "../../../domain/lease-end.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { STATE_LABELS, STATE_TONES } from "./lease-end-words.ts";

/** A lease end's state as the server's leaseEndState gives it: overdue shown as overdue, everywhere alike. */
export function LeaseEndStateBadge({ state }: { state: LeaseEndState }) {
  const { t } = useTranslation();
  return <ToneBadge tone={STATE_TONES[state]}>{t(STATE_LABELS[state])}</ToneBadge>;
}
