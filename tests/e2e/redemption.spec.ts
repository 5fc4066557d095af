import type { Locator, Page } from "@playwright/test";
import { expect, type LoggedInAs, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, WIDTHS, watchConsole } from "./helpers.ts";

/**
 * The lease end as the people who use it would: a lease reaches its end, the employee redeems and
 * pays, and the order shows the redemption complete to all three sides. iida.saarinen@demo.test has
 * the demo's term-end case with its offer, opened by the daily job in the seed (Demo Oy lets its
 * employees pay by payroll or by invoice); she redeems by invoice on /mybike and sees how to pay; the
 * helpdesk marks the payment paid, the Grenke invoice sent and the case complete in Hakemukset →
 * Lunastukset; then her /mybike, the employer's order drawer and the helpdesk's order page each show
 * the redemption step "Pyörä on lunastettu". And the lease end's screens (the /mybike section, the
 * employer's list and drawer, the helpdesk's list and case) pass axe and fit the width at 375 and
 * 1440 px in both themes, each checked where it stands after one load, on venla.turunen@demo.test's
 * early-end case, which nothing here changes.
 *
 * The spec runs once per CI run on a fresh database, so it uses the demo case as it is.
 */

const REDEEMER = "iida.saarinen@demo.test";
const REDEEMER_NAME = "Iida Saarinen";
const EARLY_END = "venla.turunen@demo.test";
const EARLY_END_NAME = "Venla Turunen";
const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const REDEEMED = "Pyörä on lunastettu";

/** A new page of the user, logged in already (the journeys' shared login, tests/e2e/fixtures.ts). */
async function newPage(loggedInAs: LoggedInAs, email: string): Promise<Page> {
  return (await loggedInAs(email)).newPage();
}

/** The /mybike section of the employee's lease end (one a bike in use, named by the order's bike). */
function redemptionSection(page: Page, bike: RegExp): Locator {
  return page.getByRole("region", { name: "Sopimuksen päättyminen" }).filter({ hasText: bike });
}

async function openRedemptions(page: Page): Promise<void> {
  await page.goto("/admin/hakemukset/lunastukset");
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Lunastukset" })).toBeVisible({ timeout: 20_000 });
}

/** Opens an employee's case from the helpdesk's list, searched by name. */
async function openCase(page: Page, name: string): Promise<string> {
  await page.getByRole("searchbox", { name: "Haku" }).fill(name);
  const table = page.getByRole("table", { name: "Lunastukset" });
  // The search is sent a moment after typing: wait for the person's rows. A person whose employment
  // ended has a case for each of their leases; the first is opened.
  const row = table.getByRole("row").filter({ hasText: name }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  const link = row.getByRole("link", { name: /^Tilaus \d+$/ });
  const orderNumber = ((await link.textContent()) ?? "").replace("Tilaus ", "");
  await link.click();
  await expect(page.getByRole("heading", { name: `Lunastus: ${name}, tilaus ${orderNumber}` })).toBeVisible();
  return orderNumber;
}

/** The options compared: a table, or one card an option on a phone (below 36em). */
function optionsCompared(scope: Page | Locator, width: number): Locator {
  return width < 576
    ? scope.getByRole("article", { name: "Lunastus", exact: true })
    : scope.getByRole("table", { name: "Vaihtoehdot ja niiden hinnat" });
}

/** Takes a step that asks first: its button, then the same button in the dialog. */
async function confirmStep(page: Page, scope: Locator, name: string): Promise<void> {
  await scope.getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
}

/** The employer's orders list, paged until the order's button shows. */
async function findEmployerOrder(page: Page, orderNumber: string): Promise<void> {
  await page.goto("/tyonantaja?valilehti=tilaukset");
  const table = page.getByRole("table", { name: "Yrityksen tilaukset" });
  const button = table.getByRole("button", { name: `Tilaus ${orderNumber}`, exact: true });
  await expect(table.getByRole("row").nth(1)).toBeVisible({ timeout: 20_000 });
  for (let pageNumber = 1; pageNumber < 30 && !(await button.isVisible()); pageNumber++) {
    const next = page.getByRole("button", { name: "Seuraava sivu" });
    if (!(await next.isEnabled())) break;
    const first = await table.getByRole("row").nth(1).textContent();
    await next.click();
    await expect(table.getByRole("row").nth(1)).not.toHaveText(first ?? "");
  }
  await button.click();
}

test("a lease reaches its end, the employee redeems and pays, and every side sees it complete", async ({
  loggedInAs,
}) => {
  test.setTimeout(180_000);

  // 1. The employee sees the offer: the price and what it is based on, the deadline, the options compared.
  const employee = await newPage(loggedInAs, REDEEMER);
  const employeeProblems = watchConsole(employee);
  await employee.goto("/mybike");
  const section = redemptionSection(employee, /Helkama E3 Bosch/);
  await expect(section.getByText("Odottaa valintaasi")).toBeVisible({ timeout: 15_000 });
  await expect(section.getByText(/Jäännösarvo sopimuskauden lopussa/)).toBeVisible();
  await expect(
    section.getByRole("link", { name: /^Lunastustarjous \d{2}\.\d{2}\.\d{4} \(PDF\)$/ }),
  ).toBeVisible();
  const compare = section.getByRole("table", { name: "Vaihtoehdot ja niiden hinnat" });
  await expect(compare.getByRole("row", { name: /^Lunastus/ })).toContainText(/\d+,\d{2}\s€/);
  await expect(compare.getByRole("row", { name: /^Palautus/ })).toContainText(/0,00\s€/);
  await expect(compare.getByRole("row", { name: /^Siirto kollegalle/ })).toContainText("Ei valittavissa");

  // 2. She redeems by invoice, after seeing what it costs and when it is due.
  const form = section.getByRole("form", { name: "Tee valintasi" });
  await form.getByRole("radio", { name: /^Lunastus/ }).check();
  await form.getByRole("radio", { name: /^Laskulla/ }).check();
  await expect(form.getByText(/Valitset: Lunastus\. Maksat \d+,\d{2}\s€\. Saat laskun/)).toBeVisible();
  await form.getByRole("button", { name: "Vahvista valinta" }).click();
  await expect(section.getByRole("heading", { name: "Valintasi: Lunastus" })).toBeVisible({
    timeout: 15_000,
  });
  await expect(section.getByText("Odottaa maksua")).toBeVisible();
  // How to pay: the reference number here, the account and the barcode in her payments below.
  await expect(section).toContainText(/Viitenumero\s*\d[\d ]{5,}/);
  const payments = employee.getByRole("region", { name: "Omat maksut" });
  const redemption = payments.getByRole("article", { name: "Pyörän lunastus" });
  await expect(redemption.getByText("Viitenumero", { exact: true })).toBeVisible({ timeout: 15_000 });
  // Its kind is the title; below it the order once, with no Finnish text the server made up.
  await expect(redemption.getByText(/^tilaus \d+$/)).toBeVisible();
  await expect(redemption.getByText("Virtuaaliviivakoodi", { exact: true })).toBeVisible();

  // 3. The helpdesk finds the case, marks the payment paid and the Grenke invoice sent, and completes it.
  const helpdesk = await newPage(loggedInAs, HELPDESK);
  const helpdeskProblems = watchConsole(helpdesk);
  await openRedemptions(helpdesk);
  const orderNumber = await openCase(helpdesk, REDEEMER_NAME);
  const actions = helpdesk.getByRole("region", { name: "Toimenpiteet" });
  await expect(actions.getByRole("button", { name: "Merkitse valmiiksi" })).toBeDisabled();
  await expect(actions.getByText(/Lunastushinta on maksamatta/)).toBeVisible();
  const userPayment = helpdesk.getByRole("region", { name: "Työntekijän maksu" });
  await confirmStep(helpdesk, userPayment, "Merkitse maksetuksi");
  await expect(userPayment.getByText("Maksettu", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
  await confirmStep(helpdesk, actions, "Grenke-lasku lähetetty");
  await expect(actions.getByText(/Grenke-lasku lähetetty \d{2}\.\d{2}\.\d{4}/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(actions.getByRole("button", { name: "Merkitse valmiiksi" })).toBeEnabled();
  await confirmStep(helpdesk, actions, "Merkitse valmiiksi");
  await expect(actions.getByText("Tapaus on suljettu.")).toBeVisible({ timeout: 15_000 });

  // 4. Every side sees the redemption complete on the order's timeline.
  await employee.reload();
  const past = employee.getByRole("region", { name: "Aiemmat tilaukset" });
  await past.getByRole("button", { name: new RegExp(`Tilaus ${orderNumber}`) }).click();
  await expect(past.getByRole("listitem").filter({ hasText: REDEEMED })).toBeVisible({ timeout: 15_000 });

  const employer = await newPage(loggedInAs, EMPLOYER);
  const employerProblems = watchConsole(employer);
  await findEmployerOrder(employer, orderNumber);
  const drawer = employer.getByRole("dialog", { name: `Tilaus ${orderNumber}` });
  await expect(drawer.getByRole("listitem").filter({ hasText: REDEEMED })).toBeVisible({ timeout: 15_000 });

  await helpdesk
    .getByRole("link", { name: `Tilaus ${orderNumber}` })
    .first()
    .click();
  await expect(helpdesk.getByRole("heading", { name: `Tilaus ${orderNumber}` })).toBeVisible({
    timeout: 15_000,
  });
  await expect(helpdesk.getByRole("listitem").filter({ hasText: REDEEMED })).toBeVisible();

  expect(employeeProblems).toEqual([]);
  expect(helpdeskProblems).toEqual([]);
  expect(employerProblems).toEqual([]);
});

/** The employer's Pyörät tab, logged in already, at the early-end case's row of the lease ends. */
async function openEmployerRedemptions(loggedInAs: LoggedInAs): Promise<{ page: Page; row: Locator }> {
  const page = await (await loggedInAs(EMPLOYER)).newPage();
  await page.goto("/tyonantaja?valilehti=pyorat");
  const list = page.getByRole("table", { name: "Päättyvät leasingsopimukset" });
  // Her employment ends, so each of her two leases has its case: the first row is opened.
  const row = list.getByRole("row").filter({ hasText: EARLY_END_NAME }).first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  return { page, row };
}

/** The helpdesk's Lunastukset, logged in already, once its first row shows. */
async function openRedemptionsList(loggedInAs: LoggedInAs): Promise<Page> {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto("/admin/hakemukset/lunastukset");
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Lunastukset" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("table", { name: "Lunastukset" }).getByRole("row").nth(1)).toBeVisible({
    timeout: 15_000,
  });
  return page;
}

/**
 * At each width: the options compared show as cards on a phone and as a table on desktop, and the
 * screen passes axe and fits the width in both themes.
 */
async function expectOptionsAndAccessibleAtEveryWidth(page: Page, scope: Page | Locator, what: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(optionsCompared(scope, width), `${what}, ${width} px`).toBeVisible();
    await expectAccessibleAtEveryWidthAndTheme(page, what, { widths: [width] });
  }
}

test("the employee's redemption section on /mybike, redemption chosen, passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  // The early-end case: the offer, the options, the choice form; nothing is confirmed.
  const page = await (await loggedInAs(EARLY_END)).newPage();
  await page.goto("/mybike");
  const section = redemptionSection(page, /Cube Touring/);
  await expect(section.getByRole("form", { name: "Tee valintasi" })).toBeVisible({ timeout: 15_000 });
  await section.getByRole("radio", { name: /^Lunastus/ }).check();
  await expect(section.getByText("Tarkista ennen vahvistamista")).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the /mybike section");
});

test("the employer's redemptions on the Pyörät tab pass axe and fit the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page } = await openEmployerRedemptions(loggedInAs);
  await expectAccessibleAtEveryWidthAndTheme(page, "the employer's lease ends");
});

test("a redemption's drawer on the employer's Pyörät tab shows the options as cards on a phone and a table on desktop, and passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page, row } = await openEmployerRedemptions(loggedInAs);
  await row.getByText(EARLY_END_NAME).click();
  const drawer = page.getByRole("dialog", { name: `Sopimuksen päättyminen: ${EARLY_END_NAME}` });
  await expect(drawer).toBeVisible();
  await expectOptionsAndAccessibleAtEveryWidth(page, drawer, "the employer's case drawer");
});

test("the helpdesk's Lunastukset (/admin/hakemukset/lunastukset) passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await openRedemptionsList(loggedInAs);
  await expectAccessibleAtEveryWidthAndTheme(page, "the redemptions list");
});

test("a redemption case's page from the helpdesk's Lunastukset shows the options as cards on a phone and a table on desktop, and passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await openRedemptionsList(loggedInAs);
  await openCase(page, EARLY_END_NAME);
  await expectOptionsAndAccessibleAtEveryWidth(page, page, "the case's page");
});
