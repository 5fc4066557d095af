import { useTranslation } from "react-i18next";
import { packageItemDescription } from "../../../../domain/order-package.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import type { TMyOrder } from "../mybike-api.ts";
import { MyRedemptionCase } from "./redemption-case.tsx";
import { EarlyEndStart } from "./redemption-start.tsx";

/**
 * The lease's end (ADR 009), under each bike in use. With a case open (at the term's end, or
 * early): the redemption offer — its price and what it is based on, the deadline, the offer PDF —, the
 * options with their costs compared, the month-by-month price table, and the employee's choice with
 * what follows; a closed case says what became of the bike. Without one: when the term ends and the
 * offer comes, and opening an early end when the employment ends or a long absence begins.
 */
export function RedemptionSection({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const redemption = order.afterSales.redemption;
  const bike = order.items.find((item) => item.itemType === "BIKE");
  const live = redemption && redemption.status !== "CANCELLED";
  return (
    <SectionCard
      title={t("myBikeRedemption.title")}
      description={[
        t("myBikeRedemption.order", { number: order.orderNumber }),
        bike ? packageItemDescription(bike) : null,
      ]
        .filter(Boolean)
        .join(" · ")}
    >
      {live ? (
        <MyRedemptionCase id={redemption.bikeRedemptionId} />
      ) : (
        <EarlyEndStart order={order} cancelledBefore={redemption?.status === "CANCELLED"} />
      )}
    </SectionCard>
  );
}
