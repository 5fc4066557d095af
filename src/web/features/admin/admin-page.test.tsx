import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { fakeApi } from "../../test/fake-api.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

beforeAll(async () => {
  await initI18n("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const EMPTY_PAGE = {
  status: 200,
  body: { items: [], page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
};

describe("the /admin page", () => {
  it("the heading sits in the full-width admin frame with the tabs, with no 'later version' line", async () => {
    fakeApi({
      "GET /api/company-applications?page=1&limit=10&status=PENDING": EMPTY_PAGE,
      "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 0 } },
      // Hakemukset opens on the helpdesk's order queue.
      "GET /api/orders/all?page=1&limit=20&statusGroup=GENERAL": EMPTY_PAGE,
      "GET /api/orders/list-data": { status: 200, body: { statusCounts: [], total: 0 } },
      "GET /api/tasks": { status: 200, body: { data: [] } },
      "GET /api/companies?names=true&limit=500": { ...EMPTY_PAGE, body: { ...EMPTY_PAGE.body, limit: 500 } },
    });
    renderApp("/admin", { user: sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] }) });
    const heading = await screen.findByRole("heading", { level: 1, name: "Ylläpito" }, { timeout: 5000 });
    const tab = await screen.findByRole("tab", { name: /Contact Forms/ });
    // One column for both: the heading is in no centred (sized) container, and shares its parent with the tabs.
    expect(heading.closest(".mantine-Container-root:not([data-fluid])")).toBeNull();
    // The heading row (h1 and the helpdesk search) and the tabs share the content column.
    const column = heading.parentElement?.parentElement as HTMLElement;
    expect(within(heading.parentElement as HTMLElement).getByRole("combobox")).toBeInTheDocument();
    expect(within(column).getByRole("tab", { name: /Contact Forms/ })).toBe(tab);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    // docs/product.md "Screens": its tabs in order with Pyöräliikkeet and Tilitykset after Rahoitusyhtiöt, Hakemukset open by default.
    expect(screen.getAllByRole("tab").map((t) => t.textContent?.replace(/\d+$/, ""))).toEqual([
      "Yritykset",
      "Käyttäjät",
      "Raportointi",
      "Hakemukset",
      "Rahoitusyhtiöt",
      "Pyöräliikkeet",
      "Tilitykset",
      "Lisää yritys",
      "Contact Forms",
    ]);
    expect(screen.getByRole("tab", { name: "Hakemukset" })).toHaveAttribute("aria-selected", "true");
    expect(
      screen.queryByText("Tämä sivu julkaistaan palvelun myöhemmässä versiossa."),
    ).not.toBeInTheDocument();
    expect(document.title).toBe("Ylläpito – Pedaali");
  });
});
