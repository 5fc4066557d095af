import { Alert, Button, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { OrderStatus } from "../../../domain/enums.ts";
import { AlertIcon } from "../../components/design-icons.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { BenefitSection } from "./benefit-section.tsx";
import { type TMyOrder, useMyBenefit, useMyOrders } from "./mybike-api.ts";
import { OrderSection, PastOrders, YourBikeCard } from "./order-section.tsx";
import { StartOrderForm } from "./start-order-form.tsx";

// Loads the shared pages chunk first, as the calculator, admin and employer pages do: otherwise the
// bundler splits the shell's modules out of the home page's entry (rolldown#10731, see app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";
/** The page's texts (i18n/mybike-texts.ts), which the route awaits before it renders the page. */
export { ensureMyBikeTexts as myBikeTextsReady } from "../../i18n/mybike-texts.ts";

const CLOSED: readonly OrderStatus[] = ["CANCELLED", "REFUNDED"];

/** The employee's orders sorted into the leases in use, the one order on its way, and the past ones. */
export function sortOrders(orders: readonly TMyOrder[]) {
  const newestFirst = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    active: newestFirst.filter((o) => o.orderStatus === "ACTIVE_LEASING"),
    open:
      newestFirst.find((o) => o.orderStatus !== "ACTIVE_LEASING" && !CLOSED.includes(o.orderStatus)) ?? null,
    past: newestFirst.filter((o) => CLOSED.includes(o.orderStatus)),
  };
}

function StartOrderSection() {
  const { t } = useTranslation();
  const benefit = useMyBenefit();
  // Without the benefit's answer the server still decides (409 NOT_ELIGIBLE_TO_ORDER): offer the form.
  const cannot = benefit.data && !benefit.data.canOrder;
  return (
    <SectionCard title={t("myBike.start.title")} description={t("myBike.start.description")}>
      {cannot ? (
        <Alert color="yellow" title={t("myBike.start.cannotOrderTitle")}>
          {t("myBike.start.cannotOrder")}
        </Alert>
      ) : (
        <StartOrderForm />
      )}
    </SectionCard>
  );
}

/**
 * /mybike (SPEC §2, issue 12 point 1): the employee's own page. Their benefit (company, max price, bike
 * policy, an estimate), then the order journey: start an order at a bike store, accept the store's
 * package and lease period, sign the agreement, follow it to the bike in use, each with the shared
 * timeline; past orders below.
 */
export function MyBikePage() {
  const { t } = useTranslation();
  const orders = useMyOrders();
  const sorted = orders.data ? sortOrders(orders.data) : null;
  return (
    <PageTemplate title={t("routes.myBike.title")} description={t("myBike.description")}>
      <Stack gap="lg">
        {sorted?.active.map((order) => (
          <YourBikeCard key={order.orderId} order={order} />
        ))}
        {orders.isPending && <Loader role="status" aria-label={t("ds.table.loading")} mx="auto" />}
        {orders.isError && (
          <SectionCard title={t("myBike.order.loadErrorTitle")}>
            <EmptyState
              icon={<AlertIcon size={24} />}
              text={<span role="alert">{t("myBike.order.loadError")}</span>}
              action={
                <Button variant="default" onClick={() => void orders.refetch()}>
                  {t("ds.table.retry")}
                </Button>
              }
            />
          </SectionCard>
        )}
        {sorted?.open && <OrderSection order={sorted.open} />}
        {sorted && !sorted.open && <StartOrderSection />}
        <BenefitSection />
        {sorted && sorted.past.length > 0 && <PastOrders orders={sorted.past} />}
      </Stack>
    </PageTemplate>
  );
}
