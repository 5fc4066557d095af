import { useTranslation } from "react-i18next";
import type { TBrokerageEvent } from "../../../../../contract/bike-brokerage.ts";
import { BROKERAGE_STAGE_TONES, type BrokerageStage } from "../../../../../domain/brokerage.ts";
import { ToneBadge } from "../../../../components/status-badge.tsx";

/** The label keys of a bike's stages and of what an update event did, spelled out for the catalogue check. */
export const STAGE_LABELS: Record<BrokerageStage, string> = {
  WAITING: "adminBrokerage.stages.WAITING",
  FOR_SALE: "adminBrokerage.stages.FOR_SALE",
  SOLD: "adminBrokerage.stages.SOLD",
  WITHDRAWN: "adminBrokerage.stages.WITHDRAWN",
};

export const ACTION_LABELS: Record<NonNullable<TBrokerageEvent["action"]>, string> = {
  UNLISTED: "adminBrokerage.actions.UNLISTED",
  WITHDRAWN: "adminBrokerage.actions.WITHDRAWN",
  REOPENED: "adminBrokerage.actions.REOPENED",
  INQUIRY_HANDLED: "adminBrokerage.actions.INQUIRY_HANDLED",
  INQUIRY_REOPENED: "adminBrokerage.actions.INQUIRY_REOPENED",
};

/** A bike's stage in the status badge's look (design.md StatusBadge): the label carries the meaning. */
export function StageBadge({ stage }: { stage: BrokerageStage }) {
  const { t } = useTranslation();
  return <ToneBadge tone={BROKERAGE_STAGE_TONES[stage]}>{t(STAGE_LABELS[stage])}</ToneBadge>;
}
