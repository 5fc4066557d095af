import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TImportResult } from "../../../../contract/employee-import.ts";
import { DEFAULT_ROLE_PERMISSIONS } from "../../../../domain/permissions.ts";
import { isRoleName } from "../../../../domain/roles.ts";
import type { SessionUser } from "../../../lib/session.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { loadTexts } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ADMIN, BASE, DEMO_OY, EDITOR, NO_OPTIONS, renderPage, uuid } from "./test-support.tsx";

setUpScreenTests();

const ADD = "/tyonantaja?valilehti=lisaa";
const IMPORT = `${BASE}/companies/${DEMO_OY}/import`;

/** The user as GET /api/user gives them: each role with the permissions the database grants it. */
function granted(user: SessionUser): SessionUser {
  return {
    ...user,
    userRoles: user.userRoles.map((ur) => ({
      ...ur,
      role: {
        ...ur.role,
        rolePermissions: isRoleName(ur.role.name)
          ? DEFAULT_ROLE_PERMISSIONS[ur.role.name].map((name) => ({ permission: { name } }))
          : [],
      },
    })),
  };
}

function result(extra: Partial<TImportResult> = {}): TImportResult {
  return {
    importId: null,
    dryRun: true,
    counts: { created: 2, changed: 1, unchanged: 3, ending: 0 },
    errors: [],
    rows: [
      { row: 2, action: "NEW", employeeId: null, name: "Aino Tuonti", email: "aino@demo.test", fields: [] },
      { row: 3, action: "NEW", employeeId: null, name: "Eero Tuonti", email: "eero@demo.test", fields: [] },
      {
        row: 4,
        action: "CHANGED",
        employeeId: uuid(104),
        name: "Liisa Virtanen",
        email: "liisa@demo.test",
        fields: ["costUnit", "unitId"],
      },
      ...[5, 6, 7].map((row) => ({
        row,
        action: "UNCHANGED" as const,
        employeeId: uuid(100 + row),
        name: `Pysyvä ${row}`,
        email: `pysyva${row}@demo.test`,
        fields: [],
      })),
    ],
    columns: ["firstName", "lastName", "workEmail", "costUnit", "unit"],
    ...extra,
  };
}

const WITH_ERRORS = result({
  errors: [
    { row: 8, column: "workEmail", code: "EMAIL_INVALID", message: "Invalid email address" },
    { row: 11, column: "jobTrialPeriodEndDate", code: "DATE_INVALID", message: "Not a date" },
  ],
});

const staffFile = () =>
  new File(["Etunimi;Sukunimi;Työsähköposti\n"], "henkilosto.csv", { type: "text/csv" });

/** The add tab with its import section, and what the page asks of the API besides the import. */
function routes(extra: Parameters<typeof fakeApi>[0]) {
  return fakeApi({
    [`GET ${BASE}/filter-options?companyId=${DEMO_OY}`]: NO_OPTIONS,
    ...extra,
  });
}

/** The import's section, and the file chosen in it. */
async function importSection(user: ReturnType<typeof userEvent.setup>) {
  const heading = await screen.findByRole("heading", { level: 2, name: "Tuo työntekijät tiedostosta" });
  const element = heading.closest("section") as HTMLElement;
  const chooseFile = async () => {
    const input = element.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await user.upload(input, staffFile());
  };
  return { section: within(element), chooseFile };
}

/** The multipart body of each import call, with its address. */
function sentForms(api: ReturnType<typeof fakeApi>) {
  return api.fetchMock.mock.calls
    .filter(([input]) => String(input).startsWith(IMPORT))
    .map(([input, init]) => ({ url: String(input), form: init?.body as FormData }));
}

describe("the staff file's import", () => {
  it("previews a file's errors by row in Finnish, and imports only after the valid rows are chosen", async () => {
    const user = userEvent.setup({ delay: null });
    const api = routes({
      [`POST ${IMPORT}?dryRun=true`]: { status: 200, body: WITH_ERRORS },
      [`POST ${IMPORT}`]: apiError(400, "IMPORT_HAS_ERRORS", "2 rows have errors: nothing was written"),
      [`POST ${IMPORT}?validRowsOnly=true`]: {
        status: 200,
        body: { ...WITH_ERRORS, importId: uuid(700), dryRun: false },
      },
    });
    const { queryClient } = renderPage(granted(ADMIN), ADD);
    const { section, chooseFile } = await importSection(user);
    expect(section.getByRole("link", { name: "Lataa tiedostopohja (Excel)" })).toHaveAttribute(
      "href",
      `${BASE}/import-template?language=fi&format=xlsx`,
    );
    expect(section.getByRole("link", { name: "Lataa tiedostopohja (CSV)" })).toHaveAttribute(
      "href",
      `${BASE}/import-template?language=fi&format=csv`,
    );

    // No file: said at the field, nothing sent.
    await user.click(section.getByRole("button", { name: "Esikatsele" }));
    expect(await section.findByText("Valitse tuotava tiedosto.")).toBeInTheDocument();
    expect(sentForms(api)).toHaveLength(0);

    await chooseFile();
    await user.click(section.getByRole("button", { name: "Esikatsele" }));
    const heading = await section.findByRole("heading", { name: "Esikatselu: henkilosto.csv" });
    await waitFor(() => expect(heading).toHaveFocus());
    const [previewCall] = sentForms(api);
    expect(previewCall?.url).toBe(`${IMPORT}?dryRun=true`);
    expect((previewCall?.form.get("file") as File | undefined)?.name).toBe("henkilosto.csv");
    expect(previewCall?.form.get("columns")).toBeNull();

    expect(
      section.getByText("Uusia työntekijöitä 2, muuttuvia 1, ennallaan 3, päättyviä työsuhteita 0."),
    ).toBeInTheDocument();
    const errors = section.getByRole("table", { name: "Tiedoston virheet" });
    const errorRows = within(errors).getAllByRole("row").slice(1);
    expect(
      errorRows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["8", "Työsähköposti", "Sähköpostiosoite ei kelpaa."],
      ["11", "Koeaika päättyy", "Päivämäärä ei kelpaa. Kirjoita se muodossa 31.12.2026."],
    ]);
    // The rows that change something, with the changed fields' names; the unchanged ones are not listed.
    const changes = section.getByRole("table", { name: "Tiedoston muutokset" });
    expect(within(changes).getAllByRole("row")).toHaveLength(4);
    expect(within(changes).getByText("Muuttuu: Kustannuspaikka, Toimipiste")).toBeInTheDocument();
    expect(within(changes).queryByText("Pysyvä 5")).not.toBeInTheDocument();

    // With errors, the import waits for the choice of the valid rows.
    const submit = section.getByRole("button", { name: "Tuo työntekijät" });
    expect(submit).toBeDisabled();
    await user.click(
      section.getByRole("checkbox", {
        name: "Tuo vain virheettömät rivit (virheelliset rivit jätetään pois)",
      }),
    );
    expect(submit).toBeEnabled();
    const invalidated: unknown[] = [];
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    queryClient.invalidateQueries = (filters, options) => {
      invalidated.push(filters?.queryKey);
      return invalidate(filters, options);
    };
    await user.click(submit);

    const done = await section.findByRole("status");
    expect(done).toHaveTextContent("Työntekijät tuotiin");
    expect(done).toHaveTextContent("Uusia työntekijöitä 2, muuttuneita 1, päättyviä työsuhteita 0.");
    expect(done).toHaveTextContent("Virheellisiä rivejä jätettiin pois: 2.");
    await waitFor(() => expect(done).toHaveFocus());
    const written = sentForms(api).at(-1);
    expect(written?.url).toBe(`${IMPORT}?validRowsOnly=true`);
    expect((written?.form.get("file") as File | undefined)?.name).toBe("henkilosto.csv");
    // The employee lists and the invitations are fetched again, as after adding one employee.
    expect(JSON.stringify(invalidated)).toContain("employeesOptimizedList");
    expect(JSON.stringify(invalidated)).toContain("filter-options");
    // The section is ready for the next file.
    expect(section.queryByRole("table", { name: "Tiedoston virheet" })).not.toBeInTheDocument();
  });

  it("asks what the unknown headers are and previews again with the mapping as columns", async () => {
    const user = userEvent.setup({ delay: null });
    let mapped = false;
    const api = routes({
      [`POST ${IMPORT}?dryRun=true`]: () =>
        mapped
          ? { status: 200, body: result() }
          : apiError(400, "IMPORT_COLUMNS_UNKNOWN", "The file has columns whose headers are not known", {
              details: [
                { field: "columns", message: "Palkkakausi" },
                { field: "columns", message: "Pinnumero" },
              ],
            }),
    });
    renderPage(granted(ADMIN), ADD);
    const { section, chooseFile } = await importSection(user);
    await chooseFile();
    await user.click(section.getByRole("button", { name: "Esikatsele" }));

    const mappingHeading = await section.findByRole("heading", { name: "Mitä nämä sarakkeet sisältävät?" });
    await waitFor(() => expect(mappingHeading).toHaveFocus());
    // Every column needs a choice before the file is sent again.
    await user.click(section.getByRole("button", { name: "Esikatsele uudelleen" }));
    expect(section.getAllByText("Valitse tieto tai jätä sarake pois.")).toHaveLength(2);
    expect(sentForms(api)).toHaveLength(1);

    await user.selectOptions(section.getByLabelText(/^Sarake Palkkakausi/), "Palkanlaskennan ryhmä");
    await user.selectOptions(section.getByLabelText(/^Sarake Pinnumero/), "Jätä sarake pois");
    mapped = true;
    await user.click(section.getByRole("button", { name: "Esikatsele uudelleen" }));
    expect(await section.findByRole("heading", { name: "Esikatselu: henkilosto.csv" })).toBeInTheDocument();
    const again = sentForms(api).at(-1);
    expect(again?.url).toBe(`${IMPORT}?dryRun=true`);
    expect(JSON.parse(String(again?.form.get("columns")))).toEqual({
      Palkkakausi: "payRollOther",
      Pinnumero: "",
    });
    // Without errors the import needs no choice.
    expect(section.getByRole("button", { name: "Tuo työntekijät" })).toBeEnabled();
    expect(section.queryByRole("checkbox", { name: /Tuo vain virheettömät rivit/ })).not.toBeInTheDocument();
  });

  it("says a refused file in Finnish and keeps it; ends the missing employees' employment only after asking", async () => {
    const user = userEvent.setup({ delay: null });
    let missing = true;
    const ending = result({
      counts: { created: 0, changed: 0, unchanged: 3, ending: 1 },
      rows: [
        {
          row: null,
          action: "ENDS",
          employeeId: uuid(120),
          name: "Lähtijä Virtanen",
          email: "lahtija@demo.test",
          fields: ["lastWorkingDayDate"],
        },
      ],
    });
    const api = routes({
      [`POST ${IMPORT}?dryRun=true&leaversOn=2026-12-31`]: () =>
        missing
          ? apiError(400, "IMPORT_COLUMNS_MISSING", "The file lacks a column every employee needs", {
              details: [{ field: "columns", message: "workEmail" }],
            })
          : { status: 200, body: ending },
      [`POST ${IMPORT}?leaversOn=2026-12-31`]: { status: 200, body: { ...ending, importId: uuid(701) } },
    });
    renderPage(granted(ADMIN), ADD);
    const { section, chooseFile } = await importSection(user);
    await chooseFile();
    await user.click(
      section.getByRole("checkbox", { name: "Päätä tiedostosta puuttuvien työntekijöiden työsuhde" }),
    );
    await user.click(section.getByRole("button", { name: "Esikatsele" }));
    expect(
      await section.findByText("Anna tiedostosta puuttuvien työntekijöiden viimeinen työpäivä."),
    ).toBeInTheDocument();
    await fillIn(user, section.getByLabelText(/^Viimeinen työpäivä/), "31.12.2026");
    await user.click(section.getByRole("button", { name: "Esikatsele" }));

    const alert = await section.findByRole("alert");
    expect(alert).toHaveTextContent(
      "Tiedostosta puuttuu sarake: Työsähköposti. Jokaisella työntekijällä on oltava etunimi, sukunimi ja työsähköposti.",
    );
    await waitFor(() => expect(alert).toHaveFocus());
    // The chosen file stays for the next try.
    expect(section.getByText("henkilosto.csv")).toBeInTheDocument();

    missing = false;
    await user.click(section.getByRole("button", { name: "Esikatsele" }));
    const changes = await section.findByRole("table", { name: "Tiedoston muutokset" });
    expect(within(changes).getByText("Ei tiedostossa")).toBeInTheDocument();
    expect(within(changes).getByText("Työsuhde päättyy 31.12.2026")).toBeInTheDocument();

    await user.click(section.getByRole("button", { name: "Tuo työntekijät" }));
    const dialog = await screen.findByRole("dialog", { name: "Päätetäänkö 1 työntekijän työsuhde?" });
    expect(sentForms(api).filter((c) => !c.url.includes("dryRun"))).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Tuo ja päätä työsuhteet" }));
    expect(await section.findByRole("status")).toHaveTextContent("päättyviä työsuhteita 1");
    expect(sentForms(api).at(-1)?.url).toBe(`${IMPORT}?leaversOn=2026-12-31`);
  });

  it("speaks Swedish on a Swedish page: the template in Swedish, the errors in the reader's words", async () => {
    await loadTexts("sv");
    try {
      const user = userEvent.setup({ delay: null });
      routes({ [`POST ${IMPORT}?dryRun=true`]: { status: 200, body: WITH_ERRORS } });
      renderPage(granted(ADMIN), ADD);
      const heading = await screen.findByRole("heading", {
        level: 2,
        name: "Importera arbetstagare från en fil",
      });
      const element = heading.closest("section") as HTMLElement;
      const section = within(element);
      expect(section.getByRole("link", { name: "Ladda ner filmallen (Excel)" })).toHaveAttribute(
        "href",
        `${BASE}/import-template?language=sv&format=xlsx`,
      );
      const input = element.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error("no file input");
      await user.upload(input, staffFile());
      await user.click(section.getByRole("button", { name: "Förhandsvisa" }));
      const errors = await section.findByRole("table", { name: "Fel i filen" });
      expect(within(errors).getByText("E-postadressen är inte giltig.")).toBeInTheDocument();
      expect(within(errors).getByText("Arbetsmejl")).toBeInTheDocument();
      expect(element.textContent).not.toMatch(/Sähköposti|Tiedosto|Rivi\b/);
    } finally {
      await loadTexts("fi");
    }
  });

  it("is not shown to an editor, who does not manage the company's settings", async () => {
    routes({});
    renderPage(granted(EDITOR), ADD);
    expect(await screen.findByRole("heading", { level: 2, name: "Lisää työntekijä" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Tuo työntekijät tiedostosta" })).not.toBeInTheDocument();
  });
});
