/** Mantine's toasts with their styles: loaded on the first toast (lib/toast.ts), perhaps before any page chunk. */
import "./mantine-styles.ts";
import "@mantine/notifications/styles.layer.css";

export { Notifications, notifications } from "@mantine/notifications";
