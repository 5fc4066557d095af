import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { parseEuroInput } from "../../../../../domain/money.ts";
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT } from "../../../../../domain/uploads.ts";
import { EmptyState } from "../../../../components/empty-state.tsx";
import { EuroInput } from "../../../../components/euro-input.tsx";
import { FileField } from "../../../../components/file-field.tsx";
import { ListTable } from "../../../../components/list-table.tsx";
import { SectionCard } from "../../../../components/section-card.tsx";
import { mutateThen } from "../../../../lib/endpoint-client.ts";
import { messageWithServerText } from "../../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../../lib/formatters.ts";
import { showSuccessToast } from "../../../../lib/toast.ts";
import { useDisplay } from "../../tax-tables/display-format.ts";
import { DONE_KEYS } from "./cancellation-labels.ts";
import { refundFileHref, type TCancellation, useCancellationAction } from "./cancellations-api.ts";

type Receipt = TCancellation["uploadedRefunds"][number];

/** The receipts of the refund: open each, add one (PDF or image) or delete one while open. */
export function ReceiptsSection({
  cancellation: c,
  onDelete,
}: {
  cancellation: TCancellation;
  onDelete: (receipt: { id: string; fileName: string }) => void;
}) {
  const { t } = useTranslation();
  const display = useDisplay();
  const upload = useCancellationAction(c.orderCancellationId);
  const [file, setFile] = useState<File | null>(null);
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  // The server says whether receipts may still be added and deleted (while the cancellation is open).
  const canUpload = c.allowedActions.includes("UPLOAD_RECEIPT");
  const canDelete = c.allowedActions.includes("DELETE_RECEIPT");

  function send() {
    if (!file) {
      setFieldError(t("adminCancellations.receipts.fileRequired"));
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFieldError(t("adminCancellations.receipts.tooLarge"));
      return;
    }
    const cents = amount.trim() ? parseEuroInput(amount) : null;
    if (amount.trim() && cents === null) {
      setFieldError(t("adminCancellations.refund.amountInvalid"));
      return;
    }
    setFieldError(null);
    mutateThen(
      upload,
      { kind: "upload", file, amountCents: cents },
      {
        onSuccess: () => {
          setFile(null);
          setAmount("");
          showSuccessToast(t(DONE_KEYS.upload));
        },
      },
    );
  }

  return (
    <SectionCard title={t("adminCancellations.receipts.title")}>
      <Stack gap="md">
        {c.uploadedRefunds.length === 0 ? (
          <EmptyState
            text={
              canUpload ? t("adminCancellations.receipts.emptyOpen") : t("adminCancellations.receipts.empty")
            }
          />
        ) : (
          <ListTable<Receipt>
            label={t("adminCancellations.receipts.title")}
            minWidth={520}
            rows={c.uploadedRefunds}
            rowKey={(receipt) => receipt.refundUploadId}
            columns={[
              {
                accessor: "file",
                title: t("adminCancellations.receipts.file"),
                render: (receipt) => (
                  <>
                    <Anchor href={refundFileHref(receipt.refundUploadId)} target="_blank" rel="noopener">
                      {receipt.fileName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t("adminCancellations.receipts.size", {
                        kb: Math.max(1, Math.round(receipt.sizeBytes / 1024)),
                      })}
                    </Text>
                  </>
                ),
              },
              {
                accessor: "amount",
                title: t("adminCancellations.receipts.amount"),
                textAlign: "right",
                render: (receipt) =>
                  receipt.amountCents === null ? "–" : display.money(receipt.amountCents),
              },
              {
                accessor: "uploadedAt",
                title: t("adminCancellations.receipts.uploadedAt"),
                render: (receipt) => formatDateTime(receipt.createdAt),
              },
              ...(canDelete
                ? [
                    {
                      accessor: "actions",
                      title: t("adminCancellations.receipts.actions"),
                      render: (receipt: Receipt) => (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => onDelete({ id: receipt.refundUploadId, fileName: receipt.fileName })}
                          aria-label={t("adminCancellations.receipts.deleteNamed", {
                            name: receipt.fileName,
                          })}
                        >
                          {t("adminCancellations.receipts.delete")}
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {canUpload && (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <FileField
                label={t("adminCancellations.receipts.pick")}
                description={t("adminCancellations.receipts.pickHelp")}
                accept={UPLOAD_ACCEPT}
                value={file}
                onChange={(picked) => {
                  setFile(picked);
                  setFieldError(null);
                }}
                error={fieldError}
                clearable
              />
              <EuroInput
                label={t("adminCancellations.receipts.amountOptional")}
                value={amount}
                onChange={(event) => setAmount(event.currentTarget.value)}
              />
            </SimpleGrid>
            {upload.isError && (
              <Alert color="red" variant="light" role="alert" title={t("adminCancellations.receipts.failed")}>
                {messageWithServerText(upload.error, t)}
              </Alert>
            )}
            <Group>
              <Button onClick={send} loading={upload.isPending}>
                {t("adminCancellations.receipts.upload")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
