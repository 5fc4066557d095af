import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from "../../../../../domain/uploads.ts";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { FileField } from "../../../../components/file-field.tsx";
import { ListTable } from "../../../../components/list-table.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { offerFileHref } from "../../../redemption/index.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { savedMessage, type TRedemption, useRedemptionAction } from "./redemptions-api.ts";

type Offer = TRedemption["offers"][number];

/**
 * The case's redemption offers, newest first: open each document; while the case is open, upload one
 * (PDF or image, 10 MB) or make the offer PDF again from the case's current price and deadline.
 */
export function OffersSection({ redemption: c }: { redemption: TRedemption }) {
  const { t } = useTranslation();
  const display = useDisplay();
  const upload = useRedemptionAction(c.id);
  const regenerate = useRedemptionAction(c.id);
  const [file, setFile] = useState<File | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const canUpload = c.allowedActions.includes("UPLOAD_OFFER");
  const canRegenerate = c.allowedActions.includes("REGENERATE_OFFER");
  const offers = [...c.offers].reverse();
  const title = t("adminRedemptions.offers.title");

  function send() {
    if (!file) {
      setFieldError(t("adminRedemptions.offers.fileRequired"));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFieldError(t("adminRedemptions.offers.tooLarge"));
      return;
    }
    setFieldError(null);
    mutateThen(
      upload,
      { kind: "uploadOffer", file },
      {
        onSuccess: (message) => {
          setFile(null);
          showSuccessToast(savedMessage(message ?? "", t));
        },
      },
    );
  }

  return (
    <SectionCard
      title={title}
      actions={
        canRegenerate && (
          <Button
            size="xs"
            variant="light"
            loading={regenerate.isPending}
            onClick={() =>
              mutateThen(
                regenerate,
                { kind: "regenerateOffer" },
                { onSuccess: (message) => showSuccessToast(savedMessage(message ?? "", t)) },
              )
            }
          >
            {t("adminRedemptions.offers.regenerate")}
          </Button>
        )
      }
    >
      <Stack gap="md">
        {regenerate.isError && (
          <Alert
            color="red"
            variant="light"
            role="alert"
            title={t("adminRedemptions.offers.regenerateFailed")}
          >
            {messageWithServerText(regenerate.error, t)}
          </Alert>
        )}
        {offers.length === 0 ? (
          <EmptyState
            text={canRegenerate ? t("adminRedemptions.offers.emptyOpen") : t("adminRedemptions.offers.empty")}
          />
        ) : (
          <ListTable<Offer>
            label={title}
            minWidth={520}
            rows={offers}
            rowKey={(offer) => offer.id}
            columns={[
              {
                accessor: "file",
                title: t("adminRedemptions.offers.file"),
                render: (offer) => (
                  <Anchor href={offerFileHref(offer.id)} target="_blank" rel="noopener">
                    {offer.file.fileName}
                  </Anchor>
                ),
              },
              {
                accessor: "price",
                title: t("adminRedemptions.offers.price"),
                textAlign: "right",
                noWrap: true,
                render: (offer) =>
                  offer.offerPriceCents === null ? "–" : display.money(offer.offerPriceCents),
              },
              {
                accessor: "validUntil",
                title: t("adminRedemptions.offers.validUntil"),
                render: (offer) => display.date(offer.validUntil) || "–",
              },
              {
                accessor: "createdAt",
                title: t("adminRedemptions.offers.createdAt"),
                render: (offer) => formatDateTime(offer.createdAt),
              },
            ]}
          />
        )}
        {canUpload && (
          <Stack gap="sm">
            <FileField
              label={t("adminRedemptions.offers.pick")}
              description={t("adminRedemptions.offers.pickHelp")}
              accept={UPLOAD_ACCEPT}
              value={file}
              onChange={(picked) => {
                setFile(picked);
                setFieldError(null);
                upload.reset();
              }}
              error={fieldError}
              clearable
              maw={420}
            />
            {upload.isError && (
              <Alert
                color="red"
                variant="light"
                role="alert"
                title={t("adminRedemptions.offers.uploadFailed")}
              >
                {messageWithServerText(upload.error, t)}
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={send} loading={upload.isPending}>
                {t("adminRedemptions.offers.upload")}
              </Button>
            </Group>
          </Stack>
        )}
        {!canUpload && offers.length > 0 && (
          <Text size="sm" c="dimmed">
            {t("adminRedemptions.offers.closed")}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
