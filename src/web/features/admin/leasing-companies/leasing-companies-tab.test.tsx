import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TBillingTable } from "../../../../contract/billing-tables.ts";
import type { TLeasingCompany } from "../../../../contract/leasing-companies.ts";
import { i18n, initI18n } from "../../../i18n/i18n.ts";
import { type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { sessionUser } from "../../../test/session-user.ts";

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

const ADMIN = sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] });
const id = (n: number) => `dddddddd-dddd-4ddd-8ddd-${String(n).padStart(12, "0")}`;

const company = (n: number, overrides: Partial<TLeasingCompany>): TLeasingCompany => ({
  id: id(n),
  companyName: `Yhtiö ${n}`,
  businessId: null,
  email: null,
  phoneNumber: null,
  eInvoiceAddress: null,
  eInvoiceOperator: null,
  active: true,
  lastFetchedAt: null,
  ...overrides,
});

const GRENKE = company(1, { companyName: "Grenkeleasing Oy" });
const LEASEPLUS = company(2, { companyName: "LeasePlus OÜ", active: false });
const PEDAALI = company(3, {
  companyName: "Pedaali Oy",
  businessId: "3401234-1",
  email: "info@pedaali.fi",
  phoneNumber: "+358942420000",
  // 08:05 UTC is 11:05 in Helsinki in summer time.
  lastFetchedAt: "2025-06-02T08:05:00.000Z",
});

const billingTable = (n: number, leasingCompanyId: string | null, name: string, isDefault = false) =>
  ({
    id: id(100 + n),
    billingTableId: id(100 + n),
    name,
    leasingCompanyId,
    leasingCompanyName: null,
    validFrom: null,
    validTo: null,
    monthlyServiceFeeCents: 0,
    residualValuePercent: null,
    annualInterestPercent: 4.9,
    insurancePercentPerYear: 1.5,
    monthlyMaintenanceCents: 0,
    minLeaseMonths: 12,
    maxLeaseMonths: 60,
    campaignDiscountPercent: null,
    campaignMinLeaseMonths: null,
    isDefault,
    notes: null,
    rows: [],
    createdAt: "2026-01-02T10:00:00.000Z",
    updatedAt: "2026-01-02T10:00:00.000Z",
  }) satisfies TBillingTable;

function api(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    "GET /api/contact-forms?page=1&limit=20": {
      status: 200,
      body: { items: [], page: 1, limit: 20, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
    },
    "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 0 } },
    "GET /api/leasing-companies": { status: 200, body: { leasingCompanies: [GRENKE, LEASEPLUS, PEDAALI] } },
    "GET /api/last-fetch-time": { status: 200, body: { lastFetchTime: PEDAALI.lastFetchedAt } },
    "GET /api/billing-table": {
      status: 200,
      body: {
        billingTables: [
          billingTable(1, PEDAALI.id, "Pedaali 2026", true),
          billingTable(2, PEDAALI.id, "Pedaali kampanja"),
          billingTable(3, GRENKE.id, "Grenke 2025"),
          billingTable(4, null, "Ilman yhtiötä"),
        ],
      },
    },
    ...extra,
  });
}

async function openLeasingCompanies() {
  const user = userEvent.setup();
  renderApp("/admin/rahoitusyhtiot", { user: ADMIN });
  return user;
}

describe("the admin's Rahoitusyhtiöt tab", () => {
  it("lists the leasing companies with their details and their billing tables, the default marked", async () => {
    const replies = api();
    await openLeasingCompanies();
    expect(await screen.findByRole("heading", { name: "Rahoitusyhtiöt" })).toBeInTheDocument();
    expect(
      await screen.findByText("Rahoitusyhtiöiden tiedot haettu viimeksi 02.06.2025 11:05."),
    ).toBeInTheDocument();

    const pedaali = await screen.findByRole("row", { name: /Pedaali Oy/ });
    expect(within(pedaali).getByText("3401234-1")).toBeInTheDocument();
    expect(within(pedaali).getByText("info@pedaali.fi")).toBeInTheDocument();
    expect(within(pedaali).getByText("+358942420000")).toBeInTheDocument();
    expect(within(pedaali).getByText("Käytössä")).toBeInTheDocument();
    expect(within(pedaali).getByText("02.06.2025 11:05")).toBeInTheDocument();
    const pedaaliTables = await within(pedaali).findAllByRole("listitem");
    expect(pedaaliTables.map((li) => li.textContent)).toEqual(["Pedaali 2026Oletus", "Pedaali kampanja"]);
    expect(within(pedaaliTables[0] as HTMLElement).getByText("Oletus")).toBeInTheDocument();

    const grenke = screen.getByRole("row", { name: /Grenkeleasing Oy/ });
    expect(within(grenke).getByText("Grenke 2025")).toBeInTheDocument();
    expect(within(grenke).queryByText("Oletus")).not.toBeInTheDocument();
    expect(within(grenke).getByText("Ei haettu")).toBeInTheDocument();

    const leasePlus = screen.getByRole("row", { name: /LeasePlus OÜ/ });
    expect(within(leasePlus).getByText("Ei käytössä")).toBeInTheDocument();
    expect(within(leasePlus).getByText("Ei laskutustaulukoita")).toBeInTheDocument();
    expect(screen.queryByText("Ilman yhtiötä")).not.toBeInTheDocument();

    expect(replies.callsTo("GET", "/api/leasing-companies")).toHaveLength(1);
  });

  it("says when the data has never been fetched and when there are no companies", async () => {
    api({
      "GET /api/leasing-companies": { status: 200, body: { leasingCompanies: [] } },
      "GET /api/last-fetch-time": { status: 200, body: { lastFetchTime: null } },
    });
    await openLeasingCompanies();
    expect(await screen.findByText("Rahoitusyhtiöiden tietoja ei ole vielä haettu.")).toBeInTheDocument();
    expect(await screen.findByText("Rahoitusyhtiöitä ei ole vielä.")).toBeInTheDocument();
  });
});

describe("a leasing company's e-invoice address", () => {
  it("asks for the operator with the address, then saves both as typed", async () => {
    const url = `/api/leasing-companies/${GRENKE.id}/e-invoice`;
    const replies = api({
      [`PUT ${url}`]: {
        status: 200,
        body: { ...GRENKE, eInvoiceAddress: "003712345671", eInvoiceOperator: "NDEAFIHH" },
      },
    });
    const user = await openLeasingCompanies();
    await user.click(
      await screen.findByRole("button", { name: "Muuta verkkolaskuosoitetta: Grenkeleasing Oy" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Verkkolaskuosoite: Grenkeleasing Oy" });
    await fillIn(user, within(dialog).getByLabelText("Verkkolaskuosoite"), "0037 1234 5671");
    await user.click(within(dialog).getByRole("button", { name: "Tallenna verkkolaskuosoite" }));
    expect(await within(dialog).findByLabelText("Välittäjätunnus")).toHaveAccessibleDescription(
      /Anna sekä verkkolaskuosoite että välittäjätunnus/,
    );
    expect(replies.callsTo("PUT", url)).toHaveLength(0);

    await fillIn(user, within(dialog).getByLabelText("Välittäjätunnus"), "NDEAFIHH");
    await user.click(within(dialog).getByRole("button", { name: "Tallenna verkkolaskuosoite" }));
    await waitFor(() => expect(replies.callsTo("PUT", url)).toHaveLength(1));
    expect(replies.callsTo("PUT", url)[0]?.body).toEqual({
      eInvoiceAddress: "0037 1234 5671",
      eInvoiceOperator: "NDEAFIHH",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});
