import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { EventTimeline } from "../../../components/event-timeline.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { EventText } from "../reporting/event-summary.tsx";
import { eventTypeLabelKey } from "../reporting/event-types.ts";
import { EVENTS_SHOWN, useCompanyEvents } from "./companies-api.ts";

/** The company's latest events from the event log, newest first, each saying what happened to what. */
export function CompanyEventsSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const events = useCompanyEvents(companyId);
  const items = events.data?.items ?? [];
  return (
    <SectionCard
      title={t("adminCompanies.events.title")}
      description={t("adminCompanies.events.description", { count: EVENTS_SHOWN })}
      headingOrder={3}
    >
      {events.isError ? (
        <Text size="sm" role="alert">
          {t("adminCompanies.events.loadFailed")}
        </Text>
      ) : events.isPending ? (
        <Text size="sm" c="dimmed">
          {t("ds.table.loading")}
        </Text>
      ) : items.length === 0 ? (
        <EmptyState text={t("adminCompanies.events.empty")} />
      ) : (
        <EventTimeline
          events={items.map((event) => ({
            id: event.id,
            at: event.createdAt,
            actor: event.actor?.name ?? t("adminCompanies.events.system"),
            text: <EventText title={t(eventTypeLabelKey(event.type))} event={event} />,
          }))}
        />
      )}
    </SectionCard>
  );
}
