import { Button, UnstyledButton } from "@mantine/core";
import { useClickOutside } from "@mantine/hooks";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TNotification } from "../../../contract/notifications.ts";
import { NOTIFICATION_BADGE_CAP, NOTIFICATION_DROPDOWN_ITEMS } from "../../../domain/constants.ts";
import { isNotificationBadgeCapped, notificationBadgeText } from "../../../domain/notifications.ts";
import controls from "../../components/controls.module.css";
import { EmptyState } from "../../components/empty-state.tsx";
import { type IconProps, Svg } from "../../components/icons.tsx";
import classes from "./notification-bell.module.css";
import { NotificationItem } from "./notification-item.tsx";
import { useLatestNotifications, useMarkAsRead, useUnreadCount } from "./notifications-api.ts";
import { NotificationsDialog } from "./notifications-dialog.tsx";
import { useNotificationChecker } from "./use-notification-checker.ts";

function BellIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Svg>
  );
}

type DialogState = { detail: TNotification | null };

/**
 * The notification bell of the header (docs/product.md "Screens", employer admin only; render it only for a user holding
 * notifications.read): the unread count on the bell, a dropdown of the 5 latest notifications with
 * "mark all as read" and "show all", and the dialog with every notification and the detail of one.
 * Its checker polls while it is mounted. A disclosure like the user menu: Escape and a click outside
 * close the dropdown.
 *
 * The dialog is imported statically, so it sits in the shared pages chunk with the bell. As a lazy chunk
 * of its own it would spare that chunk ~23 KB gzip (Mantine's Modal brings ScrollArea and floating-ui),
 * but the admin and employer chunks would split around it and the entry's preload map would grow by
 * ~70-130 bytes, which the home page's budget (app/lazy-pages.ts) cannot spare.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationChecker(true);
  const count = useUnreadCount().data ?? 0;
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const latest = useLatestNotifications(open);
  const markRead = useMarkAsRead();
  const panelId = useId();
  const headingId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useClickOutside<HTMLDivElement>(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  /** Opens one in the dialog's detail view and marks it read (docs/product.md "States": unread to read when opened). */
  function openNotification(notification: TNotification) {
    setOpen(false);
    setDialog({ detail: notification });
    if (!notification.read) markRead.mutate([notification.id]);
  }

  function closeDialog() {
    setDialog(null);
    trigger.current?.focus();
  }

  const badge = notificationBadgeText(count);
  const label =
    count <= 0
      ? t("notifications.bellNone")
      : isNotificationBadgeCapped(count)
        ? t("notifications.bellMany", { value: NOTIFICATION_BADGE_CAP })
        : t("notifications.bell", { value: count });
  const items = latest.data?.items.slice(0, NOTIFICATION_DROPDOWN_ITEMS) ?? [];

  return (
    <div ref={root} className={classes.root}>
      <UnstyledButton
        ref={trigger}
        className={`${controls.control} ${controls.iconControl} ${classes.trigger}`}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <BellIcon size={18} />
        {badge && (
          <span className={classes.badge} aria-hidden="true">
            {badge}
          </span>
        )}
      </UnstyledButton>
      <section id={panelId} className={classes.panel} hidden={!open} aria-labelledby={headingId}>
        <div className={classes.panelHead}>
          <strong id={headingId}>{t("notifications.title")}</strong>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={count === 0 && !items.some((item) => !item.read)}
            loading={markRead.isPending && markRead.variables === undefined}
            onClick={() => markRead.mutate(undefined)}
          >
            {t("notifications.markAllRead")}
          </Button>
        </div>
        <div className={classes.panelBody}>
          {open && latest.isPending && <p className={classes.status}>{t("notifications.loading")}</p>}
          {latest.isError && !latest.data && (
            <div className={classes.status}>
              <p>{t("notifications.loadFailed")}</p>
              <Button variant="default" size="compact-sm" onClick={() => void latest.refetch()}>
                {t("notifications.retry")}
              </Button>
            </div>
          )}
          {latest.data && items.length === 0 && <EmptyState text={t("notifications.empty")} />}
          {items.length > 0 && (
            <ul className={classes.list}>
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onOpen={openNotification} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={classes.panelFoot}>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setOpen(false);
              setDialog({ detail: null });
            }}
          >
            {t("notifications.showAll")}
          </Button>
        </div>
      </section>
      {dialog && (
        <NotificationsDialog
          detail={dialog.detail}
          onOpenDetail={openNotification}
          onBack={() => setDialog({ detail: null })}
          onClose={closeDialog}
          unreadCount={count}
        />
      )}
    </div>
  );
}
