import { describe, expect, it } from "vitest";
import { NOTIFICATION_BADGE_CAP, NOTIFICATION_PREVIEW_LENGTH } from "./constants.ts";
import { NOTIFICATION_TYPES } from "./enums.ts";
import {
  isNotificationBadgeCapped,
  mergeNotifications,
  notificationBadgeText,
  notificationPreview,
  notificationTarget,
} from "./notifications.ts";
import { matchRoute } from "./routes.ts";

describe("notificationTarget", () => {
  it("leads a join request to /tyonantaja, whose default tab lists the requests", () => {
    expect(notificationTarget("EMPLOYEE_REGISTRATION")).toEqual({
      kind: "joinRequests",
      path: "/tyonantaja",
    });
  });

  it("leads an order and its status change to the employee page's manage tab", () => {
    const manage = { kind: "employeeManagement", path: "/tyonantaja?valilehti=hallinnoi" };
    expect(notificationTarget("EMPLOYEE_ORDER")).toEqual(manage);
    expect(notificationTarget("ORDER_STATUS_CHANGE")).toEqual(manage);
  });

  it("leads a payment reminder to /raportointi", () => {
    expect(notificationTarget("PAYMENT_REMINDER")).toEqual({ kind: "reporting", path: "/raportointi" });
  });

  it("gives a system update and a general notice no link", () => {
    expect(notificationTarget("SYSTEM_UPDATE")).toBeNull();
    expect(notificationTarget("GENERAL")).toBeNull();
  });

  it("answers every type with null or a path of the route table", () => {
    for (const type of NOTIFICATION_TYPES) {
      const target = notificationTarget(type);
      if (target) expect(matchRoute(target.path), type).not.toBeNull();
    }
  });
});

describe("notificationBadgeText", () => {
  it("shows no badge when nothing is unread", () => {
    expect(notificationBadgeText(0)).toBeNull();
    expect(notificationBadgeText(-1)).toBeNull();
    expect(notificationBadgeText(Number.NaN)).toBeNull();
  });

  it("shows the count up to 99 and '99+' above it", () => {
    expect(notificationBadgeText(1)).toBe("1");
    expect(notificationBadgeText(NOTIFICATION_BADGE_CAP)).toBe("99");
    expect(notificationBadgeText(NOTIFICATION_BADGE_CAP + 1)).toBe("99+");
    expect(notificationBadgeText(12_345)).toBe("99+");
    expect(isNotificationBadgeCapped(99)).toBe(false);
    expect(isNotificationBadgeCapped(100)).toBe(true);
  });
});

describe("notificationPreview", () => {
  it("keeps a message of at most 100 characters whole", () => {
    const exact = "a".repeat(NOTIFICATION_PREVIEW_LENGTH);
    expect(notificationPreview(exact)).toBe(exact);
    expect(notificationPreview("Maija Meikäläinen liittyi.")).toBe("Maija Meikäläinen liittyi.");
  });

  it("cuts a longer one at 100 characters and adds an ellipsis", () => {
    const long = `${"b".repeat(NOTIFICATION_PREVIEW_LENGTH)}cdef`;
    const preview = notificationPreview(long);
    expect(preview).toBe(`${"b".repeat(NOTIFICATION_PREVIEW_LENGTH)}…`);
    expect(Array.from(preview)).toHaveLength(NOTIFICATION_PREVIEW_LENGTH + 1);
  });

  it("shows the message on one line and drops a space before the ellipsis", () => {
    expect(notificationPreview("Rivi yksi\n\nRivi  kaksi ")).toBe("Rivi yksi Rivi kaksi");
    expect(notificationPreview(`${"c".repeat(99)} dddd`)).toBe(`${"c".repeat(99)}…`);
  });

  it("counts an emoji as one character and never cuts it in half", () => {
    const preview = notificationPreview(`${"🚲".repeat(101)}`);
    expect(preview).toBe(`${"🚲".repeat(100)}…`);
  });
});

describe("mergeNotifications", () => {
  const item = (id: string, createdAt: string, read = false) => ({ id, createdAt, read });

  it("keeps one per id, the incoming copy, newest first", () => {
    const current = [item("b", "2026-11-20T10:00:00.000Z"), item("a", "2026-11-19T10:00:00.000Z")];
    const incoming = [item("c", "2026-11-21T10:00:00.000Z"), item("b", "2026-11-20T10:00:00.000Z", true)];
    expect(mergeNotifications(current, incoming)).toEqual([
      item("c", "2026-11-21T10:00:00.000Z"),
      item("b", "2026-11-20T10:00:00.000Z", true),
      item("a", "2026-11-19T10:00:00.000Z"),
    ]);
  });

  it("orders ties by id, descending, as the server does", () => {
    const at = "2026-11-20T10:00:00.000Z";
    expect(mergeNotifications([item("a", at)], [item("c", at), item("b", at)]).map((n) => n.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
  });

  it("changes nothing when a check brings nothing", () => {
    const current = [item("a", "2026-11-19T10:00:00.000Z")];
    expect(mergeNotifications(current, [])).toEqual(current);
  });
});
