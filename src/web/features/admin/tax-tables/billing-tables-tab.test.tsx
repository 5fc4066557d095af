import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TBillingTable } from "../../../../contract/billing-tables.ts";
import { i18n, initI18n } from "../../../i18n/i18n.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { sessionUser } from "../../../test/session-user.ts";

beforeAll(async () => {
  await initI18n("fi");
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
  // Mantine's Select scrolls the chosen option into view; jsdom has no Element.scrollIntoView.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADMIN = sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] });
const id = (n: number) => `cccccccc-cccc-4ccc-8ccc-${String(n).padStart(12, "0")}`;

const table = (n: number, overrides: Partial<TBillingTable>): TBillingTable => ({
  id: id(n),
  billingTableId: id(n),
  name: `Taulukko ${n}`,
  leasingCompanyId: id(90),
  leasingCompanyName: "Grenkeleasing Oy",
  validFrom: "2026-01-01",
  validTo: null,
  monthlyServiceFeeCents: 250,
  residualValuePercent: 10,
  annualInterestPercent: 4.9,
  insurancePercentPerYear: 1.5,
  monthlyMaintenanceCents: 990,
  minLeaseMonths: 12,
  maxLeaseMonths: 60,
  campaignDiscountPercent: null,
  campaignMinLeaseMonths: null,
  isDefault: false,
  notes: null,
  rows: [
    { id: id(100 + n), minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
    { id: id(200 + n), minTotalCents: 150_000, maxTotalCents: null, leaseTimeMonths: 36 },
  ],
  createdAt: "2026-01-02T10:00:00.000Z",
  updatedAt: "2026-01-02T10:00:00.000Z",
  ...overrides,
});

/** The fake server's answer to a table sent: the sent fields, each bracket with its id. */
function saved(n: number, body: unknown): TBillingTable {
  type SentRow = { minTotalCents: number; maxTotalCents?: number | null; leaseTimeMonths: number };
  const sent = body as Omit<Partial<TBillingTable>, "rows"> & { rows?: SentRow[] };
  const rows = (sent.rows ?? []).map((row, i) => ({
    ...row,
    id: id(300 + i),
    maxTotalCents: row.maxTotalCents ?? null,
  }));
  return table(n, { ...sent, rows });
}

const GRENKE = table(1, { name: "Grenke 2026", isDefault: true });
const CAMPAIGN = table(2, {
  name: "LeasePlus kampanja",
  leasingCompanyId: null,
  leasingCompanyName: null,
  validFrom: null,
  residualValuePercent: null,
});

function api(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    "GET /api/contact-forms?page=1&limit=20": {
      status: 200,
      body: { items: [], page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
    },
    "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 0 } },
    "GET /api/billing-table": { status: 200, body: { billingTables: [GRENKE, CAMPAIGN] } },
    "GET /api/leasing-companies?forDropdown=true": {
      status: 200,
      body: {
        leasingCompanies: [
          { id: id(90), companyName: "Grenkeleasing Oy" },
          { id: id(91), companyName: "LeasePlus OÜ" },
        ],
      },
    },
    ...extra,
  });
}

async function openBillingTables() {
  const user = userEvent.setup();
  renderApp("/admin/rahoitusyhtiot/laskutustaulukot", { user: ADMIN });
  return user;
}

const dialog = () => screen.getByRole("dialog");

async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await fillIn(user, field, text);
}

describe("the admin's Billing tables tab", () => {
  it("lists the tables with their terms, brackets and the default marked", async () => {
    api();
    await openBillingTables();
    const grenke = await screen.findByRole("row", { name: /Grenke 2026/ });
    expect(within(grenke).getByText("Oletus")).toBeInTheDocument();
    expect(within(grenke).getByText("Grenkeleasing Oy")).toBeInTheDocument();
    expect(within(grenke).getByText("01.01.2026 alkaen")).toBeInTheDocument();
    expect(within(grenke).getByText(/^4,9\s%$/)).toBeInTheDocument();
    expect(within(grenke).getByText(/^9,90\s€$/)).toBeInTheDocument();
    expect(within(grenke).getByText(/^0,00\s€ – 1\s500,00\s€: 24 kk$/)).toBeInTheDocument();
    expect(within(grenke).getByText(/^1\s500,00\s€ –: 36 kk$/)).toBeInTheDocument();
    const campaign = screen.getByRole("row", { name: /LeasePlus kampanja/ });
    expect(within(campaign).queryByText("Oletus")).not.toBeInTheDocument();
    expect(within(campaign).getByText("Toistaiseksi")).toBeInTheDocument();
  });

  it("creates a table with two price brackets, the euros sent as cents", async () => {
    const replies = api({
      "POST /api/billing-table": (body) => ({ status: 201, body: saved(3, body) }),
    });
    const user = await openBillingTables();
    await user.click(await screen.findByRole("button", { name: "Lisää laskutustaulukko" }));
    expect(dialog()).toHaveAccessibleName("Uusi laskutustaulukko");
    const form = within(dialog());
    await fillIn(user, form.getByLabelText(/^Nimi/), "Grenke 2027");
    await fillIn(user, form.getByLabelText(/^Korko/), "5,25");
    await retype(user, form.getByLabelText(/^Vakuutus/), "1,5");
    await retype(user, form.getByLabelText(/^Huolto \/ kk/), "9,90");
    await retype(user, form.getByLabelText(/^Palvelumaksu \/ kk/), "2,5");
    await fillIn(user, form.getAllByLabelText(/^Hinta alkaen/)[0] as HTMLElement, "0");
    await fillIn(user, form.getAllByLabelText(/^Hinta enintään/)[0] as HTMLElement, "1 500");
    await fillIn(user, form.getAllByLabelText(/^Vuokrakausi/)[0] as HTMLElement, "24");
    await user.click(form.getByRole("button", { name: "Lisää hintaporras" }));
    expect(form.getByRole("group", { name: "Porras 2" })).toBeInTheDocument();
    await fillIn(user, form.getAllByLabelText(/^Hinta alkaen/)[1] as HTMLElement, "1500,00");
    await fillIn(user, form.getAllByLabelText(/^Vuokrakausi/)[1] as HTMLElement, "36");
    await user.click(form.getByRole("button", { name: "Tallenna" }));

    await waitFor(() => expect(replies.callsTo("POST", "/api/billing-table")).toHaveLength(1));
    expect(replies.callsTo("POST", "/api/billing-table")[0]?.body).toEqual({
      name: "Grenke 2027",
      validFrom: null,
      validTo: null,
      annualInterestPercent: 5.25,
      residualValuePercent: null,
      insurancePercentPerYear: 1.5,
      monthlyMaintenanceCents: 990,
      monthlyServiceFeeCents: 250,
      minLeaseMonths: 12,
      maxLeaseMonths: 60,
      campaignDiscountPercent: null,
      campaignMinLeaseMonths: null,
      isDefault: false,
      notes: null,
      rows: [
        { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
        { minTotalCents: 150_000, maxTotalCents: null, leaseTimeMonths: 36 },
      ],
    });
    expect(await screen.findByText("Tallennettu: Grenke 2027.")).toBeInTheDocument();
    await waitFor(() =>
      expect(replies.callsTo("GET", "/api/billing-table").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("refuses overlapping brackets before sending, at the bracket", async () => {
    const replies = api();
    const user = await openBillingTables();
    await user.click(await screen.findByRole("button", { name: "Muokkaa: LeasePlus kampanja" }));
    const form = within(dialog());
    await retype(user, form.getAllByLabelText(/^Hinta alkaen/)[1] as HTMLElement, "1000");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    expect(form.getByText("Porras menee päällekkäin toisen portaan kanssa.")).toBeInTheDocument();
    expect(
      form.getByRole("link", { name: /^Porras 2: Hinta alkaen: Porras menee päällekkäin/ }),
    ).toBeInTheDocument();
    expect(replies.calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("says at the top of the form that the default keeps its flag until another table takes it (409)", async () => {
    const replies = api({
      [`PUT /api/billing-table/${GRENKE.id}`]: apiError(
        409,
        "CONFLICT",
        "The default billing table stays the default until another table is made the default",
      ),
    });
    const user = await openBillingTables();
    await user.click(await screen.findByRole("button", { name: "Muokkaa: Grenke 2026" }));
    const form = within(dialog());
    expect(form.getByLabelText("Rahoitusyhtiö", { selector: "input" })).toHaveValue("Grenkeleasing Oy");
    await user.click(form.getByRole("switch", { name: /^Oletustaulukko/ }));
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    const alert = await form.findByRole("alert");
    expect(alert).toHaveTextContent("Tallennus estyi");
    expect(alert).toHaveTextContent(
      "Oletustaulukko pysyy oletuksena, kunnes toinen taulukko merkitään oletukseksi.",
    );
    // The whole table goes back, its leasing company unchanged.
    expect(replies.callsTo("PUT", `/api/billing-table/${GRENKE.id}`)[0]?.body).toMatchObject({
      name: "Grenke 2026",
      leasingCompanyId: GRENKE.leasingCompanyId,
      isDefault: false,
      monthlyMaintenanceCents: 990,
      rows: [
        { minTotalCents: 0, maxTotalCents: 150_000, leaseTimeMonths: 24 },
        { minTotalCents: 150_000, maxTotalCents: null, leaseTimeMonths: 36 },
      ],
    });
  });

  it("asks before deleting, and explains the API's 409 for the default table", async () => {
    const replies = api({
      [`DELETE /api/billing-table/${GRENKE.id}`]: apiError(
        409,
        "CONFLICT",
        "The default billing table cannot be deleted; make another table the default first",
      ),
    });
    const user = await openBillingTables();
    await user.click(await screen.findByRole("button", { name: "Poista: Grenke 2026" }));
    expect(dialog()).toHaveAccessibleName("Poistetaanko laskutustaulukko Grenke 2026?");
    await user.click(within(dialog()).getByRole("button", { name: "Poista laskutustaulukko" }));
    await waitFor(() => expect(replies.callsTo("DELETE", `/api/billing-table/${GRENKE.id}`)).toHaveLength(1));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Taulukkoa Grenke 2026 ei poistettu, koska se on oletustaulukko, jolla laskuri hinnoittelee.",
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("chooses the leasing company from the active companies, and can leave a table without one", async () => {
    const replies = api({
      [`PUT /api/billing-table/${CAMPAIGN.id}`]: (body) => ({
        status: 200,
        body: saved(2, body),
      }),
      [`PUT /api/billing-table/${GRENKE.id}`]: (body) => ({
        status: 200,
        body: saved(1, body),
      }),
    });
    const user = await openBillingTables();
    await user.click(await screen.findByRole("button", { name: "Muokkaa: LeasePlus kampanja" }));
    let form = within(dialog());
    const select = form.getByLabelText("Rahoitusyhtiö", { selector: "input" });
    expect(select).toHaveValue("");
    await user.click(select);
    await user.click(await screen.findByRole("option", { name: "LeasePlus OÜ" }));
    expect(select).toHaveValue("LeasePlus OÜ");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/billing-table/${CAMPAIGN.id}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/billing-table/${CAMPAIGN.id}`)[0]?.body).toMatchObject({
      name: "LeasePlus kampanja",
      leasingCompanyId: id(91),
    });
    expect(replies.callsTo("GET", "/api/leasing-companies?forDropdown=true").length).toBeGreaterThanOrEqual(
      1,
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(await screen.findByRole("button", { name: "Muokkaa: Grenke 2026" }));
    form = within(dialog());
    const chosen = form.getByLabelText("Rahoitusyhtiö", { selector: "input" });
    expect(chosen).toHaveValue("Grenkeleasing Oy");
    await user.click(chosen);
    await user.click(await screen.findByRole("option", { name: "Grenkeleasing Oy" }));
    expect(chosen).toHaveValue("");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(replies.callsTo("PUT", `/api/billing-table/${GRENKE.id}`)).toHaveLength(1));
    expect(replies.callsTo("PUT", `/api/billing-table/${GRENKE.id}`)[0]?.body).toMatchObject({
      leasingCompanyId: null,
    });
  });
});
