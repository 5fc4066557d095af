import type { TFunction } from "i18next";
import type { TOrderListItem } from "../../../../contract/orders.ts";
import type { DetailsItem } from "../../../components/details-list.tsx";
import { money } from "../../../lib/money.ts";

/** An order's store and lease figures, as the waiting card and the order's drawer both list them. */
export function leaseFigures(
  order: Pick<TOrderListItem, "bikeStore" | "totalPriceCents" | "monthlyPaymentCents" | "leaseTimeMonths">,
  t: TFunction,
): DetailsItem[] {
  return [
    { label: t("employerOrders.fields.store"), value: order.bikeStore?.storeName ?? null },
    { label: t("employerOrders.fields.total"), value: money(order.totalPriceCents) },
    { label: t("employerOrders.fields.monthlyPayment"), value: money(order.monthlyPaymentCents) },
    {
      label: t("employerOrders.fields.leaseTime"),
      value: order.leaseTimeMonths === null ? null : t("employerOrders.months", { n: order.leaseTimeMonths }),
    },
  ];
}
