import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * The helpdesk corrects the calculator's reference data in /admin → Rahoitusyhtiöt: the tax tables of
 * a year with each row's source and unconfirmed mark, the billing tables, the leasing companies. Each
 * section, and the dialog that corrects a tax table's row, passes axe and fits the width at 375 and
 * 1440 px in both themes, checked where it stands after one load.
 */

const HELPDESK = "helpdesk@pedaali.test";

/** The admin area in a new page of the helpdesk, logged in already. */
async function openAdmin(loggedInAs: (email: string) => Promise<BrowserContext>): Promise<Page> {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto("/admin");
  return page;
}

/** A section of the Rahoitusyhtiöt tab: leasing companies, billing tables or tax tables. */
async function openFinance(page: Page, section: "Rahoitusyhtiöt" | "Laskutustaulukot" | "Verotaulukot") {
  await page.getByRole("tab", { name: "Rahoitusyhtiöt" }).click();
  await page
    .getByRole("radiogroup", { name: "Rahoitusyhtiöiden tiedot" })
    .getByText(section, { exact: true })
    .click();
  await expect(page.getByRole("radio", { name: section })).toBeChecked();
}

test("the helpdesk sees a year's tax tables with each municipal rate's source and corrects one", async ({
  loggedInAs,
}) => {
  const page = await openAdmin(loggedInAs);
  const problems = watchConsole(page);
  await openFinance(page, "Verotaulukot");
  await expect(page.getByRole("heading", { name: "Palkanlaskennan parametrit" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Valtion tuloveroasteikko" })).toBeVisible();
  const rates = page
    .getByRole("region", { name: "Kunnallisverot" })
    .or(page.locator("section", { hasText: "Kunnallisverot" }))
    .first();
  // The list pages 50 municipalities at a time: Oulu is found by its name.
  await rates.getByLabel("Hae kuntaa nimellä tai numerolla").fill("Oulu");
  await expect(rates.getByText("Oulu").first()).toBeVisible();
  // Every municipality's rate comes from the Tax Administration's decision of the year, confirmed.
  await expect(rates.getByText(/Kuntien ja seurakuntien tuloveroprosentit/).first()).toBeVisible();

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

test("the billing tables tab shows the default table and its price brackets", async ({ loggedInAs }) => {
  const page = await openAdmin(loggedInAs);
  await openFinance(page, "Laskutustaulukot");
  await expect(page.getByText("Pedaali perustaulukko 2026")).toBeVisible();
  await expect(page.getByText("Oletus").first()).toBeVisible();
});

/** A section of Rahoitusyhtiöt, at a path of its own, and what shows when it has loaded. */
type Section = { name: string; path: string; ready: (page: Page) => Locator };

const TAX_TABLES: Section = {
  name: "Verotaulukot",
  path: "/admin/rahoitusyhtiot/verotaulukot",
  ready: (p) => p.getByRole("heading", { name: "Kunnallisverot" }),
};

const SECTIONS: Section[] = [
  TAX_TABLES,
  {
    name: "Laskutustaulukot",
    path: "/admin/rahoitusyhtiot/laskutustaulukot",
    ready: (p) => p.getByText("Pedaali perustaulukko 2026"),
  },
  {
    name: "Rahoitusyhtiöt",
    path: "/admin/rahoitusyhtiot",
    ready: (p) => p.getByText("Grenkeleasing Oy").first(),
  },
];

/** A section of Rahoitusyhtiöt in a new page of the helpdesk, logged in already, once it has loaded. */
async function openSection(
  loggedInAs: (email: string) => Promise<BrowserContext>,
  section: Section,
): Promise<Page> {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto(section.path);
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("radio", { name: section.name })).toBeChecked({ timeout: 20_000 });
  await expect(section.ready(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/ladataan/i)).toHaveCount(0);
  return page;
}

for (const section of SECTIONS) {
  test(`the helpdesk's ${section.name} (${section.path}) passes axe and fits the width at 375 and 1440 px in both themes`, async ({
    loggedInAs,
  }) => {
    const page = await openSection(loggedInAs, section);
    await expectAccessibleAtEveryWidthAndTheme(page, section.name);
  });
}

test("the dialog that corrects a municipal tax rate passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await openSection(loggedInAs, TAX_TABLES);
  await page.getByLabel("Hae kuntaa nimellä tai numerolla").fill("Oulu");
  await page.getByRole("button", { name: "Muokkaa: Oulu" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel(/^Lähde/)).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the municipal tax rate's dialog");
  // Still open: every width and theme was checked with the dialog on the screen. Nothing is saved.
  await expect(dialog).toBeVisible();
});
