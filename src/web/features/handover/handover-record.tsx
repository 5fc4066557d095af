import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EmployeeSigningPlace, HandoverStatus } from "../../../domain/handovers.ts";
import { DetailsList } from "../../components/details-list.tsx";
import { ToneBadge } from "../../components/status-badge.tsx";
import { formatDate, formatDateTime } from "../../lib/formatters.ts";
import type { THandoverRecord } from "./handover-api.ts";

const STATUS_KEYS: Record<HandoverStatus, string> = {
  AWAITING_EMPLOYEE: "handover.status.AWAITING_EMPLOYEE",
  COMPLETED: "handover.status.COMPLETED",
};
const SIGNED_AT_KEYS: Record<EmployeeSigningPlace, string> = {
  STORE_DEVICE: "handover.record.signedAt.STORE_DEVICE",
  OWN_DEVICE: "handover.record.signedAt.OWN_DEVICE",
};

/** A recorded handover as every party reads it: the bike, the two signatures, the dates, the protocol. */
export function HandoverRecord({ record, protocolHref }: { record: THandoverRecord; protocolHref: string }) {
  const { t } = useTranslation();
  const completed = record.status === "COMPLETED";
  const employeeSignature =
    record.employeeSignedAt && record.employeeSigningPlace
      ? t(SIGNED_AT_KEYS[record.employeeSigningPlace], {
          name: record.employeeSignerName ?? "",
          time: formatDateTime(record.employeeSignedAt),
        })
      : t("handover.record.employeeNotSigned");
  return (
    <DetailsList
      items={[
        {
          label: t("handover.record.status"),
          value: (
            <ToneBadge tone={completed ? "success" : "warning"}>{t(STATUS_KEYS[record.status])}</ToneBadge>
          ),
        },
        { label: t("handover.fields.frameSerialNumber"), value: record.frameSerialNumber },
        { label: t("handover.fields.batterySerial"), value: record.batterySerial },
        {
          label: t("handover.fields.accessories"),
          value: record.accessories.length
            ? record.accessories.join(", ")
            : t("handover.record.noAccessories"),
        },
        {
          label: t("handover.record.store"),
          value: t("handover.record.storeSigned", {
            name: record.storeSignerName,
            store: record.storeName,
            time: formatDateTime(record.storeSignedAt),
          }),
        },
        {
          label: t("handover.record.pickupCode"),
          value:
            record.kind === "IN_STORE" && record.pickupCodeChecked ? t("handover.record.codeChecked") : null,
        },
        { label: t("handover.record.employee"), value: employeeSignature },
        {
          label: t("handover.record.handoverDate"),
          value: record.handoverDate && formatDate(record.handoverDate),
        },
        {
          label: t("handover.record.leaseStart"),
          value: record.leaseStartDate && formatDate(record.leaseStartDate),
        },
        {
          label: t("handover.record.defectWindow"),
          value:
            record.defectWindowEndsOn &&
            t("handover.record.defectUntil", { date: formatDate(record.defectWindowEndsOn) }),
        },
        {
          label: t("handover.record.defects"),
          value: record.defects.length > 0 && (
            <Stack gap={4}>
              {record.defects.map((defect) => (
                <Text key={defect.reportedAt} size="sm" style={{ whiteSpace: "pre-line" }}>
                  {`${formatDateTime(defect.reportedAt)}: ${defect.description}`}
                </Text>
              ))}
            </Stack>
          ),
        },
        {
          label: t("handover.record.protocol"),
          value: completed && (
            <Group gap="xs">
              <Anchor href={protocolHref} target="_blank" rel="noopener">
                {t("handover.record.openProtocol")}
              </Anchor>
            </Group>
          ),
        },
      ]}
    />
  );
}
