import type { NotificationData } from "@mantine/notifications";
import { i18n } from "../i18n/i18n.ts";

/**
 * Toasts load on demand: Mantine's notification system (store, container, transitions) is ~8 KB gzip that
 * most visits never need, so neither this module nor the entry imports @mantine/notifications statically.
 */
export const loadNotifications = () => import("./notifications.ts");

let hostWanted = false;
const listeners = new Set<() => void>();

/** Whether a toast has been asked for yet; ToastHost mounts the container from then on. */
export function isToastHostWanted(): boolean {
  return hostWanted;
}

export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Queues a toast in Mantine's store; the container shows it as soon as its code has arrived. */
export async function showToast(data: NotificationData): Promise<void> {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await loadNotifications();
  notifications.show(data);
}

/**
 * A success said as a toast: the brand colour, top right like every toast (the container's place), and
 * a close button named in the reader's language.
 */
export function showSuccessToast(message: string): void {
  void showToast({
    color: "pedaali",
    message,
    closeButtonProps: { "aria-label": i18n.t("common.close") },
  });
}
