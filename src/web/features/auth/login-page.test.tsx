import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOGIN_MESSAGES } from "../../../contract/auth.ts";
import type { RoleName } from "../../../domain/roles.ts";
import { i18n, initI18n } from "../../i18n/i18n.ts";
import { fillIn } from "../../test/fill-in.ts";
import { renderApp } from "../../test/render-app.tsx";
import { sessionUser } from "../../test/session-user.ts";

/**
 * The login flow of docs/product.md "States" against a fake server: fetch answers by path, and a successful login or
 * code check sets the csrfToken cookie the way the real server does.
 */

type Reply = { status: number; body?: unknown } | "network-error";
type Call = { url: string; method: string; body: unknown };

let calls: Call[] = [];
let loginReplies: Reply[] = [];
let verifyReplies: Reply[] = [];
let loggedInAs: RoleName[] = ["BIKE_BENEFICIARY"];
let deactivated = false;

function respond(reply: Reply): Promise<Response> {
  if (reply === "network-error") return Promise.reject(new TypeError("Failed to fetch"));
  const text = reply.body === undefined ? null : JSON.stringify(reply.body);
  return Promise.resolve(
    new Response(text, { status: reply.status, headers: { "content-type": "application/json" } }),
  );
}

function setSessionCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie.
  document.cookie = "csrfToken=t0ken; path=/";
}

const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  const method = init?.method ?? "GET";
  calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url === "/api/login") {
    const reply = loginReplies.shift() ?? { status: 500 };
    if (reply !== "network-error" && reply.status === 200) setSessionCookie();
    return respond(reply);
  }
  if (url === "/api/verify") {
    const reply = verifyReplies.shift() ?? { status: 500 };
    if (reply !== "network-error" && reply.status === 200) setSessionCookie();
    return respond(reply);
  }
  if (url === "/api/user") return respond({ status: 200, body: sessionUser(loggedInAs, { deactivated }) });
  return respond({ status: 404, body: { statusCode: 404, code: "NOT_FOUND", message: "Not found" } });
});

const TOKENS = { status: 200, body: { accessToken: "a", refreshToken: "r" } };
const error = (statusCode: number, code: string, message: string, extra: object = {}) => ({
  status: statusCode,
  body: { statusCode, code, message, ...extra },
});
const twoFactor = (devCode?: string) => ({
  status: 202,
  body: {
    requiresTwoFactor: true,
    method: "SMS",
    email: "employer.admin@demo.test",
    phoneNumberHint: "+35840•••••67",
    expiresInSeconds: 300,
    ...(devCode ? { devCode } : {}),
  },
});

beforeAll(async () => {
  await initI18n("fi");
});

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage("fi");
  calls = [];
  loginReplies = [];
  verifyReplies = [];
  loggedInAs = ["BIKE_BENEFICIARY"];
  deactivated = false;
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
  // biome-ignore lint/suspicious/noDocumentCookie: clears the fake session.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, email = "employee@demo.test") {
  await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), email);
  await fillIn(user, screen.getByLabelText(/^Salasana/), "Pedaali2026!");
  await user.click(screen.getByRole("button", { name: "Kirjaudu sisään" }));
}

function location(router: ReturnType<typeof renderApp>["router"]) {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

describe("the login page", () => {
  it("logs an employee in without a code and sends them to /mybike", async () => {
    const user = userEvent.setup();
    loginReplies = [TOKENS];
    const { router } = renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    await waitFor(() => expect(location(router)).toBe("/mybike"));
    // Leaving the e-mail field first asks whether it logs in through its company's own provider.
    expect(calls.find((c) => c.url === "/api/login")).toEqual({
      url: "/api/login",
      method: "POST",
      body: { email: "employee@demo.test", password: "Pedaali2026!" },
    });
    expect(calls.some((c) => c.url === "/api/user")).toBe(true);
  });

  it("logs in with what the browser put in the fields unheard: typed before the page was live, or a password manager's", async () => {
    const user = userEvent.setup();
    loginReplies = [TOKENS];
    const { router } = renderApp("/kirjaudu", { user: null });
    const email = (await screen.findByLabelText(/Sähköpostiosoite/)) as HTMLInputElement;
    const password = screen.getByLabelText(/^Salasana/) as HTMLInputElement;
    // Set on the elements, as the browser does, without an input event: the form never hears of it.
    email.value = "employee@demo.test";
    password.value = "Pedaali2026!";
    await user.click(screen.getByRole("button", { name: "Kirjaudu sisään" }));
    await waitFor(() => expect(location(router)).toBe("/mybike"));
    expect(calls.find((c) => c.url === "/api/login")?.body).toEqual({
      email: "employee@demo.test",
      password: "Pedaali2026!",
    });
  });

  it("asks for the code after 202, shows the dev-only code, verifies and lands on /tyonantaja", async () => {
    const user = userEvent.setup();
    loginReplies = [twoFactor("123456")];
    verifyReplies = [TOKENS];
    loggedInAs = ["EMPLOYER_ADMIN"];
    const { router } = renderApp("/kirjaudu", { user: null });
    await fillCredentials(user, "employer.admin@demo.test");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Kaksivaiheinen tunnistautuminen" }),
    ).toHaveFocus();
    expect(screen.getByText(/\+35840•••••67/)).toBeInTheDocument();
    expect(screen.getByText("Vain kehitysympäristössä")).toBeInTheDocument();
    expect(screen.getByTestId("dev-code")).toHaveTextContent("123456");

    await fillIn(user, screen.getByLabelText(/^Vahvistuskoodi/), "123 456");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    await waitFor(() => expect(location(router)).toBe("/tyonantaja"));
    expect(calls.find((c) => c.url === "/api/verify")?.body).toEqual({
      email: "employer.admin@demo.test",
      code: "123456",
    });
  });

  it("asks staff with an authenticator app for its code or a recovery code, with no code sent or resent", async () => {
    const user = userEvent.setup();
    loginReplies = [
      {
        status: 202,
        body: {
          requiresTwoFactor: true,
          method: "AUTHENTICATOR",
          email: "helpdesk@pedaali.test",
          expiresInSeconds: 300,
        },
      },
    ];
    verifyReplies = [TOKENS];
    loggedInAs = ["INTERNAL_ADMIN"];
    const { router } = renderApp("/kirjaudu", { user: null });
    await fillCredentials(user, "helpdesk@pedaali.test");

    expect(await screen.findByRole("heading", { level: 1, name: "Todennussovelluksen koodi" })).toHaveFocus();
    expect(screen.queryByRole("button", { name: "Lähetä uusi koodi" })).not.toBeInTheDocument();
    const box = screen.getByLabelText(/^Sovelluksen koodi tai varakoodi/);
    await fillIn(user, box, "12");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    expect(await screen.findByText(/6-numeroinen koodi tai varakoodi/)).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/verify")).toBe(false);

    await user.clear(box);
    await fillIn(user, box, "k7qm 2xpa");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    await waitFor(() => expect(location(router)).toBe("/admin"));
    expect(calls.find((c) => c.url === "/api/verify")?.body).toEqual({
      email: "helpdesk@pedaali.test",
      code: "k7qm2xpa",
    });
  });

  it("shows no code box when the server sent no devCode (production)", async () => {
    const user = userEvent.setup();
    loginReplies = [twoFactor()];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    expect(await screen.findByLabelText(/^Vahvistuskoodi/)).toBeInTheDocument();
    expect(screen.queryByText("Vain kehitysympäristössä")).not.toBeInTheDocument();
  });

  it("shows the server's two-factor failure in Finnish and keeps the step", async () => {
    const user = userEvent.setup();
    loginReplies = [twoFactor("123456")];
    verifyReplies = [error(400, "VERIFICATION_FAILED", LOGIN_MESSAGES.codeWrong)];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    await fillIn(user, await screen.findByLabelText(/^Vahvistuskoodi/), "000000");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Vahvistus epäonnistui. Tarkista koodi ja yritä uudelleen.",
    );
    expect(screen.getByLabelText(/^Vahvistuskoodi/)).toHaveValue("000000");
  });

  it("checks the code has 6 digits before sending it", async () => {
    const user = userEvent.setup();
    loginReplies = [twoFactor("123456")];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    await fillIn(user, await screen.findByLabelText(/^Vahvistuskoodi/), "12345");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    expect(await screen.findByText("Vahvistuskoodissa on 6 numeroa")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/verify")).toBe(false);
  });

  it("asks for a phone number on 400 requiresPhoneNumber and logs in again with it", async () => {
    const user = userEvent.setup();
    loginReplies = [
      error(400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, { requiresPhoneNumber: true }),
      twoFactor("654321"),
    ];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user, "twofactor@demo.test");
    const heading = await screen.findByRole("heading", { level: 1, name: "Anna puhelinnumerosi" });
    expect(heading).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    const phone = screen.getByLabelText(/^Matkapuhelinnumero/);
    await fillIn(user, phone, "12ab");
    await user.click(screen.getByRole("button", { name: "Lähetä vahvistuskoodi" }));
    expect(await screen.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(calls.filter((c) => c.url === "/api/login")).toHaveLength(1);

    await user.clear(phone);
    await fillIn(user, phone, "40 123 4567");
    await user.click(screen.getByRole("button", { name: "Lähetä vahvistuskoodi" }));
    expect(await screen.findByTestId("dev-code")).toHaveTextContent("654321");
    expect(calls.filter((c) => c.url === "/api/login")[1]?.body).toEqual({
      email: "twofactor@demo.test",
      password: "Pedaali2026!",
      phoneNumber: "0401234567",
    });
  });

  it("keeps asking when the server refuses the number, with the reason translated", async () => {
    const user = userEvent.setup();
    loginReplies = [
      error(400, "PHONE_NUMBER_REQUIRED", LOGIN_MESSAGES.phoneRequired, { requiresPhoneNumber: true }),
      error(400, "UNSUPPORTED_PHONE_NUMBER", "Unsupported phone number format", {
        requiresPhoneNumber: true,
      }),
    ];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user, "twofactor@demo.test");
    await fillIn(user, await screen.findByLabelText(/^Matkapuhelinnumero/), "0401234567");
    await user.click(screen.getByRole("button", { name: "Lähetä vahvistuskoodi" }));
    expect(await screen.findByText("Puhelinnumeron muotoa ei tueta")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Anna puhelinnumerosi" })).toBeInTheDocument();
  });

  it("sends a deactivated account (403) to /deactivated", async () => {
    const user = userEvent.setup();
    loginReplies = [error(403, "USER_DEACTIVATED", LOGIN_MESSAGES.deactivated)];
    const { router } = renderApp("/kirjaudu", { user: null });
    await fillCredentials(user, "deactivated@demo.test");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Tili on poistettu käytöstä" }),
    ).toBeInTheDocument();
    expect(location(router)).toBe("/deactivated");
  });

  it.each([
    [
      error(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials),
      "Sähköpostiosoite tai salasana on väärin. Tarkista ne ja yritä uudelleen.",
    ],
    [error(400, "BAD_REQUEST", LOGIN_MESSAGES.invalidEmail), "Virheellinen sähköpostiosoite tai salasana"],
    [
      error(400, "NO_PASSWORD_SET", LOGIN_MESSAGES.noPasswordSet),
      "Tilillesi ei ole vielä asetettu salasanaa. Lähetimme sähköpostiisi linkin, jolla voit asettaa sen.",
    ],
    [
      error(429, "TOO_MANY_REQUESTS", LOGIN_MESSAGES.tooMany),
      "Liian monta yritystä. Yritä myöhemmin uudelleen.",
    ],
    [
      error(500, "INTERNAL_ERROR", "Internal server error"),
      "Tunnistautuminen epäonnistui. Yritä myöhemmin uudelleen tai ota yhteyttä asiakaspalveluun.",
    ],
    [error(403, "ORIGIN_NOT_ALLOWED", "Cross-origin request refused"), "Pääsy estetty"],
  ])("shows the docs/product.md 'Errors' message for %j", async (reply, text) => {
    const user = userEvent.setup();
    loginReplies = [reply];
    const { router } = renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
    expect(location(router)).toBe("/kirjaudu");
    // The form keeps what was typed.
    expect(screen.getByLabelText(/Sähköpostiosoite/)).toHaveValue("employee@demo.test");
  });

  it("says in English that the e-mail address or password is incorrect", async () => {
    await i18n.changeLanguage("en");
    const user = userEvent.setup();
    loginReplies = [error(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials)];
    renderApp("/en/kirjaudu", { user: null });
    await fillIn(user, await screen.findByLabelText(/E-mail address/), "employee@demo.test");
    await fillIn(user, screen.getByLabelText(/^Password/), "wrong");
    await user.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The e-mail address or password is incorrect. Check them and try again.",
    );
  });

  it.each([
    {
      lng: "fi",
      path: "/kirjaudu",
      labels: ["Sähköpostiosoite", "Salasana", "Kirjaudu sisään"],
      text: "Sähköpostiosoite tai salasana on väärin. Tarkista ne ja yritä uudelleen.",
      generic: "Jokin meni vikaan",
    },
    {
      lng: "en",
      path: "/en/kirjaudu",
      labels: ["E-mail address", "Password", "Log in"],
      text: "The e-mail address or password is incorrect. Check them and try again.",
      generic: "Something went wrong",
    },
    {
      lng: "sv",
      path: "/sv/kirjaudu",
      labels: ["E-postadress", "Lösenord", "Logga in"],
      text: "E-postadressen eller lösenordet är fel. Kontrollera dem och försök igen.",
      generic: "Något gick fel",
    },
  ])(
    "a wrong password reads as docs/product.md 'Errors' says in $lng, never as a generic failure",
    async ({ lng, path, labels: [email, password, submit], text, generic }) => {
      await i18n.changeLanguage(lng);
      const user = userEvent.setup();
      loginReplies = [error(401, "INVALID_CREDENTIALS", LOGIN_MESSAGES.wrongCredentials)];
      const { router } = renderApp(path, { user: null });
      await fillIn(user, await screen.findByLabelText(new RegExp(`^${email}`)), "employee@demo.test");
      await fillIn(user, screen.getByLabelText(new RegExp(`^${password}`)), "not the password");
      await user.click(screen.getByRole("button", { name: submit }));
      const alert = await screen.findByRole("alert");
      expect(alert).toHaveTextContent(text);
      expect(alert).not.toHaveTextContent(generic);
      expect(screen.queryByText(generic, { exact: false })).not.toBeInTheDocument();
      // The visitor stays on the login page, in their language.
      expect(location(router)).toBe(path);
    },
  );

  it("asks for both fields before calling the server (docs/product.md 'Field rules')", async () => {
    const user = userEvent.setup();
    renderApp("/kirjaudu", { user: null });
    await user.click(await screen.findByRole("button", { name: "Kirjaudu sisään" }));
    expect(screen.getByText("Anna sähköpostiosoite")).toBeInTheDocument();
    expect(screen.getByText("Anna salasana")).toBeInTheDocument();
    expect(calls.some((c) => c.url === "/api/login")).toBe(false);
  });

  it("moves a failed submit to the first field in error: the e-mail, then the password", async () => {
    const user = userEvent.setup();
    renderApp("/kirjaudu", { user: null });
    const submit = await screen.findByRole("button", { name: "Kirjaudu sisään" });
    await user.click(submit);
    expect(screen.getByLabelText(/Sähköpostiosoite/)).toHaveFocus();
    await fillIn(user, screen.getByLabelText(/Sähköpostiosoite/), "employee@demo.test");
    await user.click(submit);
    expect(screen.getByLabelText(/^Salasana/)).toHaveFocus();
    expect(screen.getByLabelText(/^Salasana/)).toHaveAccessibleDescription("Anna salasana");
  });

  it("says the server's refusal of a field at that field and moves there", async () => {
    const user = userEvent.setup();
    loginReplies = [
      error(400, "VALIDATION_ERROR", "Request validation failed", {
        details: [
          {
            field: "body.email",
            message: "Too big",
            issue: { code: "too_big", origin: "string", maximum: 320 },
          },
        ],
      }),
    ];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    const email = screen.getByLabelText(/Sähköpostiosoite/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Enintään 320 merkkiä/));
    expect(email).toHaveFocus();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("keeps a long code as typed and says what is wrong with it, instead of cutting it", async () => {
    const user = userEvent.setup();
    loginReplies = [twoFactor("123456")];
    renderApp("/kirjaudu", { user: null });
    await fillCredentials(user);
    const code = await screen.findByLabelText(/^Vahvistuskoodi/);
    await user.clear(code);
    await fillIn(user, code, "1234567");
    expect(code).toHaveValue("1234567");
    await user.click(screen.getByRole("button", { name: "Vahvista" }));
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/Vahvistuskoodissa on 6 numeroa/);
    expect(calls.some((c) => c.url === "/api/verify")).toBe(false);
  });

  /** Types the credentials with real timers, then submits with only setTimeout faked (the retry waits). */
  async function submitWithFakeTimers() {
    const user = userEvent.setup();
    await fillIn(user, await screen.findByLabelText(/Sähköpostiosoite/), "employee@demo.test");
    await fillIn(user, screen.getByLabelText(/^Salasana/), "Pedaali2026!");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    fireEvent.click(screen.getByRole("button", { name: "Kirjaudu sisään" }));
  }

  it("retries network errors 3 times (1 s, 2 s, 4 s), then says the server is unavailable", async () => {
    loginReplies = ["network-error", "network-error", "network-error", "network-error"];
    renderApp("/kirjaudu", { user: null });
    await submitWithFakeTimers();
    const logins = () => calls.filter((c) => c.url === "/api/login").length;
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(logins()).toBe(1);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Palvelimeen ei saatu yhteyttä. Yritetään uudelleen…",
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(logins()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(logins()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(logins()).toBe(4);
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Palvelin ei ole tällä hetkellä käytettävissä. Yritä myöhemmin uudelleen.",
    );
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(logins()).toBe(4);
  });

  it("recovers when a retry gets through", async () => {
    loginReplies = [{ status: 503 }, TOKENS];
    const { router } = renderApp("/kirjaudu", { user: null });
    await submitWithFakeTimers();
    await act(() => vi.advanceTimersByTimeAsync(1010));
    vi.useRealTimers();
    await waitFor(() => expect(location(router)).toBe("/mybike"));
  });

  it("returns to the page the visitor wanted", async () => {
    const user = userEvent.setup();
    loginReplies = [TOKENS];
    loggedInAs = ["EMPLOYER_EDITOR"];
    const { router } = renderApp("/tyonantaja?tab=manage", { user: null });
    await waitFor(() => expect(location(router)).toBe("/kirjaudu?next=%2Ftyonantaja%3Ftab%3Dmanage"));
    await fillCredentials(user);
    await waitFor(() => expect(location(router)).toBe("/tyonantaja?tab=manage"));
  });

  it("never follows a ?next that leaves the site", async () => {
    const user = userEvent.setup();
    loginReplies = [TOKENS];
    const { router } = renderApp(`/kirjaudu?next=${encodeURIComponent("//evil.example/x")}`, { user: null });
    await fillCredentials(user);
    await waitFor(() => expect(location(router)).toBe("/mybike"));
  });

  it("sends someone already logged in straight on", async () => {
    const { router } = renderApp("/kirjaudu", { user: sessionUser(["EMPLOYER_REPORTING"]) });
    await waitFor(() => expect(location(router)).toBe("/raportointi"));
  });

  it("links to password recovery and company registration", async () => {
    renderApp("/kirjaudu", { user: null });
    expect(await screen.findByRole("link", { name: "Unohditko salasanasi?" })).toHaveAttribute(
      "href",
      "/salasanan-palauttaminen",
    );
    expect(screen.getByRole("link", { name: "Rekisteröi yrityksesi" })).toHaveAttribute("href", "/register");
  });
});
