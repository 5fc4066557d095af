import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { apiError, fakeApi } from "../../test/fake-api.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";

const TOKEN = "t".repeat(43);

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("password recovery (/salasanan-palauttaminen, /palauta-salasana)", () => {
  it.each(["/salasanan-palauttaminen", "/palauta-salasana"])(
    "%s asks for a link and answers the same whether or not the e-mail exists",
    async (path) => {
      const user = userEvent.setup();
      const api = fakeApi({
        "POST /api/password-reset": {
          status: 200,
          body: {
            message: "If the e-mail belongs to an account, a link to set a new password is on its way.",
          },
        },
      });
      renderApp(path, { user: null });
      await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), " Someone@Demo.test ");
      await user.click(screen.getByRole("button", { name: "Lähetä linkki" }));
      expect(await screen.findByText("Tarkista sähköpostisi")).toBeInTheDocument();
      expect(screen.getByText(/Jos osoitteella someone@demo.test on käyttäjätili/)).toBeInTheDocument();
      expect(api.callsTo("POST", "/api/password-reset")[0]?.body).toEqual({
        email: "someone@demo.test",
        language: "fi",
      });
    },
  );

  it("checks the e-mail before asking", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/salasanan-palauttaminen", { user: null });
    await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Lähetä linkki" }));
    expect(await screen.findByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("an empty e-mail says it is required, a malformed one keeps the format error", async () => {
    const user = userEvent.setup();
    const api = fakeApi({});
    renderApp("/salasanan-palauttaminen", { user: null });
    await user.click(await screen.findByRole("button", { name: "Lähetä linkki" }));
    expect(await screen.findByText("Sähköpostiosoite on pakollinen")).toBeInTheDocument();
    expect(screen.queryByText("Tarkista sähköpostiosoite")).not.toBeInTheDocument();
    await fillIn(user, screen.getByLabelText(/Sähköpostiosoite/), "maija@");
    await user.click(screen.getByRole("button", { name: "Lähetä linkki" }));
    expect(await screen.findByText("Tarkista sähköpostiosoite")).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("says so when the server limits the requests", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/password-reset": apiError(429, "TOO_MANY_REQUESTS", "Rate limit exceeded") });
    renderApp("/salasanan-palauttaminen", { user: null });
    await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), "someone@demo.test");
    await user.click(screen.getByRole("button", { name: "Lähetä linkki" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Liikaa pyyntöjä. Odota hetki ja yritä uudelleen.",
    );
    expect(screen.getByLabelText(/Sähköpostiosoite/)).toHaveValue("someone@demo.test");
  });
});

describe("setting a new password (/reset/{token})", () => {
  it("shows the rules while typing, checks the confirmation, saves and offers the login", async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      [`GET /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { valid: true, email: "maija@demo.test", problem: null },
      },
      [`POST /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { message: "Your password has been set. You can now log in with it." },
      },
    });
    renderApp(`/reset/${TOKEN}`, { user: null });
    expect(await screen.findByText("Asetat salasanan käyttäjätilille maija@demo.test.")).toBeInTheDocument();
    const password = screen.getByLabelText(/^Uusi salasana/);
    await fillIn(user, password, "lyhyt");
    expect(screen.getByText("Vähintään 12 merkkiä").closest("li")).toHaveAttribute("data-state", "unmet");
    await user.click(screen.getByRole("button", { name: "Tallenna salasana" }));
    expect(await screen.findByText("Salasana ei täytä vaatimuksia")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/password-reset/${TOKEN}`)).toEqual([]);

    await user.clear(password);
    await fillIn(user, password, "Kolme iloista polkupyörää");
    expect(screen.getByText("Vähintään 12 merkkiä").closest("li")).toHaveAttribute("data-state", "met");
    await fillIn(user, screen.getByLabelText(/^Vahvista salasana/), "Kolme iloista polkupyörää!");
    await user.click(screen.getByRole("button", { name: "Tallenna salasana" }));
    expect(await screen.findByText("Salasanat eivät täsmää")).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Vahvista salasana/));
    await fillIn(user, screen.getByLabelText(/^Vahvista salasana/), "Kolme iloista polkupyörää");
    await user.click(screen.getByRole("button", { name: "Tallenna salasana" }));
    expect(await screen.findByText("Salasana tallennettu")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Kirjaudu sisään" })).toHaveAttribute("href", "/kirjaudu");
    expect(api.callsTo("POST", `/api/password-reset/${TOKEN}`)[0]?.body).toEqual({
      password: "Kolme iloista polkupyörää",
    });
  });

  it("tells a used or expired link apart and offers a new one", async () => {
    fakeApi({
      [`GET /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { valid: false, email: null, problem: "UNKNOWN" },
      },
    });
    renderApp(`/reset/${TOKEN}`, { user: null });
    expect(await screen.findByText("Linkki ei ole enää voimassa")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pyydä uusi linkki" })).toHaveAttribute(
      "href",
      "/salasanan-palauttaminen",
    );
  });

  it.each([
    [
      "fi",
      "Tämän linkin voimassaoloaika on päättynyt.",
      "Lähetä uusi linkki sähköpostiini",
      "Uusi linkki on matkalla",
    ],
    ["en", "The time of this link has run out.", "Send a new link to my e-mail", "A new link is on its way"],
    [
      "sv",
      "Den här länkens giltighetstid har gått ut.",
      "Skicka en ny länk till min e-post",
      "En ny länk är på väg",
    ],
  ])(
    "an expired link's page (%s) says why and mails a new link to the account",
    async (lang, why, button, sent) => {
      const user = userEvent.setup();
      const api = fakeApi({
        [`GET /api/password-reset/${TOKEN}`]: {
          status: 200,
          body: { valid: false, email: null, problem: "EXPIRED" },
        },
        [`POST /api/password-reset/${TOKEN}/renew`]: {
          status: 200,
          body: {
            message: "If the e-mail belongs to an account, a link to set a new password is on its way.",
          },
        },
      });
      renderApp(`/${lang}/reset/${TOKEN}`, { user: null });
      expect(await screen.findByText(why)).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: button }));
      expect(await screen.findByText(sent)).toBeInTheDocument();
      expect(api.callsTo("POST", `/api/password-reset/${TOKEN}/renew`)).toHaveLength(1);
    },
  );

  it("treats a malformed token (400) as a dead link", async () => {
    fakeApi({ "GET /api/password-reset/short": apiError(400, "VALIDATION_ERROR", "Invalid input") });
    renderApp("/reset/short", { user: null });
    expect(await screen.findByText("Linkki ei ole enää voimassa")).toBeInTheDocument();
  });

  it.each([
    [
      "an expired or used link (valid false)",
      TOKEN,
      { status: 200, body: { valid: false, email: null, problem: "UNKNOWN" } },
    ],
    ["a malformed link (400)", "short", apiError(400, "VALIDATION_ERROR", "Invalid input")],
  ])("%s gets a friendly page that says what happened and the way forward", async (_, token, reply) => {
    fakeApi({ [`GET /api/password-reset/${token}`]: reply });
    renderApp(`/reset/${token}`, { user: null });
    expect(
      await screen.findByRole("heading", { level: 2, name: "Linkki ei ole enää voimassa" }),
    ).toBeInTheDocument();
    // Not an error the user must decode: no alert, no status code, but what happened and what to do.
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/400|Jokin meni vikaan/)).not.toBeInTheDocument();
    expect(screen.getByText(/vanhentunut, jo käytetty tai kopioitunut vajaana/)).toBeInTheDocument();
    expect(screen.getByText(/Pyydä uusi linkki sähköpostiisi/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pyydä uusi linkki" })).toHaveAttribute(
      "href",
      "/salasanan-palauttaminen",
    );
    expect(screen.getByRole("link", { name: "Takaisin kirjautumiseen" })).toHaveAttribute(
      "href",
      "/kirjaudu",
    );
    expect(screen.queryByLabelText(/^Uusi salasana/)).not.toBeInTheDocument();
  });

  it("a link that dies while the form is open gets the same friendly page", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { valid: true, email: null, problem: null },
      },
      [`POST /api/password-reset/${TOKEN}`]: apiError(400, "INVALID_TOKEN", "The link is invalid"),
    });
    renderApp(`/reset/${TOKEN}`, { user: null });
    await fillIn(user, await screen.findByLabelText(/^Uusi salasana/), "Kolme iloista polkupyörää");
    await fillIn(user, screen.getByLabelText(/^Vahvista salasana/), "Kolme iloista polkupyörää");
    await user.click(screen.getByRole("button", { name: "Tallenna salasana" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "Linkki ei ole enää voimassa" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pyydä uusi linkki" })).toBeInTheDocument();
  });

  it("shows the server's refusal of a weak password and keeps the fields", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { valid: true, email: null, problem: null },
      },
      [`POST /api/password-reset/${TOKEN}`]: apiError(400, "WEAK_PASSWORD", "Password is too weak"),
    });
    renderApp(`/reset/${TOKEN}`, { user: null });
    const password = await screen.findByLabelText(/^Uusi salasana/);
    await fillIn(user, password, "Kolme iloista polkupyörää");
    await fillIn(user, screen.getByLabelText(/^Vahvista salasana/), "Kolme iloista polkupyörää");
    await user.click(screen.getByRole("button", { name: "Tallenna salasana" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "Salasana ei täytä vaatimuksia. Valitse pidempi tai vaikeammin arvattava salasana.",
      ),
    );
    expect(password).toHaveValue("Kolme iloista polkupyörää");
  });
});

/** A 400 of the contract's own check, naming the field it refused and why (src/server/plugins/errors.ts). */
const fieldRefused = (field: string, maximum: number) =>
  apiError(400, "VALIDATION_ERROR", "Request validation failed", {
    details: [{ field, message: "Too big", issue: { code: "too_big", origin: "string", maximum } }],
  });

describe("the password forms' fields", () => {
  it("recovery: a failed submit goes to the e-mail, and the server's refusal of it is said there", async () => {
    const user = userEvent.setup();
    fakeApi({ "POST /api/password-reset": fieldRefused("body.email", 320) });
    renderApp("/salasanan-palauttaminen", { user: null });
    const email = await screen.findByLabelText(/Sähköpostiosoite/);
    const submit = screen.getByRole("button", { name: "Lähetä linkki" });
    await user.click(submit);
    expect(email).toHaveFocus();

    await fillIn(user, email, "maija@demo.test");
    await user.click(submit);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enintään 320 merkkiä/));
    expect(email).toHaveFocus();
  });

  it("new password: a failed submit goes to the first field in error, and a refused field gets its words", async () => {
    const user = userEvent.setup();
    fakeApi({
      [`GET /api/password-reset/${TOKEN}`]: {
        status: 200,
        body: { valid: true, email: null, problem: null },
      },
      [`POST /api/password-reset/${TOKEN}`]: fieldRefused("body.password", 1024),
    });
    renderApp(`/reset/${TOKEN}`, { user: null });
    const password = await screen.findByLabelText(/^Uusi salasana/);
    const confirm = screen.getByLabelText(/^Vahvista salasana/);
    const submit = screen.getByRole("button", { name: "Tallenna salasana" });
    await user.click(submit);
    expect(password).toHaveFocus();

    await fillIn(user, password, "Kolme iloista polkupyörää");
    await user.click(submit);
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(/Salasanat eivät täsmää/);

    await fillIn(user, confirm, "Kolme iloista polkupyörää");
    await user.click(submit);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/Enintään 1024 merkkiä/));
    expect(password).toHaveFocus();
  });
});
