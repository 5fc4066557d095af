import { Badge, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { messageOutboxApi, type TOutboxMessage } from "../../../../contract/message-outbox.ts";
import { ListTable } from "../../../components/list-table.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { callEndpoint, mutateThen, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { refreshUsers } from "./users-api.ts";

const STATUS_COLORS: Record<TOutboxMessage["status"], string> = {
  QUEUED: "yellow",
  SENT: "green",
  FAILED: "red",
  SKIPPED: "gray",
  HELD: "blue",
};
const STATUS_KEYS = {
  QUEUED: "adminUsers.messages.state.QUEUED",
  SENT: "adminUsers.messages.state.SENT",
  FAILED: "adminUsers.messages.state.FAILED",
  SKIPPED: "adminUsers.messages.state.SKIPPED",
  HELD: "adminUsers.messages.state.HELD",
} as const;
const CHANNEL_KEYS = {
  EMAIL: "adminUsers.messages.channel.EMAIL",
  SMS: "adminUsers.messages.channel.SMS",
} as const;

/** The reminders by their kind: a queued one has no subject yet, and the kind says what it is. */
export const REMINDER_EVENT_KEYS: Readonly<Record<string, string>> = {
  ORDER_APPROVAL_REMINDER: "adminUsers.messages.events.ORDER_APPROVAL_REMINDER",
  ORDER_APPROVAL_ESCALATED: "adminUsers.messages.events.ORDER_APPROVAL_ESCALATED",
  ORDER_PACKAGE_REMINDER: "adminUsers.messages.events.ORDER_PACKAGE_REMINDER",
  ORDER_SIGNING_REMINDER: "adminUsers.messages.events.ORDER_SIGNING_REMINDER",
  ORDER_STORE_PACKAGE_REMINDER: "adminUsers.messages.events.ORDER_STORE_PACKAGE_REMINDER",
  ORDER_DEFECT_WINDOW_REMINDER: "adminUsers.messages.events.ORDER_DEFECT_WINDOW_REMINDER",
  REDEMPTION_CHOICE_REMINDER: "adminUsers.messages.events.REDEMPTION_CHOICE_REMINDER",
  LEASE_END_REMINDER: "adminUsers.messages.events.LEASE_END_REMINDER",
  USER_PAYMENT_DUE_REMINDER: "adminUsers.messages.events.USER_PAYMENT_DUE_REMINDER",
};

/**
 * The person's latest mails and text messages on the helpdesk's user page: what was sent, its state and
 * the provider's last answer, and a button that sends one again (a person who says they got nothing).
 */
export function UserMessages({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = { params: { userId } };
  const messages = useEndpointQuery(messageOutboxApi.list, input);
  const status = useSectionStatus(t("adminUsers.messages.resendFailed"));
  const resend = useMutation({
    mutationFn: (messageId: string) =>
      callEndpoint(messageOutboxApi.resend, { params: { userId, messageId } }),
    meta: { silent: true },
  });
  const onResend = (messageId: string) => {
    status.clear();
    mutateThen(resend, messageId, {
      onSuccess: (answer) => {
        void refreshUsers(queryClient, { messageSent: userId });
        status.success(
          t(answer.status === "SENT" ? "adminUsers.messages.resent" : "adminUsers.messages.resendQueued"),
        );
      },
      onError: (error) => status.failure(messageForApiError(error, t)),
    });
  };
  return (
    <SectionCard
      title={t("adminUsers.messages.title")}
      description={t("adminUsers.messages.intro")}
      headingOrder={3}
    >
      {status.element}
      {messages.isPending ? (
        <Skeleton height={60} />
      ) : messages.isError ? (
        <Text size="sm" role="alert">
          {t("adminUsers.messages.loadError")}
        </Text>
      ) : messages.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("adminUsers.messages.empty")}
        </Text>
      ) : (
        <ListTable<TOutboxMessage>
          label={t("adminUsers.messages.title")}
          minWidth={640}
          rows={messages.data.items}
          rowKey={(message) => message.id}
          columns={[
            {
              accessor: "createdAt",
              title: t("adminUsers.messages.created"),
              render: (message) => formatDateTime(message.createdAt),
            },
            {
              accessor: "subject",
              title: t("adminUsers.messages.subject"),
              // A reminder queued but not yet sent has no subject: its kind still says what it is.
              render: (message) => (
                <Stack gap={0}>
                  <Text size="sm">{message.subject ?? t(CHANNEL_KEYS[message.channel])}</Text>
                  {REMINDER_EVENT_KEYS[message.event] && (
                    <Text size="xs" c="dimmed">
                      {t(REMINDER_EVENT_KEYS[message.event] ?? "")}
                    </Text>
                  )}
                </Stack>
              ),
            },
            {
              accessor: "status",
              title: t("adminUsers.messages.status"),
              render: (message) => (
                <Badge color={STATUS_COLORS[message.status]} variant="light">
                  {t(STATUS_KEYS[message.status])}
                </Badge>
              ),
            },
            {
              accessor: "lastAnswer",
              title: t("adminUsers.messages.answer"),
              render: (message) =>
                `${message.lastAnswer ?? "–"} (${t("adminUsers.messages.attempts", { count: message.attempts })})`,
            },
            {
              accessor: "actions",
              title: "",
              textAlign: "right",
              render: (message) =>
                message.resendable ? (
                  <Button
                    size="xs"
                    variant="default"
                    loading={resend.isPending && resend.variables === message.id}
                    onClick={() => onResend(message.id)}
                  >
                    {t("adminUsers.messages.resend")}
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    {t("adminUsers.messages.notResendable")}
                  </Text>
                ),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
