import { lazy, Suspense, useSyncExternalStore } from "react";
import { isToastHostWanted, loadNotifications, subscribeToastHost } from "../lib/toast.ts";

const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** The toast container (docs/product.md "Errors": top right), mounted once the first toast is asked for (see lib/toast.ts). */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToastHost, isToastHostWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}
