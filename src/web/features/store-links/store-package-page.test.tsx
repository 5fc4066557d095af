import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { StorePackageScreen } from "./store-package-page.tsx";
import { ok, renderScreen, setUpStoreLinkTests, storePackage, TOKEN } from "./test-support.tsx";

setUpStoreLinkTests();

const URL = `/api/store-links/package/${TOKEN}`;
/** Types a value in one go (a paste): the form re-renders on every key, which is slow in jsdom. */
async function fill(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, value: string) {
  await user.clear(input);
  if (value) {
    await user.click(input);
    await user.paste(value);
  }
}

const lastInput = (label: RegExp) =>
  screen.getAllByLabelText(label, { selector: "input" }).at(-1) as HTMLElement;

describe("the bike store's package page", () => {
  it("shows the order, checks every line's fields before sending, and sends nothing while they fail", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ [`GET ${URL}`]: ok(storePackage()) });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    expect(await screen.findByText("Maija Meikäläinen")).toBeInTheDocument();
    expect(screen.getByText("Mannerheimintie 5 A 3, 00100 Helsinki")).toBeInTheDocument();
    expect(screen.getByText("Tunturi eSport, koko M")).toBeInTheDocument();

    const save = screen.getByRole("button", { name: "Tallenna paketti" });
    await user.click(save);
    expect(await screen.findAllByText("Tämä tieto on pakollinen")).toHaveLength(2);

    await fill(user, lastInput(/^Nimi/), "Tunturi eSport 500");
    await fill(user, lastInput(/^Vuosimalli/), "26");
    await fill(user, lastInput(/^Määrä/), "25");
    await fill(user, lastInput(/^Yksikköhinta/), "12,345");
    await user.click(save);
    expect(await screen.findByText("Anna vuosimalli väliltä 1950–2100")).toBeInTheDocument();
    expect(screen.getByText("Määrä on kokonaisluku 1–20")).toBeInTheDocument();
    expect(screen.getByText("Anna summa euroina, esim. 1299,90 (enintään 100 000 €)")).toBeInTheDocument();

    await fill(user, lastInput(/^Vuosimalli/), "");
    await fill(user, lastInput(/^Määrä/), "1");
    await fill(user, lastInput(/^Yksikköhinta/), "100");
    await fill(user, lastInput(/^Alennus/), "100,01");
    await user.click(save);
    expect(await screen.findByText("Alennus on enintään yksikköhinta kertaa määrä")).toBeInTheDocument();

    // No bike line at all: the package needs one.
    await user.click(lastInput(/^Tyyppi/));
    await user.click(await screen.findByRole("option", { name: "Varuste" }));
    await user.click(save);
    expect(
      await screen.findByText("Paketissa on oltava pyörä: valitse jonkin rivin tyypiksi Pyörä"),
    ).toBeInTheDocument();
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
  });

  it("keeps a running total, warns above the max price, saves the lines in cents and says what comes next", async () => {
    const user = userEvent.setup({ delay: null });
    const saved = storePackage({
      orderStatus: "PACKAGE_PROVIDED",
      bikeStoreOrderNumber: "VE-118",
      totalPriceCents: 319_880,
      items: [
        {
          itemType: "BIKE",
          name: "Tunturi eSport 500",
          brand: "Tunturi",
          model: null,
          modelYear: 2026,
          frameSize: null,
          color: null,
          quantity: 1,
          unitPriceCents: 319_900,
          discountCents: 10_000,
        },
        {
          itemType: "ACCESSORY",
          name: "Runkolukko",
          brand: null,
          model: null,
          modelYear: null,
          frameSize: null,
          color: null,
          quantity: 2,
          unitPriceCents: 4_990,
          discountCents: 0,
        },
      ],
    });
    const api = fakeApi({ [`GET ${URL}`]: ok(storePackage()), [`PUT ${URL}`]: ok(saved) });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    await fill(user, await screen.findByLabelText(/^Nimi/, { selector: "input" }), "Tunturi eSport 500");
    await fill(user, lastInput(/^Merkki/), "Tunturi");
    await fill(user, lastInput(/^Vuosimalli/), "2026");
    await fill(user, lastInput(/^Yksikköhinta/), "3199");
    await fill(user, lastInput(/^Alennus/), "100");
    expect(screen.getByTestId("package-total")).toHaveTextContent("3 099,00 €");
    expect(screen.getByText("Paketti ylittää enimmäishinnan")).toBeInTheDocument();
    expect(
      screen.getByText(/Paketti on 99,00 € yli työntekijän enimmäishinnan 3 000,00 €/),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Lisää rivi" }));
    await fill(user, lastInput(/^Nimi/), "Runkolukko");
    await fill(user, lastInput(/^Määrä/), "2");
    await fill(user, lastInput(/^Yksikköhinta/), "49,90");
    expect(screen.getByTestId("package-total")).toHaveTextContent("3 198,80 €");
    await fill(user, screen.getByLabelText("Liikkeen oma tilausnumero"), "VE-118");
    await user.click(screen.getByRole("button", { name: "Tallenna paketti" }));
    // Above the max price: the store sees it once more, and sends it anyway.
    const warning = await screen.findByRole("alertdialog", {
      name: "Lähetetäänkö paketti enimmäishinnan ylittävänä?",
    });
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
    await user.click(within(warning).getByRole("button", { name: "Tallenna paketti silti" }));

    await waitFor(() => expect(api.callsTo("PUT", URL)).toHaveLength(1));
    expect(api.callsTo("PUT", URL)[0]?.body).toEqual({
      bikeStoreOrderNumber: "VE-118",
      items: [
        {
          itemType: "BIKE",
          name: "Tunturi eSport 500",
          brand: "Tunturi",
          model: null,
          modelYear: 2026,
          frameSize: null,
          color: null,
          quantity: 1,
          unitPriceCents: 319_900,
          discountCents: 10_000,
        },
        {
          itemType: "ACCESSORY",
          name: "Runkolukko",
          brand: null,
          model: null,
          modelYear: null,
          frameSize: null,
          color: null,
          quantity: 2,
          unitPriceCents: 4_990,
          discountCents: 0,
        },
      ],
    });
    expect(await screen.findByText("Paketti on tallennettu")).toBeInTheDocument();
    expect(screen.getByText(/Seuraavaksi työntekijä tarkistaa ja hyväksyy paketin/)).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Paketin rivit" });
    expect(within(table).getByText("Tunturi eSport 500 (Tunturi, 2026)")).toBeInTheDocument();
    expect(within(table).getByText("3 198,80 €")).toBeInTheDocument();
    // Until the employee accepts, the store may change it.
    await user.click(screen.getByRole("button", { name: "Muuta pakettia" }));
    expect(screen.getAllByLabelText(/^Nimi/, { selector: "input" })).toHaveLength(2);
  });

  it("warns before sending a package above the max price, with the max price and the difference", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ [`GET ${URL}`]: ok(storePackage()), [`PUT ${URL}`]: ok(storePackage()) });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    await fill(user, await screen.findByLabelText(/^Nimi/, { selector: "input" }), "Riese & Müller Load");
    await fill(user, lastInput(/^Yksikköhinta/), "4060");
    await user.click(screen.getByRole("button", { name: "Tallenna paketti" }));
    const warning = await screen.findByRole("alertdialog", {
      name: "Lähetetäänkö paketti enimmäishinnan ylittävänä?",
    });
    expect(warning).toHaveTextContent(
      "Paketti maksaa 4 060,00 €, ja työntekijän enimmäishinta on 3 000,00 €. Työntekijä maksaa erotuksen 1 060,00 € itse, kun tilaus on vahvistettu.",
    );
    // Back to the form: nothing is sent, and the form saves as before.
    await user.click(within(warning).getByRole("button", { name: "Muokkaa pakettia" }));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    // A changed total above the max price asks again, with its own figures.
    await fill(user, lastInput(/^Yksikköhinta/), "3500");
    await user.click(screen.getByRole("button", { name: "Tallenna paketti" }));
    expect(await screen.findByRole("alertdialog")).toHaveTextContent("erotuksen 500,00 €");
    expect(api.callsTo("PUT", URL)).toHaveLength(0);
    // Within the max price it is sent at once.
    await user.click(screen.getByRole("button", { name: "Muokkaa pakettia" }));
    await fill(user, lastInput(/^Yksikköhinta/), "2900");
    await user.click(screen.getByRole("button", { name: "Tallenna paketti" }));
    await waitFor(() => expect(api.callsTo("PUT", URL)).toHaveLength(1));
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("marks the fields the server refused", async () => {
    const user = userEvent.setup({ delay: null });
    fakeApi({
      [`GET ${URL}`]: ok(storePackage()),
      [`PUT ${URL}`]: apiError(400, "VALIDATION_ERROR", "Request validation failed", {
        details: [{ field: "body.items.0.unitPriceCents", message: "Too big" }],
      }),
    });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    await fill(user, await screen.findByLabelText(/^Nimi/, { selector: "input" }), "Pyörä");
    await fill(user, lastInput(/^Yksikköhinta/), "1000");
    await user.click(screen.getByRole("button", { name: "Tallenna paketti" }));
    expect(await screen.findAllByText("Tarkista tämä kenttä")).not.toHaveLength(0);
    expect(lastInput(/^Yksikköhinta/)).toHaveAttribute("aria-invalid", "true");
  });

  it("shows an accepted package read-only and says why", async () => {
    fakeApi({
      [`GET ${URL}`]: ok(
        storePackage({
          orderStatus: "ALL_INFO_PROVIDED",
          editable: false,
          totalPriceCents: 250_000,
          items: [
            {
              itemType: "BIKE",
              name: "Helkama E3",
              brand: null,
              model: null,
              modelYear: null,
              frameSize: null,
              color: null,
              quantity: 1,
              unitPriceCents: 250_000,
              discountCents: 0,
            },
          ],
        }),
      ),
    });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    expect(await screen.findByText("Pakettia ei voi enää muuttaa")).toBeInTheDocument();
    expect(screen.getByRole("table", { name: "Paketin rivit" })).toHaveTextContent("Helkama E3");
    expect(screen.queryByRole("button", { name: "Tallenna paketti" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Muuta pakettia" })).not.toBeInTheDocument();
  });

  it("says a dead link no longer works and leads to customer service", async () => {
    fakeApi({ [`GET ${URL}`]: apiError(404, "STORE_LINK_INVALID", "Invalid") });
    renderScreen(<StorePackageScreen token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "Linkki ei ole enää voimassa" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ota yhteyttä asiakaspalveluun" })).toHaveAttribute(
      "href",
      "/ota-yhteytta",
    );
  });
});
