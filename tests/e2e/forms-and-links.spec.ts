import type { Locator } from "@playwright/test";
import { DEMO_JOIN_TOKEN } from "../../src/server/db/seed/demo-data.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * Defects a first-time user met on the public forms and the pages opened from links:
 * an empty required field said its format was wrong, and a registration or password link that does
 * not work showed a bare failure instead of what happened and the way forward.
 */

const EMAIL_REQUIRED = "Sähköpostiosoite on pakollinen";
const EMAIL_INVALID = "Tarkista sähköpostiosoite";
const PHONE_REQUIRED = "Matkapuhelinnumero on pakollinen";
const PHONE_UNSUPPORTED = "Puhelinnumeron muotoa ei tueta";

/** The error text under a field (Mantine links it with aria-describedby). */
const fieldError = (field: Locator) =>
  field.evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id))
      .filter((el) => el?.className.includes("error"))
      .map((el) => el?.textContent ?? "")
      .join(" "),
  );

/** A token of the right shape that no link has. */
const UNKNOWN_TOKEN = "x".repeat(43);

// The field texts are matched exactly where they must show: a form's error summary repeats them in
// its links ("Työsähköposti: …"). Where they must not show, any match counts.

test.beforeEach(async ({ page }) => {
  // The cookie card is the shell's business; here it only must not sit over a submit button.
  await page.addInitScript(() => window.localStorage.setItem("pedaali-cookie-consent", "rejected"));
});

test("an empty required field says it is required on /ota-yhteytta", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/ota-yhteytta");
  const form = page.getByRole("form", { name: "Yhteydenottolomake" });
  await form.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(form.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
  await expect(form.getByText(EMAIL_INVALID)).toHaveCount(0);
  // The phone number is optional here: empty is no error at all.
  await expect(form.getByText(PHONE_UNSUPPORTED)).toHaveCount(0);
  expect(await fieldError(form.getByLabel(/^Viesti/))).toBe("Tämä tieto on pakollinen");

  await form.getByLabel(/^Sähköpostiosoite/).fill("aino@");
  await form.getByLabel(/^Puhelinnumero/).fill("12");
  await form.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(form.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
  await expect(form.getByText(PHONE_UNSUPPORTED, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an empty required field says it is required on /liity/{token} (the README's demo link)", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto(`/liity/${DEMO_JOIN_TOKEN}`);
  await expect(page.getByText(/Liityt yrityksen Demo Oy polkupyöräetuun/)).toBeVisible();
  await page.getByRole("button", { name: "Liity palveluun" }).click();
  await expect(page.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
  expect(await fieldError(page.getByLabel(/^Työsähköposti/))).toBe(EMAIL_REQUIRED);
  expect(await fieldError(page.getByLabel(/^Matkapuhelinnumero/))).toBe(PHONE_REQUIRED);
  expect(await fieldError(page.getByLabel(/^Salasana/))).toBe("Salasana on pakollinen");
  await expect(page.getByText(EMAIL_INVALID)).toHaveCount(0);
  await expect(page.getByText(PHONE_UNSUPPORTED)).toHaveCount(0);

  await page.getByLabel(/^Työsähköposti/).fill("jussi@");
  await page.getByLabel(/^Matkapuhelinnumero/).fill("12");
  await page.getByRole("button", { name: "Liity palveluun" }).click();
  await expect(page.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
  await expect(page.getByText(PHONE_UNSUPPORTED, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an empty required field says it is required on /register", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/register");
  await page.getByRole("button", { name: "Lähetä rekisteröityminen" }).click();
  await expect(page.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
  expect(await fieldError(page.getByLabel(/^Työsähköposti/))).toBe(EMAIL_REQUIRED);
  expect(await fieldError(page.getByLabel(/^Matkapuhelinnumero/))).toBe(PHONE_REQUIRED);
  expect(await fieldError(page.getByLabel(/^Y-tunnus/))).toBe("Tämä tieto on pakollinen");
  expect(await fieldError(page.getByLabel(/^Postinumero/))).toBe("Tämä tieto on pakollinen");
  await expect(page.getByText(EMAIL_INVALID)).toHaveCount(0);
  await expect(page.getByText(PHONE_UNSUPPORTED)).toHaveCount(0);

  await page.getByLabel(/^Työsähköposti/).fill("paula@pyora");
  await page.getByLabel(/^Matkapuhelinnumero/).fill("12");
  await page.getByRole("button", { name: "Lähetä rekisteröityminen" }).click();
  await expect(page.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
  await expect(page.getByText(PHONE_UNSUPPORTED, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an empty required field says it is required on /salasanan-palauttaminen", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/salasanan-palauttaminen");
  await page.getByRole("button", { name: "Lähetä linkki" }).click();
  await expect(page.getByText(EMAIL_REQUIRED, { exact: true })).toBeVisible();
  await expect(page.getByText(EMAIL_INVALID)).toHaveCount(0);
  await page.getByLabel(/^Sähköpostiosoite/).fill("maija@");
  await page.getByRole("button", { name: "Lähetä linkki" }).click();
  await expect(page.getByText(EMAIL_INVALID, { exact: true })).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * A malformed token is refused by the API with a 400, which Chromium logs as a failed resource; that
 * line is the request, not a fault of the page. Everything else on the console still fails the test.
 */
const pageProblems = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of 400/.test(p));

for (const [kind, token] of [
  ["an unknown or expired", UNKNOWN_TOKEN],
  ["a malformed", "lyhyt"],
] as const) {
  test(`${kind} registration link shows what happened and the way forward`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`/liity/${token}`);
    const notice = page.getByRole("region", { name: "Rekisteröintilinkki ei ole voimassa" });
    await expect(notice).toBeVisible();
    await expect(notice.getByText(/vanhentunut, työnantajasi on poistanut sen käytöstä/)).toBeVisible();
    await expect(notice.getByText(/Pyydä työnantajaltasi uusi rekisteröintilinkki/)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText(/\b400\b|Jokin meni vikaan/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Liity palveluun" })).toHaveCount(0);
    await notice.getByRole("link", { name: "Ota yhteyttä asiakaspalveluun" }).click();
    await expect(page).toHaveURL("/ota-yhteytta");
    expect(pageProblems(problems)).toEqual([]);
  });

  test(`${kind} password link shows what happened and the way forward`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.goto(`/reset/${token}`);
    const notice = page.getByRole("region", { name: "Linkki ei ole enää voimassa" });
    await expect(notice).toBeVisible();
    await expect(notice.getByText(/vanhentunut, jo käytetty tai kopioitunut vajaana/)).toBeVisible();
    await expect(notice.getByText(/Pyydä uusi linkki sähköpostiisi/)).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText(/\b400\b|Jokin meni vikaan/)).toHaveCount(0);
    await expect(notice.getByRole("link", { name: "Takaisin kirjautumiseen" })).toHaveAttribute(
      "href",
      "/kirjaudu",
    );
    await notice.getByRole("link", { name: "Pyydä uusi linkki" }).click();
    await expect(page).toHaveURL("/salasanan-palauttaminen");
    expect(pageProblems(problems)).toEqual([]);
  });
}

for (const [kind, path, heading] of [
  ["registration", `/liity/${UNKNOWN_TOKEN}`, "Rekisteröintilinkki ei ole voimassa"],
  ["password", `/reset/${UNKNOWN_TOKEN}`, "Linkki ei ole enää voimassa"],
] as const) {
  test(`the invalid ${kind} link's page passes axe and fits 375 px in both themes`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expectAccessibleAtEveryWidthAndTheme(page, path, { widths: [375], height: 740 });
  });
}
