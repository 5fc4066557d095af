import { Skeleton, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { personAccessApi, type TPersonAccess } from "../../../../contract/person-access.ts";
import type { PersonAccessKind } from "../../../../domain/person-access.ts";
import { ListTable } from "../../../components/list-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { formatDateTime } from "../../../lib/formatters.ts";

const KIND_KEYS: Record<PersonAccessKind, string> = {
  EMPLOYEE_DETAILS: "adminUsers.accessLog.kind.EMPLOYEE_DETAILS",
  USER_DETAILS: "adminUsers.accessLog.kind.USER_DETAILS",
  CLAIM_FILE: "adminUsers.accessLog.kind.CLAIM_FILE",
  PERSONAL_DATA_EXPORT: "adminUsers.accessLog.kind.PERSONAL_DATA_EXPORT",
  EMPLOYEE_LIST: "adminUsers.accessLog.kind.EMPLOYEE_LIST",
  USER_LIST: "adminUsers.accessLog.kind.USER_LIST",
};

/**
 * Who looked at the person's data, on the helpdesk's user page: each read of their details, files or
 * export by someone else, newest first, with the reader, their employer and the network it came from.
 */
export function UserAccessLog({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const reads = useEndpointQuery(personAccessApi.list, { params: { userId } });
  return (
    <SectionCard
      title={t("adminUsers.accessLog.title")}
      description={t("adminUsers.accessLog.intro")}
      headingOrder={3}
    >
      {reads.isPending ? (
        <Skeleton height={60} />
      ) : reads.isError ? (
        <Text size="sm" role="alert">
          {t("adminUsers.accessLog.loadError")}
        </Text>
      ) : reads.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("adminUsers.accessLog.empty")}
        </Text>
      ) : (
        <ListTable<TPersonAccess>
          label={t("adminUsers.accessLog.title")}
          minWidth={560}
          rows={reads.data.items}
          rowKey={(read) => read.id}
          columns={[
            {
              accessor: "createdAt",
              title: t("adminUsers.accessLog.when"),
              render: (read) => formatDateTime(read.createdAt),
            },
            {
              accessor: "viewer",
              title: t("adminUsers.accessLog.who"),
              render: (read) =>
                read.viewer
                  ? `${read.viewer.firstName} ${read.viewer.lastName} (${read.viewer.email})`
                  : t("adminUsers.accessLog.removedViewer"),
            },
            {
              accessor: "companyName",
              title: t("adminUsers.accessLog.company"),
              render: (read) => read.companyName ?? "Pedaali",
            },
            {
              accessor: "kind",
              title: t("adminUsers.accessLog.what"),
              render: (read) => t(KIND_KEYS[read.kind]),
            },
            {
              accessor: "addressRange",
              title: t("adminUsers.accessLog.from"),
              render: (read) => read.addressRange ?? "–",
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
