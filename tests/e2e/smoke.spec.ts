import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, seriousAxeViolations, watchConsole } from "./helpers.ts";

// The home page's axe check is SCREENS' below, once the app has taken the page over, at 375 and 1280 px.
test("the home page renders in Chromium with a healthy API and no console errors", async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));

  const health = await request.get("/api/health-check");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });

  await page.goto("/");
  await expect(page).toHaveTitle("Pedaali");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});

/**
 * Home, the login page and the 404 page, with their Finnish h1. The employers' page, whose code loads on
 * demand, is checked the same way in public-pages.spec.ts with the other information pages.
 */
const SCREENS = [
  ["/", "Työsuhdepyörät henkilöstölle – me hoidamme sopimukset ja palkanvaihdon", "the home page"],
  ["/kirjaudu", "Kirjaudu sisään", "the login page"],
  ["/ei-tallaista-sivua", "Sivua ei löytynyt", "the 404 page"],
] as const;

for (const [path, heading, what] of SCREENS) {
  test(`${what} passes axe and fits the width at 375 and 1280 px in both themes, with a quiet console`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectAccessibleAtEveryWidthAndTheme(page, path, { widths: [375, 1280] });
    // The server answers unknown pages with status 404 on purpose; Chromium logs that document load.
    const logged =
      path === "/ei-tallaista-sivua" ? problems.filter((p) => !p.includes("status of 404")) : problems;
    expect(logged).toEqual([]);
  });
}

test("the language menu switches texts and <html lang>, and the open menu passes axe", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await page.getByRole("button", { name: "Kieli: FI" }).click();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Svenska" }).click();
  await expect(page.getByText("Finlands enklaste cykelförmån")).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  // The choice survives a reload; a /{lang} prefix overrides it.
  await page.reload();
  await expect(page.getByText("Finlands enklaste cykelförmån")).toBeVisible();
  await page.goto("/en/tyonantajalle");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("For employers");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(problems).toEqual([]);
});

test("the anonymous home page loads no admin or employer code", async ({ page }) => {
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  const names = [...scripts].map((url) => new URL(url).pathname);
  expect(names.filter((n) => /admin|employer/.test(n))).toEqual([]);
  // Its size is the bundle budget's, checked on the build's manifest after every build
  // (scripts/check-bundle-budget.ts).

  // A client navigation to the admin area sends the anonymous visitor to log in, and the guard decides
  // before any admin code is fetched (accounts.spec.ts shows an admin getting it in a chunk of its own).
  // The home page has no router (ADR 023): it loads the address it was moved to, whose app does the rest.
  await page.evaluate(() => {
    window.history.pushState(null, "", "/admin");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu sisään");
  await expect(page).toHaveURL("/kirjaudu?next=%2Fadmin");
  expect([...scripts].filter((url) => /admin|employer/.test(new URL(url).pathname))).toEqual([]);
});
