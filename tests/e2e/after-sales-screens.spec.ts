import { type Browser, expect, type Page, test } from "@playwright/test";
import { logInThroughPage, seriousAxeViolations } from "./helpers.ts";

/**
 * Hakemukset's other after-sales views, as the helpdesk reads them on the demo data: Peruutukset,
 * Käyttäjämaksut and Pyörävälitys, each list and one object's page, pass axe and fit the width at 375
 * and 1440 px in both themes (the claims' and the lease end's screens are checked by their journeys'
 * specs, the employer's Pyörät tab by lease-end.spec, /mybike by layout.spec). Nothing is changed here.
 */

const HELPDESK = "helpdesk@pedaali.test";
const VIEWS = [
  { path: "/admin/hakemukset/peruutukset", heading: "Tilausten peruutukset", back: "← Peruutuksiin" },
  { path: "/admin/hakemukset/maksut", heading: "Käyttäjämaksut", back: "← Takaisin käyttäjämaksuihin" },
  { path: "/admin/hakemukset/valitys", heading: "Pyörävälitys", back: "← Pyörävälitykseen" },
] as const;

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? "" });
  return context.newPage();
}

for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 1440] as const) {
    test(`the helpdesk's cancellations, user payments and brokerage pass axe and fit the width, ${scheme}, ${width} px`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const page = await newPage(browser, baseURL);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((s) => window.localStorage.setItem("pedaali-color-scheme", s), scheme);
      const fits = async (what: string) => {
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        expect(await seriousAxeViolations(page), what).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(overflow, `${what} is wider than the screen`).toBeLessThanOrEqual(width);
      };

      await logInThroughPage(page, HELPDESK, { withCode: true });
      await page.waitForURL(/\/admin/);
      for (const view of VIEWS) {
        await page.goto(view.path);
        // The admin chunk may take a while on a busy machine.
        await expect(page.getByRole("heading", { name: view.heading, exact: true })).toBeVisible({
          timeout: 20_000,
        });
        const firstRow = page.getByRole("table").first().getByRole("row").nth(1);
        await expect(firstRow).toBeVisible({ timeout: 15_000 });
        await fits(`the list ${view.path}`);
        await firstRow.getByRole("cell").first().click();
        await expect(page.getByRole("link", { name: view.back })).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        await fits(`an object's page of ${view.path}`);
      }
    });
  }
}
