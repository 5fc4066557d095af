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

async function newHelpdeskUser(request: APIRequestContext): Promise<string> {
  await logInThroughApi(request, "admin@pedaali.test");
  const email = uniqueEmail("tuki");
  const made = await request.post("/api/system-users", {
    data: {
      firstName: "Aino",
      lastName: "Korhonen",
      workEmail: email,
      phoneNumber: "0405550177",
      role: "INTERNAL_ADMIN",
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
  // The code of the 30 seconds before, which the app may still show: the login's code is then new.
  await section.getByLabel("Sovelluksen koodi").fill(app.generate({ timestamp: Date.now() - 30_000 }));
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
