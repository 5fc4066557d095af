import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TMunicipalRateImportPreview } from "../../../../contract/municipal-rate-import.ts";
import type {
  TProvinceTaxTableItem,
  TStateIncomeTaxTable,
  TTaxpayerDeductionsTable,
  TTaxTable,
} from "../../../../contract/tax-tables.ts";
import { i18n, initI18n } from "../../../i18n/i18n.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { sessionUser } from "../../../test/session-user.ts";

beforeAll(async () => {
  await initI18n("fi");
  // Load the admin area's chunk and texts once here, so that no test's first find waits for them (the
  // tests run in a shuffled order, and on a busy machine that load alone may take seconds).
  await Promise.all([
    import("../admin-page.tsx"),
    import("../../../app/lazy-pages.ts"),
    import("../../../i18n/admin-texts.ts").then((m) => m.ensureAdminTexts()),
  ]);
  // mantine-datatable scrolls its viewport to the top on a page change; jsdom has no Element.scrollTo.
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
}, 60_000);

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADMIN = sessionUser(["INTERNAL_ADMIN"], { companyId: null, companies: [] });
const STAMPS = { createdAt: "2026-01-02T10:00:00.000Z", updatedAt: "2026-01-02T10:00:00.000Z" };
const id = (n: number) => `bbbbbbbb-bbbb-4bbb-8bbb-${String(n).padStart(12, "0")}`;

const page = <T,>(items: T[]) => ({
  status: 200,
  body: {
    items,
    page: 1,
    limit: 500,
    total: items.length,
    totalPages: 1,
    hasNext: false,
    hasPrevious: false,
  },
});

const payroll: TTaxTable = {
  id: id(1),
  taxTableId: id(1),
  year: 2026,
  employeePensionPercent: 7.3,
  pensionFromAge: 17,
  pensionToAge: 67,
  olderEmployeePensionPercent: null,
  olderPensionFromAge: null,
  olderPensionToAge: null,
  unemploymentInsurancePercent: 0.89,
  unemploymentFromAge: 18,
  unemploymentToAge: 64,
  healthInsuranceDailyAllowancePercent: 0.88,
  dailyAllowanceThresholdCents: 1_686_200,
  dailyAllowanceFromAge: 16,
  dailyAllowanceToAge: 67,
  healthInsuranceMedicalCarePercent: 1.06,
  broadcastingTaxPercent: 2.5,
  broadcastingTaxThresholdCents: 1_515_000,
  broadcastingTaxMaxCents: 16_000,
  broadcastingTaxFromAge: 18,
  bikeBenefitTaxFreeLimitCents: 0,
  bikeBenefitGrandfatheredLimitCents: 120_000,
  bikeBenefitGrandfatheredUntil: "2025-04-23",
  taxFreeBenefitsSharedLimitCents: 340_000,
  averageMunicipalTaxPercent: 7.6,
  source: "Verohallinto 2026",
  confirmed: true,
  ...STAMPS,
};

const bracket = (
  n: number,
  lower: number,
  upper: number | null,
  base: number,
  marginal: number,
): TStateIncomeTaxTable => ({
  id: id(10 + n),
  stateIncomeTaxTableId: id(10 + n),
  year: 2026,
  lowerLimitCents: lower,
  upperLimitCents: upper,
  baseTaxCents: base,
  marginalPercent: marginal,
  source: "HE 120/2025",
  confirmed: false,
  ...STAMPS,
});

const scale = [
  bracket(1, 0, 2_200_000, 0, 12.64),
  bracket(2, 2_200_000, 3_260_000, 278_080, 19),
  bracket(3, 3_260_000, null, 479_480, 30.25),
];

const deduction = (n: number, type: string, rate: number, max: number): TTaxpayerDeductionsTable => ({
  id: id(20 + n),
  taxDeductionsId: id(20 + n),
  year: 2026,
  deductionType: type,
  description: null,
  ratePercent: rate,
  maxDeductionCents: max,
  incomeThresholdCents: 0,
  phaseOutStartCents: null,
  phaseOutPercent: null,
  phaseOutEndCents: null,
  secondPhaseOutPercent: null,
  seniorMaxDeductionCents: null,
  seniorFromAge: null,
  childAdditionCents: 0,
  source: "Vero.fi",
  confirmed: true,
  ...STAMPS,
});

const municipality = (n: number, name: string, rate: number, confirmed: boolean): TProvinceTaxTableItem => ({
  id: id(30 + n),
  year: 2026,
  provinceName: name,
  provinceNameSv: null,
  municipalityCode: null,
  municipalTaxPercent: rate,
  churchTaxPercent: 1.3,
  orthodoxChurchTaxPercent: 1.8,
  aland: false,
  source: confirmed ? "Verohallinto, kuntien veroprosentit 2026" : "Kuntaliitto (ennakkotieto)",
  confirmed,
  ...STAMPS,
  previous: null,
});

const TURKU = {
  ...municipality(1, "Turku", 7.5, false),
  previous: { year: 2025, municipalTaxPercent: 7.2, churchTaxPercent: 1.3, orthodoxChurchTaxPercent: 1.8 },
};
const HELSINKI = municipality(2, "Helsinki", 5.3, true);

const LISTS = {
  taxTables: "GET /api/tax-table?page=1&limit=500",
  scale: "GET /api/state-income-tax-table?page=1&limit=500&year=2026",
  deductions: "GET /api/taxpayer-deductions-table?page=1&limit=500&year=2026",
  municipal: "GET /api/province-tax-table?page=1&limit=50&year=2026",
  vat: "GET /api/vat?page=1&limit=20",
  municipalYears: "GET /api/province-tax-table/years",
} as const;

const years = (...items: number[]) => ({
  status: 200,
  body: { items: items.map((year) => ({ year, municipalities: 2, unconfirmed: 1 })) },
});

/** The admin page's own calls, and the tax tables of 2026; `extra` adds or replaces routes. */
function api(extra: Record<string, FakeRoute> = {}) {
  return fakeApi({
    "GET /api/contact-forms?page=1&limit=20": page([]),
    "GET /api/contact-forms/unchecked-count": { status: 200, body: { count: 0 } },
    [LISTS.taxTables]: page([payroll]),
    [LISTS.scale]: page(scale),
    [LISTS.deductions]: page([
      deduction(1, "INCOME_EXPENSES_DEDUCTION", 100, 75_000),
      deduction(2, "BASIC_DEDUCTION", 100, 411_500),
    ]),
    [LISTS.municipal]: page([HELSINKI, TURKU]),
    [LISTS.municipalYears]: years(2026),
    [LISTS.vat]: page([
      {
        id: "cccccccc-cccc-4ccc-8ccc-ccccccccccc1",
        countryCode: "FI",
        value: 25.5,
        validFrom: "2024-09-01",
        validTo: null,
        description: "Yleinen verokanta",
        createdAt: "2024-08-01T09:00:00.000Z",
        updatedAt: "2024-08-01T09:00:00.000Z",
      },
    ]),
    ...extra,
  });
}

async function openTaxTables() {
  const user = userEvent.setup();
  renderApp("/admin/rahoitusyhtiot/verotaulukot", { user: ADMIN });
  return user;
}

/** The add/edit form or the confirm dialog that is open. */
const dialog = () => screen.getByRole("dialog");

describe("the admin's Tax tables tab", () => {
  it("sits under Rahoitusyhtiöt next to the billing tables and shows the year's tables with sources and unconfirmed marks", async () => {
    api();
    renderApp("/admin/rahoitusyhtiot", { user: ADMIN });
    expect(await screen.findByRole("tab", { name: "Rahoitusyhtiöt" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    // The tab's view comes with the admin area's second chunk (admin-views.ts).
    expect(await screen.findByRole("radio", { name: "Laskutustaulukot" })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("radio", { name: "Verotaulukot" }));

    expect(await screen.findByRole("heading", { name: "Palkanlaskennan parametrit" })).toBeInTheDocument();
    expect(screen.getByLabelText("Verovuosi")).toHaveValue("2026");
    expect(screen.getByText("Verohallinto 2026")).toBeInTheDocument();
    expect(screen.getByText("Vahvistettu")).toBeInTheDocument();
    expect(screen.getByText(/^7,3\s%, 17–67-vuotiaat$/)).toBeInTheDocument();

    // Each table's rows name their source; an unconfirmed row carries the badge, a confirmed one not.
    // A rate that changed from the year before shows the year before's beneath it.
    const turku = await screen.findByRole("row", { name: /Turku/ });
    expect(within(turku).getByText("Vahvistamaton")).toBeInTheDocument();
    expect(within(turku).getByText(/^vuonna 2025: 7,2\s%$/)).toBeInTheDocument();
    expect(within(turku).getAllByText(/^vuonna/)).toHaveLength(1);
    expect(within(turku).getByText("Kuntaliitto (ennakkotieto)")).toBeInTheDocument();
    const helsinki = screen.getByRole("row", { name: /Helsinki/ });
    expect(within(helsinki).queryByText("Vahvistamaton")).not.toBeInTheDocument();
    expect(screen.getAllByRole("row", { name: /HE 120\/2025/ })).toHaveLength(3);

    // All three deductions are listed; the one the year lacks is added from its line.
    expect(screen.getByText("Perusvähennys")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Lisää: Työtulovähennys" })).toBeInTheDocument();

    // The VAT rates, read only, the current one open-ended.
    const vat = await screen.findByRole("row", { name: /Yleinen verokanta/ });
    expect(within(vat).getByText(/^25,5\s%$/)).toBeInTheDocument();
    expect(within(vat).getByText("01.09.2024")).toBeInTheDocument();
    expect(within(vat).getByText("toistaiseksi")).toBeInTheDocument();
  });

  it("corrects a municipal tax rate and confirms it (PUT with the whole row)", async () => {
    const replies = api({
      [`PUT /api/province-tax-table/${TURKU.id}`]: (body) => ({
        status: 200,
        body: { ...TURKU, ...(body as object) },
      }),
    });
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: "Muokkaa: Turku" }));
    expect(dialog()).toHaveAccessibleName("Turku, kunnallisverot 2026");
    const rate = within(dialog()).getByLabelText(/^Kunnallisvero/);
    expect(rate).toHaveValue("7,5");
    await user.clear(rate);
    await fillIn(user, rate, "7,6");
    await user.clear(within(dialog()).getByLabelText("Lähde"));
    await fillIn(user, within(dialog()).getByLabelText("Lähde"), "Verohallinto 17.11.2025");
    await user.click(within(dialog()).getByLabelText("Vahvistettu virallisesta lähteestä"));
    await user.click(within(dialog()).getByRole("button", { name: "Tallenna" }));

    await waitFor(() =>
      expect(replies.callsTo("PUT", `/api/province-tax-table/${TURKU.id}`)).toHaveLength(1),
    );
    // The fields the form did not change go back as they were: a correction never wipes them.
    expect(replies.callsTo("PUT", `/api/province-tax-table/${TURKU.id}`)[0]?.body).toEqual({
      year: 2026,
      provinceName: "Turku",
      provinceNameSv: null,
      municipalityCode: null,
      municipalTaxPercent: 7.6,
      churchTaxPercent: 1.3,
      orthodoxChurchTaxPercent: 1.8,
      aland: false,
      source: "Verohallinto 17.11.2025",
      confirmed: true,
    });
    expect(await screen.findByText("Tallennettu: Turku.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() =>
      expect(replies.callsTo("GET", LISTS.municipal.slice(4)).length).toBeGreaterThanOrEqual(2),
    );
  });

  it("deletes a bracket of the state income tax scale after the confirm dialog", async () => {
    const target = scale[1] as TStateIncomeTaxTable;
    const replies = api({
      [`DELETE /api/state-income-tax-table/${target.id}`]: {
        status: 200,
        body: { message: "State income tax table deleted" },
      },
    });
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: /^Poista: 22\s000,00\s€ – 32\s600,00\s€$/ }));
    expect(dialog()).toHaveAccessibleName(/^Poistetaanko valtion tuloveroasteikon porras 22\s000,00\s€/);
    expect(within(dialog()).getByText(/Poistoa ei voi perua/)).toBeInTheDocument();
    expect(replies.callsTo("DELETE", `/api/state-income-tax-table/${target.id}`)).toHaveLength(0);
    await user.click(within(dialog()).getByRole("button", { name: "Poista porras" }));

    await waitFor(() =>
      expect(replies.callsTo("DELETE", `/api/state-income-tax-table/${target.id}`)).toHaveLength(1),
    );
    expect(await screen.findByText(/^Poistettu: 22\s000,00\s€ – 32\s600,00\s€\.$/)).toBeInTheDocument();
    await waitFor(() =>
      expect(replies.callsTo("GET", LISTS.scale.slice(4)).length).toBeGreaterThanOrEqual(2),
    );
  });

  it("checks a form before sending it and shows the server's refused field at that field", async () => {
    const replies = api({
      "POST /api/province-tax-table": apiError(400, "VALIDATION_ERROR", "Validation failed", {
        details: [{ field: "body.municipalTaxPercent", message: "Number must be a multiple of 0.01" }],
      }),
    });
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: "Lisää kunta" }));
    const form = within(dialog());
    await fillIn(user, form.getByLabelText(/^Kunnallisvero/), "seitsemän");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    expect(form.getByText("Tämä tieto on pakollinen")).toBeInTheDocument();
    expect(form.getByText(/^Anna prosentti väliltä 0–100/)).toBeInTheDocument();
    expect(replies.callsTo("POST", "/api/province-tax-table")).toHaveLength(0);

    await fillIn(user, form.getByLabelText(/^Kunta/), "Naantali");
    await user.clear(form.getByLabelText(/^Kunnallisvero/));
    await fillIn(user, form.getByLabelText(/^Kunnallisvero/), "7,25");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    await waitFor(() => expect(replies.callsTo("POST", "/api/province-tax-table")).toHaveLength(1));
    expect(replies.callsTo("POST", "/api/province-tax-table")[0]?.body).toMatchObject({
      year: 2026,
      provinceName: "Naantali",
      municipalTaxPercent: 7.25,
      churchTaxPercent: null,
      confirmed: false,
    });
    const field = form.getByLabelText(/^Kunnallisvero/);
    await waitFor(() => expect(field).toHaveAttribute("aria-invalid", "true"));
    expect(field).toHaveAccessibleDescription(/Palvelin ei hyväksynyt tätä tietoa\. Tarkista se\./);
    expect(form.getByRole("alert")).toHaveTextContent("Tarkista tiedot");
  });

  it("says at the top of the form what a 409 means", async () => {
    api({
      "POST /api/province-tax-table": apiError(409, "CONFLICT", "Province tax table already exists"),
    });
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: "Lisää kunta" }));
    const form = within(dialog());
    await fillIn(user, form.getByLabelText(/^Kunta/), "Turku");
    await fillIn(user, form.getByLabelText(/^Kunnallisvero/), "7,5");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    const alert = await form.findByRole("alert");
    expect(alert).toHaveTextContent("Tallennus estyi");
    expect(alert).toHaveTextContent("Kunnalla Turku on jo kunnallisvero vuodelle 2026.");
    // The alert stands above the fields.
    expect(
      alert.compareDocumentPosition(form.getByLabelText(/^Kunta/)) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("checks the scale's rule that a bracket's upper limit is above its lower limit", async () => {
    const replies = api();
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: /^Muokkaa: 0,00\s€ – 22\s000,00\s€$/ }));
    const form = within(dialog());
    await user.clear(form.getByLabelText(/^Tuloraja enintään/));
    await fillIn(user, form.getByLabelText(/^Tuloraja enintään/), "0");
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    expect(form.getByText("Ylärajan on oltava suurempi kuin alaraja.")).toBeInTheDocument();
    expect(replies.calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("adds a tax year from the latest year's payroll parameters, unconfirmed and without a source", async () => {
    const replies = api({
      "POST /api/tax-table": (body) => ({
        status: 201,
        body: { ...payroll, ...(body as object), id: id(2), taxTableId: id(2) },
      }),
    });
    const user = await openTaxTables();
    await user.click(await screen.findByRole("button", { name: "Lisää verovuosi" }));
    expect(dialog()).toHaveAccessibleName("Uusi verovuosi");
    const form = within(dialog());
    expect(form.getByLabelText(/^Verovuosi/)).toHaveValue("2027");
    expect(form.getByLabelText(/^Työntekijän työeläkemaksu/)).toHaveValue("7,3");
    expect(form.getByLabelText("Lähde")).toHaveValue("");

    // A long form: a failed submit lists what to fix at the top, each a link to its field.
    await user.clear(form.getByLabelText(/^Työntekijän työeläkemaksu/));
    await user.click(form.getByRole("button", { name: "Tallenna" }));
    expect(form.getByRole("heading", { name: "Korjattavat tiedot: 1" })).toHaveFocus();
    expect(
      form.getByRole("link", { name: "Työntekijän työeläkemaksu: Tämä tieto on pakollinen" }),
    ).toBeInTheDocument();
    await fillIn(user, form.getByLabelText(/^Työntekijän työeläkemaksu/), "7,45");
    await fillIn(user, form.getByLabelText("Lähde"), "Eläketurvakeskus 2027");
    await user.click(form.getByRole("button", { name: "Tallenna" }));

    await waitFor(() => expect(replies.callsTo("POST", "/api/tax-table")).toHaveLength(1));
    const { id: _id, taxTableId: _taxTableId, createdAt: _c, updatedAt: _u, ...values } = payroll;
    expect(replies.callsTo("POST", "/api/tax-table")[0]?.body).toEqual({
      ...values,
      year: 2027,
      employeePensionPercent: 7.45,
      source: "Eläketurvakeskus 2027",
      confirmed: false,
    });
    expect(await screen.findByText(/^Verovuosi 2027 lisätty\./)).toBeInTheDocument();
  });

  it("searches the municipalities and says what to do when none matches", async () => {
    const replies = api({
      "GET /api/province-tax-table?page=1&limit=50&year=2026&search=Oulu": page([]),
    });
    const user = await openTaxTables();
    await fillIn(user, await screen.findByLabelText("Hae kuntaa nimellä tai numerolla"), "Oulu");
    expect(await screen.findByText(/^Yksikään kunta ei vastaa hakua/)).toBeInTheDocument();
    expect(
      replies.callsTo("GET", "/api/province-tax-table?page=1&limit=50&year=2026&search=Oulu"),
    ).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Tyhjennä haku ja rajaus" }));
    expect(await screen.findByRole("row", { name: /Turku/ })).toBeInTheDocument();
  });

  it("without any tax year, says to start with the year's payroll parameters and offers it", async () => {
    api({ [LISTS.taxTables]: page([]), [LISTS.municipalYears]: years() });
    const user = await openTaxTables();
    expect(
      await screen.findByText(
        /^Verotaulukoita ei ole vielä\. Aloita lisäämällä vuoden palkanlaskennan parametrit/,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Lisää vuoden palkanlaskennan parametrit" }));
    expect(dialog()).toHaveAccessibleName("Uusi verovuosi");
    expect(within(dialog()).getByLabelText(/^Verovuosi/)).toHaveValue(String(new Date().getFullYear()));
  });

  it("narrows the municipalities to those changed from the year before, in the address", async () => {
    const changed = "GET /api/province-tax-table?page=1&limit=50&year=2026&show=changed";
    const replies = api({ [changed]: page([TURKU]) });
    const user = userEvent.setup();
    const { router } = renderApp("/admin/rahoitusyhtiot/verotaulukot", { user: ADMIN });
    await screen.findByRole("row", { name: /Helsinki/ });
    await user.selectOptions(screen.getByLabelText("Näytä"), "Muuttuneet edellisestä vuodesta");
    await waitFor(() => expect(replies.callsTo("GET", changed.slice(4))).toHaveLength(1));
    expect(await screen.findByRole("row", { name: /Turku/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("row", { name: /Helsinki/ })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe("?show=changed");
  });

  describe("importing a year's list", () => {
    const FILE_NAME = "kunnat-2027.csv";
    const file = () => new File(["municipality_code,municipality\n"], FILE_NAME, { type: "text/csv" });
    const PREVIEW = `/api/province-tax-table/import/preview?${new URLSearchParams({ year: "2027", fileName: FILE_NAME })}`;
    const CONFIRM = `/api/province-tax-table/import?${new URLSearchParams({
      year: "2027",
      source: `Verohallinto: Kuntien ja seurakuntien tuloveroprosentit vuonna 2027 (${FILE_NAME})`,
      confirmed: "true",
      replace: "false",
      fileName: FILE_NAME,
    })}`;
    const rate = (municipality: string, code: string, municipalPercent: number) => ({
      code,
      municipality,
      municipalitySv: municipality,
      municipalPercent,
      churchPercent: 1,
      orthodoxPercent: 1.8,
      aland: false,
    });
    const preview = (extra: Partial<TMunicipalRateImportPreview> = {}): TMunicipalRateImportPreview => ({
      year: 2027,
      comparedWith: 2026,
      rowCount: 307,
      existingRowCount: 0,
      problems: [],
      problemCount: 0,
      changes: {
        added: [],
        removed: [rate("Luhanka", "435", 5.9)],
        changed: [
          {
            before: rate("Helsinki", "091", 5.3),
            after: rate("Helsinki", "091", 5.5),
            fields: ["municipalPercent"],
          },
        ],
        unchanged: 305,
        municipalRaised: 1,
        municipalLowered: 0,
      },
      ...extra,
    });

    async function choose(user: ReturnType<typeof userEvent.setup>) {
      await user.click(await screen.findByRole("button", { name: "Tuo tiedostosta" }));
      expect(dialog()).toHaveAccessibleName("Tuo vuoden kunnallisverot");
      expect(within(dialog()).getByLabelText(/^Verovuosi/)).toHaveValue("2027");
      const input = dialog().querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error("no file input");
      await user.upload(input, file());
      await user.click(within(dialog()).getByRole("button", { name: "Esikatsele muutokset" }));
    }

    it("shows the changes against the year before, saves nothing until confirmed, then shows the year", async () => {
      let imported = false;
      const replies = api({
        [LISTS.municipalYears]: () => (imported ? years(2027, 2026) : years(2026)),
        [`POST ${PREVIEW}`]: { status: 200, body: preview() },
        [`POST ${CONFIRM}`]: () => {
          imported = true;
          return {
            status: 201,
            body: { year: 2027, written: 307, replaced: 0, added: 0, changed: 1, removed: 1 },
          };
        },
        "GET /api/state-income-tax-table?page=1&limit=500&year=2027": page([]),
        "GET /api/taxpayer-deductions-table?page=1&limit=500&year=2027": page([]),
        "GET /api/province-tax-table?page=1&limit=50&year=2027": page([
          {
            ...HELSINKI,
            year: 2027,
            municipalTaxPercent: 5.5,
            previous: {
              year: 2026,
              municipalTaxPercent: 5.3,
              churchTaxPercent: 1.3,
              orthodoxChurchTaxPercent: 1.8,
            },
          },
        ]),
      });
      const user = await openTaxTables();
      await choose(user);

      const changed = await within(dialog()).findByRole("table", { name: "Muuttuneet (1)" });
      expect(within(changed).getByText(/^Kunnallisvero: 5,3\s%\s→\s5,5\s%$/)).toBeInTheDocument();
      const removed = within(dialog()).getByRole("table", { name: "Poistuneet (1)" });
      expect(within(removed).getByText("Luhanka (435)")).toBeInTheDocument();
      expect(
        within(dialog()).getByText(/Verrattuna vuoteen 2026: uusia 0, muuttuneita 1, poistuneita 1/),
      ).toBeInTheDocument();
      expect(replies.callsTo("POST", CONFIRM)).toHaveLength(0);

      await user.click(within(dialog()).getByRole("button", { name: "Tallenna vuoden 2027 kunnallisverot" }));
      await waitFor(() => expect(replies.callsTo("POST", CONFIRM)).toHaveLength(1));
      expect(await screen.findByText("Vuoden 2027 kunnallisverot tuotu: 307 kuntaa.")).toBeInTheDocument();
      await waitFor(() => expect(screen.getByLabelText("Verovuosi")).toHaveValue("2027"));
      expect(screen.getByText(/^Vuodelle 2027 ei ole vielä palkanlaskennan parametreja/)).toBeInTheDocument();
      expect(await screen.findByText(/^vuonna 2026: 5,3\s%$/)).toBeInTheDocument();
    });

    it("lists a bad file's problems with row and reason, and offers no save", async () => {
      const problems = preview({
        rowCount: 0,
        changes: null,
        problemCount: 2,
        problems: [
          {
            row: 35,
            code: "RATE_OUT_OF_RANGE",
            field: "municipalPercent",
            value: "15,01",
            limit: 15,
            message: "The municipal rate 15,01 is outside 0–15 %",
          },
          {
            row: 309,
            code: "DUPLICATE_CODE",
            field: "code",
            value: "091",
            otherRow: 35,
            message: "Code 091 is on row 35 too",
          },
        ],
      });
      const replies = api({ [`POST ${PREVIEW}`]: { status: 200, body: problems } });
      const user = await openTaxTables();
      await choose(user);
      expect(
        await within(dialog()).findByText(/^Tiedostossa on virheitä \(2\)\. Mitään ei tallennettu/),
      ).toBeInTheDocument();
      const table = within(dialog()).getByRole("table", { name: "Tiedoston virheet" });
      expect(
        within(table).getByRole("row", { name: /35 Kunnallisvero 15,01 ei ole välillä 0–15 %\./ }),
      ).toBeInTheDocument();
      expect(
        within(table).getByRole("row", { name: /309 Kuntanumero 091 on myös rivillä 35\./ }),
      ).toBeInTheDocument();
      expect(within(dialog()).queryByRole("button", { name: /^Tallenna/ })).not.toBeInTheDocument();
      await user.click(within(dialog()).getByRole("button", { name: "Valitse toinen tiedosto" }));
      expect(within(dialog()).getByRole("button", { name: "Esikatsele muutokset" })).toBeInTheDocument();
      expect(
        replies.calls.filter(
          (c) => c.method === "POST" && c.url.startsWith("/api/province-tax-table/import?"),
        ),
      ).toHaveLength(0);
    });

    it("asks before replacing a year that has rates, and sends replace when asked", async () => {
      const replace = CONFIRM.replace("replace=false", "replace=true");
      const replies = api({
        [`POST ${PREVIEW}`]: { status: 200, body: preview({ existingRowCount: 307 }) },
        [`POST ${replace}`]: {
          status: 201,
          body: { year: 2027, written: 307, replaced: 307, added: 0, changed: 1, removed: 1 },
        },
      });
      const user = await openTaxTables();
      await choose(user);
      expect(await within(dialog()).findByText(/^Vuodelle 2027 on jo 307 kuntaa\./)).toBeInTheDocument();
      await user.click(within(dialog()).getByRole("button", { name: "Tallenna vuoden 2027 kunnallisverot" }));
      expect(
        within(dialog()).getByText("Vahvista korvaaminen tai valitse toinen vuosi."),
      ).toBeInTheDocument();
      expect(replies.calls.filter((c) => c.method === "POST" && !c.url.includes("preview"))).toHaveLength(0);
      await user.click(within(dialog()).getByLabelText("Korvaa vuoden 2027 nykyiset kunnallisverot"));
      await user.click(within(dialog()).getByRole("button", { name: "Tallenna vuoden 2027 kunnallisverot" }));
      await waitFor(() => expect(replies.callsTo("POST", replace)).toHaveLength(1));
    });
  });
});
