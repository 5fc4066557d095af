import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TCompanyDetails } from "../../../../contract/companies.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import {
  ADMIN,
  BASE,
  DEMO_OY,
  employee,
  GROUP_ADMIN,
  LOGISTIIKKA,
  NO_OPTIONS,
  renderPage,
} from "./test-support.tsx";

setUpScreenTests();

const ADD = "/tyonantaja?valilehti=lisaa";
const NOW = "2026-11-20T10:15:00.000Z";

function company(id: string, name: string): TCompanyDetails {
  return {
    companyId: id,
    name,
    businessId: "2980005-2",
    groupCompanyId: null,
    groupCompanyName: null,
    countryCode: "FI",
    vatPercent: null,
    maxPrice: 4500,
    paymentMode: "PAYROLL",
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
    employeeCount: 4,
    activeLeaseCount: 1,
    bikePolicy: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

describe("the add tab", () => {
  it("adds an employee: field errors at the field, the server's EMPLOYEE_EXISTS at the e-mail, then a confirmation", async () => {
    const user = userEvent.setup({ delay: null });
    let exists = true;
    const api = fakeApi({
      [`GET /api/companies/${DEMO_OY}`]: { status: 200, body: company(DEMO_OY, "Demo Oy") },
      [`GET ${BASE}/filter-options?companyId=${DEMO_OY}`]: NO_OPTIONS,
      [`POST ${BASE}/create`]: () =>
        exists
          ? apiError(409, "EMPLOYEE_EXISTS", "This person is already an employee of the company")
          : {
              status: 201,
              body: employee(9, {
                status: "ACCEPTED",
                systemUser: {
                  firstName: "Aino",
                  lastName: "Virtanen",
                  workEmail: "aino@demo.test",
                  phoneNumber: null,
                },
              }),
            },
    });
    renderPage(ADMIN, ADD);

    const section = within(
      (await screen.findByRole("heading", { level: 2, name: "Lisää työntekijä" })).closest(
        "section",
      ) as HTMLElement,
    );
    // The company's registration link card is on the same tab.
    expect(screen.getByRole("heading", { level: 2, name: "Rekisteröintilinkki" })).toBeInTheDocument();
    // One company: no company picker.
    expect(screen.queryByRole("combobox", { name: "Yritys" })).not.toBeInTheDocument();
    expect(await section.findByText(/yrityksen enimmäishintaa 4\s500,00\s€/)).toBeInTheDocument();

    await user.click(section.getByRole("button", { name: "Lisää työntekijä" }));
    expect(await section.findByRole("heading", { name: /Korjattavat tiedot/ })).toBeInTheDocument();
    expect(section.getByLabelText(/^Etunimi/)).toHaveAccessibleDescription("Tämä tieto on pakollinen");
    expect(api.callsTo("POST", `${BASE}/create`)).toHaveLength(0);

    await fillIn(user, section.getByLabelText(/^Etunimi/), " Aino ");
    await fillIn(user, section.getByLabelText(/^Sukunimi/), "Virtanen");
    await fillIn(user, section.getByLabelText(/^Työsähköposti/), "Aino@Demo.test");
    await user.selectOptions(section.getByLabelText("Kutsun kieli"), "Svenska");
    await fillIn(user, section.getByLabelText("Henkilönumero"), "4711");
    await user.click(section.getByRole("button", { name: "Lisää työntekijä" }));

    const email = section.getByLabelText(/^Työsähköposti/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(/Henkilö on jo yrityksen työntekijä tai kutsuttu yritykseen\./);
    // What was typed stays.
    expect(email).toHaveValue("Aino@Demo.test");
    expect(section.getByLabelText("Henkilönumero")).toHaveValue("4711");
    expect(api.callsTo("POST", `${BASE}/create`)[0]?.body).toEqual({
      companyId: DEMO_OY,
      firstName: "Aino",
      lastName: "Virtanen",
      workEmail: "aino@demo.test",
      phoneNumber: null,
      language: "sv",
      unitId: null,
      costUnit: null,
      employeeNumber: "4711",
      payRollOther: null,
      lastWorkingDayDate: null,
      jobTrialPeriodEndDate: null,
      maxPrice: null,
      employerNote: null,
    });

    exists = false;
    await user.click(section.getByRole("button", { name: "Lisää työntekijä" }));
    expect(await section.findByText("Aino Virtanen lisättiin")).toBeInTheDocument();
    expect(section.getByText(/Kutsu lähetettiin osoitteeseen aino@demo\.test/)).toBeInTheDocument();
    // The form is ready for the next one.
    expect(section.getByLabelText(/^Etunimi/)).toHaveValue("");
    expect(section.getByLabelText(/^Työsähköposti/)).not.toHaveAttribute("aria-invalid", "true");
  });

  it("lets a user of several companies choose the company, which the form and the link follow", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET /api/companies/${DEMO_OY}`]: { status: 200, body: company(DEMO_OY, "Demo Oy") },
      [`GET /api/companies/${LOGISTIIKKA}`]: {
        status: 200,
        body: company(LOGISTIIKKA, "Demo Logistiikka Oy"),
      },
      [`GET ${BASE}/filter-options?companyId=${DEMO_OY}`]: NO_OPTIONS,
      [`GET ${BASE}/filter-options?companyId=${LOGISTIIKKA}`]: NO_OPTIONS,
    });
    const { router } = renderPage(GROUP_ADMIN, ADD);
    expect(await screen.findByText(/Lisää yksittäinen työntekijä yritykseen Demo Oy/)).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Yritys" }));
    await user.click(await screen.findByRole("option", { name: "Demo Logistiikka Oy" }));
    expect(
      await screen.findByText(/Lisää yksittäinen työntekijä yritykseen Demo Logistiikka Oy/),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?valilehti=lisaa&yritys=${LOGISTIIKKA}`);
  });
});
