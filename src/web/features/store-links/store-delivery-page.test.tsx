import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import { plausibleDateSpan } from "../../../domain/plausible-dates.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { StoreDeliveryScreen } from "./store-delivery-page.tsx";
import { ok, renderScreen, setUpStoreLinkTests, storeDelivery, TOKEN } from "./test-support.tsx";

setUpStoreLinkTests();

const URL = `/api/store-links/delivery/${TOKEN}`;
const serial = () => screen.getByLabelText(/^Runkonumero/, { selector: "input" });
const date = () => screen.getByLabelText(/^Toimituspäivä/, { selector: "input" });
const setDate = (value: string) => fireEvent.change(date(), { target: { value } });

describe("the bike store's delivery page", () => {
  it("checks the serial number and the date before sending", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ [`GET ${URL}`]: ok(storeDelivery()) });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    expect(await screen.findByText("Tunturi eSport 500")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Tallenna" });
    await user.click(save);
    expect(await screen.findAllByText("Tämä tieto on pakollinen")).toHaveLength(2);

    await fillIn(user, serial(), "AB");
    setDate("2026-02-28");
    await user.click(save);
    expect(await screen.findByText("Runkonumerossa on 3–40 merkkiä")).toBeInTheDocument();
    expect(screen.getByText("Toimituspäivä ei voi olla ennen tilauspäivää 01.03.2026")).toBeInTheDocument();

    await fillIn(user, serial(), "C/1");
    await user.click(save);
    expect(
      await screen.findByText("Käytä vain kirjaimia, numeroita, väliviivoja ja välilyöntejä"),
    ).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
  });

  it("refuses a date outside the plausible span (20 years ahead, 2999) at the field, sending nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ [`GET ${URL}`]: ok(storeDelivery()) });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    await fillIn(user, await screen.findByLabelText(/^Runkonumero/, { selector: "input" }), "WTU 1234-AB");
    const { from, to } = plausibleDateSpan("DELIVERY");
    const says = `Anna päivämäärä väliltä ${formatHelsinkiDate(from)}–${formatHelsinkiDate(to)}`;
    for (const far of [`${new Date().getFullYear() + 25}-06-01`, "2999-12-31"]) {
      setDate(far);
      await user.click(screen.getByRole("button", { name: "Tallenna" }));
      expect(await screen.findByText(says)).toBeInTheDocument();
    }
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
  });

  it("shows what was entered, read-only, when the link is opened again", async () => {
    fakeApi({
      [`GET ${URL}`]: ok(
        storeDelivery({
          orderStatus: "READY_FOR_BILLING",
          editable: false,
          frameSerialNumber: "WTU 1234-AB",
          deliveryDate: "2026-04-15",
        }),
      ),
    });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    expect(await screen.findByText("Tiedot on tallennettu")).toBeInTheDocument();
    expect(screen.getByText("WTU 1234-AB")).toBeInTheDocument();
    expect(screen.getByText("15.04.2026")).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("holds the delivery while a cancellation of the order is requested", async () => {
    fakeApi({ [`GET ${URL}`]: ok(storeDelivery({ cancellationRequested: true, editable: false })) });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    expect(await screen.findByText("Tilaukselle on pyydetty peruutusta")).toBeInTheDocument();
    expect(screen.getByText(/Älä toimita pyörää vielä/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("says a dead link no longer works", async () => {
    fakeApi({ [`GET ${URL}`]: apiError(404, "STORE_LINK_INVALID", "Invalid") });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "Linkki ei ole enää voimassa" })).toBeInTheDocument();
  });
});
