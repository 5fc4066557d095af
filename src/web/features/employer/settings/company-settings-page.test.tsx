import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TBikePolicy, TCompanyDetails } from "../../../../contract/companies.ts";
import type { TPayrollRecipient } from "../../../../contract/company-settings.ts";
import type { TSystemUserItem } from "../../../../contract/system-users.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { SESSION_QUERY_KEY, type SessionUser } from "../../../lib/session.ts";
import { type FakeReply, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { sessionUser } from "../../../test/session-user.ts";
import { CompanySettingsPage } from "./company-settings-page.tsx";

setUpScreenTests();

const uuid = (n: number) => `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, "0")}`;
/** sessionUser's company: the user's roles are held in it. */
const DEMO_OY = "11111111-1111-4111-8111-111111111111";
const LOGISTIIKKA = uuid(2);
const GROUP = uuid(900);
const NOW = "2026-11-20T10:15:00.000Z";

const ADMIN = sessionUser(["EMPLOYER_ADMIN"]);
const GROUP_ADMIN = sessionUser(["EMPLOYER_GROUP_ADMIN"], {
  companies: [
    { id: DEMO_OY, name: "Demo Oy", groupCompanyId: GROUP },
    { id: LOGISTIIKKA, name: "Demo Logistiikka Oy", groupCompanyId: GROUP },
  ],
});

function company(overrides: Partial<TCompanyDetails> = {}): TCompanyDetails {
  return {
    companyId: DEMO_OY,
    name: "Demo Oy",
    businessId: "2980005-2",
    groupCompanyId: null,
    groupCompanyName: null,
    countryCode: "FI",
    vatPercent: null,
    maxPrice: 4500,
    paymentMode: "PAYROLL",
    leasingCompanyId: null,
    billingTableId: null,
    streetAddress: "Mannerheimintie 1",
    postalCode: "00100",
    city: "Helsinki",
    billingEmail: null,
    eInvoiceAddress: null,
    eInvoiceOperator: null,
    hasBillingAddress: false,
    contactName: null,
    contactEmail: null,
    contactPhoneNumber: null,
    previousProvider: null,
    companyUnits: [],
    employeeCount: 4,
    activeLeaseCount: 1,
    bikePolicy: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

const POLICY: TBikePolicy = {
  companyId: DEMO_OY,
  minLeaseTimeMonths: 12,
  maxLeaseTimeMonths: 36,
  requiresEmployerApproval: true,
  eligibility: "ALL_EMPLOYEES",
  eligibilityNote: null,
  accessoriesAllowed: true,
  maintenanceIncluded: false,
  insuranceRequired: true,
  policyText: null,
};

function page<T>(items: T[]): FakeReply {
  return {
    status: 200,
    body: {
      items,
      page: 1,
      limit: 100,
      total: items.length,
      totalPages: 1,
      hasNext: false,
      hasPrevious: false,
    },
  };
}

function person(n: number, firstName: string, roles: string[], companyId = DEMO_OY): TSystemUserItem {
  return {
    userId: uuid(600 + n),
    firstName,
    lastName: "Demo",
    workEmail: `${firstName.toLowerCase()}@demo.test`,
    personalEmail: null,
    phoneNumber: null,
    companyId,
    companyName: null,
    roles,
    deactivated: false,
    lastLoginAt: null,
  };
}

const recipient = (p: TSystemUserItem): TPayrollRecipient => ({
  userId: p.userId,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.workEmail,
});

/** Everything the page asks for about a company, as given. */
function companyRoutes(details: () => TCompanyDetails, people: TSystemUserItem[] = []) {
  const id = details().companyId;
  return {
    [`GET /api/companies/${id}`]: () => ({ status: 200, body: details() }),
    [`GET /api/companies/${id}/vat?onlyGetVATValue=false`]: {
      status: 200,
      body: { value: 25.5, companyId: id, source: "COUNTRY" },
    },
    [`GET /api/companies/${id}/payroll-recipients`]: { status: 200, body: { recipients: [] } },
    [`GET /api/system-users?companyId=${id}&page=1&limit=100`]: page(people),
  } satisfies Record<string, FakeRoute>;
}

function renderPage(user: SessionUser, path = "/yritys-asetukset") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return renderUi(
    <QueryClientProvider client={queryClient}>
      <CompanySettingsPage />
      <ToastHost />
    </QueryClientProvider>,
    { path },
  );
}

/** The section named by its heading. */
async function section(name: string | RegExp) {
  const heading = await screen.findByRole("heading", { level: 2, name });
  return within(heading.closest("section") as HTMLElement);
}

describe("the company settings page", () => {
  it("shows the company's sections, and saves the max price through the employer's own endpoint", async () => {
    const user = userEvent.setup();
    let current = company({ bikePolicy: POLICY });
    const api = fakeApi({
      ...companyRoutes(() => current),
      [`PUT /api/companies/${DEMO_OY}/settings`]: (body) => {
        current = { ...current, maxPrice: (body as { maxPrice: number | null }).maxPrice };
        return { status: 200, body: current };
      },
    });
    renderPage(ADMIN);

    expect(await screen.findByRole("heading", { level: 1, name: "Yrityksen asetukset" })).toBeInTheDocument();
    for (const name of [
      "Yrityksen tiedot",
      "Pyöräetupolitiikka",
      "Toimipisteet",
      "Palkkaraportin vastaanottajat",
      "Rekisteröintilinkki",
    ]) {
      expect(await screen.findByRole("heading", { level: 2, name })).toBeInTheDocument();
    }
    // One company: no switcher, and no group sections.
    expect(screen.queryByRole("combobox", { name: "Yritys" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /Konsernin/ })).not.toBeInTheDocument();

    const details = await section("Yrityksen tiedot");
    expect(details.getByText("2980005-2")).toBeInTheDocument();
    expect(details.getByText("Mannerheimintie 1, 00100 Helsinki")).toBeInTheDocument();
    expect(await details.findByText(/25,5\s%\s\(yleinen verokanta\)/)).toBeInTheDocument();
    expect(details.getByText(/asettaa Pedaalin asiakaspalvelu/)).toBeInTheDocument();
    expect(details.getByText(/4\s500,00\s€/)).toBeInTheDocument();
    // What to do next where there is nothing yet.
    expect(screen.getByText(/^Lisää ensimmäinen toimipiste alla/)).toBeInTheDocument();
    expect(await screen.findByText(/Palkkaraportilla ei ole vielä vastaanottajia/)).toBeInTheDocument();

    await user.click(details.getByRole("button", { name: "Muuta enimmäishintaa" }));
    const field = details.getByRole("textbox", { name: "Pyöräpaketin enimmäishinta" });
    expect(field).toHaveValue("4500");
    // The opened field has the cursor, so the change can be typed at once.
    expect(field).toHaveFocus();
    await user.clear(field);
    await fillIn(user, field, "10");
    expect(details.getByText("Enimmäishinta on hyvin pieni")).toBeInTheDocument();
    expect(details.getByText(/^Alle 500,00\s€ pyöräpakettiin/)).toBeInTheDocument();
    await user.clear(field);
    await fillIn(user, field, "-5");
    expect(details.queryByText("Enimmäishinta on hyvin pieni")).not.toBeInTheDocument();
    await user.click(details.getByRole("button", { name: "Tallenna enimmäishinta" }));
    expect(await details.findByText("Enimmäishinta ei voi olla negatiivinen")).toBeInTheDocument();
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("PUT", `/api/companies/${DEMO_OY}/settings`)).toHaveLength(0);

    await user.clear(field);
    await fillIn(user, field, "3 999,50");
    await user.click(details.getByRole("button", { name: "Tallenna enimmäishinta" }));
    expect(await screen.findByText("Enimmäishinta tallennettiin.")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/companies/${DEMO_OY}/settings`)[0]?.body).toEqual({ maxPrice: 3999.5 });
    expect(await details.findByText(/3\s999,50\s€/)).toBeInTheDocument();
  });

  it("asks for the billing address when there is none, and saves it through the employer's own endpoint", async () => {
    const user = userEvent.setup();
    let current = company({ bikePolicy: POLICY, billingEmail: null, hasBillingAddress: false });
    const api = fakeApi({
      ...companyRoutes(() => current),
      [`PUT /api/companies/${DEMO_OY}/settings`]: (body) => {
        const { billingEmail } = body as { billingEmail: string };
        current = { ...current, billingEmail: billingEmail || null, hasBillingAddress: billingEmail !== "" };
        return { status: 200, body: current };
      },
    });
    renderPage(ADMIN);

    const details = await section("Yrityksen tiedot");
    expect(await details.findByText("Laskutusosoite puuttuu")).toBeInTheDocument();
    await user.click(details.getByRole("button", { name: "Muokkaa laskutusosoitetta" }));
    const field = details.getByRole("textbox", { name: /^Laskutussähköposti/ });
    await fillIn(user, field, "ei osoite");
    await user.click(details.getByRole("button", { name: "Tallenna laskutusosoite" }));
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("PUT", `/api/companies/${DEMO_OY}/settings`)).toHaveLength(0);

    await user.clear(field);
    await fillIn(user, field, "reskontra@demo.test");
    await user.click(details.getByRole("button", { name: "Tallenna laskutusosoite" }));
    expect(await screen.findByText("Laskutusosoite tallennettiin.")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/companies/${DEMO_OY}/settings`)[0]?.body).toEqual({
      billingEmail: "reskontra@demo.test",
      eInvoiceAddress: "",
      eInvoiceOperator: "",
    });
    expect(await details.findByText("reskontra@demo.test")).toBeInTheDocument();
    expect(details.queryByText("Laskutusosoite puuttuu")).not.toBeInTheDocument();
  });

  it("shows the policy form with who is eligible before a policy is saved, and saves it", async () => {
    const user = userEvent.setup();
    let current = company();
    const api = fakeApi({
      ...companyRoutes(() => current),
      [`PUT /api/bike-policy/company/${DEMO_OY}`]: (body) => {
        const saved = { companyId: DEMO_OY, ...(body as Omit<TBikePolicy, "companyId">) };
        current = { ...current, bikePolicy: saved };
        return { status: 200, body: saved };
      },
    });
    renderPage(ADMIN);

    const policy = await section("Pyöräetupolitiikka");
    expect(policy.getByText("Politiikkaa ei ole vielä tallennettu")).toBeInTheDocument();
    expect(policy.getByRole("textbox", { name: /Lyhin vuokrakausi/ })).toHaveValue("12");
    expect(policy.getByRole("textbox", { name: /Pisin vuokrakausi/ })).toHaveValue("36");
    const eligibility = policy.getByRole("radiogroup", { name: /Ketkä voivat tilata/ });
    expect(within(eligibility).getByRole("radio", { name: "Kaikki hyväksytyt työntekijät" })).toBeChecked();

    // The shortest period above the longest is refused at the field, before any call.
    const min = policy.getByRole("textbox", { name: /Lyhin vuokrakausi/ });
    await user.clear(min);
    await fillIn(user, min, "48");
    await user.click(policy.getByRole("button", { name: "Tallenna politiikka" }));
    expect(await policy.findAllByText("Lyhin vuokrakausi ei voi olla pidempi kuin pisin")).not.toHaveLength(
      0,
    );
    expect(api.callsTo("PUT", `/api/bike-policy/company/${DEMO_OY}`)).toHaveLength(0);
    await user.clear(min);
    await fillIn(user, min, "24");

    await user.click(
      within(eligibility).getByRole("radio", { name: "Työntekijät, joiden koeaika on päättynyt" }),
    );
    await fillIn(user, policy.getByRole("textbox", { name: "Lisäehdot" }), "Vakituiset työntekijät");
    await user.click(policy.getByRole("button", { name: "Tallenna politiikka" }));

    expect(await screen.findByText("Pyöräetupolitiikka tallennettiin.")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/bike-policy/company/${DEMO_OY}`)[0]?.body).toEqual({
      minLeaseTimeMonths: 24,
      maxLeaseTimeMonths: 36,
      requiresEmployerApproval: true,
      eligibility: "AFTER_TRIAL_PERIOD",
      eligibilityNote: "Vakituiset työntekijät",
      accessoriesAllowed: true,
      maintenanceIncluded: false,
      insuranceRequired: true,
      policyText: null,
    });
    // The saved policy reads as a list, with who is eligible.
    expect(await policy.findByText("Työntekijät, joiden koeaika on päättynyt")).toBeInTheDocument();
    expect(policy.getByText("24–36 kk")).toBeInTheDocument();
    expect(policy.getByRole("button", { name: "Muokkaa politiikkaa" })).toBeInTheDocument();
  });

  it("says the additional terms' limit as they pass it and keeps all that was pasted, saving nothing", async () => {
    const user = userEvent.setup();
    const api = fakeApi(companyRoutes(() => company()));
    renderPage(ADMIN);
    const policy = await section("Pyöräetupolitiikka");
    const note = policy.getByRole("textbox", { name: "Lisäehdot" });
    await user.click(note);
    await user.paste("a".repeat(6000));
    expect(note).toHaveValue("a".repeat(6000));
    expect(note).toHaveAccessibleDescription(/Enintään 1000 merkkiä/);
    // The save is refused here, before the server could refuse it (the form's summary takes the focus).
    await user.click(policy.getByRole("button", { name: "Tallenna politiikka" }));
    expect(note).toHaveAccessibleDescription(/enintään 1000 merkkiä/);
    expect(note).toHaveValue("a".repeat(6000));
    expect(api.callsTo("PUT", `/api/bike-policy/company/${DEMO_OY}`)).toHaveLength(0);
  });

  it("invites a colleague with an employer role and makes them a payroll report recipient", async () => {
    const user = userEvent.setup();
    const made = person(77, "Paula", ["EMPLOYER_REPORTING"]);
    const api = fakeApi({
      ...companyRoutes(() => company()),
      "POST /api/system-users": {
        status: 201,
        body: { user: { ...made, workEmail: "paula@tilitoimisto.test" } },
      },
      [`POST /api/companies/${DEMO_OY}/payroll-recipients`]: { status: 200, body: { recipients: [] } },
    });
    renderPage(ADMIN);
    const colleagues = await section("Yrityksen käyttäjät");
    await fillIn(user, colleagues.getByLabelText(/^Etunimi/), "Paula");
    await fillIn(user, colleagues.getByLabelText(/^Sukunimi/), "Palkanlaskija");
    await fillIn(user, colleagues.getByLabelText(/^Työsähköposti/), "Paula@Tilitoimisto.test");
    await user.selectOptions(colleagues.getByLabelText("Rooli"), "EMPLOYER_REPORTING");
    await user.click(colleagues.getByLabelText("Lisää palkkaraportin vastaanottajaksi"));
    await user.click(colleagues.getByRole("button", { name: "Kutsu käyttäjä" }));
    expect(
      await colleagues.findByText(/lähetettiin osoitteeseen paula@tilitoimisto.test/),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/system-users")[0]?.body).toEqual({
      companyId: DEMO_OY,
      firstName: "Paula",
      lastName: "Palkanlaskija",
      workEmail: "paula@tilitoimisto.test",
      role: "EMPLOYER_REPORTING",
      language: "fi",
    });
    expect(api.callsTo("POST", `/api/companies/${DEMO_OY}/payroll-recipients`)[0]?.body).toEqual({
      userIds: [made.userId],
    });
  });

  it("makes a registration link with its address, a QR code and how long it works", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      ...companyRoutes(() => company()),
      "POST /api/register-link/company": {
        status: 200,
        body: {
          token: "t".repeat(43),
          url: `https://pedaali.example/liity/${"t".repeat(43)}`,
          qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
        },
      },
    });
    renderPage(ADMIN);

    const link = await section("Rekisteröintilinkki");
    expect(
      link.getByText(/Linkki toimii 90 päivää\. Voit luoda uuden linkin milloin tahansa/),
    ).toBeInTheDocument();
    await user.click(link.getByRole("button", { name: "Luo linkki" }));
    const address = await link.findByRole("textbox", { name: "Liittymisosoite" });
    const url = `https://pedaali.example/liity/${"t".repeat(43)}`;
    expect(address).toHaveValue(url);
    expect(api.callsTo("POST", "/api/register-link/company")[0]?.body).toEqual({ companyId: DEMO_OY });
    expect(link.getByRole("button", { name: "Kopioi linkki" })).toBeInTheDocument();
    expect(link.getByText(/^Linkki toimii \d{2}\.\d{2}\.\d{4} asti\.$/)).toBeInTheDocument();
    const qr = await link.findByRole("img", { name: `QR-koodi, joka avaa liittymisosoitteen ${url}` });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(link.getByRole("button", { name: "Luo uusi linkki" })).toBeInTheDocument();
    // Only a group admin makes a link for a whole group.
    expect(link.queryByRole("heading", { name: /Konsernin/ })).not.toBeInTheDocument();
  });

  it("gives a group admin the switcher, the group's recipients (several added at once) and the group link", async () => {
    const user = userEvent.setup();
    const maija = person(1, "Maija", ["EMPLOYER_ADMIN"]);
    const timo = person(2, "Timo", ["EMPLOYER_REPORTING"]);
    const eero = person(3, "Eero", ["BIKE_BENEFICIARY"]);
    const groupPath = `/api/group-companies/${GROUP}/payroll-recipients`;
    let groupRecipients: TPayrollRecipient[] = [];
    const inGroup = { groupCompanyId: GROUP, groupCompanyName: "Demo-konserni" };
    const api = fakeApi({
      ...companyRoutes(() => company(inGroup), [maija, timo, eero]),
      ...companyRoutes(() => company({ ...inGroup, companyId: LOGISTIIKKA, name: "Demo Logistiikka Oy" })),
      [`GET ${groupPath}`]: () => ({ status: 200, body: { data: groupRecipients } }),
      [`POST ${groupPath}`]: (body) => {
        const ids = (body as { userIds: string[] }).userIds;
        groupRecipients = [maija, timo].filter((p) => ids.includes(p.userId)).map(recipient);
        return { status: 200, body: { data: groupRecipients } };
      },
      [`DELETE ${groupPath}/${timo.userId}`]: () => {
        groupRecipients = groupRecipients.filter((r) => r.userId !== timo.userId);
        return { status: 200, body: { data: groupRecipients } };
      },
    });
    renderPage(GROUP_ADMIN);

    const switcher = await screen.findByRole("combobox", { name: "Yritys" });
    expect(switcher).toHaveValue("Demo Oy");
    const group = await section("Konsernin Demo-konserni palkkaraportin vastaanottajat");
    expect(group.getByText(/palkkaraportin sähköpostiin kerran kuukaudessa/)).toBeInTheDocument();
    expect(await group.findByText(/Palkkaraportilla ei ole vielä vastaanottajia/)).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { level: 3, name: "Konsernin Demo-konserni linkki" }),
    ).toBeInTheDocument();

    // Only employer-side users are offered: not the beneficiary.
    const picker = group.getByRole("combobox", { name: /Lisättävät henkilöt/ });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    expect(screen.queryByRole("option", { name: /Eero Demo/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: /Maija Demo/ }));
    await user.click(await screen.findByRole("option", { name: /Timo Demo/ }));
    await user.click(group.getByRole("button", { name: "Lisää vastaanottajat" }));
    expect(
      await screen.findByText("Palkkaraportin vastaanottajiin lisättiin: Maija Demo, Timo Demo."),
    ).toBeInTheDocument();
    expect(api.callsTo("POST", groupPath)[0]?.body).toEqual({ userIds: [maija.userId, timo.userId] });

    // Removing one asks first.
    await user.click(await group.findByRole("button", { name: "Poista vastaanottaja Timo Demo" }));
    const dialog = await screen.findByRole("dialog", {
      name: "Poistetaanko Timo Demo palkkaraportin vastaanottajista?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Poista vastaanottaja" }));
    expect(await screen.findByText("Timo Demo poistettiin vastaanottajista.")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `${groupPath}/${timo.userId}`)).toHaveLength(1);

    // The switcher shows the group's other company.
    await user.click(switcher);
    // The switcher's option (the recipients' native company picker lists the company too).
    const [option] = await screen.findAllByRole("option", { name: "Demo Logistiikka Oy" });
    await user.click(option as HTMLElement);
    const details = await section("Yrityksen tiedot");
    expect(await details.findByText("Demo Logistiikka Oy")).toBeInTheDocument();
    expect(api.callsTo("GET", `/api/companies/${LOGISTIIKKA}`)).toHaveLength(1);
  });
});
