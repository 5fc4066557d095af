import { UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { TNotification } from "../../../contract/notifications.ts";
import { notificationPreview } from "../../../domain/notifications.ts";
import classes from "./notification-bell.module.css";
import { relativeTimeText, TYPE_LABELS } from "./notification-texts.ts";

/**
 * One notification in the dropdown or the dialog's list, as a button that opens it: the title, an
 * unread mark ("Uusi", not colour alone), the message's preview cut at 100 characters and how long ago
 * it came; the dialog adds the type.
 */
export function NotificationItem({
  notification,
  onOpen,
  showType = false,
}: {
  notification: TNotification;
  onOpen: (notification: TNotification) => void;
  showType?: boolean;
}) {
  const { t } = useTranslation();
  const unread = !notification.read;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
    >
      <span className={classes.itemHead}>
        <span className={classes.title}>{notification.title}</span>
        {unread && <span className={classes.unreadMark}>{t("notifications.unread")}</span>}
      </span>
      <span className={classes.preview}>{notificationPreview(notification.message)}</span>
      <span className={classes.meta}>
        <time dateTime={notification.createdAt}>{relativeTimeText(t, notification.createdAt)}</time>
        {showType && ` · ${t(TYPE_LABELS[notification.type])}`}
      </span>
    </UnstyledButton>
  );
}
