import { Alert, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { DetailsList } from "../../components/details-list.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { formatDate } from "../../lib/formatters.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { DeliveryForm } from "./delivery-form.tsx";
import { StoreLinkInvalid, StoreLinkLoadError } from "./store-link-common.tsx";
import { isDeadLink, useSaveDelivery, useStoreDelivery } from "./store-links-api.ts";

/**
 * The delivery link's page body for one token: the frame serial number and the delivery date while the
 * order waits for them; afterwards (or on reopening the link) what was entered, read-only.
 */
export function StoreDeliveryScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useStoreDelivery(token);
  const save = useSaveDelivery(token);
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return isDeadLink(query.error) ? <StoreLinkInvalid /> : <StoreLinkLoadError error={query.error} />;
  const data = query.data;
  const done = data.frameSerialNumber !== null && data.deliveryDate !== null;

  return (
    <Stack gap="lg">
      <SectionCard title={t("storeLinks.deliveryForm.orderTitle", { number: data.orderNumber })}>
        <DetailsList
          items={[
            { label: t("storeLinks.package.customer"), value: data.customerName },
            { label: t("storeLinks.deliveryForm.bike"), value: data.bikeName },
            { label: t("storeLinks.package.linkValid"), value: formatDate(data.expiresAt) },
          ]}
        />
      </SectionCard>
      <SectionCard title={t("storeLinks.deliveryForm.title")}>
        {data.handoverRequired ? (
          <Alert
            color="orange"
            variant="light"
            role="status"
            title={t("storeLinks.deliveryForm.handoverTitle")}
          >
            {t("storeLinks.deliveryForm.handover")}
          </Alert>
        ) : data.cancellationRequested ? (
          <Alert
            color="orange"
            variant="light"
            role="status"
            title={t("storeLinks.deliveryForm.cancellationTitle")}
          >
            {t("storeLinks.deliveryForm.cancellation")}
          </Alert>
        ) : data.editable ? (
          <DeliveryForm save={save} data={data} />
        ) : (
          <Stack gap="md">
            <Alert
              color={done ? "pedaali" : "gray"}
              variant="light"
              role="status"
              title={t(done ? "storeLinks.deliveryForm.doneTitle" : "storeLinks.deliveryForm.closedTitle")}
            >
              {t(done ? "storeLinks.deliveryForm.done" : "storeLinks.deliveryForm.closed")}
            </Alert>
            <DetailsList
              items={[
                { label: t("storeLinks.deliveryForm.serial"), value: data.frameSerialNumber },
                {
                  label: t("storeLinks.deliveryForm.date"),
                  value: data.deliveryDate ? formatDate(data.deliveryDate) : null,
                },
              ]}
            />
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}

/** /runkonumero-ja-toimitus/{token}: the bike store gives the frame serial number and delivery date. */
export function StoreDeliveryPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.serialNumberAndDelivery.title"));
  const { token = "" } = useParams();
  return (
    <PageTemplate
      title={t("routes.serialNumberAndDelivery.title")}
      description={t("storeLinks.deliveryForm.description")}
    >
      <StoreDeliveryScreen token={token} />
    </PageTemplate>
  );
}
