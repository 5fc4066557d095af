import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { seriousAxeViolations } from "./helpers.ts";

/**
 * Defects a first-time user met: the user menu and the cookie card on a phone, the /kayttaja
 * messages, the /admin layout, the /deactivated details and the logo of the mobile header. Layout
 * defects are checked by geometry at a 375 px phone viewport.
 */

const PHONE = { width: 375, height: 667 };

type Box = { x: number; y: number; width: number; height: number };

/**
 * The element's box, read again until it has one: a signed-in page's head from its HTML stands until
 * the page itself has come (a few hundred milliseconds after the app is live on /admin), and an element
 * of it found just before it is replaced has no box when it is measured. The two draw the same.
 */
async function box(locator: Locator): Promise<Box> {
  let b: Box | null = null;
  await expect
    .poll(async () => (b = await locator.boundingBox()), { message: "the element has a box" })
    .not.toBeNull();
  return b as unknown as Box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element lies inside the window, left and right (a clipped menu fails this). */
function expectInsideWidth(b: Box, width: number, what: string) {
  expect(b.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width, `${what} ends inside the window`).toBeLessThanOrEqual(width + 0.5);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("at 375 px the user menu opens inside the window with name, e-mail and both items", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs("employee@demo.test")).newPage();
  await page.setViewportSize(PHONE);
  await page.goto("/mybike");
  const trigger = page.getByRole("button", { name: /käyttäjävalikko/ });
  await trigger.click();
  const panel = page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
  await expect(panel).toBeVisible();
  expectInsideWidth(await box(panel), PHONE.width, "the menu");
  for (const part of [
    panel.getByText("employee@demo.test"),
    panel.getByRole("link", { name: "Omat tiedot" }),
    panel.getByRole("button", { name: "Kirjaudu ulos" }),
  ]) {
    await expect(part).toBeVisible();
    expectInsideWidth(await box(part), PHONE.width, `"${await part.textContent()}"`);
  }
  const name = panel.locator("p").first();
  expectInsideWidth(await box(name), PHONE.width, "the name");
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  // It still works: own details opens from it.
  await panel.getByRole("link", { name: "Omat tiedot" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Omat tiedot");
});

test("at 375 px the cookie card is compact and covers nothing of the page", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/ota-yhteytta");
  const card = page.getByRole("complementary", { name: "Evästeet" });
  await expect(card).toBeVisible();
  const cardBox = await box(card);
  expect(cardBox.height, "card height").toBeLessThan(PHONE.height * 0.2);
  expectInsideWidth(cardBox, PHONE.width, "the cookie card");
  // A band at the top of the page, in its flow: nothing of the page can be under it.
  expect(cardBox.y, "at the top").toBeLessThan(1);
  expect(await card.evaluate((el) => getComputedStyle(el).position)).toBe("static");
  const header = await box(page.getByRole("banner"));
  expect(header.y, "the header starts below the card").toBeGreaterThanOrEqual(cardBox.y + cardBox.height - 1);
  // The buttons and the link stay usable.
  await expect(card.getByRole("link", { name: "Lue lisää evästeistä" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Hyväksy evästeet" })).toBeVisible();

  // The form's submit button, scrolled to as a user would, is on top where it is.
  const submit = page.getByRole("button", { name: "Lähetä viesti" });
  await submit.scrollIntoViewIfNeeded();
  const at = await box(submit);
  expect(
    await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.closest("button")?.textContent,
      [at.x + at.width / 2, at.y + at.height / 2],
    ),
  ).toBe("Lähetä viesti");

  // The home page's primary call to action shows at load, below the card.
  await page.goto("/");
  await expect(card).toBeVisible();
  const cta = page.getByRole("main").getByRole("link").first();
  await expect(cta).toBeInViewport();
  expect(overlaps(await box(cta), await box(card)), "home's first call to action under the card").toBe(false);

  // Once chosen, the card is gone and the page starts with its header.
  await card.getByRole("button", { name: "Hylkää evästeet" }).click();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(card).toHaveCount(0);
});

test("a taken work e-mail on /kayttaja shows one message, at the field", async ({ loggedInAs }) => {
  const page = await (await loggedInAs("employee@demo.test")).newPage();
  // One's own change answers 202 whether or not the address is taken (no enumeration);
  // 409 EMAIL_TAKEN still comes when the address was taken meanwhile, so the answer is staged here.
  await page.route(/\/api\/system-users\/[^/]+$/, (route) =>
    route.request().method() === "PUT"
      ? route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({
            statusCode: 409,
            code: "EMAIL_TAKEN",
            message: "This e-mail address is already in use",
          }),
        })
      : route.fallback(),
  );
  await page.goto("/kayttaja");
  const work = page.getByRole("region", { name: "Työsähköposti" });
  await work.getByLabel(/^Työsähköposti/).fill("employer.admin@demo.test");
  await work.getByLabel(/Nykyinen salasana/).fill("Pedaali2026!");
  await work.getByRole("button", { name: "Tallenna työsähköposti" }).click();
  const message = "Sähköpostiosoite on jo käytössä toisella käyttäjätilillä.";
  await expect(work.getByText(message)).toBeVisible();
  await expect(work.getByText(message)).toHaveCount(1);
  await expect(work.getByLabel(/^Työsähköposti/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Jokin meni vikaan")).toHaveCount(0);
  await expect(work.getByRole("alert")).toHaveCount(0);
});

test("/kayttaja tells about two-factor codes only to users who get them", async ({ loggedInAs }) => {
  const codes = /vahvistuskoodit|kaksivaiheisen/i;
  const page = await (await loggedInAs("employee@demo.test")).newPage();
  await page.goto("/kayttaja");
  const phone = page.getByRole("region", { name: "Puhelinnumero" });
  await expect(
    phone.getByText("Matkapuhelinnumerosi, jotta voimme tarvittaessa ottaa sinuun yhteyttä."),
  ).toBeVisible();
  await expect(phone.getByText(codes)).toHaveCount(0);

  const reporting = await (await loggedInAs("reporting@demo.test")).newPage();
  await reporting.goto("/kayttaja");
  await expect(
    reporting
      .getByRole("region", { name: "Puhelinnumero" })
      .getByText("Kaksivaiheisen tunnistautumisen vahvistuskoodit lähetetään tähän numeroon."),
  ).toBeVisible();
});

// The login's wrong-password text in Finnish, English and Swedish, never a generic failure, is the login
// page's web test (src/web/features/auth/login-page.test.tsx, the server's own reply of the contract);
// accounts.spec.ts sends a wrong password to the real server in the browser.

test("/admin is one full-width column with no 'later version' line", async ({ loggedInAs }) => {
  const page = await (await loggedInAs("helpdesk@pedaali.test")).newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Ylläpito");
  await expect(page.getByText("Tämä sivu julkaistaan palvelun myöhemmässä versiossa.")).toHaveCount(0);
  const tabs = page.getByRole("tablist");
  await expect(tabs).toBeVisible();
  const h = await box(heading);
  const list = await box(tabs);
  // The heading starts where the tabs start, at the left of the window, not in a centred column.
  expect(Math.abs(h.x - list.x), "heading and tabs share the left edge").toBeLessThanOrEqual(1);
  expect(h.x, "heading at the left of the window").toBeLessThan(40);
  expect(list.width, "the tabs run the full width").toBeGreaterThan(1440 - 80);
  // Its axe check is admin-area.spec.ts's, once the order queue has loaded, at 375 and 1440 px.
});

test("/deactivated aligns every row's value and uses one font size", async ({ page }) => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto("/deactivated");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tili on poistettu käytöstä");
    const lists = page.getByRole("main").locator("dl");
    await expect(lists).toHaveCount(2);
    for (const list of await lists.all()) {
      const starts = await list
        .locator("dd")
        .evaluateAll((dds) => dds.map((dd) => dd.getBoundingClientRect().x));
      expect(starts.length).toBe(4);
      expect(
        Math.max(...starts) - Math.min(...starts),
        `values aligned at ${viewport.width} px`,
      ).toBeLessThanOrEqual(0.5);
    }
    const sizes = await page
      .getByRole("main")
      .locator("dd, dd a")
      .evaluateAll((elements) => [...new Set(elements.map((e) => getComputedStyle(e).fontSize))]);
    expect(sizes, "one font size for all values").toHaveLength(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  }
  // The e-invoice row in particular: its value starts where the business ID's does.
  const main = page.getByRole("main");
  const einvoice = main.getByText("003734012341", { exact: true });
  const businessId = main.getByText("3401234-1", { exact: true });
  expect(Math.abs((await box(einvoice)).x - (await box(businessId)).x)).toBeLessThanOrEqual(0.5);
});

test("the mobile header shows the logo, and the header still fits", async ({ page, loggedInAs }) => {
  for (const width of [360, 375]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto("/");
    const brand = page.getByRole("banner").getByRole("link", { name: /^Pedaali/ });
    const logo = brand.locator("svg");
    await expect(logo).toBeVisible();
    const logoBox = await box(logo);
    expect(logoBox.width, "logo width").toBeGreaterThanOrEqual(16);
    expectInsideWidth(logoBox, width, "the logo");
    const burger = page.getByRole("button", { name: "Valikko", exact: true });
    expectInsideWidth(await box(burger), width, "the burger button");
    expect(await horizontalOverflow(page), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  // Logged in, with the user menu in the header too.
  const employee = await (await loggedInAs("employee@demo.test")).newPage();
  await employee.setViewportSize({ width: 375, height: 740 });
  await employee.goto("/mybike");
  await expect(employee.getByRole("button", { name: /käyttäjävalikko/ })).toBeVisible();
  await expect(
    employee
      .getByRole("banner")
      .getByRole("link", { name: /^Pedaali/ })
      .locator("svg"),
  ).toBeVisible();
  expectInsideWidth(
    await box(employee.getByRole("button", { name: "Valikko", exact: true })),
    375,
    "the burger button",
  );
  expect(await horizontalOverflow(employee)).toBeLessThanOrEqual(0);
});
