import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TAbsence, TEmployeeOrder } from "../../../../contract/employees.ts";
import { apiError, fakeApi } from "../../../test/fake-api.ts";
import { fillIn } from "../../../test/fill-in.ts";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ADMIN, BASE, details, employee, LIST, NO_OPTIONS, page, renderPage, uuid } from "./test-support.tsx";

setUpScreenTests();

const order: TEmployeeOrder = {
  orderId: uuid(810),
  orderNumber: 1042,
  orderStatus: "ACTIVE_LEASING",
  isOnlineOrder: false,
  isOrderConfirmed: true,
  bikeStore: { bikeStoreId: uuid(811), storeName: "Kallion Pyörä" },
  totalPrice: 3200,
  monthlyPayment: 98.5,
  leaseTimeMonths: 36,
  leaseStartDate: "2026-03-01",
  leaseEndDate: "2029-02-28",
  processedAt: "2026-02-20T10:00:00.000Z",
  createdAt: "2026-02-10T10:00:00.000Z",
};

const worker = employee(1, { status: "ACCEPTED", orders: [order], decidedAt: "2026-11-21T09:00:00.000Z" });
const ID = worker.beneficiaryEmployeeId;

/** Parental leave of half a year, long ago: deferred deductions and the 90-day warning. */
const parentalLeave: TAbsence = {
  absenceId: uuid(901),
  beneficiaryEmployeeId: ID,
  reason: "PARENTAL_LEAVE",
  reasonOther: null,
  startDate: "2020-01-01",
  endDate: "2020-06-30",
  note: null,
  createdAt: "2019-12-01T08:00:00.000Z",
};

describe("an employee in the manage tab", () => {
  it("opens from the row in a drawer kept in the address, with details, orders and absences", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [`GET ${LIST}?page=1&pageSize=10`]: page([worker]),
      [`GET ${BASE}/filter-options`]: NO_OPTIONS,
      [`GET ${BASE}/details/${ID}`]: { status: 200, body: details(worker, [parentalLeave]) },
      [`POST ${BASE}/${ID}/absences`]: apiError(409, "ABSENCE_OVERLAPS", "The absence overlaps another"),
      [`POST ${BASE}/${ID}/update`]: {
        status: 200,
        body: employee(1, { status: "ACCEPTED", orders: [order], lastWorkingDayDate: "2027-03-31" }),
      },
    });
    const { router } = renderPage(ADMIN, "/tyonantaja?valilehti=hallinnoi");
    await user.click(await screen.findByRole("link", { name: "Aino Virtanen 1" }));
    expect(router.state.location.search).toBe(`?valilehti=hallinnoi&tyontekija=${ID}`);

    const drawer = within(await screen.findByRole("dialog", { name: "Aino Virtanen 1" }));
    expect(drawer.getByText("Toistaiseksi")).toBeInTheDocument();
    expect(drawer.queryByText(/2999/)).not.toBeInTheDocument();
    expect(drawer.getByText(/Yrityksen enimmäishinta 4\s500,00\s€/)).toBeInTheDocument();
    expect(drawer.getByText("Tilaus 1042")).toBeInTheDocument();
    expect(drawer.getByText("Kallion Pyörä")).toBeInTheDocument();
    expect(drawer.getByText(/3\s200,00\s€/)).toBeInTheDocument();
    expect(drawer.getByText(/98,50\s€/)).toBeInTheDocument();
    expect(drawer.getByText("01.03.2026 – 28.02.2029")).toBeInTheDocument();
    expect(drawer.getByText("36 kk")).toBeInTheDocument();
    // The absence, what it means for the lease, and the long-absence warning.
    expect(drawer.getByText("Vanhempainvapaa")).toBeInTheDocument();
    expect(drawer.getByText("01.01.2020 – 30.06.2020")).toBeInTheDocument();
    expect(drawer.getByText(/peritään ensimmäisestä palkasta paluun jälkeen/)).toBeInTheDocument();
    expect(drawer.getByText(/kestää yli 90 päivää/)).toBeInTheDocument();

    // "Muu, mikä" needs its text; an overlap is said at the dates and the input stays.
    await user.click(drawer.getByRole("button", { name: "Lisää poissaolo" }));
    await user.selectOptions(drawer.getByLabelText(/^Syy/), "Muu, mikä");
    fireEvent.change(drawer.getByLabelText(/^Alkaa/), { target: { value: "2026-12-01" } });
    await user.click(drawer.getByRole("button", { name: "Tallenna poissaolo" }));
    const other = drawer.getByLabelText(/^Mikä poissaolo/);
    await waitFor(() => expect(other).toHaveAttribute("aria-invalid", "true"));
    expect(other).toHaveAccessibleDescription(/Kerro, mikä poissaolo on kyseessä/);
    expect(api.callsTo("POST", `${BASE}/${ID}/absences`)).toHaveLength(0);
    // The form says what the reason means for the lease (so does the parental leave below it).
    expect(drawer.getAllByText(/Kuukausina, joina työntekijä ei saa lainkaan palkkaa/)).toHaveLength(2);

    await fillIn(user, other, "Opintovapaa");
    await user.click(drawer.getByRole("button", { name: "Tallenna poissaolo" }));
    const start = drawer.getByLabelText(/^Alkaa/);
    await waitFor(() => expect(start).toHaveAttribute("aria-invalid", "true"));
    expect(start).toHaveAccessibleDescription(/Poissaolo menee päällekkäin/);
    expect(start).toHaveValue("2026-12-01");
    expect(other).toHaveValue("Opintovapaa");
    expect(api.callsTo("POST", `${BASE}/${ID}/absences`)[0]?.body).toEqual({
      reason: "OTHER",
      reasonOther: "Opintovapaa",
      startDate: "2026-12-01",
      endDate: null,
      note: null,
    });

    // Ending the employment: the lease is running, the date is confirmed, the answer is shown.
    const end = within(
      drawer.getByRole("heading", { name: "Päätä työsuhde" }).closest("section") as HTMLElement,
    );
    expect(end.getByText("Leasing on käynnissä")).toBeInTheDocument();
    const lastDay = end.getByLabelText(/^Viimeinen työpäivä/);
    fireEvent.change(lastDay, { target: { value: "2062-03-31" } });
    expect(lastDay).toHaveAccessibleDescription(/yli 20 vuoden päässä/);
    fireEvent.change(lastDay, { target: { value: "2027-03-31" } });
    await user.click(end.getByRole("button", { name: "Päätä työsuhde" }));
    const confirm = within(
      await screen.findByRole("dialog", {
        name: /Päätetäänkö henkilön Aino Virtanen 1 työsuhde 31\.03\.2027/,
      }),
    );
    await user.click(confirm.getByRole("button", { name: "Päätä työsuhde" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `${BASE}/${ID}/update`)[0]?.body).toEqual({
        lastWorkingDayDate: "2027-03-31",
      }),
    );
    expect(await end.findByText("Työsuhde päättyy 31.03.2027.")).toBeInTheDocument();
    expect(drawer.getByText("31.03.2027")).toBeInTheDocument();

    await user.click(drawer.getAllByRole("button", { name: "Sulje" })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe("?valilehti=hallinnoi"));
  });
});
