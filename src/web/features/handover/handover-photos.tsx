import { Alert, Button, Group, Image, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_HANDOVER_PHOTOS } from "../../../domain/handovers.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { FileField } from "../../components/file-field.tsx";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { showSuccessToast } from "../../lib/toast.ts";
import {
  storePhotoHref,
  type THandoverPhoto,
  useAddHandoverPhotos,
  useRemoveHandoverPhoto,
} from "./handover-api.ts";

/** The images a phone's camera gives; the server reads the bytes and refuses anything else. */
const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif";

/**
 * The store's photos of the bike before it signs: taken or picked on the store's device, sent one by
 * one (a refusal names the file), shown small, and removable (after a confirmation) until it signs.
 */
export function HandoverPhotos({ orderId, photos }: { orderId: string; photos: readonly THandoverPhoto[] }) {
  const { t } = useTranslation();
  const add = useAddHandoverPhotos(orderId);
  const remove = useRemoveHandoverPhoto(orderId);
  const [files, setFiles] = useState<File[]>([]);
  const [failures, setFailures] = useState<string[]>([]);
  const [removing, setRemoving] = useState<THandoverPhoto | null>(null);
  const room = MAX_HANDOVER_PHOTOS - photos.length;

  async function send() {
    const failed = await add.mutateAsync(files);
    setFiles(failed.map((f) => f.file));
    setFailures(failed.map((f) => `${f.file.name}: ${formErrorMessage(f.error, t)}`));
    if (failed.length === 0) showSuccessToast(t("handover.photos.added"));
  }

  return (
    <Stack gap="sm">
      {photos.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("handover.photos.none")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {photos.map((photo) => (
            <Stack key={photo.id} gap={4}>
              <Image
                src={storePhotoHref(orderId, photo.id)}
                alt={t("handover.photos.alt", { name: photo.fileName })}
                radius="sm"
                h={96}
                fit="cover"
              />
              <Button size="compact-xs" variant="subtle" color="red.9" onClick={() => setRemoving(photo)}>
                {t("handover.photos.remove")}
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {room > 0 ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <FileField
            label={t("handover.photos.add")}
            description={t("handover.photos.help", { max: MAX_HANDOVER_PHOTOS })}
            accept={PHOTO_ACCEPT}
            multiple
            clearable
            value={files}
            onChange={(next) => {
              setFiles(next.slice(0, room));
              setFailures([]);
            }}
            style={{ flex: "1 1 16rem" }}
          />
          <Button
            variant="light"
            onClick={() => void send()}
            disabled={files.length === 0}
            loading={add.isPending}
          >
            {t("handover.photos.send")}
          </Button>
        </Group>
      ) : (
        <Text size="sm">{t("handover.photos.full", { max: MAX_HANDOVER_PHOTOS })}</Text>
      )}
      {failures.length > 0 && (
        <Alert color="red" variant="light" role="alert" title={t("handover.photos.failed")}>
          {failures.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))}
        </Alert>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t("handover.photos.removeTitle", { name: removing?.fileName ?? "" })}
        confirmLabel={t("handover.photos.remove")}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          mutateThen(remove, removing.id, {
            onSuccess: () => showSuccessToast(t("handover.photos.removed")),
            onError: (error) => setFailures([formErrorMessage(error, t)]),
            onSettled: () => setRemoving(null),
          });
        }}
      >
        {t("handover.photos.removeText")}
      </ConfirmDialog>
    </Stack>
  );
}
