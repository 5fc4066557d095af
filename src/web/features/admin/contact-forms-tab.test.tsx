import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TContactForm } from "../../../contract/contact-forms.ts";
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

const ID_1 = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1";
const ID_2 = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa2";

const item = (overrides: Partial<TContactForm>): TContactForm => ({
  contactFormDataId: ID_1,
  name: "Aino Virtanen",
  company: "Virtasen Kala Oy",
  email: "aino.virtanen@example.fi",
  phoneNumber: "0401234567",
  topic: "EMPLOYER",
  message: "Haluaisimme pyöräedun 40 hengelle.",
  checked: false,
  checkedAt: null,
  createdAt: "2026-11-20T10:15:00.000Z",
  ...overrides,
});

const page = (items: TContactForm[], total = items.length) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 20,
    total,
    totalPages: Math.ceil(total / 20),
    hasNext: total > 20,
    hasPrevious: false,
  },
});

describe("the admin's Contact Forms tab", () => {
  it("lists the messages with the unchecked count on the tab and marks one checked", async () => {
    const user = userEvent.setup();
    let checked = false;
    const api = fakeApi({
      "GET /api/contact-forms?page=1&limit=20": () =>
        page([
          item({ checked }),
          item({
            contactFormDataId: ID_2,
            name: "Bertta Bloggari",
            company: null,
            topic: "PRESS",
            checked: true,
          }),
        ]),
      "GET /api/contact-forms/unchecked-count": () => ({ status: 200, body: { count: checked ? 0 : 1 } }),
      [`PUT /api/contact-forms/update/${ID_1}`]: (body) => {
        checked = (body as { checked: boolean }).checked;
        return { status: 200, body: item({ checked, checkedAt: "2026-11-22T09:00:00.000Z" }) };
      },
    });
    renderApp("/admin/yhteydenotot", {
      user: sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] }),
    });
    const tab = await screen.findByRole("tab", { name: /Contact Forms/ }, { timeout: 5000 });
    await waitFor(() => expect(within(tab).getByText("1")).toBeInTheDocument());
    expect(await screen.findByText("Aino Virtanen")).toBeInTheDocument();
    expect(screen.getByText("Virtasen Kala Oy")).toBeInTheDocument();
    expect(screen.getAllByText("20.11.2026 12:15")).toHaveLength(2);
    expect(screen.getByText("Työnantajana")).toBeInTheDocument();
    expect(screen.getByText("Media")).toBeInTheDocument();
    const second = screen.getByRole("switch", { name: /Bertta Bloggari/ });
    expect(second).toBeChecked();
    const first = screen.getByRole("switch", { name: /Aino Virtanen/ });
    expect(first).not.toBeChecked();
    await user.click(first);
    await waitFor(() => expect(api.callsTo("PUT", `/api/contact-forms/update/${ID_1}`)).toHaveLength(1));
    expect(api.callsTo("PUT", `/api/contact-forms/update/${ID_1}`)[0]?.body).toEqual({ checked: true });
    await waitFor(() => expect(screen.getByRole("switch", { name: /Aino Virtanen/ })).toBeChecked());
    await waitFor(() => expect(within(tab).queryByText("1")).not.toBeInTheDocument());
  });

  it("filters by the checked state and pages", async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 20 }, (_, i) =>
      item({
        contactFormDataId: `aaaaaaaa-aaaa-4aaa-8aaa-${String(i).padStart(12, "0")}`,
        name: `Lähettäjä ${i}`,
      }),
    );
    const api = fakeApi({
      "GET /api/contact-forms?page=1&limit=20": page(many, 25),
      "GET /api/contact-forms?page=2&limit=20": page([item({ name: "Viimeisellä sivulla" })], 25),
      "GET /api/contact-forms?page=1&limit=20&checked=false": page([item({ name: "Käsittelemätön" })]),
      "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 25 } },
    });
    renderApp("/admin/yhteydenotot", {
      user: sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] }),
    });
    expect(await screen.findByText("Lähettäjä 0", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("Sivu 1/2 · rivit 1–20/25")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Seuraava sivu" }));
    expect(await screen.findByText("Viimeisellä sivulla")).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Näytä"), "unchecked");
    expect(await screen.findByText("Käsittelemätön")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/contact-forms?page=1&limit=20&checked=false")).toHaveLength(1);
  });

  it("says what to do when a filter finds nothing, and shows all again", async () => {
    const user = userEvent.setup();
    fakeApi({
      "GET /api/contact-forms?page=1&limit=20": page([item({ name: "Kaikkien joukossa" })]),
      "GET /api/contact-forms?page=1&limit=20&checked=true": page([]),
      "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 1 } },
    });
    renderApp("/admin/yhteydenotot", {
      user: sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] }),
    });
    expect(await screen.findByText("Kaikkien joukossa", {}, { timeout: 5000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Näytä"), "checked");
    expect(await screen.findByText(/Mikään viesti ei vastaa valintoja/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    expect(await screen.findByText("Kaikkien joukossa")).toBeInTheDocument();
    expect(screen.getByLabelText("Näytä")).toHaveValue("all");
  });

  it("offers a retry when the list cannot be fetched", async () => {
    const user = userEvent.setup();
    let fail = true;
    const api = fakeApi({
      "GET /api/contact-forms?page=1&limit=20": () =>
        fail ? { status: 500, body: { message: "boom" } } : page([item({ name: "Toisella yrityksellä" })]),
      "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 0 } },
    });
    renderApp("/admin/yhteydenotot", {
      user: sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] }),
    });
    expect(await screen.findByText("Listaa ei saatu ladattua.", {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await screen.findByText("Toisella yrityksellä")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/contact-forms?page=1&limit=20").length).toBeGreaterThanOrEqual(2);
  });
});
