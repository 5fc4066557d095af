import { Alert, Button, Loader, Stack } from "@mantine/core";
import type { QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { bikeStoresApi } from "../../../contract/bike-stores.ts";
import { calculatorApi } from "../../../contract/calculator.ts";
import { employmentInvitationsApi } from "../../../contract/employment-invitations.ts";
import { orderAcceptanceApi } from "../../../contract/order-acceptance.ts";
import { ordersApi, type TMyOrders } from "../../../contract/orders.ts";
import { whatsNewApi } from "../../../contract/whats-new.ts";
import { compareIsoTimes, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { isBikeInUse } from "../../../domain/lease-dates.ts";
import { addDays } from "../../../domain/user-payments.ts";
import type { FirstData } from "../../app/route-guard.tsx";
import { AlertIcon } from "../../components/design-icons.tsx";
import { EmploymentInvitationsCard } from "../../components/employment-invitations-card.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { IdentificationOutcome } from "../../components/identification-outcome.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useBelowFirstScreen } from "../../lib/below-first-screen.ts";
import { endpointKey, endpointQuery, readFirstData } from "../../lib/endpoint-client.ts";
import { FIRST_VIEW_HEADS } from "../../lib/first-view.ts";
import { orderHandoverQuery } from "../handover/index.ts";
import { CancelOrderSection } from "./after-sales/cancel-order-section.tsx";
import { InsuranceSection } from "./after-sales/insurance-section.tsx";
import { myPaymentsQuery } from "./after-sales/payments-api.ts";
import { MyPaymentsSection } from "./after-sales/payments-section.tsx";
import { RedemptionSection } from "./after-sales/redemption-section.tsx";
import { BenefitSection } from "./benefit-section.tsx";
import { EmployeeHandover, mayHaveHandover } from "./handover-section.tsx";
import { type TMyOrder, useMyBenefit, useMyOrders } from "./mybike-api.ts";
import { OrderSection, PastOrders, YourBikeCard } from "./order-section.tsx";
import { StartOrderForm } from "./start-order-form.tsx";
import { WhatsNewSection } from "./whats-new-section.tsx";

// Loads the shared pages chunk first, as the calculator, admin and employer pages do: otherwise the
// bundler splits the shell's modules out of the home page's entry (rolldown#10731, see app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";

/**
 * What /mybike shows at once: the orders, the benefit and its terms, the invitations, what is new, the
 * employee's payments and the handovers of the orders shown, read before the page is shown
 * (app/route-guard.tsx FirstData), so that its sections do not push each other down as their answers
 * arrive.
 */
export const myBikeFirstData: FirstData = async (_routeId, _params, _pathname, queryClient) => {
  await readFirstData(queryClient, [
    endpointQuery(ordersApi.mine, {}),
    endpointQuery(orderAcceptanceApi.benefit, {}),
    endpointQuery(calculatorApi.myTerms, {}),
    endpointQuery(employmentInvitationsApi.ownInvitations, {}),
    endpointQuery(whatsNewApi.news, { params: { page: "myBike" } }),
    myPaymentsQuery,
    // The stores of the order form, which an employee with no order on its way sees first (a new
    // employee's first visit): fetched at mount instead, their answer re-rendered the page at once.
    endpointQuery(bikeStoresApi.minimal, {}),
  ]);
  return readFirstData(queryClient, shownHandovers(queryClient));
};

/**
 * The handover of each order the page shows with one (the order on its way, each bike in use: the
 * pickup code, the signature, the record), once the orders are here. Asked as their cards mounted, each
 * answer drew the page again after its first paint.
 */
function shownHandovers(queryClient: QueryClient) {
  const mine = queryClient.getQueryData<TMyOrders>(endpointKey(ordersApi.mine, {}));
  const { open, active } = sortOrders(mine?.items ?? []);
  return [...(open ? [open] : []), ...active]
    .filter((order) => mayHaveHandover(order.orderStatus))
    .map((order) => orderHandoverQuery(order.orderId));
}

const CLOSED: readonly OrderStatus[] = ["CANCELLED", "REFUNDED"];

/** Whether the order's bike is still the employee's benefit bike (its lease has not ended). */
function inUse(order: TMyOrder, today: string): boolean {
  return isBikeInUse(
    {
      orderStatus: order.orderStatus,
      agreementEndDate: order.agreement?.endDate ?? null,
      redemption: order.afterSales.redemption,
      claimOutcomes: order.afterSales.insuranceClaims,
    },
    today,
  );
}

/** A cancellation the employee still follows: open, or completed within the last 30 days. */
function followed(cancellation: NonNullable<TMyOrder["afterSales"]["cancellation"]>, today: string): boolean {
  if (cancellation.status === "PENDING") return true;
  if (cancellation.status !== "COMPLETED" || !cancellation.completedAt) return false;
  return toHelsinkiDateString(cancellation.completedAt) >= addDays(today, -FOLLOWED_CANCELLATION_DAYS);
}
const FOLLOWED_CANCELLATION_DAYS = 30;

/**
 * The employee's orders sorted into the bikes in use, the one order on its way, and the past ones (a
 * cancelled order, a lease that has ended); and the newest past order's cancellation while the employee
 * still follows it (open, or refunded within 30 days), when no order is on its way.
 */
export function sortOrders(orders: readonly TMyOrder[], today = toHelsinkiDateString(new Date())) {
  const newestFirst = [...orders].sort((a, b) => compareIsoTimes(b.createdAt, a.createdAt));
  const open =
    newestFirst.find((o) => o.orderStatus !== "ACTIVE_LEASING" && !CLOSED.includes(o.orderStatus)) ?? null;
  const past = newestFirst.filter(
    (o) => CLOSED.includes(o.orderStatus) || (o.orderStatus === "ACTIVE_LEASING" && !inUse(o, today)),
  );
  const latestPast = past[0];
  const cancellation = latestPast?.afterSales.cancellation;
  return {
    active: newestFirst.filter((o) => inUse(o, today)),
    open,
    past,
    followedCancellation:
      !open && latestPast && cancellation && followed(cancellation, today) ? latestPast : null,
  };
}

/**
 * The order on its way, with its handover, its cancellation and — a lease whose first day is still
 * ahead may end already, the employment ending before it — its lease's end, as the server allows it.
 */
function OpenOrder({ order }: { order: TMyOrder }) {
  const redemption = order.afterSales.redemption;
  const showsRedemption =
    order.allowedActions.includes("OPEN_LEASE_END") ||
    (redemption !== null && redemption.status !== "CANCELLED");
  return (
    <>
      <OrderSection order={order} />
      <EmployeeHandover orderId={order.orderId} status={order.orderStatus} />
      <CancelOrderSection order={order} />
      {showsRedemption && <RedemptionSection order={order} />}
    </>
  );
}

/** The order waits for the employee (a package to accept, an agreement to sign, a question to answer). */
export function waitsForEmployee(order: TMyOrder): boolean {
  return order.waitingOn === "EMPLOYEE";
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
 * /mybike (docs/product.md "Screens"): the employee's own page. Their benefit (company, max price, bike
 * policy, an estimate), then the order journey: start an order at a bike store, accept the store's
 * package and lease period, sign the agreement, follow it to the bike in use, each with the shared
 * timeline; past orders below. After the sale (ADR 009): the lease's end and insurance claims by each
 * bike in use, cancelling the order on its way, and the employee's own payments. Back from signing
 * with strong identification, the outcome is said first. An order that waits for the employee comes
 * before the bikes in use, so what they must do is the first thing they see at every width.
 */
export function MyBikePage() {
  const { t } = useTranslation();
  const orders = useMyOrders();
  const sorted = orders.data ? sortOrders(orders.data) : null;
  const openFirst = sorted?.open && waitsForEmployee(sorted.open) ? sorted.open : null;
  // The payments, the benefit and the past orders stand below the first screen on a phone: rendered once
  // the first screen is drawn, not in the same stretch of work.
  const belowShown = useBelowFirstScreen();
  return (
    <PageTemplate
      title={t(FIRST_VIEW_HEADS.myBike.title)}
      description={t(FIRST_VIEW_HEADS.myBike.description)}
    >
      <Stack gap="lg">
        <IdentificationOutcome
          successTitle={t("myBike.identification.signedTitle")}
          successText={t("myBike.identification.signedText")}
        />
        <EmploymentInvitationsCard />
        <WhatsNewSection />
        {openFirst && <OpenOrder order={openFirst} />}
        {sorted?.active.map((order) => (
          <Stack key={order.orderId} gap="lg">
            <YourBikeCard order={order} />
            <EmployeeHandover orderId={order.orderId} status={order.orderStatus} />
            <RedemptionSection order={order} />
            <InsuranceSection order={order} />
          </Stack>
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
        {sorted?.open && !openFirst && <OpenOrder order={sorted.open} />}
        {sorted?.followedCancellation && <CancelOrderSection order={sorted.followedCancellation} />}
        {sorted && !sorted.open && <StartOrderSection />}
        {belowShown && (
          <>
            <MyPaymentsSection />
            <BenefitSection />
            {sorted && sorted.past.length > 0 && <PastOrders orders={sorted.past} />}
          </>
        )}
      </Stack>
    </PageTemplate>
  );
}
