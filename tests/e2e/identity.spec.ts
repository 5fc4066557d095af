import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  csrfHeader,
  expectAccessibleAtEveryWidthAndTheme,
  JOINER_PASSWORD,
  joinByLink,
  logInThroughApi,
  logInThroughPage,
  watchConsole,
} from "./helpers.ts";
import { companyIdpIssuer, LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET } from "./servers.ts";

/**
 * Strong identification and single sign-on as their users meet them, against the local providers the
 * journeys run beside (scripts/identity-providers.ts): the helpdesk gives Demo Oy strong signing and
 * its own identity provider in the admin area; a new employee signs her agreement with her bank ID;
 * the employer admin logs in through the company's provider and approves the order with her own bank
 * ID. The broker and the provider show a page listing the people to identify as; a user picks theirs.
 */

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const STORE_EMAIL = "espoo@vauhti.test";

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? "" });
  return context.newPage();
}

/** The store's package link for the order, from its mail in the dev outbox. */
async function packageLink(api: APIRequestContext, orderNumber: string): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(STORE_EMAIL)}&channel=EMAIL`);
      const { items } = (await response.json()) as { items: { subject: string | null; text: string }[] };
      const mail = items.find((m) => m.subject?.includes(orderNumber));
      found = mail?.text.match(/\/pyoraliike\/paketti\/[A-Za-z0-9_-]+/)?.[0] ?? "";
      return found;
    })
    .not.toBe("");
  return found;
}

/** Demo Oy back as the other journeys know it: signing by SMS code, no provider of its own. */
async function restoreDemoOy(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const helpdesk = await playwright.request.newContext({ baseURL });
  await logInThroughApi(helpdesk, HELPDESK);
  const companies = (await (await helpdesk.get("/api/companies?search=Demo%20Oy&names=true")).json()) as {
    items?: { id: string; name: string }[];
  };
  const demo = companies.items?.find((c) => c.name === "Demo Oy");
  if (demo) {
    await helpdesk.put(`/api/admin/companies/${demo.id}/identity`, {
      data: { signingPolicy: "SMS_CODE", sso: null },
      headers: await csrfHeader(helpdesk),
    });
  }
  await helpdesk.dispose();
}

test("the helpdesk sets Demo Oy's identification; a new employee signs with her bank ID; the employer logs in through the company's provider and approves with hers", async ({
  browser,
  playwright,
  baseURL,
  loggedInAs,
}) => {
  test.setTimeout(180_000);
  try {
    // 1. The helpdesk opens Demo Oy in the admin area and sets its identification.
    const helpdesk = await (await loggedInAs(HELPDESK)).newPage();
    const helpdeskProblems = watchConsole(helpdesk);
    await helpdesk.goto("/admin/yritykset");
    await helpdesk.getByRole("link", { name: "Demo Oy", exact: true }).click();
    const section = helpdesk.getByRole("region", { name: "Tunnistautuminen ja kertakirjautuminen" });
    await expect(section.getByText("Tekstiviestikoodi", { exact: true })).toBeVisible();
    await section.getByRole("button", { name: "Muokkaa" }).click();
    await section.getByRole("radio", { name: "Vahva tunnistautuminen, tekstiviestikoodi varalla" }).check();
    await section
      .getByRole("switch", { name: "Kertakirjautuminen organisaation omalla tunnistuspalvelulla" })
      .check();
    await section.getByRole("combobox", { name: "Tunnistuspalvelu" }).selectOption("OIDC");
    await section.getByLabel("Issuer-osoite").fill(companyIdpIssuer());
    await section.getByLabel("Client ID").fill(LOCAL_CLIENT_ID);
    await section.getByLabel("Client secret").fill(LOCAL_CLIENT_SECRET);
    await section.getByLabel("Sähköpostin verkkotunnukset").fill("demo.test");
    await section.getByRole("button", { name: "Tallenna" }).click();
    await expect(helpdesk.getByText("Tunnistautumisen asetukset tallennettiin.")).toBeVisible();
    await expect(section.getByText("Muu OpenID Connect -palvelu")).toBeVisible();
    await expectAccessibleAtEveryWidthAndTheme(helpdesk, "the company's identification settings");
    expect(helpdeskProblems).toEqual([]);

    // 2. A new employee with a name her bank knows joins, and the employer accepts her.
    const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });
    const joiner = await joinByLink(api, "Ville", "Hämäläinen");
    const listed = await api.get(
      `/api/beneficiary-employee/employeesOptimizedList?search=${encodeURIComponent(joiner.email)}`,
    );
    const { employees } = (await listed.json()) as { employees: { beneficiaryEmployeeId: string }[] };
    const decided = await api.post(
      `/api/beneficiary-employee/${employees[0]?.beneficiaryEmployeeId}/decide`,
      {
        data: { decision: "ACCEPTED" },
        headers: await csrfHeader(api),
      },
    );
    expect(decided.status(), await decided.text()).toBe(200);

    // 3. He orders, the store provides the package, and he signs with his bank ID at the broker.
    const employee = await newPage(browser, baseURL);
    const employeeProblems = watchConsole(employee);
    await logInThroughPage(employee, joiner.email, { password: JOINER_PASSWORD });
    await employee.waitForURL(/\/mybike/);
    await employee.getByRole("combobox", { name: "Pyöräliike" }).click();
    await employee.getByRole("option", { name: /Vauhti Espoo/ }).click();
    await employee.getByRole("radio", { name: "Nouto pyöräliikkeestä" }).check();
    await employee.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }).click();
    const heading = employee.getByRole("heading", { name: /^Tilaus \d+$/ });
    const orderNumber = ((await heading.first().textContent()) ?? "").replace(/\D/g, "");
    const store = await newPage(browser, baseURL);
    await store.goto(await packageLink(api, orderNumber));
    const line = store.getByRole("group", { name: "Rivi 1" });
    await line.getByLabel("Nimi").fill("Tunturi eCity");
    await line.getByLabel("Merkki").fill("Tunturi");
    await line.getByLabel("Yksikköhinta (€, sis. ALV)").fill("2190,00");
    await store.getByRole("button", { name: "Tallenna paketti" }).click();
    await expect(store.getByText("Paketti on tallennettu")).toBeVisible();

    await employee.reload();
    await employee.getByRole("button", { name: "Hyväksy paketti" }).click();
    await expect(employee.getByText("Tunnistaudut pankkisi tai mobiilivarmenteen palvelussa")).toBeVisible();
    await employee
      .getByRole("button", { name: "Allekirjoita pankkitunnuksilla tai mobiilivarmenteella" })
      .click();
    // The broker's page: the person picks themselves, as at their bank.
    await expect(employee.getByRole("heading", { name: "Test bank identification" })).toBeVisible();
    await employee.getByRole("link", { name: "Ville Johannes Hämäläinen" }).click();
    await employee.waitForURL(/\/mybike$/);
    await expect(employee.getByText("Allekirjoitus onnistui")).toBeVisible();
    await expect(employee.getByText("Työnantajasi käsittelee")).toBeVisible();
    expect(employeeProblems).toEqual([]);

    // 4. The employer admin logs in through the company's own provider: no password.
    const employer = await newPage(browser, baseURL);
    const employerProblems = watchConsole(employer);
    await employer.goto("/kirjaudu");
    await employer.getByLabel("Sähköpostiosoite").fill(EMPLOYER);
    await employer.getByLabel("Sähköpostiosoite").blur();
    await employer.getByRole("button", { name: "Kirjaudu organisaatiosi tunnuksilla" }).click();
    await expect(employer.getByRole("heading", { name: "Test company sign-in" })).toBeVisible();
    await employer.getByRole("link", { name: "Laura Nieminen" }).click();
    await employer.waitForURL(/\/tyonantaja/);

    // 5. She approves the signed order with her bank ID.
    await employer.goto("/tyonantaja?valilehti=tilaukset");
    const card = employer.getByRole("article", { name: joiner.name });
    await card.getByRole("button", { name: "Hyväksy tilaus" }).click();
    const dialog = employer.getByRole("dialog", { name: `Hyväksytäänkö henkilön ${joiner.name} tilaus?` });
    await dialog.getByRole("button", { name: "Hyväksy pankkitunnuksilla" }).click();
    await expect(employer.getByRole("heading", { name: "Test bank identification" })).toBeVisible();
    await employer.getByRole("link", { name: "Laura Nieminen" }).click();
    await employer.waitForURL(/\/tyonantaja\?valilehti=tilaukset/);
    await expect(employer.getByText("Tilaus hyväksytty")).toBeVisible();
    expect(employerProblems).toEqual([]);

    await employee.reload();
    await expect(employee.getByText(/Asiakaspalvelu käsittelee/)).toBeVisible();
  } finally {
    await restoreDemoOy(playwright, baseURL ?? "");
  }
});
