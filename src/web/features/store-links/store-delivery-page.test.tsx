import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
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

    await user.type(serial(), "AB");
    setDate("2026-02-28");
    await user.click(save);
    expect(await screen.findByText("Runkonumerossa on 3–40 merkkiä")).toBeInTheDocument();
    expect(screen.getByText("Toimituspäivä ei voi olla ennen tilauspäivää 01.03.2026")).toBeInTheDocument();

    await user.type(serial(), "C/1");
    await user.click(save);
    expect(
      await screen.findByText("Käytä vain kirjaimia, numeroita, väliviivoja ja välilyöntejä"),
    ).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
  });

  it("asks to confirm a date 20 years or more ahead, then sends it confirmed and shows what was entered", async () => {
    const user = userEvent.setup({ delay: null });
    const far = `${new Date().getFullYear() + 25}-06-01`;
    const api = fakeApi({
      [`GET ${URL}`]: ok(storeDelivery()),
      [`PUT ${URL}`]: (body) =>
        (body as { confirmFarFuture?: boolean }).confirmFarFuture
          ? ok(
              storeDelivery({
                orderStatus: "READY_FOR_BILLING",
                editable: false,
                frameSerialNumber: "WTU 1234-AB",
                deliveryDate: far,
              }),
            )
          : apiError(400, "DELIVERY_DATE_FAR_FUTURE", "Far future"),
    });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    await user.type(await screen.findByLabelText(/^Runkonumero/, { selector: "input" }), " WTU 1234-AB ");
    setDate(far);
    expect(
      screen.getByText("Päivä on 20 vuoden tai sitä pidemmän ajan päässä – tarkista se"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Tallenna" }));

    expect(await screen.findByText("Onko toimituspäivä oikein?")).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)[0]?.body).toEqual({ frameSerialNumber: "WTU 1234-AB", deliveryDate: far });
    await user.click(screen.getByRole("button", { name: "Kyllä, päivä on oikein" }));
    await waitFor(() => expect(api.callsTo("PUT", URL)).toHaveLength(2));
    expect(api.callsTo("PUT", URL)[1]?.body).toEqual({
      frameSerialNumber: "WTU 1234-AB",
      deliveryDate: far,
      confirmFarFuture: true,
    });
    expect(await screen.findByText("Tiedot on tallennettu")).toBeInTheDocument();
    expect(screen.getByText("WTU 1234-AB")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Tallenna" })).not.toBeInTheDocument();
  });

  it("goes back to the form when the store wants to change the far date", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${URL}`]: ok(storeDelivery()),
      [`PUT ${URL}`]: apiError(400, "DELIVERY_DATE_FAR_FUTURE", "Far future"),
    });
    renderScreen(<StoreDeliveryScreen token={TOKEN} />);
    await user.type(await screen.findByLabelText(/^Runkonumero/, { selector: "input" }), "ABC-123");
    setDate("2066-06-01");
    await user.click(screen.getByRole("button", { name: "Tallenna" }));
    await user.click(await screen.findByRole("button", { name: "Muuta päivää" }));
    expect(serial()).toHaveValue("ABC-123");
    expect(date()).toHaveValue("2066-06-01");
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
