import { useTranslation } from "react-i18next";
import type { RedemptionState } from "../../../domain/redemption.ts";
import { ToneBadge } from "../../components/status-badge.tsx";
import { STATE_LABELS, STATE_TONES } from "./redemption-words.ts";

/** A lease end's state as the server's redemptionState gives it: overdue shown as overdue, everywhere alike. */
export function RedemptionStateBadge({ state }: { state: RedemptionState }) {
  const { t } = useTranslation();
  return <ToneBadge tone={STATE_TONES[state]}>{t(STATE_LABELS[state])}</ToneBadge>;
}
