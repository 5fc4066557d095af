import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, joinByLink, watchConsole } from "./helpers.ts";

const ADMIN = "employer.admin@demo.test";

test("an employer admin reads the join notification, accepts the employee, finds them under manage and downloads the payroll report", async ({
  loggedInAs,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const page = await (await loggedInAs(ADMIN)).newPage();
  const problems = watchConsole(page);
  // Letters only, as a name has them.
  const stamp = Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
  const { name } = await joinByLink(api, "Onni", `Liittyjä${stamp}`);
  await api.dispose();

  // The page's HTML carries its user's answer (server plugins/first-answers.ts): the app asks for the
  // user not at all, and for the page's first list once, as it starts.
  const asked: string[] = [];
  page.on("request", (request) => asked.push(new URL(request.url()).pathname));
  await page.goto("/tyonantaja");
  await expect(page.getByRole("heading", { level: 1, name: "Työnantaja" })).toBeVisible();
  // The heading comes in the page's HTML (web lib/first-view.ts): the page is there once its tabs are.
  await expect(page.getByRole("tab", { name: "Hyväksy" })).toBeVisible();
  expect(asked.filter((path) => path === "/api/user")).toEqual([]);
  expect(asked.filter((path) => path.endsWith("/employeesOptimizedList"))).toHaveLength(1);

  // The bell: the registration is among the latest; opening it shows the whole message and marks it read.
  const bell = page.getByRole("button", { name: /^Ilmoitukset – lukemattomia/ });
  await bell.click();
  const latest = page.getByRole("region", { name: "Ilmoitukset" });
  const item = latest.getByRole("button", { name: new RegExp(name) });
  await item.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Uusi työntekijä odottaa hyväksyntää")).toBeVisible();
  await expect(
    dialog.getByText(`${name} rekisteröityi yrityksen Demo Oy rekisteröintilinkillä`),
  ).toBeVisible();
  await dialog.getByRole("link", { name: "Hyväksy liittymispyynnöt" }).click();
  await expect(dialog).toHaveCount(0);

  // Accept (the default tab): fill the payroll fields and accept.
  await expect(page.getByRole("tab", { name: "Hyväksy" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("button", { name: `Hyväksy ${name}` }).click();
  const accept = page.getByRole("dialog", { name: `Hyväksy liittymispyyntö: ${name}` });
  await accept.getByLabel("Henkilönumero").fill(`E2E-${stamp}`);
  await accept.getByRole("combobox", { name: "Kustannuspaikka" }).fill("4100 Myynti");
  await accept.getByRole("combobox", { name: "Kustannuspaikka" }).press("Tab");
  await accept.getByRole("button", { name: "Hyväksy työntekijä" }).click();
  await expect(accept).toHaveCount(0);
  await expect(page.getByText(`${name} hyväksyttiin työntekijäksi.`)).toBeVisible();

  // Manage: the search finds them, accepted, with their employee number.
  await page.getByRole("tab", { name: "Hallinnoi" }).click();
  await page.getByLabel("Haku").fill(`Liittyjä${stamp}`);
  const table = page.getByRole("table", { name: "Työntekijät" });
  await expect(table.getByText(name)).toBeVisible();
  await expect(table.getByText(`E2E-${stamp}`)).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(2);

  // Reporting: this month's payroll report as CSV and as Excel.
  await page.goto("/raportointi?nakyma=palkkaraportti");
  await expect(page.getByRole("heading", { name: /^Yhteenveto, / })).toBeVisible();
  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Lataa CSV" }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^palkkaraportti.*\.csv$/);
  const csvText = await readFile((await csv.path()) as string, "utf8");
  expect(csvText).toContain("Sukunimi");
  expect(csvText).toContain("363 Polkupyöräedun verovapaa osuus");
  expect(csvText.trim().split("\n").length).toBeGreaterThan(2);
  const [xlsx] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Lataa Excel" }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/^palkkaraportti.*\.xlsx$/);
  // An XLSX file is a zip: it starts with "PK".
  expect((await readFile((await xlsx.path()) as string)).subarray(0, 2).toString()).toBe("PK");
  expect(problems).toEqual([]);
});

test("the bell's checker polls every 30 s, stops while the tab is hidden and checks again on return", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs(ADMIN)).newPage();
  await page.clock.install();
  const asked: string[] = [];
  const checks: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/notifications/checker")) asked.push(request.url());
  });
  page.on("response", (response) => {
    if (response.url().includes("/api/notifications/checker")) checks.push(response.url());
  });
  await page.goto("/tyonantaja");
  await expect(page.getByRole("button", { name: /^Ilmoitukset/ })).toBeVisible();
  expect(checks).toHaveLength(0);

  /**
   * Moves the page's clock on in steps of 5 s until the checker has asked `count` times, then waits
   * for its answer. The clock stops at the step that sent the request, not at the one its answer came
   * in, so a short poll cannot overshoot; Playwright's default poll backs off to a second a step,
   * which made the three waits below most of this test's time.
   */
  async function advanceUntilChecks(count: number): Promise<number> {
    let advanced = 0;
    await expect
      .poll(
        async () => {
          if (asked.length < count) {
            await page.clock.runFor(5_000);
            advanced += 5_000;
          }
          return checks.length;
        },
        { intervals: [100] },
      )
      .toBe(count);
    return advanced;
  }

  // Each check asks again 30 s after the previous answer.
  expect(await advanceUntilChecks(1)).toBe(30_000);
  expect(await advanceUntilChecks(2)).toBe(30_000);
  expect(asked).toHaveLength(2);

  // Hidden: two minutes pass without a check. A timer due in them would have asked at once, while the
  // clock ran; a round trip into the page makes sure any such request has been seen.
  await setVisibility(page, "hidden");
  await page.clock.runFor(120_000);
  await page.evaluate(() => 0);
  expect(asked).toHaveLength(2);

  // Back on the tab: an immediate check, then the 30 s rhythm again.
  await setVisibility(page, "visible");
  await expect.poll(() => checks.length).toBe(3);
  expect(await advanceUntilChecks(4)).toBe(30_000);
});

/** Hides or shows the page as a switch of browser tabs would (visibilityState and its event). */
async function setVisibility(page: Page, state: "hidden" | "visible") {
  await page.evaluate((value) => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => value });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

/**
 * The employer admin's screens, each loaded once and checked where it stands at 375 and 1440 px in
 * both themes: no serious axe violation and nothing wider than the window.
 */
const SCREENS = [
  {
    name: "the Hyväksy tab of /tyonantaja",
    path: "/tyonantaja",
    ready: (page: Page) => page.getByRole("tab", { name: "Hyväksy", selected: true }),
  },
  {
    name: "the Hallinnoi tab of /tyonantaja with its employee table",
    path: "/tyonantaja?valilehti=hallinnoi",
    ready: (page: Page) => page.getByRole("table", { name: "Työntekijät" }),
  },
  {
    name: "the Lisää tab of /tyonantaja",
    path: "/tyonantaja?valilehti=lisaa",
    ready: (page: Page) => page.getByRole("tab", { name: "Lisää", selected: true }),
  },
  {
    name: "the company settings /yritys-asetukset",
    path: "/yritys-asetukset",
    ready: (page: Page) => page.getByRole("heading", { level: 1 }),
  },
  {
    name: "the reporting overview /raportointi",
    path: "/raportointi",
    ready: (page: Page) => page.getByRole("heading", { level: 1 }),
  },
  {
    name: "the payroll report of /raportointi",
    path: "/raportointi?nakyma=palkkaraportti",
    ready: (page: Page) => page.getByRole("heading", { name: /^Yhteenveto/ }),
  },
] as const;

for (const screen of SCREENS) {
  test(`${screen.name} passes axe and fits the width at 375 and 1440 px in both themes`, async ({
    loggedInAs,
  }) => {
    const page = await (await loggedInAs(ADMIN)).newPage();
    await page.goto(screen.path);
    await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
    await expectAccessibleAtEveryWidthAndTheme(page, screen.path);
  });
}

test("the bell's dialog of all notifications passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs(ADMIN)).newPage();
  await page.goto("/tyonantaja");
  await expect(page.getByRole("tab", { name: "Hyväksy", selected: true })).toBeVisible({ timeout: 15_000 });
  await page.getByRole("button", { name: /^Ilmoitukset/ }).click();
  await page.getByRole("button", { name: "Näytä kaikki" }).click();
  const list = page.getByRole("dialog").getByRole("list");
  await expect(list).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the notifications dialog");
  // Still open: every width and theme was checked with the dialog on the screen.
  await expect(list).toBeVisible();
});
