import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TUpdateBikeBrokerage } from "../../../../../contract/bike-brokerage.ts";
import { brokerageBikeTitle } from "../../../../../domain/brokerage.ts";
import { ActionDialog, useActionDialog } from "../../../../components/action-dialog.tsx";
import { AppLink } from "../../../../components/app-link.tsx";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { ListTable } from "../../../../components/list-table.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { ToneBadge } from "../../../../components/status-badge.tsx";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS, ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import {
  type TBikeBrokerageDetails,
  useBrokerageBike,
  useChangeBike,
  useDeleteBike,
  useInquiryHandled,
} from "./brokerage-api.ts";
import { DetailsSection } from "./brokerage-bike-details.tsx";
import { ACTION_LABELS, StageBadge } from "./brokerage-labels.tsx";

/**
 * One brokerage bike as the helpdesk works on it (/admin/hakemukset/valitys/{id}): what it is and
 * where it stands, the actions its stage allows (show on or hide from the public page, mark sold and
 * withdraw, each sold or withdrawn after asking; delete one nobody asked about), its details with the
 * suggested price, the inquiries to answer, and its events.
 */
export function BrokerageDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="brokerage"
      backText={t("adminBrokerage.detail.back")}
      query={useBrokerageBike(id)}
      notFound={t("adminBrokerage.detail.notFound")}
    >
      {(data, back) => <BikeView bike={data} back={back} />}
    </AfterSalesDetail>
  );
}

function BikeView({ bike, back }: { bike: TBikeBrokerageDetails; back: ReactNode }) {
  const { t } = useTranslation();
  const { pathOf } = useAdminNav();
  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading back={back} title={brokerageBikeTitle(bike)} badge={<StageBadge stage={bike.stage} />}>
        <Text size="sm">
          {bike.orderId && bike.orderNumber ? (
            <AppLink to={pathOf("applications", ORDER_SEGMENT, bike.orderId)}>
              {t("adminBrokerage.columns.fromOrder", {
                number: bike.orderNumber,
                company: bike.companyName ?? "–",
              })}
            </AppLink>
          ) : (
            t("adminBrokerage.columns.byHand")
          )}
        </Text>
      </DetailHeading>
      <ActionsSection bike={bike} />
      <DetailsSection bike={bike} />
      <InquiriesSection bike={bike} />
      <SectionCard title={t("adminBrokerage.detail.events")}>
        <EventTimeline
          events={bike.events.map((event) => ({
            id: event.id,
            at: event.createdAt,
            actor: event.actorName ?? t("adminBrokerage.detail.bySystem"),
            text: event.action ? t(ACTION_LABELS[event.action]) : t(eventTypeLabelKey(event.type)),
          }))}
        />
      </SectionCard>
    </Stack>
  );
}

function ActionsSection({ bike }: { bike: TBikeBrokerageDetails }) {
  const { t } = useTranslation();
  const { go } = useAdminNav();
  const change = useChangeBike(bike.bikeBrokerageId);
  const remove = useDeleteBike(bike.bikeBrokerageId);
  const ending = useActionDialog<"sell" | "withdraw">(change);
  const deleting = useActionDialog<"delete">(remove);
  const title = brokerageBikeTitle(bike);

  function run(body: TUpdateBikeBrokerage, done: string) {
    remove.reset();
    mutateThen(change, body, { onSuccess: () => showSuccessToast(done) });
  }
  function end(body: TUpdateBikeBrokerage, done: string) {
    ending.run(body, () => showSuccessToast(done));
  }
  function deleteBike() {
    deleting.run(undefined, () => {
      showSuccessToast(t("adminBrokerage.toasts.deleted"));
      go("applications", AFTER_SALES_SEGMENTS.brokerage);
    });
  }

  // A dialog shows its own call's failure; the buttons without one show theirs here.
  const error = ending.current || deleting.current ? null : (change.error ?? remove.error);
  const busy = change.isPending || remove.isPending;
  const forSale = bike.status === "PENDING";
  return (
    <SectionCard title={t("adminBrokerage.detail.actions")}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" variant="light" role="alert" title={t("adminBrokerage.detail.actionFailed")}>
            {messageForApiError(error, t)}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t(
            {
              WAITING: "adminBrokerage.detail.stageWaiting",
              FOR_SALE: "adminBrokerage.detail.stageForSale",
              SOLD: "adminBrokerage.detail.stageSold",
              WITHDRAWN: "adminBrokerage.detail.stageWithdrawn",
            }[bike.stage],
          )}
        </Text>
        <Group gap="sm" wrap="wrap">
          {bike.stage === "WAITING" && (
            <Button
              loading={change.isPending}
              disabled={busy}
              onClick={() => run({ listed: true }, t("adminBrokerage.toasts.listed"))}
            >
              {t("adminBrokerage.detail.list")}
            </Button>
          )}
          {bike.stage === "FOR_SALE" && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => run({ listed: false }, t("adminBrokerage.toasts.unlisted"))}
            >
              {t("adminBrokerage.detail.unlist")}
            </Button>
          )}
          {forSale && (
            <Button variant="default" disabled={busy} onClick={() => ending.open("sell")}>
              {t("adminBrokerage.detail.sell")}
            </Button>
          )}
          {forSale && (
            <Button variant="default" disabled={busy} onClick={() => ending.open("withdraw")}>
              {t("adminBrokerage.detail.withdraw")}
            </Button>
          )}
          {bike.stage === "WITHDRAWN" && (
            <Button
              variant="default"
              disabled={busy}
              onClick={() => run({ status: "PENDING" }, t("adminBrokerage.toasts.reopened"))}
            >
              {t("adminBrokerage.detail.reopen")}
            </Button>
          )}
          <Button variant="outline" color="red" disabled={busy} onClick={() => deleting.open("delete")}>
            {t("adminBrokerage.detail.delete")}
          </Button>
        </Group>
      </Stack>
      <ActionDialog
        {...ending.props(ending.current === "sell")}
        title={t("adminBrokerage.confirm.sellTitle", { bike: title })}
        confirmLabel={t("adminBrokerage.confirm.sell")}
        onConfirm={() => end({ status: "COMPLETED" }, t("adminBrokerage.toasts.sold"))}
      >
        {t("adminBrokerage.confirm.sellText")}
      </ActionDialog>
      <ActionDialog
        {...ending.props(ending.current === "withdraw")}
        title={t("adminBrokerage.confirm.withdrawTitle", { bike: title })}
        confirmLabel={t("adminBrokerage.confirm.withdraw")}
        onConfirm={() => end({ status: "CANCELLED" }, t("adminBrokerage.toasts.withdrawn"))}
      >
        {t("adminBrokerage.confirm.withdrawText")}
      </ActionDialog>
      <ActionDialog
        {...deleting.props(deleting.current === "delete")}
        title={t("adminBrokerage.confirm.deleteTitle", { bike: title })}
        confirmLabel={t("adminBrokerage.confirm.delete")}
        onConfirm={deleteBike}
      >
        {t("adminBrokerage.confirm.deleteText")}
      </ActionDialog>
    </SectionCard>
  );
}

type Inquiry = TBikeBrokerageDetails["inquiries"][number];

function InquiriesSection({ bike }: { bike: TBikeBrokerageDetails }) {
  const { t } = useTranslation();
  const handled = useInquiryHandled();
  const label = t("adminBrokerage.inquiries.title");
  return (
    <SectionCard
      title={label}
      description={
        bike.inquiryCount > bike.inquiries.length
          ? t("adminBrokerage.inquiries.newestOnly", {
              shown: bike.inquiries.length,
              total: bike.inquiryCount,
            })
          : undefined
      }
    >
      <Stack gap="sm">
        {handled.isError && (
          <Alert color="red" variant="light" role="alert" title={t("adminBrokerage.detail.actionFailed")}>
            {messageForApiError(handled.error, t)}
          </Alert>
        )}
        {bike.inquiries.length === 0 ? (
          <EmptyState
            text={
              bike.stage === "FOR_SALE"
                ? t("adminBrokerage.inquiries.empty")
                : t("adminBrokerage.inquiries.emptyHidden")
            }
          />
        ) : (
          <ListTable<Inquiry>
            label={label}
            minWidth={640}
            rows={bike.inquiries}
            rowKey={(inquiry) => inquiry.inquiryId}
            columns={[
              {
                accessor: "asker",
                title: t("adminBrokerage.inquiries.asker"),
                render: (inquiry) => (
                  <>
                    <Text size="sm" fw={600}>
                      {inquiry.name}
                    </Text>
                    <Text size="xs" style={{ overflowWrap: "anywhere" }}>
                      <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
                      {inquiry.phoneNumber && ` · ${inquiry.phoneNumber}`}
                    </Text>
                  </>
                ),
              },
              {
                accessor: "message",
                title: t("adminBrokerage.inquiries.message"),
                render: (inquiry) => (
                  <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                    {inquiry.message ?? "–"}
                  </Text>
                ),
              },
              {
                accessor: "received",
                title: t("adminBrokerage.inquiries.received"),
                noWrap: true,
                render: (inquiry) => formatDateTime(inquiry.createdAt),
              },
              {
                accessor: "state",
                title: t("adminBrokerage.inquiries.state"),
                render: (inquiry) => (
                  <Stack gap={6} align="flex-start">
                    {inquiry.handled ? (
                      <ToneBadge tone="success">{t("adminBrokerage.inquiries.handled")}</ToneBadge>
                    ) : (
                      <ToneBadge tone="warning">{t("adminBrokerage.inquiries.open")}</ToneBadge>
                    )}
                    <Button
                      size="xs"
                      variant={inquiry.handled ? "default" : "light"}
                      loading={handled.isPending && handled.variables?.inquiryId === inquiry.inquiryId}
                      onClick={() =>
                        mutateThen(
                          handled,
                          { inquiryId: inquiry.inquiryId, handled: !inquiry.handled },
                          {
                            onSuccess: () =>
                              showSuccessToast(
                                inquiry.handled
                                  ? t("adminBrokerage.toasts.inquiryReopened")
                                  : t("adminBrokerage.toasts.inquiryHandled"),
                              ),
                          },
                        )
                      }
                    >
                      {inquiry.handled
                        ? t("adminBrokerage.inquiries.reopen", { name: inquiry.name })
                        : t("adminBrokerage.inquiries.markHandled", { name: inquiry.name })}
                    </Button>
                  </Stack>
                ),
              },
            ]}
          />
        )}
      </Stack>
    </SectionCard>
  );
}
