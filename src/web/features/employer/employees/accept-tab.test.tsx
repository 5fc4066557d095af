import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import {
  ADMIN,
  BASE,
  DEMO_OY,
  EDITOR,
  employee,
  GROUP_ADMIN,
  LIST,
  LOGISTIIKKA,
  page,
  renderPage,
  uuid,
} from "./test-support.tsx";

setUpScreenTests();

const PENDING_LIST = `${LIST}?page=1&pageSize=10&filterType=PENDING`;
const OPTIONS = `${BASE}/filter-options?companyId=${DEMO_OY}`;
const UNIT = uuid(700);

/**
 * Holds the answers of the given URL back until `release()`: shows what is on screen between a
 * mutation's answer and the list's refetch.
 */
function holdBack(api: ReturnType<typeof fakeApi>, url: string) {
  let release = () => {};
  let held = false;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (held && String(input) === url) await gate;
    return api.fetchMock(input, init);
  });
  return {
    hold: () => {
      held = true;
    },
    release: () => release(),
  };
}

describe("the accept tab", () => {
  it("is the default tab; accepting sends the fields and roles, and the answer replaces the row at once", async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = employee(1);
    const other = employee(2, { createdAt: "2026-11-19T08:00:00.000Z" });
    let decided = false;
    const accepted = employee(1, {
      status: "ACCEPTED",
      costUnit: "KP-100",
      unitId: UNIT,
      unitName: "Helsinki",
      decidedAt: "2026-11-21T09:00:00.000Z",
    });
    const api = fakeApi({
      [`GET ${PENDING_LIST}`]: () => page(decided ? [other] : [waiting, other]),
      [`GET ${OPTIONS}`]: {
        status: 200,
        body: {
          costUnits: ["KP-100"],
          payRollOthers: [],
          units: [{ unitId: UNIT, unitName: "Helsinki", companyId: DEMO_OY }],
        },
      },
      [`POST ${BASE}/${waiting.beneficiaryEmployeeId}/decide`]: () => {
        decided = true;
        return { status: 200, body: accepted };
      },
    });
    const list = holdBack(api, PENDING_LIST);
    renderPage(ADMIN);

    expect(await screen.findByRole("heading", { level: 1, name: "Työnantaja" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Hyväksy" })).toHaveAttribute("aria-selected", "true");
    const row = await screen.findByRole("row", { name: /Aino Virtanen 1\b/ });
    expect(within(row).getByText("aino1@demo.test")).toBeInTheDocument();
    expect(within(row).getByText("20.11.2026 12:15")).toBeInTheDocument();
    expect(within(row).getByText("Odottaa hyväksyntää")).toBeInTheDocument();
    // One company: no company column.
    expect(screen.queryByRole("columnheader", { name: "Yritys" })).not.toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Hyväksy Aino Virtanen 1" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: /Hyväksy liittymispyyntö: Aino Virtanen 1/ }),
    );
    expect(dialog.getByText(/yrityksen enimmäishintaa 4\s500,00\s€/)).toBeInTheDocument();
    await user.click(dialog.getByRole("combobox", { name: "Toimipiste" }));
    await user.click(await dialog.findByRole("option", { name: "Helsinki" }));
    await fillIn(user, dialog.getByRole("combobox", { name: "Kustannuspaikka" }), "KP-100");
    await fillIn(user, dialog.getByLabelText("Henkilönumero"), " 4711 ");
    await fillIn(user, dialog.getByLabelText("Enimmäishinta"), "3 999,50");
    await user.click(dialog.getByRole("checkbox", { name: /^Muokkaaja/ }));

    list.hold();
    await user.click(dialog.getByRole("button", { name: "Hyväksy työntekijä" }));
    // The answer is in the row before the list has been fetched again.
    await waitFor(() => expect(within(row).getByText("Hyväksytty")).toBeInTheDocument());
    expect(within(row).queryByRole("button", { name: /Hyväksy/ })).not.toBeInTheDocument();
    expect(await screen.findByText("Aino Virtanen 1 hyväksyttiin työntekijäksi.")).toBeInTheDocument();
    expect(api.callsTo("POST", `${BASE}/${waiting.beneficiaryEmployeeId}/decide`)[0]?.body).toEqual({
      decision: "ACCEPTED",
      unitId: UNIT,
      costUnit: "KP-100",
      employeeNumber: "4711",
      payRollOther: null,
      lastWorkingDayDate: null,
      jobTrialPeriodEndDate: null,
      maxPrice: 3999.5,
      employerNote: null,
      roles: ["EMPLOYER_EDITOR"],
    });

    // Then the refreshed list: the decided request has left it.
    list.release();
    await waitFor(() =>
      expect(screen.queryByRole("row", { name: /Aino Virtanen 1\b/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("row", { name: /Aino Virtanen 2\b/ })).toBeInTheDocument();
  });

  it("gives an editor no role choices and sends no roles; flags a date 20 years ahead", async () => {
    const user = userEvent.setup({ delay: null });
    const waiting = employee(3);
    const api = fakeApi({
      [`GET ${PENDING_LIST}`]: page([waiting]),
      [`GET ${OPTIONS}`]: { status: 200, body: { costUnits: [], payRollOthers: [], units: [] } },
      [`POST ${BASE}/${waiting.beneficiaryEmployeeId}/decide`]: {
        status: 200,
        body: employee(3, { status: "ACCEPTED" }),
      },
    });
    renderPage(EDITOR);
    await user.click(await screen.findByRole("button", { name: "Hyväksy Aino Virtanen 3" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(dialog.queryByText("Työnantajan roolit")).not.toBeInTheDocument();

    const lastDay = dialog.getByLabelText("Viimeinen työpäivä");
    expect(lastDay).toHaveAccessibleDescription("Jätä tyhjäksi, jos työsuhde jatkuu toistaiseksi.");
    const farAhead = `${new Date().getFullYear() + 21}-06-30`;
    await fillIn(user, lastDay, farAhead);
    expect(lastDay).toHaveAccessibleDescription(/yli 20 vuoden päässä/);
    await user.clear(lastDay);
    await fillIn(user, lastDay, `${new Date().getFullYear() + 1}-06-30`);
    expect(lastDay).not.toHaveAccessibleDescription(/yli 20 vuoden päässä/);

    await user.click(dialog.getByRole("button", { name: "Hyväksy työntekijä" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `${BASE}/${waiting.beneficiaryEmployeeId}/decide`)).toHaveLength(1),
    );
    const body = api.callsTo("POST", `${BASE}/${waiting.beneficiaryEmployeeId}/decide`)[0]?.body as object;
    expect(body).not.toHaveProperty("roles");
    expect(body).toMatchObject({
      decision: "ACCEPTED",
      lastWorkingDayDate: `${new Date().getFullYear() + 1}-06-30`,
    });
  });

  it("rejects with the reason, and says when someone else decided first", async () => {
    const user = userEvent.setup({ delay: null });
    const first = employee(4);
    const second = employee(5, { companyId: LOGISTIIKKA, companyName: "Demo Logistiikka Oy" });
    const api = fakeApi({
      [`GET ${PENDING_LIST}`]: page([first, second]),
      [`POST ${BASE}/${first.beneficiaryEmployeeId}/decide`]: {
        status: 200,
        body: employee(4, { status: "REJECTED" }),
      },
      [`POST ${BASE}/${second.beneficiaryEmployeeId}/decide`]: apiError(
        409,
        "EMPLOYEE_ALREADY_DECIDED",
        "Already decided",
      ),
    });
    renderPage(GROUP_ADMIN);
    // Several companies: the company is shown.
    const row = await screen.findByRole("row", { name: /Aino Virtanen 5\b/ });
    expect(within(row).getByText("Demo Logistiikka Oy")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Hylkää Aino Virtanen 4" }));
    const dialog = within(
      await screen.findByRole("dialog", { name: /Hylätäänkö liittymispyyntö: Aino Virtanen 4/ }),
    );
    expect(dialog.getByRole("button", { name: "Peruuta" })).toHaveFocus();
    await fillIn(user, dialog.getByLabelText("Syy"), "  Ei työsuhteessa meillä  ");
    await user.click(dialog.getByRole("button", { name: "Hylkää" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `${BASE}/${first.beneficiaryEmployeeId}/decide`)).toHaveLength(1),
    );
    expect(api.callsTo("POST", `${BASE}/${first.beneficiaryEmployeeId}/decide`)[0]?.body).toEqual({
      decision: "REJECTED",
      reason: "Ei työsuhteessa meillä",
    });
    expect(await screen.findByText("Liittymispyyntö hylättiin: Aino Virtanen 4.")).toBeInTheDocument();

    const listCalls = api.callsTo("GET", PENDING_LIST).length;
    await user.click(screen.getByRole("button", { name: "Hylkää Aino Virtanen 5" }));
    const second409 = within(await screen.findByRole("dialog", { name: /Aino Virtanen 5/ }));
    await user.click(second409.getByRole("button", { name: "Hylkää" }));
    expect(await screen.findByText(/Joku muu on jo päättänyt henkilön Aino Virtanen 5/)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("GET", PENDING_LIST).length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says what to do when nothing waits, and the tab lives in the address", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${PENDING_LIST}`]: page([]),
      [`GET ${LIST}?page=1&pageSize=10`]: page([]),
      [`GET /api/companies/${DEMO_OY}`]: apiError(404, "NOT_FOUND", "Not found"),
    });
    const { router } = renderPage(ADMIN);
    expect(await screen.findByText(/Ei odottavia liittymispyyntöjä/)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Jaa rekisteröintilinkki" }));
    expect(router.state.location.search).toBe("?valilehti=lisaa");
    expect(screen.getByRole("tab", { name: "Lisää" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("heading", { name: "Rekisteröintilinkki" })).toBeInTheDocument();

    await user.click(screen.getByRole("tab", { name: "Hallinnoi" }));
    expect(router.state.location.search).toBe("?valilehti=hallinnoi");
    expect(await screen.findByText(/Yrityksellä ei ole vielä työntekijöitä/)).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Hyväksy" }));
    expect(router.state.location.search).toBe("");
  });
});
