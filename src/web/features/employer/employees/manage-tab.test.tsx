import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TAbsence, TEmployeeOrder } from "../../../../contract/employees.ts";
import { apiError, type FakeRoute, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import {
  ADMIN,
  BASE,
  employee,
  GROUP_ADMIN,
  LIST,
  LOGISTIIKKA,
  NO_OPTIONS,
  page,
  renderPage,
  uuid,
} from "./test-support.tsx";

setUpScreenTests();

const MANAGE = "/tyonantaja?valilehti=hallinnoi";
const UNIT = uuid(701);

const order: TEmployeeOrder = {
  orderId: uuid(800),
  orderNumber: 1042,
  orderStatus: "ACTIVE_LEASING",
  isOnlineOrder: false,
  isOrderConfirmed: true,
  bikeStore: { bikeStoreId: uuid(801), storeName: "Kallion Pyörä" },
  totalPrice: 3200,
  monthlyPayment: 98.5,
  leaseTimeMonths: 36,
  leaseStartDate: "2026-03-01",
  leaseEndDate: "2029-02-28",
  processedAt: "2026-02-20T10:00:00.000Z",
  createdAt: "2026-02-10T10:00:00.000Z",
};

const absence: TAbsence = {
  absenceId: uuid(900),
  beneficiaryEmployeeId: uuid(101),
  reason: "SICK_LEAVE",
  reasonOther: null,
  startDate: "2026-11-01",
  endDate: null,
  note: null,
  createdAt: "2026-11-01T08:00:00.000Z",
};

/** Answers every list call not named in `routes` with `list` (the filters change one at a time). */
function withAnyList(routes: Record<string, FakeRoute>, list: FakeRoute): Record<string, FakeRoute> {
  return new Proxy(routes, {
    get: (target, key) =>
      typeof key === "string" && !(key in target) && key.startsWith(`GET ${LIST}?`)
        ? list
        : target[key as string],
  });
}

describe("the manage tab", () => {
  it("sends each filter to the API, pages, marks the rows and exports with the same filters", async () => {
    const user = userEvent.setup({ delay: null });
    const rows = [
      employee(1, {
        status: "ACCEPTED",
        unitName: "Helsinki",
        costUnit: "KP-100",
        employeeNumber: "4711",
        orders: [order, { ...order, orderId: uuid(802), orderStatus: "CANCELLED" }],
        currentAbsence: absence,
      }),
      employee(2, {
        status: "INACTIVE",
        companyId: LOGISTIIKKA,
        companyName: "Demo Logistiikka Oy",
        lastWorkingDayDate: "2026-01-31",
        employmentEnded: true,
      }),
      employee(3, { status: "ACCEPTED", lastWorkingDayDate: "2027-05-31" }),
    ];
    const options: FakeRoute = {
      status: 200,
      body: {
        costUnits: ["KP-100"],
        payRollOthers: ["Kuukausipalkka"],
        units: [{ unitId: UNIT, unitName: "Kuljetus", companyId: LOGISTIIKKA }],
      },
    };
    const api = fakeApi(
      withAnyList(
        {
          [`GET ${BASE}/filter-options`]: options,
          [`GET ${BASE}/filter-options?companyId=${LOGISTIIKKA}`]: options,
        },
        page(rows, 25),
      ),
    );
    const { router } = renderPage(GROUP_ADMIN, MANAGE);

    const first = await screen.findByRole("row", { name: /Aino Virtanen 1\b/ });
    expect(api.calls[0]?.url).toBe(`${LIST}?page=1&pageSize=10`);
    expect(within(first).getByText("Helsinki")).toBeInTheDocument();
    expect(within(first).getByText("KP-100")).toBeInTheDocument();
    expect(within(first).getByText("Hyväksytty")).toBeInTheDocument();
    expect(within(first).getByText("Leasing käynnissä")).toBeInTheDocument();
    expect(within(first).getByText("Tilauksia: 2")).toBeInTheDocument();
    expect(within(first).getByText("Poissa")).toBeInTheDocument();
    const second = screen.getByRole("row", { name: /Aino Virtanen 2\b/ });
    expect(within(second).getByText("Demo Logistiikka Oy")).toBeInTheDocument();
    expect(within(second).getByText("Ei käytössä")).toBeInTheDocument();
    expect(within(second).getByText("Työsuhde päättynyt")).toBeInTheDocument();
    expect(within(second).getByText("Ei tilauksia")).toBeInTheDocument();
    expect(
      within(screen.getByRole("row", { name: /Aino Virtanen 3\b/ })).getByText("Työsuhde päättyy 31.05.2027"),
    ).toBeInTheDocument();

    // Each change waits for the list it asks for: a filter is written over the address the page rendered.
    const listAsked = (part: string) =>
      waitFor(() => expect(api.calls.some((c) => c.url.startsWith(LIST) && c.url.includes(part))).toBe(true));
    await fillIn(user, screen.getByRole("searchbox", { name: /^Haku/ }), "  Aino  ");
    await listAsked("&search=Aino");
    await user.selectOptions(screen.getByLabelText(/^Yritys/), "Demo Logistiikka Oy");
    await listAsked(`&companyId=${LOGISTIIKKA}`);
    await user.selectOptions(screen.getByLabelText(/^Näytä/), "Poissa nyt");
    await listAsked("&filterType=ON_ABSENCE");
    await user.click(screen.getByRole("button", { name: "Lisää suodattimia" }));
    expect(screen.getByRole("button", { name: "Vähemmän suodattimia" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    for (const [label, key, option] of [
      ["Kustannuspaikka", "costUnit=KP-100", "KP-100"],
      ["Palkanlaskennan ryhmä", "payRollOther=Kuukausipalkka", "Kuukausipalkka"],
      ["Toimipiste", `unitId=${UNIT}`, "Kuljetus"],
      ["Tilauksen tila", "orderStatus=ACTIVE_LEASING", "Leasing käynnissä"],
      ["Maksun tila", "paymentStatus=PAID", "Maksettu"],
    ] as const) {
      await user.selectOptions(screen.getByLabelText(label), option);
      await listAsked(key);
    }
    // A date input is set whole, as the browser's picker does.
    for (const [label, key, value] of [
      ["Liittynyt alkaen", "createdStart", "2026-01-01"],
      ["Liittynyt viimeistään", "createdEnd", "2026-06-30"],
      ["Tilaus käsitelty alkaen", "processedStart", "2026-02-01"],
      ["Tilaus käsitelty viimeistään", "processedEnd", "2026-02-28"],
    ] as const) {
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      await listAsked(`${key}=${value}`);
    }

    const filters =
      `search=Aino&companyId=${LOGISTIIKKA}&costUnit=KP-100&payRollOther=Kuukausipalkka&unitId=${UNIT}` +
      "&filterType=ON_ABSENCE&orderStatus=ACTIVE_LEASING&paymentStatus=PAID&createdStart=2026-01-01" +
      "&createdEnd=2026-06-30&processedStart=2026-02-01&processedEnd=2026-02-28";
    await waitFor(() => expect(api.callsTo("GET", `${LIST}?page=1&pageSize=10&${filters}`)).toHaveLength(1));

    const csv = screen.getByRole("link", { name: "Lataa CSV" });
    expect(csv).toHaveAttribute("href", `${BASE}/export?format=csv&${filters}&language=fi`);
    expect(csv).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "Lataa Excel" })).toHaveAttribute(
      "href",
      `${BASE}/export?format=xlsx&${filters}&language=fi`,
    );

    await user.click(await screen.findByRole("button", { name: "Seuraava sivu" }));
    // The next page is sought from the cursor the page on screen gave, and the address keeps it.
    await waitFor(() =>
      expect(api.callsTo("GET", `${LIST}?page=2&pageSize=10&after=next-of-1&${filters}`)).toHaveLength(1),
    );
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("2");
    expect(new URLSearchParams(router.state.location.search).get("after")).toBe("next-of-1");
    // No call ever asked for more than 10 a page.
    expect(api.calls.filter((c) => c.url.startsWith(LIST)).every((c) => c.url.includes("pageSize=10"))).toBe(
      true,
    );
  });

  it("says how to get employees, and offers 'Näytä kaikki' when the filters hide every row", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${LIST}?page=1&pageSize=10`]: page([]),
      [`GET ${LIST}?page=1&pageSize=10&search=Matti&filterType=ON_ABSENCE`]: page([]),
      [`GET ${BASE}/filter-options`]: NO_OPTIONS,
    });
    const { router } = renderPage(ADMIN, `${MANAGE}&search=Matti&filterType=ON_ABSENCE`);
    // One company: no company filter or column.
    expect(await screen.findByText("Yksikään työntekijä ei vastaa valintoja.")).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Yritys/)).not.toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: /^Haku/ })).toHaveValue("Matti");

    await user.click(screen.getByRole("button", { name: "Näytä kaikki" }));
    expect(router.state.location.search).toBe("?valilehti=hallinnoi");
    expect(screen.getByRole("searchbox", { name: /^Haku/ })).toHaveValue("");
    expect(await screen.findByText(/Yrityksellä ei ole vielä työntekijöitä/)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Lisää työntekijöitä" }));
    expect(router.state.location.search).toBe("?valilehti=lisaa");
  });

  it("shows the error state and retries", async () => {
    const user = userEvent.setup({ delay: null });
    let failing = true;
    fakeApi({
      [`GET ${LIST}?page=1&pageSize=10`]: () =>
        failing ? apiError(403, "FORBIDDEN", "Forbidden") : page([employee(7, { status: "ACCEPTED" })]),
      [`GET ${BASE}/filter-options`]: NO_OPTIONS,
    });
    renderPage(ADMIN, MANAGE);
    expect(await screen.findByText("Listaa ei saatu ladattua.")).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole("button", { name: "Yritä uudelleen" }));
    expect(await screen.findByRole("row", { name: /Aino Virtanen 7\b/ })).toBeInTheDocument();
  });
});
