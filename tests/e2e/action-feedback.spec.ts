import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { csrfHeader, JOINER_PASSWORD, joinByLink, logInThroughApi } from "./helpers.ts";

/**
 * Every action says what happened, the ones that cannot be undone ask first, and the public pages a
 * first-time visitor looks for are in the header: the employer's approval of an order, the company's
 * max price on a phone, and the calculator and contact form in the header's menus.
 */

const STORE_EMAIL = "espoo@vauhti.test";

/** A word of letters only, different on every run: names the test's own employee. */
function stamp(): string {
  return Date.now()
    .toString(36)
    .slice(-5)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)] ?? "a");
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, status = 200) {
  expect(response.status(), await response.text()).toBe(status);
  return response.json();
}

/**
 * An order of a new Demo Oy employee that waits for the employer's approval, made through the API as
 * the order journey makes it through the pages: join and acceptance, the order, the store's package,
 * the employee's acceptance and signature. The demo's own waiting order is other specs' to read.
 */
async function orderWaitingForApproval(
  playwright: { request: { newContext: (o: { baseURL: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  lastName: string,
): Promise<void> {
  const employer = await playwright.request.newContext({ baseURL });
  const joiner = await joinByLink(employer, "Hanna", lastName);
  const listed = await employer.get(
    `/api/beneficiary-employee/employeesOptimizedList?search=${encodeURIComponent(lastName)}`,
  );
  const { employees } = (await listed.json()) as { employees: { beneficiaryEmployeeId: string }[] };
  await ok(
    await employer.post(`/api/beneficiary-employee/${employees[0]?.beneficiaryEmployeeId}/decide`, {
      data: { decision: "ACCEPTED" },
      headers: await csrfHeader(employer),
    }),
  );

  const employee = await playwright.request.newContext({ baseURL });
  await logInThroughApi(employee, joiner.email, JOINER_PASSWORD);
  const { bikeStores } = (await (await employee.get("/api/bike-stores/minimal")).json()) as {
    bikeStores: { bikeStoreId: string; storeName: string }[];
  };
  const store = bikeStores.find((s) => s.storeName === "Vauhti Espoo");
  const started = (await ok(
    await employee.post("/api/orders", {
      data: { bikeStoreId: store?.bikeStoreId, deliveryMethod: "PICKUP" },
      headers: await csrfHeader(employee),
    }),
    201,
  )) as { orderId: string; orderNumber: number };

  // The store enters the package by the link in its mail.
  let token = "";
  await expect
    .poll(async () => {
      const outbox = await employer.get(
        `/api/dev/outbox?to=${encodeURIComponent(STORE_EMAIL)}&channel=EMAIL`,
      );
      const { items } = (await outbox.json()) as { items: { subject: string | null; text: string }[] };
      const mail = items.find((m) => m.subject?.includes(String(started.orderNumber)));
      token = mail?.text.match(/\/pyoraliike\/paketti\/([A-Za-z0-9_-]+)/)?.[1] ?? "";
      return token;
    })
    .not.toBe("");
  const storeSide = await playwright.request.newContext({ baseURL });
  await ok(
    await storeSide.put(`/api/store-links/package/${token}`, {
      data: {
        items: [
          {
            itemType: "BIKE",
            name: "Tunturi Kaupunki",
            brand: "Tunturi",
            quantity: 1,
            unitPriceCents: 149_000,
            discountCents: 0,
          },
        ],
      },
    }),
  );

  // The employee reads the offer, accepts its package and signs with the code.
  const headers = await csrfHeader(employee);
  const offer = (await ok(await employee.get(`/api/orders/${started.orderId}/offer?leaseTimeMonths=24`))) as {
    packageVersion: string;
  };
  await ok(
    await employee.post(`/api/orders/${started.orderId}/accept`, {
      data: { leaseTimeMonths: 24, packageVersion: offer.packageVersion },
      headers,
    }),
  );
  const sent = (await ok(await employee.post(`/api/orders/${started.orderId}/sign/code`, { headers }))) as {
    devCode?: string;
  };
  await ok(
    await employee.post(`/api/orders/${started.orderId}/sign`, { data: { code: sent.devCode }, headers }),
  );
  await Promise.all([employer.dispose(), employee.dispose(), storeSide.dispose()]);
}

test("approving an order asks first, naming the employee and the bike, and then says it was approved", async ({
  loggedInAs,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const lastName = `Hyväksyttävä${stamp()}`;
  await orderWaitingForApproval(playwright, baseURL ?? "", lastName);

  const page = await (await loggedInAs("employer.admin@demo.test")).newPage();
  await page.goto("/tyonantaja?valilehti=tilaukset");
  const card = page.getByRole("article", { name: `Hanna ${lastName}` });
  await card.getByRole("button", { name: "Hyväksy tilaus" }).click();
  const dialog = page.getByRole("dialog", { name: `Hyväksytäänkö henkilön Hanna ${lastName} tilaus?` });
  await expect(dialog.getByText("Tunturi Kaupunki (Tunturi)")).toBeVisible();
  await expect(dialog.getByText(/eikä hyväksyntää voi perua/)).toBeVisible();
  await dialog.getByRole("button", { name: "Hyväksy tilaus" }).click();
  await expect(page.getByText(`Tilaus hyväksytty: Hanna ${lastName}`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card).toHaveCount(0);
});

test("on a phone the max price's field opens in view with the cursor in it, 10 € warns, and saving says so", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs("employer.admin@demo.test")).newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/yritys-asetukset");
  await page.getByRole("button", { name: "Muuta enimmäishintaa" }).click();
  const field = page.getByRole("textbox", { name: "Pyöräpaketin enimmäishinta" });
  await expect(field).toBeInViewport();
  await expect(field).toBeFocused();
  // What the company has now: saved back as it was, since other specs read Demo Oy's max price.
  const original = await field.inputValue();
  expect(original).not.toBe("");

  await field.fill("10");
  await expect(page.getByText("Enimmäishinta on hyvin pieni")).toBeVisible();
  await field.fill(original);
  await expect(page.getByText("Enimmäishinta on hyvin pieni")).toHaveCount(0);
  await page.getByRole("button", { name: "Tallenna enimmäishinta" }).click();
  await expect(page.getByText("Enimmäishinta tallennettiin.")).toBeInViewport();
});

async function expectHeaderFindsCalculatorAndContact(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/");
  const banner = page.getByRole("banner");
  // The mobile menu and the desktop navigation are both in the page; the one for this width shows.
  const opener = banner.getByRole("button", { name: width < 992 ? "Valikko" : "Asiakaspalvelu" });
  if (width < 992) await opener.click();
  await expect(banner.getByRole("link", { name: "Laskuri" }).filter({ visible: true })).toHaveAttribute(
    "href",
    "/laskuri",
  );
  if (width >= 992) await opener.click();
  await expect(banner.getByRole("link", { name: "Ota yhteyttä" }).filter({ visible: true })).toHaveAttribute(
    "href",
    "/ota-yhteytta",
  );
}

test("the header has the calculator, and its customer-service menu the contact form, at 1440 and 390 px", async ({
  page,
}) => {
  await expectHeaderFindsCalculatorAndContact(page, 1440);
  await expectHeaderFindsCalculatorAndContact(page, 390);
  // In Swedish the paths are the route table's own.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/sv");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Kalkylator" }).filter({ visible: true })).toHaveAttribute(
    "href",
    "/sv/laskuri",
  );
});
