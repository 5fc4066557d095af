import { List, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TNewsItem } from "../../../contract/whats-new.ts";
import type { NewsKind } from "../../../domain/whats-new.ts";
import { SectionCard } from "../../components/section-card.tsx";
import { STATUS_LABEL_KEYS } from "../../components/status-labels.ts";
import { formatDate } from "../../lib/formatters.ts";
import { usePageNews } from "../../lib/whats-new.ts";

/** The employee's words of each change, spelled out so the catalogue check sees each key. */
const KIND_TEXTS: Partial<Record<NewsKind, string>> = {
  STATUS_CHANGED: "myBike.news.kinds.STATUS_CHANGED",
  PACKAGE_CHANGED: "myBike.news.kinds.PACKAGE_CHANGED",
  DELIVERY_DATE_SET: "myBike.news.kinds.DELIVERY_DATE_SET",
  HANDOVER_RECORDED: "myBike.news.kinds.HANDOVER_RECORDED",
  CANCELLATION_COMPLETED: "myBike.news.kinds.CANCELLATION_COMPLETED",
  REDEMPTION_OFFERED: "myBike.news.kinds.REDEMPTION_OFFERED",
  REDEMPTION_COMPLETED: "myBike.news.kinds.REDEMPTION_COMPLETED",
  CLAIM_STEP: "myBike.news.kinds.CLAIM_STEP",
};

function NewsText({ item }: { item: TNewsItem }) {
  const { t } = useTranslation();
  const status = item.status ? t(STATUS_LABEL_KEYS.order[item.status] ?? item.status) : "";
  return <>{t(KIND_TEXTS[item.kind] ?? "myBike.news.kinds.other", { number: item.orderNumber, status })}</>;
}

/**
 * "What's new" on /mybike: what changed on the employee's orders, redemption cases and claims since
 * their last visit, each with its date, newest first. Nothing new: the section is not shown. The page
 * marks the news seen once it has shown them, so the next visit starts from here.
 */
export function WhatsNewSection() {
  const { t } = useTranslation();
  const { items } = usePageNews("myBike");
  if (items.length === 0) return null;
  return (
    <SectionCard title={t("myBike.news.title")} description={t("myBike.news.description")}>
      <List spacing="xs" aria-label={t("myBike.news.listLabel")} listStyleType="none" p={0}>
        {items.map((item) => (
          <List.Item key={item.eventId}>
            <Text span size="sm" c="dimmed" mr="xs">
              <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
            </Text>
            <Text span>
              <NewsText item={item} />
            </Text>
          </List.Item>
        ))}
      </List>
    </SectionCard>
  );
}
