import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import {
  csrfHeader,
  JOINER_PASSWORD,
  joinByLink,
  logInThroughApi,
  logInThroughPage,
  seriousAxeViolations,
  watchConsole,
} from "./helpers.ts";

/**
 * Issue 12's whole journey, each side in its own browser as a user would: the employee orders on
 * /mybike → the store enters the package by its mailed link → the employee accepts and signs with a
 * fresh code → the employer approves → the helpdesk sends, records the leasing company's decision and
 * processes → the store's invoice is matched → the store enters the serial number and delivery date by
 * its second link → the helpdesk bills and starts the lease → all three sides see the lease active.
 */

const STORE_EMAIL = "espoo@vauhti.test";
const ACTIVE = "Leasing käynnissä";

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
  await employee.getByRole("option", { name: /Vauhti Espoo/ }).click();
  await employee.getByRole("radio", { name: "Nouto pyöräliikkeestä" }).check();
  await employee.getByLabel("Lisätiedot pyöräliikkeelle").fill("Sähköpyörä työmatkoille, runkokoko M.");
  await employee.getByRole("button", { name: "Lähetä tilaus pyöräliikkeelle" }).click();
  await expect(employee.getByText("Pyöräliike kokoaa pyöräpakettiasi")).toBeVisible();
  const orderHeading = employee.getByRole("heading", { name: /^Tilaus \d+$/ });
  const orderNumber = ((await orderHeading.first().textContent()) ?? "").replace(/\D/g, "");
  expect(orderNumber).not.toBe("");
  await expect(employee.getByText("Odottaa: Pyöräliike")).toBeVisible();

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
  await expect(employee.getByText("Odottaa: Työnantaja")).toBeVisible();

  // 4. The employer approves the order on /tyonantaja.
  const employer = await newPage(browser, baseURL);
  await logInThroughPage(employer, "employer.admin@demo.test", { withCode: true });
  await employer.waitForURL(/\/tyonantaja/);
  await employer.goto("/tyonantaja?valilehti=tilaukset");
  const card = employer.getByRole("article", { name: `Aleksi Tilaaja${stamp}` });
  await card.getByRole("button", { name: "Hyväksy tilaus" }).click();
  await expect(employer.getByText(`Tilaus hyväksytty: Aleksi Tilaaja${stamp}`)).toBeVisible();

  // 5. The helpdesk sends the agreement, records the leasing company's acceptance and processes.
  const mine = (await (await employee.request.get("/api/orders/my")).json()) as {
    items: { orderId: string; orderNumber: number }[];
  };
  const orderId = mine.items.find((o) => String(o.orderNumber) === orderNumber)?.orderId ?? "";
  expect(orderId).not.toBe("");
  const helpdesk = await newPage(browser, baseURL);
  await logInThroughPage(helpdesk, "helpdesk@pedaali.test", { withCode: true });
  await helpdesk.waitForURL(/\/admin/);
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
  await invoice.getByLabel("Laskun päiväys").fill(new Date().toISOString().slice(0, 10));
  await invoice.getByRole("button", { name: "Lisää lasku" }).click();
  await expect(invoice).toHaveCount(0);
  await helpdesk.getByRole("button", { name: `Täsmäytä lasku V-${stamp}` }).click();
  await expect(helpdesk.getByText("Lasku täsmäytettiin tilaukseen.")).toBeVisible();

  // 7. The store enters the frame serial number and the delivery date by its second link.
  await store.goto(await storeLink(api, orderNumber, /\/runkonumero-ja-toimitus\/[A-Za-z0-9_-]+/));
  await store.getByRole("textbox", { name: "Runkonumero" }).fill(`WTU${stamp.toUpperCase()}2026`);
  await store.getByLabel(/^Toimituspäivä/).fill(new Date().toISOString().slice(0, 10));
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
  await expect(employee.getByText(ACTIVE).first()).toBeVisible();
  await employer.goto("/tyonantaja?valilehti=tilaukset");
  const row = employer.getByRole("row", { name: new RegExp(`Aleksi Tilaaja${stamp}`) });
  await expect(row.getByText(ACTIVE)).toBeVisible();

  expect(await seriousAxeViolations(employee)).toEqual([]);
  expect(await seriousAxeViolations(helpdesk)).toEqual([]);
  expect(employeeProblems).toEqual([]);
  await api.dispose();
});

for (const scheme of ["light", "dark"] as const) {
  for (const width of [375, 1440]) {
    test(`the order screens of the employee, the employer, the helpdesk and the store pass axe in the ${scheme} scheme at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.addInitScript((value) => window.localStorage.setItem("pedaali-color-scheme", value), scheme);
      await page.setViewportSize({ width, height: 900 });

      /** Opens the screen, waits for it, and checks axe and that nothing is wider than the window. */
      async function check(path: string, ready: ReturnType<Page["getByRole"]>) {
        await page.goto(path);
        await expect(ready).toBeVisible({ timeout: 15_000 });
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        await expect(page.getByText(/Ladataan/)).toHaveCount(0);
        expect(await seriousAxeViolations(page), path).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }

      // The employee's page with no order on its way (the package and signing states are checked in
      // the journey above; the demo's employee with a package is contact-change.spec's to change).
      await logInThroughApi(page.request, "employee@demo.test");
      await check("/mybike", page.getByRole("heading", { name: "Pyöräetusi" }));

      await logInThroughApi(page.request, "employer.admin@demo.test");
      await check(
        "/tyonantaja?valilehti=tilaukset",
        page.getByRole("button", { name: "Hyväksy tilaus" }).first(),
      );

      await logInThroughApi(page.request, "helpdesk@pedaali.test");
      await check("/admin", page.getByRole("heading", { name: "Tilausjono" }));
      /** A demo order in the status, and a fresh store link of the kind for it (the old one dies). */
      async function demoOrder(status: string, kind: "package" | "delivery") {
        const list = await page.request.get(`/api/orders/all?status=${status}&limit=1`);
        const { items } = (await list.json()) as { items: { orderId: string; orderNumber: number }[] };
        const order = items[0];
        expect(order, status).toBeTruthy();
        const issued = await page.request.post(`/api/orders/${order?.orderId}/store-link`, {
          data: { kind },
          headers: await csrfHeader(page.request),
        });
        expect(issued.status(), await issued.text()).toBe(200);
        const { url } = (await issued.json()) as { url: string };
        return { ...(order as { orderId: string; orderNumber: number }), path: new URL(url).pathname };
      }
      const packaged = await demoOrder("PACKAGE_PROVIDED", "package");
      const delivering = await demoOrder("WAITING_FOR_DELIVERY_DATE", "delivery");
      await check(
        `/admin/hakemukset/tilaus/${delivering.orderId}`,
        page.getByRole("heading", { name: `Tilaus ${delivering.orderNumber}` }),
      );

      // The store's pages need no account.
      await page.context().clearCookies();
      await check(packaged.path, page.getByRole("button", { name: "Muuta pakettia" }));
      await check(delivering.path, page.getByRole("button", { name: "Tallenna" }));
    });
  }
}
