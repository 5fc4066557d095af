import type { BrowserContext, Page } from "@playwright/test";
import { businessIdCheckDigit } from "../../src/domain/validation/business-id.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, logInThroughPage, watchConsole } from "./helpers.ts";

/**
 * The helpdesk's admin area, as the people who use it would: an employer signs its company up on
 * /register; the helpdesk accepts the application in Hakemukset, adds a unit on the new company's page
 * and gives a user the employer admin role in two companies; that user then acts for both. Each admin
 * screen passes axe and fits the width at 375 and 1440 px in both themes, checked where it stands
 * after one load, and the theme toggle switches them.
 */

const HELPDESK = "helpdesk@pedaali.test";

/** A business ID (Y-tunnus) with a valid check digit that no other run has used. */
function freshBusinessId(): string {
  for (;;) {
    const body = String(3_000_000 + Math.floor(Math.random() * 6_999_999));
    const check = businessIdCheckDigit(body);
    if (check !== null) return `${body}-${check}`;
  }
}

async function signUpCompany(page: Page, name: string, businessId: string, email: string): Promise<void> {
  await page.goto("/register");
  await page.getByLabel(/^Yrityksen nimi/).fill(name);
  await page.getByLabel(/^Y-tunnus/).fill(businessId);
  await page.getByLabel(/^Henkilöstön määrä/).fill("25");
  await page.getByLabel(/^Katuosoite/).fill("Hämeenkatu 10");
  await page.getByLabel(/^Postinumero/).fill("33100");
  await page.getByLabel(/^Postitoimipaikka/).fill("Tampere");
  await page.getByLabel(/^Etunimi/).fill("Riikka");
  await page.getByLabel(/^Sukunimi/).fill("Aalto");
  await page.getByLabel(/^Työsähköposti/).fill(email);
  await page.getByLabel(/^Matkapuhelinnumero/).fill("0401234567");
  await page.getByLabel(/^Hyväksyn palvelun käyttöehdot/).check({ force: true });
  await page.getByRole("button", { name: "Lähetä rekisteröityminen" }).click();
  await expect(page.getByText("Kiitos rekisteröitymisestä!")).toBeVisible();
}

test("the helpdesk accepts a sign-up, adds a unit and gives a user the employer admin role in two companies", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  const stamp = Date.now().toString(36);
  const company = `Pyöräily ${stamp} Oy`;
  await signUpCompany(page, company, freshBusinessId(), `riikka.${stamp}@pyoraily.test`);

  // Hakemukset is the admin area's first view: the order queue, and beside it the company
  // applications, where the new sign-up waits. The helpdesk logs in on the page, since it logs out
  // below (which would end a login the worker's other journeys share).
  await logInThroughPage(page, HELPDESK, { withCode: true });
  await page.waitForURL(/\/admin/);
  await expect(page.getByRole("tab", { name: "Hakemukset" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: "Tilausjono" })).toBeVisible();
  await page.getByText("Yrityshakemukset", { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/hakemukset\/yrityshakemukset$/);
  await page.getByLabel("Hae", { exact: true }).fill(company);
  await page.getByRole("button", { name: `Hyväksy hakemus: ${company}` }).click();
  const accept = page.getByRole("dialog");
  await accept.getByRole("button", { name: "Hyväksy ja luo yritys" }).click();
  await expect(accept).toHaveCount(0);
  await expect(page.getByText(`Yritys ${company} luotiin`)).toBeVisible();
  await page.getByRole("link", { name: `Avaa yrityksen ${company} sivu` }).click();

  // The company's page: add a unit.
  await expect(page.getByRole("heading", { name: company, level: 2 })).toBeVisible();
  await page.getByLabel("Uuden toimipisteen nimi").fill("Tampereen konttori");
  await page.getByRole("button", { name: "Lisää toimipiste" }).click();
  await expect(page.getByText("Toimipiste Tampereen konttori lisättiin.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Poista: Tampereen konttori" })).toBeVisible();

  // Käyttäjät: give talous@demo.test the employer admin role in Demo Oy and the new company.
  await page.getByRole("tab", { name: "Käyttäjät" }).click();
  await page.getByLabel("Sähköposti", { exact: true }).fill("talous@demo.test");
  await page.getByRole("link", { name: "Henna Virta" }).click();
  await page.getByRole("button", { name: "Lisää rooli" }).click();
  const addRole = page.getByRole("dialog");
  await addRole.getByLabel(/^Rooli/).selectOption({ label: "Työnantajan pääkäyttäjä" });
  const companies = addRole.getByRole("combobox", { name: /^Yritykset/ });
  for (const name of ["Demo Oy", company]) {
    await companies.click();
    await companies.fill(name);
    await addRole.getByRole("option", { name, exact: true }).click();
  }
  await addRole.getByRole("button", { name: "Lisää rooli" }).click();
  await expect(addRole).toHaveCount(0);
  await expect(page.getByText("Rooli Työnantajan pääkäyttäjä lisättiin.")).toBeVisible();
  expect(problems).toEqual([]);

  // The user now acts for both companies.
  await page.getByRole("button", { name: "Kirjaudu ulos" }).click();
  await page.waitForURL("/");
  await logInThroughPage(page, "talous@demo.test", { withCode: true });
  await page.waitForURL(/\/tyonantaja/);
  // The company settings switch between the companies they act for.
  await page.goto("/yritys-asetukset");
  await page.getByRole("combobox", { name: "Yritys" }).click();
  const theirs = page.getByRole("listbox");
  await expect(theirs.getByRole("option", { name: "Demo Oy", exact: true })).toBeVisible();
  await expect(theirs.getByRole("option", { name: company, exact: true })).toBeVisible();
});

test("the theme toggle switches the admin area between light and dark", async ({ loggedInAs }) => {
  const page = await openAsHelpdesk(loggedInAs, "/admin");
  const html = page.locator("html");
  const before = await html.getAttribute("data-mantine-color-scheme");
  await page.getByRole("button", { name: /^Vaihda (tummaan|vaaleaan)/ }).click();
  await expect(html).not.toHaveAttribute("data-mantine-color-scheme", before ?? "light");
  await page.reload();
  await expect(html).not.toHaveAttribute("data-mantine-color-scheme", before ?? "light");
});

const SCREENS: { tab: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    tab: "Hakemukset",
    path: "/admin",
    ready: (p) => expect(p.getByRole("heading", { name: "Tilausjono" })).toBeVisible(),
  },
  {
    tab: "Yrityshakemukset",
    path: "/admin/hakemukset/yrityshakemukset",
    ready: (p) => expect(p.getByRole("button", { name: /^Hyväksy hakemus:/ }).first()).toBeVisible(),
  },
  {
    tab: "Yritykset",
    path: "/admin/yritykset",
    ready: (p) => expect(p.getByRole("link", { name: "Demo Oy", exact: true })).toBeVisible(),
  },
  {
    tab: "Käyttäjät",
    path: "/admin/kayttajat",
    // Other journeys add users, so which names are on the first page depends on the run.
    ready: async (p) => {
      await expect(p.getByRole("columnheader", { name: "Viimeksi kirjautunut" })).toBeVisible();
      await expect(p.getByRole("row")).not.toHaveCount(1);
    },
  },
  {
    tab: "Roolit ja oikeudet",
    path: "/admin/kayttajat/roolit",
    ready: (p) => expect(p.getByText("Työnantajan pääkäyttäjä").first()).toBeVisible(),
  },
  {
    tab: "Raportointi",
    path: "/admin/raportointi",
    // The charts load after the figures; axe runs once they are drawn.
    ready: async (p) => {
      await expect(p.getByRole("heading", { name: "Tilaukset kuukausittain" })).toBeVisible();
      await expect(p.locator(".recharts-surface")).toHaveCount(3);
    },
  },
  {
    tab: "Tapahtumaloki",
    path: "/admin/raportointi/tapahtumaloki",
    ready: (p) => expect(p.getByRole("columnheader", { name: "Tapahtuma" })).toBeVisible(),
  },
  {
    // A bike store's page: its users and its payouts (the view the store itself has at /pyoraliike).
    // Vauhti Tampere's billed demo order was matched, so its payouts have rows to check.
    tab: "Pyöräliikkeet",
    path: "/admin/pyoraliikkeet",
    ready: async (p) => {
      await p.getByRole("link", { name: "Vauhti Tampere", exact: true }).click();
      await expect(p.getByRole("heading", { name: "Vauhti Tampere", level: 2 })).toBeVisible();
      await expect(p.getByRole("heading", { name: "Liikkeen käyttäjät" })).toBeVisible();
      await expect(p.getByRole("heading", { name: "Maksettavat tilauksittain" })).toBeVisible();
      await expect(p.getByText(/^#\d+$/).first()).toBeVisible();
    },
  },
  {
    tab: "Lisää yritys",
    path: "/admin/lisaa-yritys",
    ready: (p) => expect(p.getByLabel(/^Yrityksen nimi/)).toBeVisible(),
  },
];

/** Opens an admin screen in a new page of the helpdesk, logged in already, once the admin area shows. */
async function openAsHelpdesk(
  loggedInAs: (email: string) => Promise<BrowserContext>,
  path: string,
): Promise<Page> {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto(path);
  // The admin chunk may take a while on a busy machine.
  await expect(page.getByRole("tab", { name: "Hakemukset" })).toBeVisible({ timeout: 20_000 });
  return page;
}

for (const screen of SCREENS) {
  test(`the helpdesk's ${screen.tab} (${screen.path}) passes axe and fits the width at 375 and 1440 px in both themes`, async ({
    loggedInAs,
  }) => {
    const page = await openAsHelpdesk(loggedInAs, screen.path);
    await screen.ready(page);
    await expectAccessibleAtEveryWidthAndTheme(page, screen.tab);
  });
}

test("a company's page, opened from the helpdesk's Yritykset, passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await openAsHelpdesk(loggedInAs, "/admin/yritykset");
  await page.getByRole("link", { name: "Demo Oy", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Demo Oy", level: 2 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Toimipisteet" })).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "Demo Oy's page");
});

test("the helpdesk search finds a company and opens its page", async ({ loggedInAs }) => {
  const page = await openAsHelpdesk(loggedInAs, "/admin");
  const search = page.getByRole("combobox", { name: "Hae yrityksiä, käyttäjiä ja tilauksia" });
  await search.fill("Toinen");
  await page
    .getByRole("option", { name: /Toinen Oy/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/yritykset\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Toinen Oy", level: 2 })).toBeVisible();
});

test("the admin area speaks English and Swedish too", async ({ loggedInAs }) => {
  const page = await (await loggedInAs(HELPDESK)).newPage();
  await page.goto("/en/admin/yritykset");
  await expect(page.getByRole("tab", { name: "Companies", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await page.goto("/sv/admin/kayttajat");
  await expect(page.getByRole("tab", { name: "Användare", exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
});
