import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  DEMO_PASSWORD,
  latestMailTo,
  logInThroughPage,
  seriousAxeViolations,
  uniqueEmail,
} from "./helpers.ts";

/**
 * Changing one's own login e-mail and phone as a user would: the page asks for the
 * current password, nothing changes until the new address or number proves itself (a link in a mail,
 * a code by SMS from the dev outbox), and the new e-mail then logs in. Uses Ville, an employee no
 * other journey logs in as, because his login e-mail changes here.
 */

const USER = "ville.hamalainen@demo.test";

async function openOwnDetails(page: Page, email: string) {
  await logInThroughPage(page, email);
  await expect(page).toHaveURL("/mybike");
  await page.goto("/kayttaja");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omat tiedot");
}

test("a new phone number takes effect with the code sent to it", async ({ page }) => {
  await openOwnDetails(page, USER);
  const phone = page.getByRole("region", { name: "Puhelinnumero" });
  await phone.getByLabel("Matkapuhelinnumero").fill("040 555 0123");
  await phone.getByRole("button", { name: "Tallenna puhelinnumero" }).click();
  // The password was not typed: the field says so, and nothing was sent.
  await expect(phone.getByLabel(/Nykyinen salasana/)).toBeVisible();
  await phone.getByLabel(/Nykyinen salasana/).fill(DEMO_PASSWORD);
  await phone.getByRole("button", { name: "Tallenna puhelinnumero" }).click();
  await expect(phone.getByText(/Vahvistuskoodi lähetettiin numeroon/)).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const sms = await page.request.get("/api/dev/outbox?to=0405550123&channel=SMS");
  const { items } = (await sms.json()) as { items: { text: string }[] };
  const code = /\b(\d{6})\b/.exec(items[0]?.text ?? "")?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await phone.getByLabel("Vahvistuskoodi").fill(code);
  await phone.getByRole("button", { name: "Vahvista puhelinnumero" }).click();
  await expect(phone.getByText("Tiedot tallennettu.")).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole("region", { name: "Puhelinnumero" }).getByLabel("Matkapuhelinnumero"),
  ).toHaveValue("0405550123");
});

test("a new login e-mail takes effect through the link mailed to it, and logs in", async ({ page }) => {
  const newEmail = uniqueEmail("ville.uusi");
  await openOwnDetails(page, USER);
  const work = page.getByRole("region", { name: "Työsähköposti" });
  await work.getByLabel(/^Työsähköposti/).fill(newEmail);
  await work.getByLabel(/Nykyinen salasana/).fill(DEMO_PASSWORD);
  await work.getByRole("button", { name: "Tallenna työsähköposti" }).click();
  await expect(
    work.getByText(`Vahvistuslinkki lähetettiin osoitteeseen ${newEmail}.`, { exact: false }),
  ).toBeVisible();
  // Until the link is used, the old address is still the login.
  await page.reload();
  await expect(page.getByRole("region", { name: "Työsähköposti" }).getByLabel(/^Työsähköposti/)).toHaveValue(
    USER,
  );

  const mail = await latestMailTo(page.request, newEmail);
  const path = /\/vahvista-sahkoposti\/[\w-]+/.exec(mail.text)?.[0] ?? "";
  expect(path).not.toBe("");
  await page.goto(path);
  await page.getByRole("button", { name: "Vahvista sähköpostiosoite" }).click();
  await expect(page.getByText("Sähköpostiosoite vaihdettu")).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // The old address was told, and the new one now logs in.
  expect((await latestMailTo(page.request, USER)).text).toContain(newEmail);
  await page.context().clearCookies();
  await page.goto("/kirjaudu");
  await openOwnDetails(page, newEmail);
  await expect(page.getByRole("region", { name: "Työsähköposti" }).getByLabel(/^Työsähköposti/)).toHaveValue(
    newEmail,
  );
});
