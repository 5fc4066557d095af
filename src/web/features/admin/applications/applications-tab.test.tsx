import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { TApplicationAccepted, TCompanyApplication } from "../../../../contract/admin.ts";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { loadTexts, renderUi } from "../../../test/render-ui.tsx";
import { ApplicationsTab } from "./applications-tab.tsx";

beforeAll(async () => {
  await loadTexts("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const APPLICATION_ID = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1";
const COMPANY_ID = "cccccccc-cccc-4ccc-8ccc-ccccccccccc1";
const PENDING_LIST = "GET /api/company-applications?page=1&limit=10&status=PENDING";

const application = (overrides: Partial<TCompanyApplication> = {}): TCompanyApplication => ({
  id: APPLICATION_ID,
  companyName: "Kallion Kahvila Oy",
  businessId: "2980005-2",
  contactFirstName: "Aino",
  contactLastName: "Virtanen",
  contactEmail: "aino@kallionkahvila.fi",
  contactPhoneNumber: "+358401234567",
  employeeCount: 12,
  streetAddress: "Fleminginkatu 1",
  postalCode: "00530",
  city: "Helsinki",
  billingEmail: null,
  eInvoiceAddress: "003729800052",
  eInvoiceOperator: "E204503",
  language: "fi",
  message: "Haluaisimme aloittaa keväällä.",
  status: "PENDING",
  reviewedBy: null,
  reviewedAt: null,
  reviewNote: null,
  createdCompanyId: null,
  businessIdInUse: false,
  createdAt: "2026-11-20T10:15:00.000Z",
  ...overrides,
});

const page = (items: TCompanyApplication[]) => ({
  status: 200,
  body: { items, page: 1, limit: 10, total: items.length, totalPages: 1, hasNext: false, hasPrevious: false },
});

const company: TCompanyDetails = {
  companyId: COMPANY_ID,
  name: "Kallion Kahvila Oy",
  businessId: "2980005-2",
  groupCompanyId: null,
  groupCompanyName: "Kallion Konserni",
  countryCode: "FI",
  vatPercent: null,
  maxPrice: 4500.5,
  paymentMode: "ALL",
  leasingCompanyId: null,
  billingTableId: null,
  streetAddress: null,
  postalCode: null,
  city: null,
  billingEmail: null,
  eInvoiceAddress: null,
  eInvoiceOperator: null,
  hasBillingAddress: false,
  contactName: null,
  contactEmail: null,
  contactPhoneNumber: null,
  previousProvider: null,
  companyUnits: [],
  employeeCount: 0,
  activeLeaseCount: 0,
  bikePolicy: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
};

function api(extra: Record<string, FakeRoute>) {
  return fakeApi({
    "GET /api/group-companies?forDropdown=true&limit=500": {
      status: 200,
      body: { items: [], page: 1, limit: 500, total: 0, totalPages: 0, hasNext: false, hasPrevious: false },
    },
    "GET /api/leasing-companies?forDropdown=true": { status: 200, body: { leasingCompanies: [] } },
    "GET /api/billing-table": { status: 200, body: { billingTables: [] } },
    ...extra,
  });
}

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderTab(path = "/admin") {
  const user = userEvent.setup({ delay: null });
  const view = renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <Routes>
        <Route path="/admin/*" element={<ApplicationsTab />} />
      </Routes>
    </QueryClientProvider>,
    { path },
  );
  return { user, ...view };
}

describe("the admin's Hakemukset tab", () => {
  it("accepts with a new group and a max price in euros, shows a 409 in the dialog, then links to the company", async () => {
    let attempts = 0;
    const replies = api({
      [PENDING_LIST]: page([application({ businessIdInUse: true })]),
      [`POST /api/company-applications/${APPLICATION_ID}/accept`]: () => {
        attempts += 1;
        if (attempts === 1) return apiError(409, "GROUP_COMPANY_EXISTS_ERROR", "Group company exists");
        const accepted: TApplicationAccepted = {
          application: application({ status: "ACCEPTED", createdCompanyId: COMPANY_ID }),
          company,
          adminUserId: "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1",
          adminInvited: true,
        };
        return { status: 200, body: accepted };
      },
    });
    const { user } = renderTab();
    const card = await screen.findByRole("article", { name: "Kallion Kahvila Oy" });
    expect(within(card).getByText("Y-tunnus on jo käytössä")).toBeInTheDocument();
    expect(within(card).getByText("003729800052, E204503")).toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: /Hyväksy hakemus: Kallion Kahvila Oy/ }));
    const dialog = await screen.findByRole("dialog", { name: /Hyväksy hakemus/ });
    await user.click(within(dialog).getByLabelText("Uusi konserni"));
    // Pasted, not typed key by key: the form re-renders on every key, which is slow in jsdom.
    await fill(user, within(dialog).getByLabelText(/Uuden konsernin nimi/), "Kallion Konserni");
    await fill(user, within(dialog).getByLabelText("Enimmäishinta"), "4 500,50");
    await fill(user, within(dialog).getByLabelText("Toimipisteet"), "Kallio\nSörnäinen");
    await user.click(within(dialog).getByRole("button", { name: "Hyväksy ja luo yritys" }));

    expect(await within(dialog).findByText("Konserni on jo olemassa.")).toBeInTheDocument();
    expect(replies.calls.find((call) => call.method === "POST")?.body).toEqual({
      newGroupCompanyName: "Kallion Konserni",
      maxPrice: 4500.5,
      unitNames: ["Kallio", "Sörnäinen"],
    });

    await user.click(within(dialog).getByRole("button", { name: "Hyväksy ja luo yritys" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText("Yritys Kallion Kahvila Oy luotiin")).toBeInTheDocument();
    expect(screen.getByText(/Pääkäyttäjälle aino@kallionkahvila.fi lähetettiin kutsu/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Avaa yrityksen Kallion Kahvila Oy sivu" })).toHaveAttribute(
      "href",
      `/admin/yritykset/${COMPANY_ID}`,
    );
  });

  it("rejects only with a note, which goes to the applicant", async () => {
    const replies = api({
      [PENDING_LIST]: page([application()]),
      [`POST /api/company-applications/${APPLICATION_ID}/reject`]: (body) => ({
        status: 200,
        body: application({ status: "REJECTED", reviewNote: (body as { reviewNote: string }).reviewNote }),
      }),
    });
    const { user } = renderTab();
    const card = await screen.findByRole("article", { name: "Kallion Kahvila Oy" });
    await user.click(within(card).getByRole("button", { name: /Hylkää hakemus: Kallion Kahvila Oy/ }));
    const dialog = await screen.findByRole("dialog", { name: /Hylätäänkö hakemus/ });
    await user.click(within(dialog).getByRole("button", { name: "Hylkää hakemus" }));
    expect(await within(dialog).findByText(/Kirjoita perustelu/)).toBeInTheDocument();
    expect(replies.calls.filter((call) => call.method === "POST")).toHaveLength(0);

    await fill(user, within(dialog).getByLabelText(/Perustelu/), "Y-tunnus ei ole voimassa.");
    await user.click(within(dialog).getByRole("button", { name: "Hylkää hakemus" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(replies.calls.find((call) => call.method === "POST")?.body).toEqual({
      reviewNote: "Y-tunnus ei ole voimassa.",
    });
  });

  it("says where sign-ups come from when nothing is pending, and filters by status from the address", async () => {
    const replies = api({
      [PENDING_LIST]: page([]),
      "GET /api/company-applications?page=1&limit=10&status=REJECTED": page([
        application({ status: "REJECTED", reviewNote: "Ei työntekijöitä.", companyName: "Hylätty Oy" }),
      ]),
    });
    const { user } = renderTab();
    expect(await screen.findByText(/Ei käsittelemättömiä hakemuksia.*\/register/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Näytä"), "REJECTED");
    expect(await screen.findByRole("article", { name: "Hylätty Oy" })).toBeInTheDocument();
    expect(screen.getByText("Ei työntekijöitä.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Hyväksy/ })).not.toBeInTheDocument();
    expect(replies.callsTo("GET", "/api/company-applications?page=1&limit=10&status=REJECTED")).toHaveLength(
      1,
    );
  });
});
