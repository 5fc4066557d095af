import { notificationsStore } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensurePageTexts, i18n, initI18n } from "../../i18n/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { loadNotifications } from "../../lib/toast.ts";
import { type FakeRoute, fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { renderUi } from "../../test/render-ui.tsx";
import { sessionUser } from "../../test/session-user.ts";
import { NotificationBell } from "./notification-bell.tsx";
import {
  ago,
  notificationId as id,
  MINUTE,
  notification,
  notificationsPage as page,
} from "./test-fixtures.ts";

beforeAll(async () => {
  await initI18n("fi");
  // The shared pages chunk (the header's lazy part) and the dialog: slow to import the first time.
  await Promise.all([
    ensurePageTexts("fi"),
    import("../../app/lazy-pages.ts"),
    import("./notifications-dialog.tsx"),
  ]);
}, 60_000);

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LATEST = "GET /api/notifications?page=1&limit=10";
const COUNT = "GET /api/notifications/unread-count";
const MARK = "PUT /api/notifications/mark-as-read";

function renderBell(routes: Record<string, FakeRoute>) {
  const api = fakeApi(routes);
  const queryClient = createQueryClient();
  const view = renderUi(
    <QueryClientProvider client={queryClient}>
      <NotificationBell />
    </QueryClientProvider>,
  );
  return { api, queryClient, ...view };
}

const LONG_MESSAGE = `${"Työntekijä Aino Virtanen pyytää liittymistä yrityksen Demo Oy pyöräetuun. ".repeat(3)}Loppu`;

describe("the notification bell in the header", () => {
  it("shows for a user holding notifications.read, beside the user menu", async () => {
    const api = fakeApi({
      [COUNT]: { status: 200, body: { count: 3 } },
      "GET /api/health-check": { status: 200, body: { status: "ok" } },
    });
    renderApp("/", { user: sessionUser(["EMPLOYER_ADMIN"], { permissions: ["notifications.read"] }) });
    const header = await screen.findByRole("banner");
    expect(
      await within(header).findByRole("button", { name: "Ilmoitukset – lukemattomia: 3" }),
    ).toHaveTextContent("3");
    expect(within(header).getByRole("button", { name: "Maija – käyttäjävalikko" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/notifications/unread-count")).toHaveLength(1);
  });

  it("is not there, and nothing is asked, for a user without notifications.read", async () => {
    const api = fakeApi({ "GET /api/health-check": { status: 200, body: { status: "ok" } } });
    renderApp("/", {
      user: sessionUser(["EMPLOYER_GROUP_ADMIN"], {
        permissions: ["companies.read", "platform-reports.read"],
      }),
    });
    const header = await screen.findByRole("banner");
    expect(
      await within(header).findByRole("button", { name: "Maija – käyttäjävalikko" }),
    ).toBeInTheDocument();
    expect(within(header).queryByRole("button", { name: /^Ilmoitukset/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url.includes("/api/notifications"))).toEqual([]);
  });
});

describe("the notification bell", () => {
  it("shows '99+' on the badge above 99, and says so in its name", async () => {
    renderBell({ [COUNT]: { status: 200, body: { count: 100 } } });
    const bell = await screen.findByRole("button", { name: "Ilmoitukset – lukemattomia yli 99" });
    expect(bell).toHaveTextContent("99+");
  });

  it("has no badge when nothing is unread", async () => {
    renderBell({ [COUNT]: { status: 200, body: { count: 0 } } });
    const bell = await screen.findByRole("button", { name: "Ilmoitukset – ei lukemattomia" });
    expect(bell.textContent).toBe("");
  });

  it("opens a dropdown of the 5 latest of the 10 it loads, with previews and relative times", async () => {
    const user = userEvent.setup();
    const items = [
      notification(1, { message: LONG_MESSAGE, createdAt: ago(10_000) }),
      notification(2, { createdAt: ago(5 * MINUTE + 10_000) }),
      notification(3, { createdAt: ago(3 * 60 * MINUTE + 10_000), read: true, readAt: ago(MINUTE) }),
      notification(4, { createdAt: ago(2 * 1440 * MINUTE + 10_000) }),
      notification(5, { createdAt: ago(1440 * MINUTE + 10_000) }),
      ...[6, 7, 8, 9, 10].map((n) => notification(n, { createdAt: ago(3 * 1440 * MINUTE) })),
    ];
    const { api } = renderBell({
      [COUNT]: { status: 200, body: { count: 9 } },
      [LATEST]: page(items, { limit: 10, total: 12 }),
    });
    const bell = await screen.findByRole("button", { name: "Ilmoitukset – lukemattomia: 9" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    await user.click(bell);
    expect(bell).toHaveAttribute("aria-expanded", "true");
    const panel = screen.getByRole("region", { name: "Ilmoitukset" });
    const rows = await within(panel).findAllByRole("listitem");
    expect(rows).toHaveLength(5);
    expect(api.callsTo("GET", "/api/notifications?page=1&limit=10")).toHaveLength(1);

    const first = within(rows[0] as HTMLElement);
    expect(first.getByText("Ilmoitus 1")).toBeInTheDocument();
    expect(first.getByText(`${LONG_MESSAGE.slice(0, 100).trimEnd()}…`)).toBeInTheDocument();
    expect(first.getByText("juuri nyt")).toBeInTheDocument();
    // Unread is said in words, not only by colour.
    expect(first.getByText("Uusi")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("5 minuuttia sitten")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText("3 tuntia sitten")).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByText("Uusi")).not.toBeInTheDocument();
    expect(within(rows[3] as HTMLElement).getByText("2 päivää sitten")).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText("1 päivä sitten")).toBeInTheDocument();
    expect(within(panel).queryByText("Ilmoitus 6")).not.toBeInTheDocument();

    // Escape closes it and gives the bell its focus back.
    await user.keyboard("{Escape}");
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(bell).toHaveFocus();
  });

  it("opens a notification in the dialog and marks it read", async () => {
    const user = userEvent.setup();
    const { api } = renderBell({
      [COUNT]: { status: 200, body: { count: 2 } },
      [LATEST]: page([notification(1, { message: "Aino Virtanen pyytää liittymistä." }), notification(2)], {
        limit: 10,
      }),
      [MARK]: { status: 200, body: { updated: 1, unreadCount: 1 } },
    });
    await user.click(await screen.findByRole("button", { name: "Ilmoitukset – lukemattomia: 2" }));
    await user.click(await screen.findByRole("button", { name: /Ilmoitus 1/ }));

    const dialog = await screen.findByRole("dialog", { name: "Ilmoitukset" });
    expect(within(dialog).getByRole("heading", { name: "Ilmoitus 1" })).toBeInTheDocument();
    expect(within(dialog).getByText("Aino Virtanen pyytää liittymistä.")).toBeInTheDocument();
    expect(within(dialog).getByText("Työntekijän liittymispyyntö")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Hyväksy liittymispyynnöt" })).toHaveAttribute(
      "href",
      "/tyonantaja",
    );
    await waitFor(() => expect(api.callsTo("PUT", "/api/notifications/mark-as-read")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/notifications/mark-as-read")[0]?.body).toEqual({
      notificationIds: [id(1)],
    });
    expect(await screen.findByRole("button", { name: "Ilmoitukset – lukemattomia: 1" })).toBeInTheDocument();

    // Closing the dialog returns to the bell; the one opened is read now.
    await user.click(within(dialog).getByRole("button", { name: "Sulje ilmoitukset" }));
    const bell = screen.getByRole("button", { name: "Ilmoitukset – lukemattomia: 1" });
    expect(bell).toHaveFocus();
    await user.click(bell);
    const rows = within(screen.getByRole("region", { name: "Ilmoitukset" })).getAllByRole("listitem");
    expect(within(rows[0] as HTMLElement).queryByText("Uusi")).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Uusi")).toBeInTheDocument();
  });

  it("does not mark again a notification that is already read", async () => {
    const user = userEvent.setup();
    const { api } = renderBell({
      [COUNT]: { status: 200, body: { count: 0 } },
      [LATEST]: page([notification(1, { read: true, readAt: ago(MINUTE), type: "GENERAL" })], { limit: 10 }),
    });
    await user.click(await screen.findByRole("button", { name: "Ilmoitukset – ei lukemattomia" }));
    await user.click(await screen.findByRole("button", { name: /Ilmoitus 1/ }));
    const dialog = await screen.findByRole("dialog", { name: "Ilmoitukset" });
    expect(within(dialog).getByText("Yleinen")).toBeInTheDocument();
    // A general notice leads nowhere.
    expect(within(dialog).queryByRole("link")).not.toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/notifications/mark-as-read")).toEqual([]);
  });

  it("marks all as read without ids", async () => {
    const user = userEvent.setup();
    const { api } = renderBell({
      [COUNT]: { status: 200, body: { count: 2 } },
      [LATEST]: page([notification(1), notification(2)], { limit: 10 }),
      [MARK]: { status: 200, body: { updated: 2, unreadCount: 0 } },
    });
    await user.click(await screen.findByRole("button", { name: "Ilmoitukset – lukemattomia: 2" }));
    const panel = screen.getByRole("region", { name: "Ilmoitukset" });
    expect(await within(panel).findAllByText("Uusi")).toHaveLength(2);
    await user.click(within(panel).getByRole("button", { name: "Merkitse kaikki luetuiksi" }));
    await waitFor(() => expect(api.callsTo("PUT", "/api/notifications/mark-as-read")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/notifications/mark-as-read")[0]?.body).toEqual({});
    expect(await screen.findByRole("button", { name: "Ilmoitukset – ei lukemattomia" })).toBeInTheDocument();
    expect(within(panel).queryByText("Uusi")).not.toBeInTheDocument();
    expect(within(panel).getByRole("button", { name: "Merkitse kaikki luetuiksi" })).toBeDisabled();
  });

  it("says what to expect when there are no notifications", async () => {
    const user = userEvent.setup();
    renderBell({ [COUNT]: { status: 200, body: { count: 0 } }, [LATEST]: page([], { limit: 10 }) });
    await user.click(await screen.findByRole("button", { name: "Ilmoitukset – ei lukemattomia" }));
    expect(await screen.findByText(/Sinulla ei ole ilmoituksia/)).toBeInTheDocument();
  });

  it("only reports failures: no toast, and the bell stays", async () => {
    const user = userEvent.setup();
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = { status: 500, body: { statusCode: 500, code: "INTERNAL_ERROR", message: "boom" } };
    const { api } = renderBell({ [COUNT]: failure, [LATEST]: failure, [MARK]: failure });
    const bell = await screen.findByRole("button", { name: "Ilmoitukset – ei lukemattomia" });
    await waitFor(() => expect(api.callsTo("GET", "/api/notifications/unread-count")).toHaveLength(1));
    await user.click(bell);
    expect(await screen.findByText("Ilmoituksia ei saatu ladattua.")).toBeInTheDocument();
    await waitFor(() => expect(reported).toHaveBeenCalledTimes(2));
    expect(reported.mock.calls.map((call) => call[0])).toEqual([
      "Notifications: unread count failed",
      "Notifications: latest failed",
    ]);
    // A toast, were one coming, was asked for with the failure's report and waits only for the code
    // of the toast system: once that has loaded here too, it would be in the store.
    await loadNotifications();
    expect(notificationsStore.getState().notifications).toEqual([]);
    expect(notificationsStore.getState().queue).toEqual([]);
    expect(screen.queryByText("Virhe")).not.toBeInTheDocument();
    expect(bell).toBeInTheDocument();
  });
});
