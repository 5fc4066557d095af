import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import type { TListedBike, TListedBikePage } from "../../../contract/bike-brokerage.ts";
import type { Language } from "../../../domain/enums.ts";
import { ToastHost } from "../../components/toast-host.tsx";
import { ensureBrokerageTexts } from "../../i18n/brokerage-texts.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { SESSION_QUERY_KEY } from "../../lib/session.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { loadTexts, renderUi } from "../../test/render-ui.tsx";
import { setUpScreenTests } from "../../test/screen-tests.ts";
import { sessionUser } from "../../test/session-user.ts";
import { BrokeragePage } from "./brokerage-page.tsx";

setUpScreenTests();
beforeAll(() => ensureBrokerageTexts("fi"));

const BIKE_ID = "bbbbbbbb-bbbb-4bbb-8bbb-000000000001";
const LIST = "GET /api/bike-brokerage/listed?page=1&limit=12";
const ASK = `POST /api/bike-brokerage/${BIKE_ID}/inquiries`;

const bike = (overrides: Partial<TListedBike> = {}): TListedBike => ({
  bikeBrokerageId: BIKE_ID,
  brand: "Tunturi",
  model: "eGo 500 Urban",
  modelYear: 2022,
  frameSize: "M",
  description: "Huollettu palautuksen jälkeen.",
  askingPriceCents: 132_900,
  city: "Espoo",
  listedAt: "2026-11-20T10:00:00.000Z",
  ...overrides,
});

const page = (items: TListedBike[]): TListedBikePage => ({
  items,
  page: 1,
  limit: 12,
  total: items.length,
  totalPages: items.length > 0 ? 1 : 0,
  hasNext: false,
  hasPrevious: false,
});

function renderPage(path = "/bikeBrokerageService") {
  const queryClient = createQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, sessionUser(["BIKE_BENEFICIARY"]));
  return renderUi(
    <QueryClientProvider client={queryClient}>
      <BrokeragePage />
      <ToastHost />
    </QueryClientProvider>,
    { path },
  );
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Kysy ostamisesta" }));
  return screen.findByRole("dialog", { name: "Kysy ostamisesta: Tunturi eGo 500 Urban (2022)" });
}

describe("/bikeBrokerageService", () => {
  it("shows the bikes for sale as cards: name and year, price, size, place, date and description", async () => {
    fakeApi({ [LIST]: { status: 200, body: page([bike()]) } });
    renderPage();
    expect(await screen.findByRole("heading", { level: 1, name: "Pyörävälitys" })).toBeInTheDocument();
    const card = await screen.findByRole("article", { name: "Tunturi eGo 500 Urban (2022)" });
    expect(within(card).getByText(/1\s329,00\s€/)).toBeInTheDocument();
    expect(within(card).getByText("Espoo")).toBeInTheDocument();
    expect(within(card).getByText("20.11.2026")).toBeInTheDocument();
    expect(within(card).getByText("Huollettu palautuksen jälkeen.")).toBeInTheDocument();
    expect(screen.getByText("Pyörät 1–1/1")).toBeInTheDocument();
  });

  it("says what to do when nothing is for sale, and how to clear a search that finds nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [LIST]: { status: 200, body: page([]) },
      "GET /api/bike-brokerage/listed?page=1&limit=12&frameSize=XL": { status: 200, body: page([]) },
    });
    renderPage();
    expect(
      await screen.findByText(/Myynnissä ei ole nyt pyöriä. Katso myöhemmin uudelleen/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kysy asiakaspalvelulta" })).toHaveAttribute(
      "href",
      "/ota-yhteytta",
    );

    await user.selectOptions(screen.getByLabelText("Runkokoko"), "XL");
    expect(await screen.findByText(/Hakuasi vastaavia pyöriä ei ole/)).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/bike-brokerage/listed?page=1&limit=12&frameSize=XL")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Tyhjennä haku" }));
    await waitFor(() => expect(screen.getByLabelText("Runkokoko")).toHaveValue(""));
  });

  it("offers a retry when the bikes cannot be loaded", async () => {
    // A 5xx is retried twice first (lib/query-client.ts), so the state comes after those.
    fakeApi({ [LIST]: apiError(500, "INTERNAL_ERROR", "boom") });
    renderPage();
    // The general error toast is an alert too, so the page's own alert is found by its text.
    const message = await screen.findByText("Pyöriä ei saatu ladattua.", {}, { timeout: 10_000 });
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole("button", { name: "Yritä uudelleen" })).toBeInTheDocument();
  }, 20_000);
});

describe("asking to buy a bike", () => {
  it("prefills the asker's details, says at the fields what is missing, and sends nothing until fixed", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({ [LIST]: { status: 200, body: page([bike()]) } });
    renderPage();
    const dialog = await openDialog(user);
    const name = within(dialog).getByLabelText(/^Nimi/);
    expect(name).toHaveValue("Maija Meikäläinen");
    expect(within(dialog).getByLabelText(/^Sähköpostiosoite/)).toHaveValue("maija.meikalainen@demo.test");
    expect(within(dialog).getByLabelText(/^Puhelinnumero/)).toHaveValue("0401234567");

    await user.clear(name);
    await user.clear(within(dialog).getByLabelText(/^Puhelinnumero/));
    await fillIn(user, within(dialog).getByLabelText(/^Puhelinnumero/), "12");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä kysymys" }));
    expect(await within(dialog).findAllByText("Tämä tieto on pakollinen")).toHaveLength(2);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText(/^Viesti/)).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText(/^Puhelinnumero/)).toHaveAttribute("aria-invalid", "true");
    // The summary above the fields names them too.
    expect(within(dialog).getByRole("link", { name: /Nimi: Tämä tieto on pakollinen/ })).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/bike-brokerage/${BIKE_ID}/inquiries`)).toHaveLength(0);
  }, 30_000);

  it("sends the inquiry, thanks the asker and marks the card asked", async () => {
    const user = userEvent.setup({ delay: null });
    const api = fakeApi({
      [LIST]: { status: 200, body: page([bike()]) },
      [ASK]: { status: 201, body: { message: "Bike brokerage inquiry received" } },
    });
    renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(/^Viesti/));
    await user.paste("Voisinko tulla koeajamaan lauantaina?");
    await user.click(within(dialog).getByRole("button", { name: "Lähetä kysymys" }));
    await waitFor(() =>
      expect(api.callsTo("POST", `/api/bike-brokerage/${BIKE_ID}/inquiries`)).toHaveLength(1),
    );
    expect(api.callsTo("POST", `/api/bike-brokerage/${BIKE_ID}/inquiries`)[0]?.body).toEqual({
      name: "Maija Meikäläinen",
      email: "maija.meikalainen@demo.test",
      phoneNumber: "0401234567",
      message: "Voisinko tulla koeajamaan lauantaina?",
    });
    expect(await screen.findByText(/Kiitos! Kysymyksesi on lähetetty/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const card = screen.getByRole("article", { name: "Tunturi eGo 500 Urban (2022)" });
    expect(within(card).getByText("Kysymyksesi on lähetetty asiakaspalveluun.")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: "Kysy ostamisesta" })).not.toBeInTheDocument();
  }, 30_000);

  it("shows the server's refusals: at the field, a second inquiry, a bike gone off sale", async () => {
    const user = userEvent.setup({ delay: null });
    let reply = apiError(400, "VALIDATION_ERROR", "Invalid", {
      details: [{ field: "body.email", message: "Invalid email" }],
    });
    fakeApi({ [LIST]: { status: 200, body: page([bike()]) }, [ASK]: () => reply });
    renderPage();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByLabelText(/^Viesti/));
    await user.paste("Onko vielä myynnissä?");
    const send = within(dialog).getByRole("button", { name: "Lähetä kysymys" });
    await user.click(send);
    const email = within(dialog).getByLabelText(/^Sähköpostiosoite/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(within(dialog).getAllByText("Tarkista tämä tieto").length).toBeGreaterThan(0);

    reply = apiError(409, "BROKERAGE_NOT_AVAILABLE", "The bike is not for sale");
    await user.click(send);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Pyörä ei ole enää myynnissä.");

    reply = apiError(409, "CONFLICT", "Already asked");
    await user.click(send);
    await waitFor(() =>
      expect(within(dialog).getByRole("alert")).toHaveTextContent("Olet jo kysynyt tästä pyörästä."),
    );
  }, 30_000);
});

describe("the page in every language", () => {
  const texts: Record<Language, { title: string; ask: string; size: string }> = {
    fi: { title: "Pyörävälitys", ask: "Kysy ostamisesta", size: "Runkokoko" },
    en: { title: "Bike brokerage", ask: "Ask about buying", size: "Frame size" },
    sv: { title: "Cykelförmedling", ask: "Fråga om att köpa", size: "Ramstorlek" },
  };
  for (const lng of ["fi", "en", "sv"] as const) {
    it(`renders in ${lng}`, async () => {
      await loadTexts(lng);
      await ensureBrokerageTexts(lng);
      try {
        fakeApi({ [LIST]: { status: 200, body: page([bike()]) } });
        renderPage();
        expect(await screen.findByRole("heading", { level: 1, name: texts[lng].title })).toBeInTheDocument();
        expect(await screen.findByRole("button", { name: texts[lng].ask })).toBeInTheDocument();
        expect(screen.getAllByText(texts[lng].size).length).toBeGreaterThan(0);
      } finally {
        await loadTexts("fi");
      }
    });
  }
});
