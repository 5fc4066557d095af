import { Alert, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/formatters.ts";
import type { TAdminOrder } from "./orders-api.ts";

/**
 * The question the order waits on: what the helpdesk asked and, once the employee has answered on
 * /mybike, the answer, above the actions that move the order on.
 */
export function OpenQuestion({ order }: { order: TAdminOrder }) {
  const { t } = useTranslation();
  const open = order.customerQuestion;
  if (!open) return null;
  return (
    <Alert
      color={open.answer ? "pedaali" : "yellow"}
      variant="light"
      title={t("adminOrders.detail.question.title")}
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t("adminOrders.detail.question.asked", { time: formatDateTime(open.askedAt) })}
        </Text>
        <Text style={{ whiteSpace: "pre-wrap" }}>
          {open.question ?? t("adminOrders.detail.question.noQuestion")}
        </Text>
        {open.answer && open.answeredAt ? (
          <>
            <Text size="sm" fw={600}>
              {t("adminOrders.detail.question.answered", { time: formatDateTime(open.answeredAt) })}
            </Text>
            <Text style={{ whiteSpace: "pre-wrap" }}>{open.answer}</Text>
          </>
        ) : (
          <Text size="sm">{t("adminOrders.detail.question.waiting")}</Text>
        )}
      </Stack>
    </Alert>
  );
}
