import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import { expect, test } from "./fixtures.ts";
import {
  csrfHeader,
  expectAccessibleAtEveryWidthAndTheme,
  JOINER_PASSWORD,
  joinByLink,
  logInThroughPage,
  seriousAxeViolations,
  watchConsole,
} from "./helpers.ts";

/**
 * The whole order journey, each side in its own browser as a user would: the employee orders on
 * /mybike → the store enters the package by its mailed link → the employee accepts and signs with a
 * fresh code → the employer approves → the helpdesk sends, records the leasing company's decision and
 * processes → the store's invoice is matched → the store enters the serial number and delivery date by
 * its second link → the helpdesk bills and starts the lease → all three sides see the lease active.
 */

// A store without an account: it works by its mailed links (one with an account hands the bike over
// from its account instead, which tests/e2e/handover.spec.ts walks through).
const STORE_EMAIL = "myynti@kallionpyorapaja.test";
const ACTIVE = "Leasing käynnissä";
/** The employee reads the same step in their own words. */
const ACTIVE_FOR_EMPLOYEE = "Pyöräsi on käytössäsi";

/** The newest link of this kind that the dev outbox holds in a mail to the store about the order. */
async function storeLink(api: APIRequestContext, orderNumber: string, kind: RegExp): Promise<string> {
  let found = "";
  await expect
    .poll(async () => {
      const response = await api.get(`/api/dev/outbox?to=${encodeURIComponent(STORE_EMAIL)}&channel=EMAIL`);
      const { items } = (await response.json()) as { items: { subject: string | null; text: string }[] };
      const mail = items.find((m) => m.subject?.includes(orderNumber) && kind.test(m.text));
      found = mail?.text.match(kind)?.[0] ?? "";
      return found;
    })
    .not.toBe("");
  return new URL(found, "http://x").pathname;
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? "" });
  return context.newPage();
}

test("an order goes from the employee's start to an active lease through the store, the employer and the helpdesk", async ({
  browser,
  playwright,
  baseURL,
  loggedInAs,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
  const api = await playwright.request.newContext({ baseURL: baseURL ?? "" });

  // A new employee of Demo Oy joins by link and the employer accepts them.
  const joiner = await joinByLink(api, "Aleksi", `Tilaaja${stamp}`);
  const listed = await api.get(
    `/api/beneficiary-employee/employeesOptimizedList?search=${encodeURIComponent(`Tilaaja${stamp}`)}`,
  );
  const { employees } = (await listed.json()) as { employees: { beneficiaryEmployeeId: string }[] };
  const decided = await api.post(`/api/beneficiary-employee/${employees[0]?.beneficiaryEmployeeId}/decide`, {
    data: { decision: "ACCEPTED" },
    headers: await csrfHeader(api),
  });
  expect(decided.status(), await decided.text()).toBe(200);

  // 1. The employee starts an order on /mybike: the store, pickup, a wish.
  const employee = await newPage(browser, baseURL);
  const employeeProblems = watchConsole(employee);
  await logInThroughPage(employee, joiner.email, { password: JOINER_PASSWORD });
  await employee.waitForURL(/\/mybike/);
  await expect(employee.getByRole("heading", { name: "Pyöräetusi" })).toBeVisible();
  await employee.getByRole("combobox", { name: "Pyöräliike" }).click();
  await employee.getByRole("option", { name: /Kallion Pyöräpaja/ }).click();
  await employee.getByRole("radio", { name: "Nouto pyöräliikkeestä" }).check();
  await employee.getByLabel("Lisätiedot pyöräliikkeelle").fill("Sähköpyörä työmatkoille, runkokoko M.");
  await employee.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }).click();
  await expect(employee.getByRole("heading", { name: "Pyöräliike kokoaa pyöräpakettiasi" })).toBeVisible();
  const orderHeading = employee.getByRole("heading", { name: /^Tilaus \d+$/ });
  const orderNumber = ((await orderHeading.first().textContent()) ?? "").replace(/\D/g, "");
  expect(orderNumber).not.toBe("");
  await expect(employee.getByText("Pyöräliike käsittelee")).toBeVisible();

  // 2. The store opens the link in its mail and enters the package.
  const store = await newPage(browser, baseURL);
  await store.goto(await storeLink(api, orderNumber, /\/pyoraliike\/paketti\/[A-Za-z0-9_-]+/));
  await expect(store.getByText(`Aleksi Tilaaja${stamp}`)).toBeVisible();
  const line = store.getByRole("group", { name: "Rivi 1" });
  await line.getByLabel("Nimi").fill("Helkama E-Pulse");
  await line.getByLabel("Merkki").fill("Helkama");
  await line.getByLabel("Yksikköhinta (€, sis. ALV)").fill("2890,00");
  expect(await seriousAxeViolations(store), "the store's package form").toEqual([]);
  await store.getByRole("button", { name: "Tallenna paketti" }).click();
  await expect(store.getByText("Paketti on tallennettu")).toBeVisible();

  // 3. The employee sees the package, accepts it and signs the agreement with a fresh code.
  await employee.reload();
  await expect(
    employee.getByRole("table", { name: "Pyöräpaketti" }).getByText("Helkama E-Pulse"),
  ).toBeVisible();
  await expect(employee.getByText("Kuukausierä").first()).toBeVisible();
  expect(await seriousAxeViolations(employee), "the package to accept").toEqual([]);
  await employee.getByRole("button", { name: "Hyväksy paketti" }).click();
  await employee.getByRole("button", { name: "Lähetä vahvistuskoodi" }).click();
  const code = employee.getByTestId("dev-code");
  await expect(code).toHaveText(/^\d{6}$/);
  await employee.getByLabel("Vahvistuskoodi").fill((await code.textContent()) ?? "");
  await employee.getByRole("button", { name: "Allekirjoita leasingsopimus" }).click();
  await expect(employee.getByText("Leasingsopimus allekirjoitettu")).toBeVisible();
  await expect(employee.getByText("Työnantajasi käsittelee")).toBeVisible();

  // 4. The employer approves the order on /tyonantaja (logged in already: the worker's shared login).
  const employer = await (await loggedInAs("employer.admin@demo.test")).newPage();
  await employer.goto("/tyonantaja?valilehti=tilaukset");
  const card = employer.getByRole("article", { name: `Aleksi Tilaaja${stamp}` });
  await card.getByRole("button", { name: "Hyväksy tilaus" }).click();
  const approval = employer.getByRole("dialog", {
    name: `Hyväksytäänkö henkilön Aleksi Tilaaja${stamp} tilaus?`,
  });
  await expect(approval.getByText("Helkama E-Pulse (Helkama)")).toBeVisible();
  await approval.getByRole("button", { name: "Hyväksy tilaus" }).click();
  await expect(employer.getByText(`Tilaus hyväksytty: Aleksi Tilaaja${stamp}`)).toBeVisible();

  // 5. The helpdesk sends the agreement, records the leasing company's acceptance and processes.
  const mine = (await (await employee.request.get("/api/orders/my")).json()) as {
    items: { orderId: string; orderNumber: number }[];
  };
  const orderId = mine.items.find((o) => String(o.orderNumber) === orderNumber)?.orderId ?? "";
  expect(orderId).not.toBe("");
  const helpdesk = await (await loggedInAs("helpdesk@pedaali.test")).newPage();
  await helpdesk.goto(`/admin/hakemukset/tilaus/${orderId}`);
  await expect(helpdesk.getByRole("heading", { name: `Tilaus ${orderNumber}` })).toBeVisible();

  /** Clicks an action and, in its confirmation dialog, the button of the same name. */
  async function confirmAction(label: string) {
    await helpdesk.getByRole("button", { name: label }).click();
    const dialog = helpdesk.getByRole("dialog");
    await dialog.getByRole("button", { name: label }).click();
    await expect(dialog).toHaveCount(0);
  }
  await confirmAction("Lähetä rahoitusyhtiölle");
  await helpdesk.getByRole("button", { name: "Kirjaa rahoitusyhtiön päätös" }).click();
  const decision = helpdesk.getByRole("dialog", { name: "Rahoitusyhtiön päätös" });
  await decision.getByRole("radio", { name: "Hyväksytty" }).check();
  await decision.getByLabel("Sopimusnumero").fill(`GL-${stamp}`);
  await decision.getByRole("button", { name: "Kirjaa päätös" }).click();
  await expect(decision).toHaveCount(0);
  await helpdesk.getByRole("button", { name: "Synkronoi nyt" }).click();
  await confirmAction("Käsittele tilaus");

  // 6. The store's invoice arrives: the helpdesk records it and matches it to the order.
  await helpdesk.getByRole("button", { name: "Lisää liikkeen lasku" }).click();
  const invoice = helpdesk.getByRole("dialog", { name: "Pyöräliikkeen lasku" });
  await invoice.getByLabel("Laskun numero").fill(`V-${stamp}`);
  // 2 890,00 € with VAT 25.5 %.
  await invoice.getByLabel("Summa ilman ALV:tä (€)").fill("2302,79");
  await invoice.getByLabel("ALV (€)").fill("587,21");
  await invoice.getByLabel("Laskun päiväys").fill(toHelsinkiDateString(new Date()));
  await invoice.getByRole("button", { name: "Lisää lasku" }).click();
  await expect(invoice).toHaveCount(0);
  await confirmAction(`Täsmäytä lasku V-${stamp}`);
  await expect(helpdesk.getByText("Lasku täsmäytettiin tilaukseen.")).toBeVisible();

  // 7. The store enters the frame serial number and the delivery date by its second link.
  await store.goto(await storeLink(api, orderNumber, /\/runkonumero-ja-toimitus\/[A-Za-z0-9_-]+/));
  await store.getByRole("textbox", { name: "Runkonumero" }).fill(`WTU${stamp.toUpperCase()}2026`);
  // Today in Finland, as the order's date is: after 22:00 UTC the UTC date is still yesterday there.
  await store.getByLabel(/^Toimituspäivä/).fill(toHelsinkiDateString(new Date()));
  await store.getByRole("button", { name: "Tallenna" }).click();
  await expect(store.getByText("Tiedot on tallennettu")).toBeVisible();
  // Reopening the link is safe: it shows what was entered and takes nothing more.
  await store.reload();
  await expect(store.getByText(`WTU${stamp.toUpperCase()}2026`)).toBeVisible();
  await expect(store.getByRole("button", { name: "Tallenna" })).toHaveCount(0);

  // 8. The helpdesk bills the leasing company and starts the lease.
  await helpdesk.reload();
  await confirmAction("Laskuta rahoitusyhtiötä");
  await confirmAction("Aloita leasing");
  await expect(helpdesk.getByText(ACTIVE).first()).toBeVisible();

  // 9. All three sides see the same: the lease is active.
  await employee.reload();
  await expect(employee.getByRole("heading", { name: "Pyöräsi" })).toBeVisible();
  await expect(employee.getByText(ACTIVE_FOR_EMPLOYEE).first()).toBeVisible();
  await employer.goto("/tyonantaja?valilehti=tilaukset");
  const row = employer.getByRole("row", { name: new RegExp(`Aleksi Tilaaja${stamp}`) });
  await expect(row.getByText(ACTIVE)).toBeVisible();

  expect(await seriousAxeViolations(employee)).toEqual([]);
  expect(await seriousAxeViolations(helpdesk)).toEqual([]);
  expect(employeeProblems).toEqual([]);
  await api.dispose();
});

/*
 * The order screens of each side on the demo data, each loaded once and checked where it stands at 375
 * and 1440 px in both themes: no serious axe violation and nothing wider than the window.
 */

const HELPDESK = "helpdesk@pedaali.test";

/** The first demo order in the status, as the helpdesk lists it. */
async function demoOrder(api: APIRequestContext, status: string) {
  const list = await api.get(`/api/orders/all?status=${status}&limit=1`);
  const { items } = (await list.json()) as { items: { orderId: string; orderNumber: number }[] };
  const order = items[0];
  expect(order, status).toBeTruthy();
  return order as { orderId: string; orderNumber: number };
}

/** As the helpdesk: a fresh store link of the kind for the order (the old one dies); answers its path. */
async function freshStoreLink(api: APIRequestContext, orderId: string, kind: "package" | "delivery") {
  const issued = await api.post(`/api/orders/${orderId}/store-link`, {
    data: { kind },
    headers: await csrfHeader(api),
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { url } = (await issued.json()) as { url: string };
  return new URL(url).pathname;
}

/**
 * As the helpdesk: a fresh delivery link of a demo order waiting for its delivery date at a store
 * without an account (a store with one hands the bike over in its account: 409 HANDOVER_REQUIRED).
 */
async function deliveryLinkOfStoreWithoutAccount(api: APIRequestContext): Promise<string> {
  const list = await api.get("/api/orders/all?status=WAITING_FOR_DELIVERY_DATE&limit=50");
  const { items } = (await list.json()) as { items: { orderId: string }[] };
  for (const { orderId } of items) {
    const issued = await api.post(`/api/orders/${orderId}/store-link`, {
      data: { kind: "delivery" },
      headers: await csrfHeader(api),
    });
    if (issued.status() === 200) return new URL(((await issued.json()) as { url: string }).url).pathname;
    expect(((await issued.json()) as { code: string }).code).toBe("HANDOVER_REQUIRED");
  }
  throw new Error("The demo has no order waiting for its delivery date at a store without an account");
}

/** Waits until the screen is ready and nothing is loading any more, then checks it everywhere. */
async function expectReadyScreenAccessible(page: Page, ready: Locator, what: string) {
  await expect(ready).toBeVisible({ timeout: 15_000 });
  await expectAccessibleAtEveryWidthAndTheme(page, what);
}

test("the employee's /mybike with no order on its way passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  // The package and signing states are checked in the journey above; the demo's employee with a
  // package is contact-change.spec's to change.
  const page = await (await loggedInAs("employee@demo.test")).newPage();
  await page.goto("/mybike");
  await expectReadyScreenAccessible(page, page.getByRole("heading", { name: "Pyöräetusi" }), "/mybike");
});

test("the employer's order tab passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs("employer.admin@demo.test")).newPage();
  await page.goto("/tyonantaja?valilehti=tilaukset");
  await expectReadyScreenAccessible(
    page,
    page.getByRole("button", { name: "Hyväksy tilaus" }).first(),
    "/tyonantaja?valilehti=tilaukset",
  );
});

// The helpdesk's order queue (/admin) is admin-area.spec.ts's, at 375 and 1440 px in both themes.

test("the helpdesk's page of an order waiting for its delivery date passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
}) => {
  const helpdesk = await loggedInAs(HELPDESK);
  const order = await demoOrder(helpdesk.request, "WAITING_FOR_DELIVERY_DATE");
  const page = await helpdesk.newPage();
  await page.goto(`/admin/hakemukset/tilaus/${order.orderId}`);
  await expectReadyScreenAccessible(
    page,
    page.getByRole("heading", { name: `Tilaus ${order.orderNumber}` }),
    "the helpdesk's order page",
  );
});

test("the store's package page by its link passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
  page,
}) => {
  const { request } = await loggedInAs(HELPDESK);
  const order = await demoOrder(request, "PACKAGE_PROVIDED");
  // The store's pages need no account: the page is anonymous.
  await page.goto(await freshStoreLink(request, order.orderId, "package"));
  await expectReadyScreenAccessible(
    page,
    page.getByRole("button", { name: "Muuta pakettia" }),
    "the store's package page",
  );
});

test("the store's delivery page by its link passes axe and fits the width at 375 and 1440 px in both themes", async ({
  loggedInAs,
  page,
}) => {
  const { request } = await loggedInAs(HELPDESK);
  await page.goto(await deliveryLinkOfStoreWithoutAccount(request));
  await expectReadyScreenAccessible(
    page,
    page.getByRole("button", { name: "Tallenna" }),
    "the store's delivery page",
  );
});
