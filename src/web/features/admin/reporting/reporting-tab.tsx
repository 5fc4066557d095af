import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Segments } from "../../../components/segments.tsx";
import { useAdminNav } from "../admin-nav.ts";
import { EventLogView } from "./event-log-view.tsx";
import { PlatformReport } from "./platform-report.tsx";

/** The path segment of the event log under the tab: /admin/raportointi/tapahtumaloki. */
const EVENT_LOG_SEGMENT = "tapahtumaloki";

type Section = "figures" | "eventLog";

/**
 * The admin's Raportointi tab (docs/product.md "Screens"): the platform's figures and the event log,
 * each at a path of its own, so the back button and a bookmark return to the section.
 */
export function ReportingTab() {
  const { t } = useTranslation();
  const { rest, go } = useAdminNav();
  const section: Section = rest[0] === EVENT_LOG_SEGMENT ? "eventLog" : "figures";
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {section === "eventLog" ? t("adminAudit.title") : t("adminReports.title")}
      </Title>
      <Segments
        aria-label={t("adminReports.sections")}
        value={section}
        onChange={(value) => (value === "eventLog" ? go("reporting", EVENT_LOG_SEGMENT) : go("reporting"))}
        data={[
          { value: "figures", label: t("adminReports.title") },
          { value: "eventLog", label: t("adminAudit.title") },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      {section === "eventLog" ? <EventLogView /> : <PlatformReport />}
    </Stack>
  );
}
