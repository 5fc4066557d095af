import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { BENEFIT, baseRoutes, order, renderMyBike, setUpMyBikeTests, uuid } from "./test-support.tsx";

setUpMyBikeTests();

/** Types a whole value at once (a paste): the form re-renders once, not per letter. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function chooseStore(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  const select = await screen.findByLabelText(/^Pyöräliike/, { selector: "input" });
  await waitFor(() => expect(select).toBeEnabled());
  await user.click(select);
  await user.paste("Tampe");
  await user.click(await screen.findByRole("option", { name }));
}

describe("starting an order on /mybike", () => {
  it("asks for the store and the delivery, and the address only for home delivery", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi(baseRoutes([]));
    renderMyBike();
    const submit = await screen.findByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" });
    await user.click(submit);
    expect(await screen.findByText("Valitse pyöräliike")).toBeInTheDocument();
    expect(screen.getAllByText("Valitse nouto tai kotiinkuljetus").length).toBeGreaterThan(0);
    expect(screen.queryByLabelText(/^Katuosoite/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Kotiinkuljetus" }));
    await fill(user, screen.getByLabelText(/^Postinumero/), "331");
    await user.click(submit);
    expect(await screen.findAllByText("Tämä tieto on pakollinen")).toHaveLength(2);
    expect(screen.getByText("Postinumerossa on viisi numeroa")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders")).toHaveLength(0);
  }, 30_000);

  it("posts the order with the home delivery address, and the order replaces the form", async () => {
    const user = userEvent.setup({ delay: null });
    let started = false;
    const store = { bikeStoreId: uuid(501), storeName: "Tampereen Fillari" };
    const api = fakeApi({
      ...baseRoutes([]),
      "GET /api/orders/my": () => ({
        status: 200,
        body: { items: started ? [order({ bikeStore: store })] : [] },
      }),
      "POST /api/orders": () => {
        started = true;
        return { status: 201, body: order({ bikeStore: store }) };
      },
    });
    renderMyBike();
    await chooseStore(user, /Tampereen Fillari/);
    await user.click(screen.getByRole("radio", { name: "Kotiinkuljetus" }));
    await fill(user, await screen.findByLabelText(/^Katuosoite/), "Hämeenkatu 1");
    await fill(user, screen.getByLabelText(/^Postinumero/), "33100");
    await fill(user, screen.getByLabelText(/^Postitoimipaikka/), "Tampere");
    await fill(user, screen.getByLabelText(/^Lisätiedot pyöräliikkeelle/), "Runkokoko M");
    await user.click(screen.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/orders")[0]?.body).toEqual({
      bikeStoreId: uuid(501),
      deliveryMethod: "HOME_DELIVERY",
      deliveryStreetAddress: "Hämeenkatu 1",
      deliveryPostalCode: "33100",
      deliveryCity: "Tampere",
      customerComment: "Runkokoko M",
    });
    expect(
      await screen.findByRole("heading", { name: "Pyöräliike kokoaa pyöräpakettiasi" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" })).not.toBeInTheDocument();
  }, 30_000);

  it("shows the server's refusal by its code, and its field errors under the fields", async () => {
    const user = userEvent.setup({ delay: null });
    let reply = apiError(409, "ORDER_ALREADY_OPEN", "Another order is open");
    fakeApi({ ...baseRoutes([]), "POST /api/orders": () => reply });
    renderMyBike();
    await chooseStore(user, /Tampereen Fillari/);
    await user.click(screen.getByRole("radio", { name: "Nouto pyöräliikkeestä" }));
    await user.click(screen.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Sinulla on jo tilaus käynnissä.");

    reply = apiError(409, "NOT_ELIGIBLE_TO_ORDER", "Not eligible");
    await user.click(screen.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Et voi vielä tilata työsuhdepyörää"),
    );

    reply = apiError(400, "VALIDATION_ERROR", "Invalid", {
      details: [{ field: "body.bikeStoreId", message: "Store not active" }],
    });
    await user.click(screen.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }));
    const store = screen.getByLabelText(/^Pyöräliike/, { selector: "input" });
    await waitFor(() => expect(store).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getAllByText("Tarkista tämä tieto").length).toBeGreaterThan(0);
  });

  it("says so instead of the form when the benefit does not allow an order", async () => {
    fakeApi(baseRoutes([], { ...BENEFIT, canOrder: false, cannotOrderReason: "NOT_ELIGIBLE" }));
    renderMyBike();
    expect(await screen.findByText("Et voi aloittaa tilausta juuri nyt")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" })).not.toBeInTheDocument();
    // The benefit itself: the company and the max price as 1 234,56 €.
    expect(await screen.findByText("3 000,00 €")).toBeInTheDocument();
  });
});
