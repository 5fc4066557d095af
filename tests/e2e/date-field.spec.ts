import { expect, test } from "./fixtures.ts";

/**
 * A date field follows the interface's language, not the browser's: a browser set to American English
 * would show a native date input as 01/14/2026 on a Finnish page. The calculator's contract day is a
 * date field any visitor can reach, and its address carries the ISO day the form holds.
 */
test("an en-US browser sees and types Finnish dates on the Finnish interface, the form keeping the ISO day", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, locale: "en-US" });
  const page = await context.newPage();
  expect(await page.evaluate(() => navigator.language)).toBe("en-US");
  await page.goto("/laskuri?contract=2026-01-14");
  const field = page.getByLabel("Edusta sovittu");
  // The calculator's form shows once its tax parameters are in: slow on a busy machine.
  await expect(field).toBeVisible({ timeout: 30_000 });
  await expect(field).toHaveValue("14.01.2026");
  await expect(field).toHaveAttribute("placeholder", "pp.kk.vvvv");

  await field.fill("1.2.2026");
  await field.blur();
  await expect(field).toHaveValue("01.02.2026");
  await expect(page).toHaveURL(/contract=2026-02-01/);

  // The American month-first order is not read as a day here: the field says how to write it.
  await field.fill("2/14/2026");
  await field.blur();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("Kirjoita päivämäärä muodossa pp.kk.vvvv, esimerkiksi 14.01.2026."),
  ).toBeVisible();
  await context.close();
});
