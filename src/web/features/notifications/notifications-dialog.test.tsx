import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ensurePageTexts, i18n, initI18n } from "../../i18n/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { type FakeRoute, fakeApi } from "../../test/fake-api.ts";
import { renderUi } from "../../test/render-ui.tsx";
import { NotificationBell } from "./notification-bell.tsx";
import { notification, notificationId, notificationsPage } from "./test-fixtures.ts";

beforeAll(async () => {
  await initI18n("fi");
  await Promise.all([ensurePageTexts("fi"), import("./notifications-dialog.tsx")]);
}, 60_000);

beforeEach(async () => {
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const COUNT = "GET /api/notifications/unread-count";
const LATEST = "GET /api/notifications?page=1&limit=10";
const PAGE_1 = "GET /api/notifications?page=1&limit=20";

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => notification(from + i));

/** Renders the bell and opens its dialog with "Näytä kaikki". */
async function openDialog(routes: Record<string, FakeRoute>) {
  const user = userEvent.setup();
  const api = fakeApi({
    [COUNT]: { status: 200, body: { count: 0 } },
    [LATEST]: notificationsPage([], { limit: 10 }),
    ...routes,
  });
  renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationBell />
    </QueryClientProvider>,
  );
  await user.click(await screen.findByRole("button", { name: /^Ilmoitukset/ }));
  await user.click(screen.getByRole("button", { name: "Näytä kaikki" }));
  const dialog = await screen.findByRole("dialog", { name: "Ilmoitukset" });
  return { user, api, dialog };
}

describe("the notifications dialog", () => {
  it("pages the list 20 at a time from the server", async () => {
    const { user, api, dialog } = await openDialog({
      [PAGE_1]: notificationsPage(range(1, 20), { total: 45 }),
      "GET /api/notifications?page=2&limit=20": notificationsPage(range(21, 40), { page: 2, total: 45 }),
    });
    const list = await within(dialog).findByRole("list", { name: "Ilmoitukset uusimmasta vanhimpaan" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(20);
    expect(within(dialog).getByText("Sivu 1/3")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Edellinen sivu" })).toBeDisabled();

    await user.click(within(dialog).getByRole("button", { name: "Seuraava sivu" }));
    expect(await within(dialog).findByText("Ilmoitus 21")).toBeInTheDocument();
    expect(within(dialog).getByText("Sivu 2/3")).toBeInTheDocument();
    expect(within(dialog).queryByText("Ilmoitus 1")).not.toBeInTheDocument();
    expect(api.callsTo("GET", "/api/notifications?page=2&limit=20")).toHaveLength(1);
  });

  it("filters by unread and by type, and says what to do when nothing matches", async () => {
    const { user, api, dialog } = await openDialog({
      [PAGE_1]: notificationsPage([notification(1)]),
      "GET /api/notifications?page=1&limit=20&unreadOnly=true": notificationsPage([notification(2)]),
      "GET /api/notifications?page=1&limit=20&unreadOnly=true&types=PAYMENT_REMINDER": notificationsPage([]),
    });
    expect(await within(dialog).findByText("Ilmoitus 1")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("switch", { name: "Vain lukemattomat" }));
    expect(await within(dialog).findByText("Ilmoitus 2")).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText("Tyyppi"), "PAYMENT_REMINDER");
    expect(await within(dialog).findByText(/Mikään ilmoitus ei vastaa valintoja/)).toBeInTheDocument();
    expect(
      api.callsTo("GET", "/api/notifications?page=1&limit=20&unreadOnly=true&types=PAYMENT_REMINDER"),
    ).toHaveLength(1);
    await user.click(within(dialog).getByRole("button", { name: "Poista rajaukset" }));
    expect(await within(dialog).findByText("Ilmoitus 1")).toBeInTheDocument();
    expect(within(dialog).getByRole("switch", { name: "Vain lukemattomat" })).not.toBeChecked();
  });

  it("says what to expect when there are no notifications at all", async () => {
    const { dialog } = await openDialog({ [PAGE_1]: notificationsPage([]) });
    expect(await within(dialog).findByText(/Sinulla ei ole ilmoituksia/)).toBeInTheDocument();
  });

  it("shows the detail of one and deletes it after a confirmation, back to the list", async () => {
    let deleted = false;
    const order = notification(2, {
      type: "EMPLOYEE_ORDER",
      title: "Uusi tilaus",
      message: "Aino Virtanen tilasi pyörän.\nToimitus kotiin.",
      priority: "HIGH",
      read: true,
      readAt: "2026-11-20T10:20:00.000Z",
      createdAt: "2026-11-20T10:15:00.000Z",
    });
    const { user, api, dialog } = await openDialog({
      [PAGE_1]: () => notificationsPage(deleted ? [notification(1)] : [notification(1), order]),
      [`DELETE /api/notifications/${notificationId(2)}`]: () => {
        deleted = true;
        return { status: 200, body: { message: "Notification deleted" } };
      },
    });
    await user.click(await within(dialog).findByRole("button", { name: /Uusi tilaus/ }));

    expect(within(dialog).getByRole("heading", { name: "Uusi tilaus" })).toBeInTheDocument();
    expect(within(dialog).getByText(/Toimitus kotiin/)).toBeInTheDocument();
    expect(within(dialog).getByText("Työntekijän tilaus")).toBeInTheDocument();
    expect(within(dialog).getByText("Korkea")).toBeInTheDocument();
    expect(within(dialog).getByText("20.11.2026 12:15")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Hallinnoi työntekijöitä" })).toHaveAttribute(
      "href",
      "/tyonantaja?valilehti=hallinnoi",
    );

    await user.click(within(dialog).getByRole("button", { name: "Poista ilmoitus" }));
    const confirm = await screen.findByRole("dialog", { name: "Poistetaanko ilmoitus ”Uusi tilaus”?" });
    expect(within(confirm).getByText(/eikä poistoa voi perua/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Poista ilmoitus" }));

    await waitFor(() =>
      expect(api.callsTo("DELETE", `/api/notifications/${notificationId(2)}`)).toHaveLength(1),
    );
    expect(
      await within(dialog).findByRole("list", { name: "Ilmoitukset uusimmasta vanhimpaan" }),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText("Uusi tilaus")).not.toBeInTheDocument());
    expect(within(dialog).getByText("Ilmoitus 1")).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: /Poistetaanko/ })).not.toBeInTheDocument();
  });

  it("goes back from the detail to the same page", async () => {
    const { user, dialog } = await openDialog({
      [PAGE_1]: notificationsPage(range(1, 20), { total: 25 }),
      "GET /api/notifications?page=2&limit=20": notificationsPage(range(21, 25), { page: 2, total: 25 }),
      "PUT /api/notifications/mark-as-read": { status: 200, body: { updated: 1, unreadCount: 0 } },
    });
    await user.click(await within(dialog).findByRole("button", { name: "Seuraava sivu" }));
    await user.click(await within(dialog).findByRole("button", { name: /Ilmoitus 22/ }));
    expect(within(dialog).getByRole("heading", { name: "Ilmoitus 22" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: /Takaisin ilmoituksiin/ }));
    expect(await within(dialog).findByText("Sivu 2/2")).toBeInTheDocument();
  });

  it("keeps the detail when a delete fails, and only reports it", async () => {
    const reported = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, dialog } = await openDialog({
      [PAGE_1]: notificationsPage([notification(1, { read: true, readAt: "2026-11-20T10:20:00.000Z" })]),
      [`DELETE /api/notifications/${notificationId(1)}`]: {
        status: 500,
        body: { statusCode: 500, code: "INTERNAL_ERROR", message: "boom" },
      },
    });
    await user.click(await within(dialog).findByRole("button", { name: /Ilmoitus 1/ }));
    await user.click(within(dialog).getByRole("button", { name: "Poista ilmoitus" }));
    const confirm = await screen.findByRole("dialog", { name: /Poistetaanko/ });
    await user.click(within(confirm).getByRole("button", { name: "Poista ilmoitus" }));
    await waitFor(() =>
      expect(reported).toHaveBeenCalledWith("Notifications: delete failed", expect.anything()),
    );
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: /Poistetaanko/ })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole("heading", { name: "Ilmoitus 1" })).toBeInTheDocument();
    expect(screen.queryByText("Virhe")).not.toBeInTheDocument();
  });
});
