import { Anchor, Button, Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TInsuranceClaim } from "../../../../../contract/insurance-claims.ts";
import { isImageType, UPLOAD_ACCEPT } from "../../../../../domain/uploads.ts";
import { AppLink } from "../../../../components/app-link.tsx";
import { DetailsList } from "../../../../components/details-list.tsx";
import { EventTimeline } from "../../../../components/event-timeline.tsx";
import { FileField } from "../../../../components/file-field.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { StatusBadge, ToneBadge } from "../../../../components/status-badge.tsx";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useAdminNav } from "../../admin-nav.ts";
import { AFTER_SALES_SEGMENTS, ORDER_SEGMENT } from "../../orders/helpdesk-paths.ts";
import { eventTypeLabelKey } from "../../reporting/event-types.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { AfterSalesDetail, DetailHeading } from "../detail-frame.tsx";
import { ClaimActions, ClaimForm } from "./claim-actions.tsx";
import { OUTCOME_LABELS, STATUS_LABELS, STATUS_TONES, TYPE_LABELS } from "./claim-labels.ts";
import { claimFileHref, useClaim, useClaimAction } from "./claims-api.ts";

/**
 * One insurance claim as the helpdesk handles it (/admin/hakemukset/vahingot/{id}): the next steps of
 * its outcome (each asks first), the outcome and costs, the employee, bike and order, what the
 * employee bears, the photos and documents, and its timeline.
 */
export function ClaimDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <AfterSalesDetail
      view="claims"
      backText={t("adminClaims.detail.back")}
      query={useClaim(id)}
      notFound={t("adminClaims.detail.notFound")}
    >
      {(data, back) => <ClaimView claim={data} back={back} />}
    </AfterSalesDetail>
  );
}

function ClaimView({ claim, back }: { claim: TInsuranceClaim; back: ReactNode }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const { pathOf } = useAdminNav();
  const bike = claim.bike;
  return (
    <Stack gap="var(--pd-section-gap)">
      <DetailHeading
        back={back}
        title={t("adminClaims.detail.title", { type: t(TYPE_LABELS[claim.type]), name: claim.employee.name })}
        badge={<ToneBadge tone={STATUS_TONES[claim.status]}>{t(STATUS_LABELS[claim.status])}</ToneBadge>}
      >
        {claim.outcome && (
          <Text size="sm">
            {t("adminClaims.detail.outcomeIs", { outcome: t(OUTCOME_LABELS[claim.outcome]) })}
          </Text>
        )}
      </DetailHeading>

      <SectionCard title={t("adminClaims.detail.actions")}>
        <ClaimActions claim={claim} />
      </SectionCard>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t("adminClaims.detail.details")}>
          <DetailsList
            items={[
              {
                label: t("adminClaims.detail.employee"),
                value: `${claim.employee.name} (${claim.employee.email})`,
              },
              { label: t("adminClaims.detail.company"), value: claim.company.name },
              {
                label: t("adminClaims.detail.order"),
                value: claim.order ? (
                  <AppLink to={pathOf("applications", ORDER_SEGMENT, claim.order.orderId)}>
                    {String(claim.order.orderNumber)}
                  </AppLink>
                ) : null,
              },
              { label: t("adminClaims.detail.bike"), value: bike?.name },
              {
                label: t("adminClaims.detail.orderStatus"),
                value: bike ? <StatusBadge family="order" status={bike.orderStatus} /> : null,
              },
              { label: t("adminClaims.detail.frameSerialNumber"), value: bike?.frameSerialNumber },
              { label: t("adminClaims.detail.leaseStart"), value: display.date(bike?.leaseStartDate) },
              { label: t("adminClaims.detail.leaseEnd"), value: display.date(bike?.leaseEndDate) },
              { label: t("adminClaims.detail.incidentDate"), value: display.date(claim.incidentDate) },
              { label: t("adminClaims.detail.reportedAt"), value: formatDateTime(claim.createdAt) },
              {
                label: t("adminClaims.detail.reportDeadline"),
                value: claim.reportDeadline
                  ? `${display.date(claim.reportDeadline)}${claim.reportedLate ? ` (${t("adminClaims.late")})` : ""}`
                  : null,
              },
              { label: t("adminClaims.detail.policeReportNumber"), value: claim.policeReportNumber },
              {
                label: t("adminClaims.detail.description"),
                value: claim.description ? (
                  <span style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {claim.description}
                  </span>
                ) : null,
              },
            ]}
          />
        </SectionCard>
        <SectionCard title={t("adminClaims.detail.costs")} description={t("adminClaims.detail.costsIntro")}>
          <Stack gap="lg">
            <DetailsList
              items={[
                { label: t("adminClaims.detail.packagePrice"), value: display.money(bike?.totalPriceCents) },
                {
                  label: t("adminClaims.detail.insuredValue"),
                  value: display.money(claim.insuredValueCents),
                },
                { label: t("adminClaims.detail.deductible"), value: display.money(claim.deductibleCents) },
                { label: t("adminClaims.detail.repairCost"), value: display.money(claim.repairCostCents) },
                { label: t("adminClaims.detail.owed"), value: display.money(claim.deductibleOwedCents) },
                {
                  label: t("adminClaims.detail.payment"),
                  value: claim.userPayment ? (
                    <Group gap="xs" wrap="wrap">
                      <AppLink
                        to={pathOf(
                          "applications",
                          AFTER_SALES_SEGMENTS.payments,
                          claim.userPayment.userPaymentId,
                        )}
                      >
                        {display.money(claim.userPayment.amountCents)}
                      </AppLink>
                      <StatusBadge family="payment" status={claim.userPayment.paymentStatus} />
                    </Group>
                  ) : null,
                },
              ]}
            />
            <ClaimForm key={claim.events.length} claim={claim} />
          </Stack>
        </SectionCard>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ClaimFiles claim={claim} />
        <SectionCard title={t("adminClaims.detail.events")}>
          <EventTimeline
            events={[...claim.events].reverse().map((event) => ({
              id: event.id,
              at: event.createdAt,
              actor: event.actorName ?? t("adminClaims.detail.bySystem"),
              text: t(eventTypeLabelKey(event.type)),
            }))}
          />
        </SectionCard>
      </SimpleGrid>
    </Stack>
  );
}

/** The claim's photos as thumbnails and its documents as links, and adding one when the server allows it. */
function ClaimFiles({ claim }: { claim: TInsuranceClaim }) {
  const { t } = useTranslation();
  const action = useClaimAction(claim.insuranceId);
  const [file, setFile] = useState<File | null>(null);
  const images = claim.files.filter((f) => isImageType(f.mimeType));
  const documents = claim.files.filter((f) => !isImageType(f.mimeType));

  function send() {
    if (!file) return;
    mutateThen(
      action,
      { kind: "file", file },
      {
        onSuccess: () => {
          setFile(null);
          showSuccessToast(t("adminClaims.files.added"));
        },
      },
    );
  }

  return (
    <SectionCard title={t("adminClaims.files.title")}>
      <Stack gap="md">
        {claim.files.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("adminClaims.files.none")}
          </Text>
        )}
        {images.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            {images.map((image) => (
              <Anchor
                key={image.id}
                href={claimFileHref(claim.insuranceId, image.id)}
                target="_blank"
                rel="noreferrer"
                aria-label={t("adminClaims.files.open", { name: image.fileName })}
              >
                <Image
                  src={claimFileHref(claim.insuranceId, image.id)}
                  alt={image.fileName}
                  radius="sm"
                  h={96}
                  fit="cover"
                />
              </Anchor>
            ))}
          </SimpleGrid>
        )}
        {documents.map((document) => (
          <Anchor
            key={document.id}
            href={claimFileHref(claim.insuranceId, document.id)}
            target="_blank"
            rel="noreferrer"
            style={{ overflowWrap: "anywhere" }}
          >
            {document.fileName}
          </Anchor>
        ))}
        {claim.allowedActions.includes("ADD_FILE") && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileField
              label={t("adminClaims.files.add")}
              description={t("adminClaims.files.hint")}
              accept={UPLOAD_ACCEPT}
              value={file}
              onChange={(next) => {
                action.reset();
                setFile(next);
              }}
              clearable
              error={action.isError ? messageForApiError(action.error, t) : undefined}
              style={{ flex: "1 1 16rem" }}
            />
            <Button onClick={send} disabled={!file} loading={action.isPending}>
              {t("adminClaims.files.send")}
            </Button>
          </Group>
        )}
      </Stack>
    </SectionCard>
  );
}
