import { Component, type ReactNode } from "react";
import { UserMenu } from "../../app/user-menu.tsx";
import type { SessionUser } from "../../lib/session.ts";
import { NotificationBell } from "./notification-bell.tsx";
import { canUseNotifications } from "./notifications-access.ts";
import { reportNotificationError } from "./notifications-api.ts";

/** The bell must never break the header: a failure in it is reported and the bell is left out. */
class BellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    reportNotificationError("bell", error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What a logged-in user has at the right of the header: the notification bell (only with
 * notifications.read) and the user menu. One lazy component for both (app-header.tsx), so the entry
 * keeps a single lazy import of the shared pages chunk (see app/lazy-pages.ts).
 */
export function HeaderUserActions({ user }: { user: SessionUser }) {
  return (
    <>
      {canUseNotifications(user) && (
        <BellBoundary>
          <NotificationBell />
        </BellBoundary>
      )}
      <UserMenu user={user} />
    </>
  );
}
