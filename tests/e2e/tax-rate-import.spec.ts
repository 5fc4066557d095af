import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { NEXT_YEAR_CHANGES, nextYearCsv, publishedShape } from "../helpers/rate-lists.ts";
import { expect, test } from "./fixtures.ts";
import { seriousAxeViolations, watchConsole } from "./helpers.ts";

/**
 * Next year in minutes: the helpdesk imports 2027's municipal and parish rates from the Tax
 * Administration's list as it publishes it (Finnish column names, `;`, decimal commas, no codes), made
 * here from 2026's list with Helsinki's municipal rate and Espoo's parish rate raised and Luhanka gone.
 * The preview lists the changes before anything is saved; the confirm writes the year, which the tax
 * tables then show with each rate's change from 2026. Screenshots at 1440 and 390 px go under /tmp.
 */

const HELPDESK = "helpdesk@pedaali.test";
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), "pedaali-tax-rate-import");

/** The part of the screen that matters at a desktop's and a phone's width, then back to the desktop's. */
async function shoot(page: Page, part: Locator, name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(part).toBeVisible();
    await part.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test("the helpdesk imports next year's list, sees the changes before confirming, and finds 2027 in the tax tables", async ({
  loggedInAs,
}) => {
  // A lazy admin screen, two uploads and three screenshots at two widths: more than the default
  // minute on a busy 2-core machine.
  test.setTimeout(120_000);
  const page = await (await loggedInAs(HELPDESK)).newPage();
  const problems = watchConsole(page);
  const dir = mkdtempSync(join(tmpdir(), "pedaali-rates-"));
  const file = join(dir, "kuntien-veroprosentit-2027.csv");
  writeFileSync(file, publishedShape(nextYearCsv()));
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin/rahoitusyhtiot/verotaulukot");
    const rates = page.getByRole("region", { name: "Kunnallisverot" });
    await expect(rates.getByRole("row", { name: /Helsinki/ })).toBeVisible({ timeout: 20_000 });

    await rates.getByRole("button", { name: "Tuo tiedostosta" }).click();
    const dialog = page.getByRole("dialog", { name: "Tuo vuoden kunnallisverot" });
    await expect(dialog.getByLabel(/^Verovuosi/)).toHaveValue("2027");
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await shoot(page, dialog, "0-choose");
    await dialog.getByRole("button", { name: "Esikatsele muutokset" }).click();

    // The changes against 2026, before anything is saved.
    const changed = dialog.getByRole("table", { name: "Muuttuneet (2)" });
    await expect(changed).toBeVisible();
    await expect(changed.getByRole("row", { name: /Helsinki \(091\)/ })).toContainText(
      /Kunnallisvero: 5,3\s%\s→\s5,5\s%/,
    );
    await expect(changed.getByRole("row", { name: /Espoo \(049\)/ })).toContainText(
      /Ev\.-lut\. kirkollisvero: 1\s%\s→\s1,1\s%/,
    );
    const removed = dialog.getByRole("table", { name: "Poistuneet (1)" });
    await expect(
      removed.getByRole("row", { name: new RegExp(NEXT_YEAR_CHANGES.removed.name) }),
    ).toBeVisible();
    await expect(dialog).toContainText("Verrattuna vuoteen 2026: uusia 0, muuttuneita 2, poistuneita 1");
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, dialog, "1-preview");

    // A second year of the same municipalities may already be there (the import replaces it only when asked).
    const replace = dialog.getByLabel("Korvaa vuoden 2027 nykyiset kunnallisverot");
    if (await replace.isVisible()) await replace.check();
    await dialog.getByRole("button", { name: "Tallenna vuoden 2027 kunnallisverot" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Vuoden 2027 kunnallisverot tuotu: 307 kuntaa.")).toBeVisible();

    // 2027 is the year shown now, its payroll parameters still to add, its rates with 2026's beneath.
    await expect(page.getByLabel("Verovuosi")).toHaveValue("2027");
    await expect(page.getByText(/^Vuodelle 2027 ei ole vielä palkanlaskennan parametreja/)).toBeVisible();
    const rates2027 = page.getByRole("region", { name: "Kunnallisverot" });
    await rates2027.getByLabel("Näytä").selectOption({ label: "Muuttuneet edellisestä vuodesta" });
    await expect(rates2027.getByRole("row", { name: /Espoo/ })).toBeVisible();
    const helsinki = rates2027.getByRole("row", { name: /Helsinki/ });
    await expect(helsinki).toContainText(/5,5\s%/);
    await expect(helsinki).toContainText(/vuonna 2026: 5,3\s%/);
    await expect(rates2027.getByRole("row")).toHaveCount(3);
    await shoot(page, rates2027, "2-imported");

    // The search finds a municipality by its Swedish name too.
    await rates2027.getByLabel("Näytä").selectOption({ label: "Kaikki kunnat" });
    await rates2027.getByLabel("Hae kuntaa nimellä tai numerolla").fill("Uleåborg");
    await expect(rates2027.getByRole("row", { name: /Oulu/ })).toBeVisible();
    await expect(rates2027.getByRole("row")).toHaveCount(2);
    expect(problems).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
