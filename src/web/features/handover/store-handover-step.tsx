import { Alert, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { HandoverKind } from "../../../domain/handovers.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { storeProtocolHref, useStoreHandover } from "./handover-api.ts";
import { HandoverForm } from "./handover-form.tsx";
import { HandoverPhotos } from "./handover-photos.tsx";
import { HandoverRecord } from "./handover-record.tsx";

const INTRO_KEYS: Record<HandoverKind, string> = {
  IN_STORE: "handover.intro.IN_STORE",
  SHIPPED: "handover.intro.SHIPPED",
};
const AWAITING_KEYS: Record<HandoverKind, string> = {
  IN_STORE: "handover.awaitingEmployee.IN_STORE",
  SHIPPED: "handover.awaitingEmployee.SHIPPED",
};

/**
 * The handover in the store's order: the photos and the form while the order waits for its delivery,
 * then the record, waiting for the employee's signature or complete with its protocol.
 */
export function StoreHandoverStep({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const query = useStoreHandover(orderId);
  const handover = query.data;
  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {formErrorMessage(query.error, t)}
      </Alert>
    );
  if (!handover) return <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />;
  if (!handover.handover && !handover.canRecord) return null;
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("handover.title")}
      </Title>
      {handover.handover ? (
        <>
          {handover.handover.status === "AWAITING_EMPLOYEE" && (
            <Alert color="yellow" variant="light" role="status">
              {t(AWAITING_KEYS[handover.kind])}
            </Alert>
          )}
          <HandoverRecord record={handover.handover} protocolHref={storeProtocolHref(orderId)} />
        </>
      ) : (
        <>
          <Text size="sm">{t(INTRO_KEYS[handover.kind])}</Text>
          <Title order={4} size="h5">
            {t("handover.photos.title")}
          </Title>
          <HandoverPhotos orderId={orderId} photos={handover.photos} />
          <HandoverForm handover={handover} />
        </>
      )}
    </Stack>
  );
}
