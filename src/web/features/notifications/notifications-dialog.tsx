import { Anchor, Button, Group, NativeSelect, Stack, Switch, Text, Title } from "@mantine/core";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type TNotification, zNotificationsQuery } from "../../../contract/notifications.ts";
import { NOTIFICATION_TYPES } from "../../../domain/enums.ts";
import { notificationTarget } from "../../../domain/notifications.ts";
import { ActionDialog } from "../../components/action-dialog.tsx";
import { AppLink } from "../../components/app-link.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { DetailsList } from "../../components/details-list.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { mutateThen } from "../../lib/endpoint-client.ts";
import { filtersFromAddress, useLocalFilterParams } from "../../lib/filter-params.ts";
import { formatDateTime } from "../../lib/formatters.ts";
import classes from "./notification-bell.module.css";
import { NotificationItem } from "./notification-item.tsx";
import { PRIORITY_LABELS, TARGET_LABELS, TYPE_LABELS } from "./notification-texts.ts";
import {
  type ListFilters,
  useDeleteNotification,
  useMarkAsRead,
  useNotificationsPage,
} from "./notifications-api.ts";

/** The list's own filters and page: the dialog's, kept while it is open, not the address's. */
type ListState = ReturnType<typeof useLocalFilterParams<"unreadOnly" | "types">>;

export type NotificationsDialogProps = {
  /** The notification whose detail is shown; null shows the list. */
  detail: TNotification | null;
  onOpenDetail: (notification: TNotification) => void;
  onBack: () => void;
  onClose: () => void;
  unreadCount: number;
};

/**
 * The bell's dialog (docs/product.md "Screens"): every notification, 20 a page from the server, filtered by "unread only"
 * and type, and the detail view of one. The page and the filters last while the dialog is open, so
 * "back" returns to the same page.
 */
export function NotificationsDialog({
  detail,
  onOpenDetail,
  onBack,
  onClose,
  unreadCount,
}: NotificationsDialogProps) {
  const { t } = useTranslation();
  const listState = useLocalFilterParams<"unreadOnly" | "types">();
  const [confirming, setConfirming] = useState(false);
  return (
    <ActionDialog
      opened
      onCancel={onClose}
      title={t("notifications.title")}
      size="lg"
      // The delete confirmation is a dialog of its own: Escape there cancels it, not this one.
      holdOpen={confirming}
      // The bell takes focus back (the dropdown item that opened this is hidden by then).
      returnFocus={false}
      closeLabel={t("notifications.close")}
    >
      {detail ? (
        <NotificationDetail
          notification={detail}
          onBack={onBack}
          onLeave={onClose}
          confirming={confirming}
          setConfirming={setConfirming}
        />
      ) : (
        <NotificationList state={listState} onOpen={onOpenDetail} unreadCount={unreadCount} />
      )}
    </ActionDialog>
  );
}

function NotificationList({
  state: { params, update },
  onOpen,
  unreadCount,
}: {
  state: ListState;
  onOpen: (notification: TNotification) => void;
  unreadCount: number;
}) {
  const { t } = useTranslation();
  const { values } = filtersFromAddress(zNotificationsQuery, params);
  const { page } = values;
  const filters: ListFilters = {
    unreadOnly: values.unreadOnly ?? false,
    type: values.types?.[0] ?? null,
  };
  const list = useNotificationsPage(page, filters);
  const markAll = useMarkAsRead();
  const shown = list.data;
  const items = list.data?.items ?? [];
  const filtered = filters.unreadOnly || filters.type !== null;

  // A delete or a mark can empty the last page: go to the new last one.
  const totalPages = shown?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined && page > Math.max(1, totalPages))
      update({ page: String(Math.max(1, totalPages)) });
  }, [page, totalPages, update]);

  let body: ReactNode;
  if (list.isPending) body = <Text className={classes.status}>{t("notifications.loading")}</Text>;
  else if (list.isError && !list.data)
    body = (
      <Stack gap="xs" align="flex-start">
        <Text className={classes.status}>{t("notifications.loadFailed")}</Text>
        <Button variant="default" size="xs" onClick={() => void list.refetch()}>
          {t("notifications.retry")}
        </Button>
      </Stack>
    );
  else if (items.length === 0)
    body = filtered ? (
      <EmptyState
        text={t("notifications.emptyFiltered")}
        action={
          <Button variant="default" onClick={() => update({ unreadOnly: "", types: "" })}>
            {t("notifications.clearFilters")}
          </Button>
        }
      />
    ) : (
      <EmptyState text={t("notifications.empty")} />
    );
  else
    body = (
      <ul
        className={classes.list}
        aria-label={t("notifications.listLabel")}
        aria-busy={list.isFetching || undefined}
      >
        {items.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} onOpen={onOpen} showType />
          </li>
        ))}
      </ul>
    );

  return (
    <Stack gap="md">
      <Group align="end" justify="space-between" gap="md" wrap="wrap">
        <Group align="end" gap="md" wrap="wrap">
          <NativeSelect
            label={t("notifications.typeFilter")}
            value={filters.type ?? ""}
            onChange={(event) => update({ types: event.currentTarget.value })}
            data={[
              { value: "", label: t("notifications.allTypes") },
              ...NOTIFICATION_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) })),
            ]}
          />
          <Switch
            label={t("notifications.unreadOnly")}
            checked={filters.unreadOnly}
            onChange={(event) => update({ unreadOnly: event.currentTarget.checked ? "true" : "" })}
            mb={8}
          />
        </Group>
        <Button
          variant="default"
          size="sm"
          disabled={unreadCount === 0 && !items.some((item) => !item.read)}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined)}
        >
          {t("notifications.markAllRead")}
        </Button>
      </Group>
      {body}
      {shown && shown.totalPages > 1 && (
        <Group justify="space-between" gap="sm">
          <Button
            variant="default"
            size="xs"
            disabled={!shown.hasPrevious}
            onClick={() => update({ page: String(page - 1) })}
          >
            {t("notifications.previousPage")}
          </Button>
          <Text size="sm" aria-live="polite">
            {t("notifications.pageOf", { page: shown.page, pages: shown.totalPages })}
          </Text>
          <Button
            variant="default"
            size="xs"
            disabled={!shown.hasNext}
            onClick={() => update({ page: String(page + 1) })}
          >
            {t("notifications.nextPage")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function NotificationDetail({
  notification,
  onBack,
  onLeave,
  confirming,
  setConfirming,
}: {
  notification: TNotification;
  onBack: () => void;
  onLeave: () => void;
  confirming: boolean;
  setConfirming: (confirming: boolean) => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteNotification();
  const target = notificationTarget(notification.type);
  return (
    <Stack gap="md">
      <Button variant="subtle" size="xs" onClick={onBack} w="fit-content" px={0}>
        {`← ${t("notifications.back")}`}
      </Button>
      <Title order={3} size="h4">
        {notification.title}
      </Title>
      <Text className={classes.message}>{notification.message}</Text>
      <DetailsList
        items={[
          { label: t("notifications.fields.type"), value: t(TYPE_LABELS[notification.type]) },
          { label: t("notifications.fields.priority"), value: t(PRIORITY_LABELS[notification.priority]) },
          {
            label: t("notifications.fields.time"),
            value: <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>,
          },
          {
            label: t("notifications.fields.target"),
            value: target ? (
              <Anchor component={AppLink} to={target.path} onClick={onLeave} inherit>
                {t(TARGET_LABELS[target.kind])}
              </Anchor>
            ) : null,
          },
        ]}
      />
      <Group justify="flex-end">
        <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
          {t("notifications.delete")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t("notifications.deleteTitle", { title: notification.title })}
        confirmLabel={t("notifications.delete")}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          mutateThen(remove, notification.id, {
            onSuccess: () => {
              setConfirming(false);
              onBack();
            },
            // Only reported (docs/product.md "Errors"); the notification stays where it was.
            onError: () => setConfirming(false),
          })
        }
      >
        {t("notifications.deleteText")}
      </ConfirmDialog>
    </Stack>
  );
}
