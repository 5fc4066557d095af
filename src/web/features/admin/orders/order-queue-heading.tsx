import { Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The order queue's heading and what the queue is for, at the top of its section (order-queue.tsx),
 * and in the admin area's first view in its HTML (admin-first-view.tsx), where the lead is the largest
 * text on a phone's first screen.
 */
export function OrderQueueHeading({ id }: { id?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <Title order={2} size="h3" id={id}>
        {t("adminOrders.queue.title")}
      </Title>
      <Text size="sm" c="dimmed" mt={4} maw="var(--pd-measure)">
        {t("adminOrders.queue.intro")}
      </Text>
    </div>
  );
}
