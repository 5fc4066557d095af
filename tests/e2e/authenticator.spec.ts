import type { APIRequestContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, test } from "./fixtures.ts";
import {
  csrfHeader,
  expectAccessibleAtEveryWidthAndTheme,
  latestMailTo,
  logInThroughApi,
  logInThroughPage,
  submitCredentials,
  uniqueEmail,
} from "./helpers.ts";

/**
 * A helpdesk user sets up an authenticator app as a user would: on their own details page with the
 * current password, the QR code's key and the app's first code; then logs in with the app's code, and
 * with a recovery code. The app's part is played by otpauth with the key the page shows. The user is
 * made here by the super admin, since no other journey may meet a login that asks for the app's code.
 */

const PASSWORD = "Tuki vastaa aina ensimmäisenä päivänä";

/**
 * The code the app showed in the 30 seconds before, which it may still show: the login's code after it
 * is then a new one. The server takes it only until the current step ends (a window of one step), so
 * when little of the step is left, its end is waited out first: a slow machine's fill, click and
 * request would otherwise bring the code in two steps late.
 */
async function codeOfTheStepBefore(app: TOTP): Promise<string> {
  const left = app.period * 1000 - (Date.now() % (app.period * 1000));
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return app.generate({ timestamp: Date.now() - app.period * 1000 });
}

async function newHelpdeskUser(
  request: APIRequestContext,
  role: "INTERNAL_ADMIN" | "SUPER_ADMIN" = "INTERNAL_ADMIN",
): Promise<string> {
  await logInThroughApi(request, "admin@pedaali.test");
  const email = uniqueEmail(role === "SUPER_ADMIN" ? "yllapito" : "tuki");
  const made = await request.post("/api/system-users", {
    data: {
      firstName: role === "SUPER_ADMIN" ? "Eero" : "Aino",
      lastName: role === "SUPER_ADMIN" ? "Salminen" : "Korhonen",
      workEmail: email,
      phoneNumber: "0405550177",
      role,
      language: "fi",
    },
    headers: await csrfHeader(request),
  });
  expect(made.status(), await made.text()).toBe(201);
  const mail = await latestMailTo(request, email);
  const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  const set = await request.post(`/api/password-reset/${token}`, { data: { password: PASSWORD } });
  expect(set.status(), await set.text()).toBe(200);
  return email;
}

async function logOut(page: Page) {
  await page.goto("/kirjaudu-ulos");
  await page.waitForURL("/");
}

test("a helpdesk user sets up an authenticator app, then logs in with its code and with a recovery code", async ({
  page,
  request,
}) => {
  const email = await newHelpdeskUser(request);
  await logInThroughPage(page, email, { password: PASSWORD, withCode: true });
  await page.waitForURL(/\/admin/);
  await page.goto("/kayttaja");
  const section = page.getByRole("region", { name: "Todennussovellus" });
  await expect(section.getByText("Ei käytössä: kirjautumiskoodit tulevat tekstiviestillä.")).toBeVisible();

  // The password is asked first; a wrong one is said at its field.
  await section.getByRole("button", { name: "Ota todennussovellus käyttöön" }).click();
  await expect(section.getByText("Tämä tieto on pakollinen")).toBeVisible();
  await section.getByLabel(/Nykyinen salasana/).fill("väärä salasana");
  await section.getByRole("button", { name: "Ota todennussovellus käyttöön" }).click();
  await expect(section.getByText("Nykyinen salasana on väärin.")).toBeVisible();
  await section.getByLabel(/Nykyinen salasana/).fill(PASSWORD);
  await section.getByRole("button", { name: "Ota todennussovellus käyttöön" }).click();

  await expect(section.getByRole("img", { name: /QR-koodi/ })).toBeVisible();
  const key = ((await section.getByTestId("authenticator-key").textContent()) ?? "").replace(/\s/g, "");
  const app = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  await section.getByLabel("Sovelluksen koodi").fill("000000");
  await section.getByRole("button", { name: "Ota käyttöön" }).click();
  await expect(section.getByText("Vahvistus epäonnistui. Tarkista koodi ja yritä uudelleen.")).toBeVisible();
  await section.getByLabel("Sovelluksen koodi").fill(await codeOfTheStepBefore(app));
  await section.getByRole("button", { name: "Ota käyttöön" }).click();

  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent()) ?? "";
  expect(recovery).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expectAccessibleAtEveryWidthAndTheme(page, "the recovery codes on /kayttaja");
  await section.getByRole("button", { name: "Olen tallentanut koodit" }).click();
  await expect(section.getByText(/Varakoodeja jäljellä: 10/)).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the authenticator app in use on /kayttaja");

  // The login asks for the app's code; nothing is sent by SMS.
  await logOut(page);
  await page.goto("/kirjaudu");
  await submitCredentials(page, email, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Todennussovelluksen koodi" })).toBeVisible();
  await expect(page.getByTestId("dev-code")).toHaveCount(0);
  await page.getByLabel("Sovelluksen koodi tai varakoodi").fill(app.generate());
  await page.getByRole("button", { name: "Vahvista" }).click();
  await page.waitForURL(/\/admin/);

  // Without the phone: a recovery code, typed as it comes, works once.
  await logOut(page);
  await page.goto("/kirjaudu");
  await submitCredentials(page, email, PASSWORD);
  await page.getByLabel("Sovelluksen koodi tai varakoodi").fill(recovery.toLowerCase());
  await page.getByRole("button", { name: "Vahvista" }).click();
  await page.waitForURL(/\/admin/);
  await page.goto("/kayttaja");
  await expect(page.getByText(/Varakoodeja jäljellä: 9/)).toBeVisible();
});

/** Sets up a user's authenticator app through the API (logged in as them); answers the app. */
async function appThroughApi(request: APIRequestContext, email: string): Promise<TOTP> {
  await logInThroughApi(request, email, PASSWORD);
  const started = await request.post("/api/account/authenticator", {
    data: { currentPassword: PASSWORD },
    headers: await csrfHeader(request),
  });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  const confirmed = await request.post("/api/account/authenticator/confirm", {
    data: { code: await codeOfTheStepBefore(app) },
    headers: await csrfHeader(request),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return app;
}

test("a super admin requires the app of the staff, and a helpdesk user without one is taken to set it up first", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const superAdmin = await newHelpdeskUser(api, "SUPER_ADMIN");
  const helpdesk = await newHelpdeskUser(api, "INTERNAL_ADMIN");
  const superAdminApp = await appThroughApi(api, superAdmin);
  try {
    await page.goto("/kirjaudu");
    await submitCredentials(page, superAdmin, PASSWORD);
    await page.getByLabel("Sovelluksen koodi tai varakoodi").fill(superAdminApp.generate());
    await page.getByRole("button", { name: "Vahvista" }).click();
    await page.waitForURL(/\/admin/);
    await page.goto("/admin/kayttajat/roolit");
    const card = page.getByRole("region", { name: "Kirjautumisen turvallisuus" });
    const required = card.getByRole("switch", { name: /on kirjauduttava todennussovelluksella/ });
    await expect(required).not.toBeChecked();
    await required.click();
    await expect(
      page.getByText("Todennussovellus vaaditaan nyt ylläpitäjiltä ja asiakastuelta."),
    ).toBeVisible();
    await expect(required).toBeChecked();
    await expectAccessibleAtEveryWidthAndTheme(page, "the login security switch on the roles page");

    // The helpdesk user has no app: every page leads to their own details until it is set up.
    await logOut(page);
    await logInThroughPage(page, helpdesk, { password: PASSWORD, withCode: true });
    await page.waitForURL("/kayttaja");
    await expect(page.getByText(/on kirjauduttava todennussovelluksen koodilla/)).toBeVisible();
    await page.goto("/admin/yritykset");
    await page.waitForURL("/kayttaja");
    const section = page.getByRole("region", { name: "Todennussovellus" });
    await section.getByLabel(/Nykyinen salasana/).fill(PASSWORD);
    await section.getByRole("button", { name: "Ota todennussovellus käyttöön" }).click();
    const key = ((await section.getByTestId("authenticator-key").textContent()) ?? "").replace(/\s/g, "");
    const app = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await section.getByLabel("Sovelluksen koodi").fill(app.generate());
    await section.getByRole("button", { name: "Ota käyttöön" }).click();
    await section.getByRole("button", { name: "Olen tallentanut koodit" }).click();
    await page.goto("/admin/yritykset");
    await expect(page).toHaveURL("/admin/yritykset");
  } finally {
    // The other journeys' admins have no app: the requirement ends with this journey, whatever happened
    // (`api` is still logged in as the new super admin, whose app is in use).
    const off = await api.put("/api/admin/platform-settings", {
      data: { staffAuthenticatorRequired: false },
      headers: await csrfHeader(api),
    });
    expect(off.status(), await off.text()).toBe(200);
    await api.dispose();
  }
});

test("a helpdesk user adds a passkey beside the app, and logs in with it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const email = await newHelpdeskUser(api);
  const app = await appThroughApi(api, email);
  await api.dispose();
  // Chromium's own virtual authenticator plays the laptop's fingerprint reader.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });

  await page.goto("/kirjaudu");
  await submitCredentials(page, email, PASSWORD);
  await page.getByLabel("Sovelluksen koodi tai varakoodi").fill(app.generate());
  await page.getByRole("button", { name: "Vahvista" }).click();
  await page.waitForURL(/\/admin/);
  await page.goto("/kayttaja");
  const section = page.getByRole("region", { name: "Pääsyavaimet" });
  await expect(section.getByText("Pääsyavaimia ei ole lisätty.")).toBeVisible();
  await section.getByLabel("Pääsyavaimen nimi").fill("Työkannettava");
  await section.getByLabel(/Nykyinen salasana/).fill(PASSWORD);
  await section.getByRole("button", { name: "Lisää pääsyavain" }).click();
  await expect(section.getByTestId("passkeys").getByText("Työkannettava")).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the passkeys on /kayttaja");

  // The login offers the passkey beside the app's code; the device answers, nothing is typed.
  await logOut(page);
  await page.goto("/kirjaudu");
  await submitCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Käytä pääsyavainta" }).click();
  await page.waitForURL(/\/admin/);
  await page.goto("/kayttaja");
  await expect(page.getByTestId("passkeys").getByText(/käytetty viimeksi/)).toBeVisible();
});
