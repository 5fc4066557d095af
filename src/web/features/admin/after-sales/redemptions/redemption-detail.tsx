import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge } from "../../../../components/status-badge.tsx";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { CHOICE_LABELS, REASON_LABELS, RedemptionStateBadge } from "../../../redemption/index.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS, ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import { CaseForm } from "./redemption-case-form.tsx";
import { OPENER_LABELS } from "./redemption-labels.ts";
import { OffersSection } from "./redemption-offers.tsx";
import { OptionsSection } from "./redemption-options.tsx";
import { LedgerSection, UserPaymentSection } from "./redemption-payments.tsx";
import {
  type RedemptionAction,
  savedMessage,
  type TRedemption,
  useRedemption,
  useRedemptionAction,
} from "./redemptions-api.ts";

/**
 * Why the helpdesk cannot complete the case now, or null when it can: the employee has not chosen
 * (409 LEASE_END_CHOICE_NOT_ALLOWED), or a redemption's price is unpaid (409 REDEMPTION_NOT_PAID); a
 * closed case has nothing to complete.
 */
export function completeBlocker(
  c: Pick<TRedemption, "status" | "choice" | "redemptionPriceCents" | "userPaymentPaidAt">,
): "closed" | "noChoice" | "unpaid" | null {
  if (c.status !== "PENDING") return "closed";
  if (!c.choice) return "noChoice";
  if (c.choice === "REDEEM" && c.redemptionPriceCents > 0 && !c.userPaymentPaidAt) return "unpaid";
  return null;
}

const BLOCKER_TEXTS = {
  closed: "adminRedemptions.actions.closed",
  noChoice: "adminRedemptions.actions.noChoice",
  unpaid: "adminRedemptions.actions.unpaid",
} as const;

/** The success line of the actions whose answer has no message of the server's. */
const DONE_KEYS = {
  leasingCompanyInvoice: "adminRedemptions.done.leasingCompanyInvoice",
  complete: "adminRedemptions.done.complete",
} as const;

/** A case's page (/admin/hakemukset/lunastukset/{id}): a loader, its 404 or error with a retry, or the case. */
export function RedemptionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="redemptions"
      backText={t("adminRedemptions.detail.back")}
      query={useRedemption(id)}
      notFound={t("adminRedemptions.detail.notFound")}
      errorText={messageWithServerText}
    >
      {(data, back) => <RedemptionPage redemption={data} back={back} />}
    </AfterSalesDetail>
  );
}

type Dialog = "leasingCompanyInvoice" | "complete" | "cancel";

/**
 * One redemption case as the helpdesk works on it: the employee, bike and order, the agreement's dates,
 * the price and deadline (editable), the offers, the options and the choice (made for the employee
 * when needed, also after the deadline), the employee's payment (marked sent and paid), the case's
 * money ledger, the leasing company's invoice, completing and cancelling, the brokerage row and the
 * events.
 */
function RedemptionPage({ redemption: c, back }: { redemption: TRedemption; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const dialog = useActionDialog<Dialog>(useRedemptionAction(c.id), { errorText: messageWithServerText });
  const completeHelpId = useId();
  const open = c.status === "PENDING";
  const blocker = completeBlocker(c);
  const can = (name: TRedemption["allowedActions"][number]) => c.allowedActions.includes(name);

  function run(next: Dialog) {
    const call: RedemptionAction = { kind: next };
    dialog.run(call, (message: string | null) =>
      showSuccessToast(
        message !== null ? savedMessage(message, t) : t(DONE_KEYS[next as keyof typeof DONE_KEYS]),
      ),
    );
  }
  const invoice = c.leasingCompanyInvoice;

  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading
        back={back}
        title={t("adminRedemptions.detail.title", { name: c.employee.name, number: c.order.orderNumber })}
        badge={<RedemptionStateBadge state={c.state} />}
      >
        <Text size="sm">
          {[
            t(REASON_LABELS.staff[c.reason]),
            c.choice
              ? t("adminRedemptions.detail.chosen", { choice: t(CHOICE_LABELS[c.choice]) })
              : t("adminRedemptions.detail.noChoice"),
          ].join(" · ")}
        </Text>
      </DetailHeading>

      <SectionCard title={t("adminRedemptions.actions.title")}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            {can("SEND_LEASING_COMPANY_INVOICE") && (
              <Button variant="default" onClick={() => dialog.open("leasingCompanyInvoice")}>
                {t("adminRedemptions.actions.leasingCompanyInvoice")}
              </Button>
            )}
            {open && (
              <Button
                onClick={() => dialog.open("complete")}
                disabled={blocker !== null}
                aria-describedby={completeHelpId}
              >
                {t("adminRedemptions.actions.complete")}
              </Button>
            )}
            {can("CANCEL") && (
              <Button variant="light" color="red" onClick={() => dialog.open("cancel")}>
                {t("adminRedemptions.actions.cancel")}
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed" id={completeHelpId}>
            {blocker ? t(BLOCKER_TEXTS[blocker]) : t("adminRedemptions.actions.ready")}
          </Text>
          {invoice && (
            <Text size="sm">
              {t("adminRedemptions.actions.invoiceSent", {
                date: invoice.sentAt ? formatDateTime(invoice.sentAt) : "–",
                number: invoice.invoiceNumber ?? "–",
                amount: display.money(invoice.totalCents),
              })}
            </Text>
          )}
        </Stack>
      </SectionCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminRedemptions.case.title")}>
          <DetailsList
            items={[
              {
                label: t("adminRedemptions.case.employee"),
                value: `${c.employee.name} (${c.employee.email})`,
              },
              { label: t("adminRedemptions.case.company"), value: c.company.name },
              {
                label: t("adminRedemptions.case.order"),
                value: (
                  <AppLink to={pathOf("applications", ORDER_SEGMENT, c.order.orderId)}>
                    {t("adminRedemptions.orderNumber", { number: c.order.orderNumber })}
                  </AppLink>
                ),
              },
              {
                label: t("adminRedemptions.case.orderStatus"),
                value: <StatusBadge family="order" status={c.order.orderStatus} />,
              },
              { label: t("adminRedemptions.case.bike"), value: c.bikeName },
              { label: t("adminRedemptions.case.frame"), value: c.order.frameSerialNumber },
              { label: t("adminRedemptions.case.store"), value: c.order.bikeStoreName },
              { label: t("adminRedemptions.case.reason"), value: t(REASON_LABELS.staff[c.reason]) },
              { label: t("adminRedemptions.case.openedBy"), value: t(OPENER_LABELS[c.openedBy]) },
              { label: t("adminRedemptions.case.openedAt"), value: formatDateTime(c.createdAt) },
              {
                label: t("adminRedemptions.case.note"),
                value: c.note ? <span style={{ whiteSpace: "pre-wrap" }}>{c.note}</span> : null,
              },
              {
                label: t("adminRedemptions.case.completedAt"),
                value: c.completedAt ? formatDateTime(c.completedAt) : null,
              },
            ]}
          />
        </SectionCard>
        <SectionCard title={t("adminRedemptions.agreement.title")}>
          <DetailsList
            items={
              c.agreement
                ? [
                    { label: t("adminRedemptions.agreement.number"), value: c.agreement.agreementNumber },
                    {
                      label: t("adminRedemptions.agreement.leasingCompany"),
                      value: c.agreement.leasingCompanyName,
                    },
                    {
                      label: t("adminRedemptions.agreement.period"),
                      value: `${display.date(c.agreement.startDate)} – ${display.date(c.agreement.endDate)}`,
                    },
                    {
                      label: t("adminRedemptions.agreement.months"),
                      value: t("adminRedemptions.agreement.monthsValue", {
                        paid: c.agreement.monthsPaid,
                        months: c.agreement.leaseTimeMonths,
                      }),
                    },
                    {
                      label: t("adminRedemptions.agreement.monthly"),
                      value: display.money(c.agreement.monthlyPaymentCents),
                    },
                    {
                      label: t("adminRedemptions.agreement.package"),
                      value: display.money(c.agreement.packagePriceCents),
                    },
                    {
                      label: t("adminRedemptions.agreement.residual"),
                      value: display.money(c.agreement.residualValueCents),
                    },
                    {
                      label: t("adminRedemptions.agreement.interest"),
                      value: display.percent(c.agreement.annualInterestPercent),
                    },
                    {
                      label: t("adminRedemptions.agreement.rulePrice"),
                      value: display.money(c.agreement.rulePriceCents),
                    },
                  ]
                : [{ label: t("adminRedemptions.agreement.number"), value: null }]
            }
          />
        </SectionCard>
      </SimpleGrid>

      <CaseForm key={c.updatedAt} redemption={c} />
      <OffersSection redemption={c} />
      <OptionsSection redemption={c} />
      <UserPaymentSection redemption={c} />
      <LedgerSection redemption={c} />

      {c.brokerage && (
        <SectionCard title={t("adminRedemptions.brokerage.title")}>
          <DetailsList
            items={[
              {
                label: t("adminRedemptions.brokerage.bike"),
                value: (
                  <AppLink
                    to={pathOf("applications", AFTER_SALES_SEGMENTS.brokerage, c.brokerage.bikeBrokerageId)}
                  >
                    {t("adminRedemptions.brokerage.open")}
                  </AppLink>
                ),
              },
              {
                label: t("adminRedemptions.brokerage.price"),
                value: display.money(c.brokerage.askingPriceCents),
              },
              {
                label: t("adminRedemptions.brokerage.listed"),
                value: c.brokerage.listedAt
                  ? formatDateTime(c.brokerage.listedAt)
                  : t("adminRedemptions.brokerage.notListed"),
              },
            ]}
          />
        </SectionCard>
      )}

      <SectionCard title={t("adminRedemptions.events.title")}>
        <Events redemption={c} />
      </SectionCard>

      <ActionDialog
        {...dialog.props(dialog.current === "leasingCompanyInvoice")}
        title={t("adminRedemptions.actions.leasingCompanyInvoice")}
        confirmLabel={t("adminRedemptions.actions.leasingCompanyInvoice")}
        onConfirm={() => run("leasingCompanyInvoice")}
      >
        {t("adminRedemptions.confirm.leasingCompanyInvoice", {
          amount: display.money(c.agreement?.rulePriceCents ?? c.redemptionPriceCents),
        })}
      </ActionDialog>
      <ActionDialog
        {...dialog.props(dialog.current === "complete")}
        title={t("adminRedemptions.confirm.completeTitle", { number: c.order.orderNumber })}
        confirmLabel={t("adminRedemptions.actions.complete")}
        onConfirm={() => run("complete")}
      >
        {c.choice === "CONTINUE"
          ? t("adminRedemptions.confirm.completeContinue")
          : t("adminRedemptions.confirm.complete", { date: display.date(c.leaseEndsOn) })}
      </ActionDialog>
      <ActionDialog
        {...dialog.props(dialog.current === "cancel")}
        title={t("adminRedemptions.confirm.cancelTitle", { number: c.order.orderNumber })}
        confirmLabel={t("adminRedemptions.actions.cancel")}
        onConfirm={() => run("cancel")}
      >
        {t("adminRedemptions.confirm.cancel")}
      </ActionDialog>
    </Stack>
  );
}

/** The case's events, newest first, with the choice or the amount each names. */
function Events({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  if (c.events.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("adminRedemptions.events.none")}
      </Text>
    );
  return (
    <EventTimeline
      events={[...c.events].reverse().map((event) => ({
        id: event.id,
        at: event.createdAt,
        actor:
          event.actorName ??
          (event.by === "system" ? t("adminRedemptions.events.system") : t("adminRedemptions.events.user")),
        text: (
          <>
            {t(eventTypeLabelKey(event.type))}
            {(event.choice || event.amountCents !== null) && (
              <Text size="sm" c="dimmed" component="span">
                {" "}
                {[
                  event.choice ? t(CHOICE_LABELS[event.choice]) : null,
                  event.amountCents !== null ? display.money(event.amountCents) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Text>
            )}
          </>
        ),
      }))}
    />
  );
}
