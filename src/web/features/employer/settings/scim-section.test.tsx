import { QueryClientProvider } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { TScimTokenState } from "../../../../contract/scim.ts";
import { ToastHost } from "../../../components/toast-host.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderUi } from "../../../test/render-ui.tsx";
import { setUpScreenTests } from "../../../test/screen-tests.ts";
import { ScimSection } from "./scim-section.tsx";

setUpScreenTests();

const COMPANY = "11111111-1111-4111-8111-111111111111";
const URL = `/api/companies/${COMPANY}/scim-token`;
const BASE = "https://pedaali.example/scim/v2";
const SECRET = "pedaali_scim_first-secret-shown-once";
const inUse = (createdAt = "2026-11-20T10:15:00.000Z"): TScimTokenState => ({
  baseUrl: BASE,
  token: { createdAt, createdBy: "Erkki Esimies", lastUsedAt: null },
});

function renderSection() {
  return renderUi(
    <QueryClientProvider client={createQueryClient()}>
      <ScimSection companyId={COMPANY} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

async function section() {
  const heading = await screen.findByRole("heading", { name: "Käyttäjien automaattinen hallinta (SCIM)" });
  return within(heading.closest("section") as HTMLElement);
}

describe("the SCIM section", () => {
  it("makes the first token and shows it once, beside the address to give the identity provider", async () => {
    const user = userEvent.setup();
    let state: TScimTokenState = { baseUrl: BASE, token: null };
    const api = fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: state }),
      [`POST ${URL}`]: () => {
        state = inUse();
        return { status: 201, body: { ...state, secret: SECRET } };
      },
    });
    renderSection();
    const scim = await section();
    expect(await scim.findByText("Ei tunnusta")).toBeInTheDocument();
    expect(scim.getByRole("textbox", { name: "SCIM-osoite" })).toHaveValue(BASE);

    await user.click(scim.getByRole("button", { name: "Luo tunnus" }));
    expect(await scim.findByRole("textbox", { name: "SCIM-tunnus" })).toHaveValue(SECRET);
    expect(scim.getByText(/näytetään vain tämän kerran/)).toBeInTheDocument();
    expect(await scim.findByText("Käytössä")).toBeInTheDocument();
    expect(scim.getByText(/Erkki Esimies/)).toBeInTheDocument();
    expect(scim.getByText("Ei vielä käytetty")).toBeInTheDocument();
    // Made without a question: there was no token to stop.
    expect(api.callsTo("POST", URL)).toHaveLength(1);
  });

  it("replaces and revokes the token only once asked, and forgets a shown token when revoked", async () => {
    const user = userEvent.setup();
    let state = inUse();
    const api = fakeApi({
      [`GET ${URL}`]: () => ({ status: 200, body: state }),
      [`POST ${URL}`]: () => {
        state = inUse("2026-11-21T08:00:00.000Z");
        return { status: 201, body: { ...state, secret: SECRET } };
      },
      [`DELETE ${URL}`]: () => {
        state = { baseUrl: BASE, token: null };
        return { status: 200, body: state };
      },
    });
    renderSection();
    const scim = await section();

    await user.click(await scim.findByRole("button", { name: "Vaihda tunnus" }));
    const rotate = await screen.findByRole("dialog", { name: "Vaihdetaanko SCIM-tunnus?" });
    await user.click(within(rotate).getByRole("button", { name: "Peruuta" }));
    expect(api.callsTo("POST", URL)).toHaveLength(0);
    await user.click(scim.getByRole("button", { name: "Vaihda tunnus" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Vaihdetaanko SCIM-tunnus?" })).getByRole("button", {
        name: "Vaihda tunnus",
      }),
    );
    expect(await scim.findByRole("textbox", { name: "SCIM-tunnus" })).toHaveValue(SECRET);
    expect(api.callsTo("POST", URL)).toHaveLength(1);

    await user.click(scim.getByRole("button", { name: "Peru tunnus" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Perutaanko SCIM-tunnus?" })).getByRole("button", {
        name: "Peru tunnus",
      }),
    );
    expect(await scim.findByText("Ei tunnusta")).toBeInTheDocument();
    expect(scim.queryByRole("textbox", { name: "SCIM-tunnus" })).not.toBeInTheDocument();
    expect(api.callsTo("DELETE", URL)).toHaveLength(1);
  });
});
