import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { TSsoDiscovery } from "../../../contract/single-sign-on.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { type FakeReply, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

/**
 * Single sign-on at the login page against a fake server: the discovery answers in the order given,
 * the password login as given, and the browser's leaving for the provider is caught at location.assign.
 */

const START = "/api/auth/sso/start?email=maija%40yritys.fi";
const NONE: TSsoDiscovery = { sso: false, required: false, startUrl: null };
const OFFERED: TSsoDiscovery = { sso: true, required: false, startUrl: START };
const REQUIRED: TSsoDiscovery = { sso: true, required: true, startUrl: START };

let discoveries: FakeReply[] = [];
let logins: FakeReply[] = [];
let assign = vi.fn<(url: string) => void>();

function serve() {
  return fakeApi({
    "POST /api/auth/sso/discover": () => discoveries.shift() ?? { status: 500 },
    "POST /api/login": () => logins.shift() ?? { status: 500 },
  });
}
const answer = (body: TSsoDiscovery): FakeReply => ({ status: 200, body });

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  await i18n.changeLanguage("fi");
  discoveries = [];
  logins = [];
  assign = vi.fn<(url: string) => void>();
  vi.stubGlobal("location", { ...window.location, assign });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ssoButton = () => screen.queryByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" });

async function typeEmailAndLeave(user: ReturnType<typeof userEvent.setup>, email = "maija@yritys.fi") {
  await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), email);
  await user.tab();
}

function location(router: ReturnType<typeof renderApp>["router"]) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe("single sign-on at the login page", () => {
  it("offers the organisation's login once the e-mail is left, and goes to its start address", async () => {
    const user = userEvent.setup();
    discoveries = [answer(OFFERED)];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);

    const button = await screen.findByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" });
    expect(api.callsTo("POST", "/api/auth/sso/discover")[0]?.body).toEqual({ email: "maija@yritys.fi" });
    // Not required: the password stays for whoever has one.
    expect(screen.getByLabelText(/^Salasana/)).toBeInTheDocument();
    expect(screen.getByText("tai salasanalla")).toBeInTheDocument();

    await user.click(button);
    expect(assign).toHaveBeenCalledWith(START);
    expect(api.callsTo("POST", "/api/login")).toHaveLength(0);
  });

  it("does not ask before the field holds an address, nor twice for the same one", async () => {
    const user = userEvent.setup();
    discoveries = [answer(NONE)];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user, "maija");
    expect(api.callsTo("POST", "/api/auth/sso/discover")).toHaveLength(0);

    await fillIn(user, screen.getByLabelText(/Sähköpostiosoite/), "@yritys.fi");
    await user.tab();
    await user.click(screen.getByLabelText(/Sähköpostiosoite/));
    await user.tab();
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/sso/discover")).toHaveLength(1));
    expect(ssoButton()).not.toBeInTheDocument();
  });

  it("asks no password where the organisation requires its own login, and Enter goes there", async () => {
    const user = userEvent.setup();
    discoveries = [answer(REQUIRED)];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);

    expect(await screen.findByText(/Organisaatiosi käyttää omaa kirjautumistaan/)).toBeInTheDocument();
    expect(ssoButton()).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Salasana/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Kirjaudu sisään" })).not.toBeInTheDocument();
    // The password field the reader tabbed to is gone: the focus is on the way on.
    expect(ssoButton()).toHaveFocus();

    await user.type(screen.getByLabelText(/Sähköpostiosoite/), "{Enter}");
    expect(assign).toHaveBeenCalledWith(START);
    expect(api.callsTo("POST", "/api/login")).toHaveLength(0);
  });

  it("asks for the password again when the e-mail is changed to another company's", async () => {
    const user = userEvent.setup();
    discoveries = [answer(REQUIRED)];
    serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);
    await screen.findByText(/Organisaatiosi käyttää omaa kirjautumistaan/);

    await fillIn(user, screen.getByLabelText(/Sähköpostiosoite/), "x");
    expect(screen.getByLabelText(/^Salasana/)).toBeInTheDocument();
    expect(ssoButton()).not.toBeInTheDocument();
  });

  it("asks on Continue with no password, and shows the organisation's login", async () => {
    const user = userEvent.setup();
    discoveries = [answer(REQUIRED)];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    // Typed and sent at once with Enter: the field is never left.
    await user.type(await screen.findByLabelText(/Sähköpostiosoite/), "maija@yritys.fi{Enter}");
    expect(await screen.findByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" })).toBeVisible();
    expect(screen.queryByLabelText(/^Salasana/)).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/api/login")).toHaveLength(0);
  });

  it("shows SSO_REQUIRED of the password login with the button, asking again", async () => {
    const user = userEvent.setup();
    // The first answer predates the company's new setting; the refusal asks again.
    discoveries = [answer(NONE), answer(REQUIRED)];
    logins = [{ status: 403, body: { statusCode: 403, code: "SSO_REQUIRED", message: "SSO required" } }];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);
    await fillIn(user, screen.getByLabelText(/^Salasana/), "Pedaali2026!");
    await user.click(screen.getByRole("button", { name: "Kirjaudu sisään" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Organisaatiosi kirjauttaa sinut omilla tunnuksillaan.",
    );
    expect(await screen.findByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" })).toBeVisible();
    expect(api.callsTo("POST", "/api/auth/sso/discover")).toHaveLength(2);
    expect(screen.queryByLabelText(/^Salasana/)).not.toBeInTheDocument();
  });

  it("keeps the password login, saying nothing, when the question fails", async () => {
    const user = userEvent.setup();
    discoveries = [{ status: 500, body: { statusCode: 500, code: "INTERNAL_ERROR", message: "x" } }];
    logins = [{ status: 401, body: { statusCode: 401, code: "INVALID_CREDENTIALS", message: "x" } }];
    const api = serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/sso/discover")).toHaveLength(1));
    await fillIn(user, screen.getByLabelText(/^Salasana/), "Pedaali2026!");
    await user.click(screen.getByRole("button", { name: "Kirjaudu sisään" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Sähköpostiosoite tai salasana on väärin. Tarkista ne ja yritä uudelleen.",
    );
    expect(ssoButton()).not.toBeInTheDocument();
  });

  it("never follows a start address that leaves the site", async () => {
    const user = userEvent.setup();
    discoveries = [answer({ ...OFFERED, startUrl: "https://evil.example/start" })];
    serve();
    renderApp("/kirjaudu", { user: null });
    await typeEmailAndLeave(user);
    await user.click(await screen.findByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" }));
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    [
      "SSO_ACCOUNT_NOT_FOUND",
      "Pedaalissa ei ole tiliä, joka vastaa tunnuksia, joilla kirjauduit. Pyydä työnantajasi pääkäyttäjää lisäämään sinut.",
    ],
    ["SSO_NOT_AVAILABLE", "Organisaatiosi kirjautumiseen ei saada juuri nyt yhteyttä."],
    ["IDENTIFICATION_FAILED", "Kirjautuminen organisaatiosi tunnuksilla ei onnistunut. Yritä uudelleen."],
    ["SOMETHING_NEW", "Kirjautuminen organisaatiosi tunnuksilla ei onnistunut. Yritä uudelleen."],
  ])("shows ?sso=%s on the way back from the provider, and takes it off the address", async (code, text) => {
    serve();
    const { router } = renderApp(`/kirjaudu?next=%2Fmybike&sso=${code}`, { user: null });
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    await waitFor(() => expect(location(router)).toBe("/kirjaudu?next=%2Fmybike"));
    expect(router.state.historyAction).toBe("REPLACE");
    // Still said after the address changed.
    expect(screen.getByRole("alert")).toHaveTextContent(text);
  });
});
