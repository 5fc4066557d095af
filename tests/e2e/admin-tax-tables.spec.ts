import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { logInThroughPage, seriousAxeViolations, watchConsole } from "./helpers.ts";

/**
 * Issue 9, point 5 (and issue 10's Rahoitusyhtiöt): the helpdesk corrects the calculator's reference
 * data in /admin — the tax tables of a year with each row's source and unconfirmed mark, the billing
 * tables, the leasing companies — and the screens pass axe at 375 and 1440 px in both themes.
 */

async function openAdmin(page: Page): Promise<void> {
  await logInThroughPage(page, "helpdesk@pedaali.test", { withCode: true });
  await page.waitForURL(/\/admin/);
  if (!new URL(page.url()).pathname.startsWith("/admin")) await page.goto("/admin");
}

/** A section of the Rahoitusyhtiöt tab: leasing companies, billing tables or tax tables. */
async function openFinance(page: Page, section: "Rahoitusyhtiöt" | "Laskutustaulukot" | "Verotaulukot") {
  await page.getByRole("tab", { name: "Rahoitusyhtiöt" }).click();
  await page.locator(".mantine-SegmentedControl-root").getByText(section, { exact: true }).click();
  await expect(page.getByRole("radio", { name: section })).toBeChecked();
}

test("the helpdesk sees a year's tax tables with their unconfirmed rows and corrects a municipal rate's source", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const problems = watchConsole(page);
  await openAdmin(page);
  await openFinance(page, "Verotaulukot");
  await expect(page.getByRole("heading", { name: "Palkanlaskennan parametrit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Valtion tuloveroasteikko" })).toBeVisible();
  const rates = page
    .getByRole("region", { name: "Kunnallisverot" })
    .or(page.locator("section", { hasText: "Kunnallisverot" }))
    .first();
  await expect(rates.getByText("Oulu").first()).toBeVisible();
  await expect(rates.getByText("Vahvistamaton").first()).toBeVisible();

  await page.getByRole("button", { name: "Muokkaa: Oulu" }).click();
  const dialog = page.getByRole("dialog");
  const source = dialog.getByLabel(/^Lähde/);
  const text = `Oulun kaupunginvaltuusto, e2e ${Date.now()}`;
  await source.fill(text);
  await dialog.getByRole("button", { name: "Tallenna" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(text)).toBeVisible();
  expect(problems).toEqual([]);
});

test("the billing tables tab shows the default table and its price brackets", async ({ page }) => {
  await openAdmin(page);
  await openFinance(page, "Laskutustaulukot");
  await expect(page.getByText("Pedaali perustaulukko 2026")).toBeVisible();
  await expect(page.getByText("Oletus").first()).toBeVisible();
});

for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 1440] as const) {
    test(`the tax tables, billing tables and leasing companies tabs pass axe, ${scheme}, ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await page.addInitScript((s) => window.localStorage.setItem("pedaali-color-scheme", s), scheme);
      await openAdmin(page);
      await openFinance(page, "Verotaulukot");
      await expect(page.getByRole("heading", { name: "Kunnallisverot" })).toBeVisible();
      expect(await seriousAxeViolations(page), "Verotaulukot").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await openFinance(page, "Laskutustaulukot");
      await expect(page.getByText("Pedaali perustaulukko 2026")).toBeVisible();
      expect(await seriousAxeViolations(page), "Laskutustaulukot").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await openFinance(page, "Rahoitusyhtiöt");
      await expect(page.getByText("Grenkeleasing Oy").first()).toBeVisible();
      expect(await seriousAxeViolations(page), "Rahoitusyhtiöt").toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
