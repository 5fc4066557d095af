import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import { expect, type LoggedInAs, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * Insurance claims as the people who use them would: an employee with a bike in use reports it stolen
 * on /mybike with a photo; the helpdesk opens the claim in Hakemukset → Vakuutusvahingot, chooses a new
 * bike as the outcome, takes its steps and closes it; the employee sees the claim settled. And the
 * claims' screens (the admin list and claim page, the /mybike section and its form) pass axe and fit
 * the width at 375 and 1440 px in both themes, on the demo's open claim, each checked where it stands
 * after one load.
 *
 * The reporting employee is sara.jarvinen@demo.test, whose bike the demo leaves free of claims
 * (seed-insurance-demo.ts); helmi.makela@demo.test holds the demo's open theft claim.
 */

const REPORTER = "sara.jarvinen@demo.test";
const DEMO_CLAIMANT = "helmi.makela@demo.test";
const HELPDESK = "helpdesk@pedaali.test";

/** A real 2 × 2 PNG, written to a temporary file for the file picker. */
function photoFile(): string {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000002000000020802000000fdd49a73000000104944415478da63d0a87003220608050018be0399c23f54160000000049454e44ae426082",
    "hex",
  );
  const path = join(tmpdir(), `pyoraparkki-${Date.now()}.png`);
  writeFileSync(path, png);
  return path;
}

/** A new page of the user, logged in already (the journeys' shared login, tests/e2e/fixtures.ts). */
async function newPage(loggedInAs: LoggedInAs, email: string): Promise<Page> {
  return (await loggedInAs(email)).newPage();
}

async function openClaims(page: Page): Promise<void> {
  await page.goto("/admin/hakemukset/vahingot");
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Vakuutusvahingot" })).toBeVisible({ timeout: 20_000 });
}

/** Takes the claim's next step: its button, then the same button in the dialog that asks first. */
async function takeStep(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name }).click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.getByRole("button", { name }).click();
  await expect(dialog).toBeHidden();
}

test("an employee reports a stolen bike with a photo and the helpdesk closes the case", async ({
  loggedInAs,
}) => {
  test.setTimeout(150_000);
  const today = toHelsinkiDateString(new Date());
  const police = `5500/R/${Date.now().toString().slice(-6)}/26`;

  // 1. The employee reports the theft on /mybike, seeing first what they bear.
  const employee = await newPage(loggedInAs, REPORTER);
  const employeeProblems = watchConsole(employee);
  await employee.goto("/mybike");
  const section = employee.getByRole("region", { name: "Varkaus tai vahinko" }).first();
  await section.getByRole("button", { name: "Ilmoita varkaudesta tai vahingosta" }).click();
  const form = section.getByRole("form", { name: "Ilmoita varkaudesta tai vahingosta" });
  await form.getByRole("radio", { name: "Varkaus" }).check();
  await form.getByLabel(/^Vahinkopäivä/).fill(today);
  await form.getByLabel(/^Rikosilmoituksen numero/).fill(police);
  await form
    .getByLabel(/^Kuvaus/)
    .fill("Pyörä varastettiin Kampin pyöräparkista työpäivän aikana. Se oli lukittu runkolukolla.");
  await form.locator('input[type="file"]').setInputFiles(photoFile());
  await expect(form.getByText("Mitä maksat itse")).toBeVisible();
  await expect(form.getByText(/240,00\s€/)).toBeVisible();
  await form.getByRole("button", { name: "Lähetä vahinkoilmoitus" }).click();
  const card = section.getByRole("article", { name: /^Varkaus \d{2}\.\d{2}\.\d{4}$/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText("Käsittelyssä")).toBeVisible();
  await expect(card.getByRole("link", { name: /pyoraparkki-\d+\.png/ })).toBeVisible();

  // 2. The helpdesk finds it in Hakemukset → Vakuutusvahingot and opens it.
  const helpdesk = await newPage(loggedInAs, HELPDESK);
  const helpdeskProblems = watchConsole(helpdesk);
  await openClaims(helpdesk);
  await helpdesk.getByRole("searchbox", { name: "Haku" }).fill(police);
  const table = helpdesk.getByRole("table", { name: "Vakuutusvahingot" });
  // The search is sent a moment after typing: wait for its one row.
  await expect(table.getByRole("link", { name: "Varkaus" })).toHaveCount(1, { timeout: 15_000 });
  await expect(table.getByText("Sara Järvinen")).toBeVisible();
  await table.getByRole("link", { name: "Varkaus" }).click();
  await expect(helpdesk.getByRole("heading", { name: "Varkaus: Sara Järvinen" })).toBeVisible();
  await expect(helpdesk.getByRole("img", { name: /pyoraparkki-\d+\.png/ })).toBeVisible();
  await expect(helpdesk.getByText(police)).toBeVisible();

  // 3. A new bike: the outcome, then its steps; the last one closes the claim.
  await helpdesk.getByRole("combobox", { name: "Ratkaisu" }).selectOption("NEW_BIKE");
  await helpdesk.getByRole("button", { name: "Tallenna" }).click();
  await takeStep(helpdesk, "Uuden pyörän korvaus haettu");
  await takeStep(helpdesk, "Grenke-lasku lähetetty");
  await takeStep(helpdesk, "Merkitse vahinko käsitellyksi");
  await expect(helpdesk.getByText("Vahinkoilmoitus on käsitelty.")).toBeVisible();
  await expect(helpdesk.getByText("Käsitelty", { exact: true })).toBeVisible();

  // 4. The employee sees it settled, with its steps.
  await employee.reload();
  const settled = employee.getByRole("article", { name: /^Varkaus \d{2}\.\d{2}\.\d{4}$/ });
  await expect(settled.getByText("Käsitelty", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(settled.getByText("Saat uuden pyörän")).toBeVisible();
  await expect(settled.getByRole("listitem").filter({ hasText: "Vahinko käsitelty" })).not.toContainText(
    "Tulossa",
  );

  expect(employeeProblems).toEqual([]);
  expect(helpdeskProblems).toEqual([]);
});

/** The helpdesk's claims list, logged in already, searched down to the demo's open theft claim. */
async function openDemoClaimInList(loggedInAs: LoggedInAs): Promise<{ page: Page; table: Locator }> {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto("/admin/hakemukset/vahingot");
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("heading", { name: "Vakuutusvahingot" })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("searchbox", { name: "Haku" }).fill("helmi");
  const table = page.getByRole("table", { name: "Vakuutusvahingot" });
  // The search is sent a moment after typing: wait for its one row.
  await expect(table.getByRole("link", { name: "Varkaus" })).toHaveCount(1, { timeout: 15_000 });
  await expect(table.getByText("Helmi Mäkelä")).toBeVisible();
  return { page, table };
}

/** The /mybike section on thefts and damage of the employee who holds the demo's open claim. */
async function openDemoClaimantsSection(loggedInAs: LoggedInAs): Promise<{ page: Page; section: Locator }> {
  const page = await (await loggedInAs(DEMO_CLAIMANT)).newPage();
  await page.goto("/mybike");
  const section = page.getByRole("region", { name: "Varkaus tai vahinko" }).first();
  await expect(section.getByRole("article")).toBeVisible({ timeout: 15_000 });
  return { page, section };
}

test("the helpdesk's claims list (/admin/hakemukset/vahingot), searched, passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page } = await openDemoClaimInList(loggedInAs);
  await expectAccessibleAtEveryWidthAndTheme(page, "the claims list");
});

test("a claim's page, with its photo, opened from the helpdesk's list passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page, table } = await openDemoClaimInList(loggedInAs);
  await table.getByRole("link", { name: "Varkaus" }).click();
  await expect(page.getByRole("heading", { name: "Varkaus: Helmi Mäkelä" })).toBeVisible();
  await expect(page.getByRole("img", { name: "pyöräparkki.png" })).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the claim's page");
});

test("the employee's theft and damage section on /mybike, with their claim, passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page } = await openDemoClaimantsSection(loggedInAs);
  await expectAccessibleAtEveryWidthAndTheme(page, "the /mybike section");
});

test("the form that reports a theft or damage on /mybike passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const { page, section } = await openDemoClaimantsSection(loggedInAs);
  await section.getByRole("button", { name: "Ilmoita varkaudesta tai vahingosta" }).click();
  const form = section.getByRole("form", { name: "Ilmoita varkaudesta tai vahingosta" });
  await expect(form).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the /mybike section with its form");
  // Still open: every width and theme was checked with the form on the screen. Nothing is sent.
  await expect(form).toBeVisible();
});
