import { expect, test } from "./fixtures.ts";
import { csrfHeader } from "./helpers.ts";

/**
 * An order whose employee has asked to cancel it (the demo's request waiting for the helpdesk) is held
 * where it is, and every side sees why: the helpdesk's order page says who asked, when and why, offers
 * no step that would carry the order on and leads to the cancellation; the server refuses the step
 * anyway; the employer's drawer of the order says the same on the shared timeline. Nothing is changed.
 */

const HELPDESK = "helpdesk@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const WAITING_REASON = /Sain puolisoni vanhan sähköpyörän/;

type Waiting = { orderCancellationId: string; order: { orderId: string; orderNumber: number } };

test("the helpdesk sees an open cancellation on its order, which offers and takes no step on", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs(HELPDESK);
  const list = await context.request.get("/api/order-cancellations?status=PENDING&limit=100");
  expect(list.ok()).toBe(true);
  const waiting = ((await list.json()).items as Waiting[])[0] as Waiting;
  expect(waiting, "the demo has a request waiting").toBeDefined();

  const page = await context.newPage();
  await page.goto(`/admin/hakemukset/tilaus/${waiting.order.orderId}`);
  const notice = page.getByRole("status").filter({ hasText: "Tilauksella on avoin peruutuspyyntö" });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(WAITING_REASON);
  await expect(notice).toContainText("Työntekijä pyysi peruutusta");
  await expect(page.getByText("Peruutuspyyntö avoinna").first()).toBeVisible();
  await expect(page.getByText(/Peruutusta pyydetty .*Tilaus ei etene/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Toimenpiteet" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Lähetä rahoitusyhtiölle" })).toHaveCount(0);
  // Cancelling is the request's completion, on its own page.
  await expect(page.getByRole("button", { name: "Peru tilaus" })).toHaveCount(0);

  // A step sent past the page (a second tab, a stale screen) is refused with the reason.
  const sent = await context.request.post(`/api/orders/${waiting.order.orderId}/send-to-leasing-company`, {
    headers: await csrfHeader(context.request),
  });
  expect(sent.status()).toBe(409);
  expect((await sent.json()).code).toBe("ORDER_CANCELLATION_PENDING");

  await notice.getByRole("link", { name: "Käsittele peruutus" }).click();
  await expect(page).toHaveURL(`/admin/hakemukset/peruutukset/${waiting.orderCancellationId}`);
  await expect(page.getByText(WAITING_REASON).first()).toBeVisible({ timeout: 15_000 });
});

test("the employer reads the open cancellation on the order's badge and timeline", async ({ loggedInAs }) => {
  const helpdesk = await loggedInAs(HELPDESK);
  const list = await helpdesk.request.get("/api/order-cancellations?status=PENDING&limit=100");
  const waiting = ((await list.json()).items as Waiting[])[0] as Waiting;

  const page = await (await loggedInAs(EMPLOYER)).newPage();
  await page.goto("/tyonantaja?valilehti=tilaukset");
  const row = page.getByRole("row").filter({ hasText: `Tilaus ${waiting.order.orderNumber}` });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText("Peruutuspyyntö avoinna");
  await row.getByRole("button", { name: `Tilaus ${waiting.order.orderNumber}` }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByText(/Peruutusta pyydetty .*Tilaus ei etene/)).toBeVisible({ timeout: 15_000 });
  await expect(drawer.getByText("Odottaa: asiakaspalvelu", { exact: false })).toBeVisible();
});
