import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TCompanyUnit } from "../../../../contract/companies.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { COMPANY_ID, details, FORM_OPTIONS, NOW, page, renderTab, uuid } from "./test-kit.tsx";

setUpScreenTests();

const PATH = `/admin/yritykset/${COMPANY_ID}`;
const unit = (n: number, unitName: string, employeeCount = 0): TCompanyUnit => ({
  unitId: uuid(300 + n),
  unitName,
  companyId: COMPANY_ID,
  employeeCount,
});

/** Everything the company page asks for, with the company as given. */
function companyApi(
  units: () => TCompanyUnit[],
  extra: Record<string, FakeRoute> = {},
  overrides: Parameters<typeof details>[0] = {},
) {
  return fakeApi({
    ...FORM_OPTIONS,
    [`GET /api/companies/${COMPANY_ID}`]: () => ({
      status: 200,
      body: details({ companyUnits: units(), ...overrides }),
    }),
    [`GET /api/companies/${COMPANY_ID}/vat?onlyGetVATValue=false`]: {
      status: 200,
      body: { value: 25.5, companyId: COMPANY_ID, source: "COUNTRY" },
    },
    [`GET /api/companies/${COMPANY_ID}/payroll-recipients`]: { status: 200, body: { recipients: [] } },
    [`GET /api/companies/${COMPANY_ID}/lease-invoices?page=1&limit=12`]: {
      status: 200,
      body: { items: [], page: 1, limit: 12, total: 0, totalPages: 1, hasNext: false, hasPrevious: false },
    },
    [`GET /api/system-users?companyId=${COMPANY_ID}&page=1&limit=100`]: page([]),
    [`GET /api/system-users?companyId=${COMPANY_ID}&page=1&limit=20`]: page([
      {
        userId: uuid(600),
        firstName: "Eero",
        lastName: "Edunsaaja",
        workEmail: "eero@kallionkahvi.fi",
        personalEmail: null,
        phoneNumber: null,
        companyId: COMPANY_ID,
        companyName: "Kallion Kahvila Oy",
        roles: ["BIKE_BENEFICIARY", "EMPLOYER_ADMIN"],
        deactivated: false,
        lastLoginAt: null,
      },
    ]),
    [`GET /api/companies/${COMPANY_ID}/orders?page=1&limit=20`]: page([]),
    [`GET /api/admin/companies/${COMPANY_ID}/identity`]: {
      status: 200,
      body: {
        signingPolicy: "SMS_CODE",
        strongIdentificationAvailable: true,
        sso: null,
        ssoRedirectUri: "https://pedaali.example/api/auth/sso/callback",
      },
    },
    [`GET /api/event-log?companyId=${COMPANY_ID}&limit=10`]: page([
      {
        id: uuid(700),
        type: "COMPANY_CREATED",
        actor: { userId: uuid(701), name: "Hanna Helpdesk", email: "hanna@pedaali.fi" },
        company: { id: COMPANY_ID, name: "Kallion Kahvila Oy" },
        entityType: "company",
        entityId: COMPANY_ID,
        entityLabel: "Kallion Kahvila Oy",
        data: { name: "Kallion Kahvila Oy", units: 2, source: "companies" },
        createdAt: NOW,
      },
    ]),
    ...extra,
  });
}

describe("a company's page", () => {
  it("says when the company did not load (a refusal is not retried by itself), keeps the way back, and shows it once tried again", async () => {
    const user = userEvent.setup();
    let failing = true;
    companyApi(() => [], {
      [`GET /api/companies/${COMPANY_ID}`]: () =>
        failing
          ? apiError(403, "FORBIDDEN", "Forbidden")
          : { status: 200, body: details({ companyUnits: [] }) },
    });
    renderTab(PATH);
    // The refusal's own toast is an alert too: the page's is the one that names the company's details.
    const alert = await screen.findByText("Yrityksen tietoja ei saatu ladattua.");
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole("link", { name: "← Kaikki yritykset" })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await screen.findByRole("heading", { name: "Kallion Kahvila Oy", level: 2 })).toBeInTheDocument();
  });

  it("tells the helpdesk when the company has no billing address for its lease invoice", async () => {
    companyApi(() => [], {}, { billingEmail: null, hasBillingAddress: false });
    renderTab(PATH);
    expect(await screen.findByText("Laskutusosoite puuttuu")).toBeInTheDocument();
    expect(screen.getByText(/leasinglasku ei mene kenellekään/)).toBeInTheDocument();
  });

  it("shows no such notice when the company has one", async () => {
    companyApi(() => []);
    renderTab(PATH);
    expect(await screen.findByRole("heading", { name: "Kallion Kahvila Oy", level: 2 })).toBeInTheDocument();
    expect(screen.queryByText("Laskutusosoite puuttuu")).not.toBeInTheDocument();
  });

  it("shows the company, and the refusal to delete it while it has active leases", async () => {
    const user = userEvent.setup();
    const api = companyApi(() => [], {
      [`DELETE /api/companies/${COMPANY_ID}`]: apiError(
        409,
        "COMPANY_HAS_ACTIVE_LEASES",
        "Company has active leases",
      ),
    });
    renderTab(PATH);
    expect(await screen.findByRole("heading", { name: "Kallion Kahvila Oy", level: 2 })).toBeInTheDocument();
    expect(await screen.findByText(/25,5\s%\s\(Suomi: yleinen verokanta\)/)).toBeInTheDocument();
    expect(await screen.findByText("Yritys luotu")).toBeInTheDocument();
    // Pedaali's lease invoices to the company, the employer's own section, under the company's heading.
    expect(screen.getByRole("heading", { name: "Laskut", level: 3 })).toBeInTheDocument();
    // The event says to what; the people's roles are named as people call them.
    expect(screen.getByText("Yritys: Kallion Kahvila Oy")).toBeInTheDocument();
    expect(await screen.findByText("Työntekijä (edunsaaja), Työnantajan pääkäyttäjä")).toBeInTheDocument();
    expect(
      await screen.findByText("Ei käytössä: yrityksen käyttäjät kirjautuvat salasanalla"),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Poista yritys" }));
    const dialog = await screen.findByRole("dialog", { name: "Poistetaanko yritys Kallion Kahvila Oy?" });
    await user.click(within(dialog).getByRole("button", { name: "Poista yritys" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      /Yritystä ei voi poistaa, koska sillä on voimassa olevia tai käynnistyviä leasingsopimuksia \(2\)/,
    );
    expect(api.callsTo("DELETE", `/api/companies/${COMPANY_ID}`)).toHaveLength(1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("adds a unit with the COMPANY_UNIT_CREATED toast and explains a unit in use", async () => {
    const user = userEvent.setup();
    let units = [unit(1, "Kallio", 3)];
    const api = companyApi(() => units, {
      "POST /api/company-unit": (body) => {
        const created = unit(2, (body as { unit: { unitName: string } }).unit.unitName);
        units = [...units, created];
        return { status: 201, body: { code: "COMPANY_UNIT_CREATED", unit: { data: created } } };
      },
      [`DELETE /api/company-unit/${uuid(301)}`]: apiError(409, "UNIT_IN_USE", "Unit in use"),
    });
    renderTab(PATH);
    const name = await screen.findByRole("textbox", { name: "Uuden toimipisteen nimi" });
    await user.click(name);
    await user.paste("Sörnäinen");
    await user.click(screen.getByRole("button", { name: "Lisää toimipiste" }));
    expect(await screen.findByText("Toimipiste Sörnäinen lisättiin.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/company-unit")[0]?.body).toEqual({
      unit: { unitName: "Sörnäinen" },
      companyId: COMPANY_ID,
    });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Poista: Sörnäinen" })).toBeInTheDocument(),
    );
    expect(name).toHaveValue("");

    await user.click(screen.getByRole("button", { name: "Poista: Kallio" }));
    const dialog = await screen.findByRole("dialog", { name: "Poistetaanko toimipiste Kallio?" });
    expect(dialog).toHaveTextContent(/Toimipisteeseen Kallio kuuluu työntekijöitä \(3\)/);
    await user.click(within(dialog).getByRole("button", { name: "Poista toimipiste" }));
    expect(await screen.findByText("Toimipisteen poistaminen ei onnistunut")).toBeInTheDocument();
  });
});
