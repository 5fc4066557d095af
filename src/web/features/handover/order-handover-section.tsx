import { useTranslation } from "react-i18next";
import { SectionCard } from "../../components/section-card.tsx";
import { orderProtocolHref, useOrderHandover } from "./handover-api.ts";
import { HandoverRecord } from "./handover-record.tsx";

/**
 * The order's handover where the helpdesk and the employer read an order: the record and its protocol,
 * once the store has one.
 */
export function OrderHandoverSection({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const record = useOrderHandover(orderId).data?.handover;
  if (!record) return null;
  return (
    <SectionCard title={t("handover.title")}>
      <HandoverRecord record={record} protocolHref={orderProtocolHref(orderId)} />
    </SectionCard>
  );
}
