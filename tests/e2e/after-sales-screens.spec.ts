import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme } from "./helpers.ts";

/**
 * Hakemukset's other after-sales views, as the helpdesk reads them on the demo data: Peruutukset,
 * Käyttäjämaksut and Pyörävälitys, each list and one object's page, pass axe and fit the width at 375
 * and 1440 px in both themes (the claims' and the lease end's screens are checked by their journeys'
 * specs, the employer's Pyörät tab by redemption.spec, /mybike by order-journey.spec). Nothing is
 * changed here.
 */

const HELPDESK = "helpdesk@pedaali.test";
const VIEWS = [
  { path: "/admin/hakemukset/peruutukset", heading: "Tilausten peruutukset", back: "← Peruutuksiin" },
  { path: "/admin/hakemukset/maksut", heading: "Käyttäjämaksut", back: "← Takaisin käyttäjämaksuihin" },
  { path: "/admin/hakemukset/valitys", heading: "Pyörävälitys", back: "← Pyörävälitykseen" },
] as const;

for (const view of VIEWS) {
  test(`the helpdesk's ${view.path} and an object's page from it pass axe and fit the width at 375 and 1440 px in both themes`, async ({
    loggedInAs,
  }) => {
    test.setTimeout(60_000);
    const page = await (await loggedInAs(HELPDESK)).newPage();
    await page.goto(view.path);
    // The admin chunk may take a while on a busy machine.
    await expect(page.getByRole("heading", { name: view.heading, exact: true })).toBeVisible({
      timeout: 20_000,
    });
    const firstRow = page.getByRole("table").first().getByRole("row").nth(1);
    await expect(firstRow).toBeVisible({ timeout: 15_000 });
    await expectAccessibleAtEveryWidthAndTheme(page, `the list ${view.path}`);
    await firstRow.getByRole("cell").first().click();
    await expect(page.getByRole("link", { name: view.back })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expectAccessibleAtEveryWidthAndTheme(page, `an object's page of ${view.path}`);
  });
}
