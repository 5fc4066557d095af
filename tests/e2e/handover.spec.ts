import { readFile } from "node:fs/promises";
import { SAMPLE_PNG } from "../helpers/sample-files.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * Handing a bike over at the counter, as the store and the employee meet it: Vauhti Espoo's store user
 * opens the order waiting for its delivery, photographs the bike, records its frame number, battery and
 * accessories, types the pickup code Mervi shows from her page (a wrong one first), and Mervi signs on
 * the store's device; the protocol opens as a PDF, and her page then shows the bike handed over and
 * the day her lease starts.
 */

const STORE_USER = "myyja@vauhti.test";
const EMPLOYEE = "mervi.leinonen@toinen.test";

test("a store user hands a bike over at the counter with the employee's pickup code, and she signs on the store's device", async ({
  loggedInAs,
}) => {
  test.setTimeout(120_000);

  // Mervi's page shows the code she reads out at the counter.
  const employee = await (await loggedInAs(EMPLOYEE)).newPage();
  const employeeProblems = watchConsole(employee);
  await employee.goto("/mybike");
  const shown = employee.getByText(/^\d{3} \d{3}$/);
  await expect(shown).toBeVisible();
  const code = ((await shown.textContent()) ?? "").replace(/\s/g, "");
  await expectAccessibleAtEveryWidthAndTheme(employee, "/mybike with the pickup code");

  // The store's list, narrowed to the orders waiting to be handed over, opens Mervi's.
  const store = await (await loggedInAs(STORE_USER)).newPage();
  const storeProblems = watchConsole(store);
  await store.goto("/pyoraliike?step=DELIVERY");
  await store.getByRole("row").filter({ hasText: "Mervi Leinonen" }).first().click();
  const drawer = store.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: "Pyörän luovutus" })).toBeVisible();

  // The store invoiced the bike from its account: the invoice Pedaali matched, and its e-invoice.
  await expect(drawer.getByRole("heading", { name: "Lasku" })).toBeVisible();
  const [eInvoice] = await Promise.all([
    store.waitForEvent("download"),
    drawer.getByRole("link", { name: "Lataa verkkolasku (Finvoice)" }).click(),
  ]);
  const xml = await readFile((await eInvoice.path()) as string, "utf8");
  expect(xml).toContain("<SellerOrganisationName>Vauhti Espoo</SellerOrganisationName>");
  expect(xml).toContain("<BuyerOrganisationName>Pedaali Oy</BuyerOrganisationName>");

  // A photo of the bike, sent and shown before anything is signed.
  await drawer.locator('input[type="file"]').setInputFiles({
    name: "runko-vasen.png",
    mimeType: "image/png",
    buffer: SAMPLE_PNG,
  });
  await drawer.getByRole("button", { name: "Lähetä kuvat" }).click();
  await expect(drawer.getByRole("img", { name: "Luovutuskuva runko-vasen.png" })).toBeVisible();

  const form = drawer.getByRole("form", { name: "Pyörän luovutus" });
  await form.getByLabel("Runkonumero", { exact: false }).first().fill("WCK 2025 118 734");
  await form.getByLabel("Akun sarjanumero").fill("BOSCH-PT-4418207");
  await form.getByRole("checkbox", { name: /^Kypärä Abus Pedelec 2\.0/ }).check();
  await form.getByLabel("Muut luovutettavat varusteet").fill("Laturi Bosch 4A\nKaksi avainta");
  await expectAccessibleAtEveryWidthAndTheme(store, "the store's handover form");
  await store.setViewportSize({ width: 1440, height: 900 });

  // A wrong code first: the field says so, and nothing is signed.
  const wrong = code === "000000" ? "111111" : "000000";
  await form.getByLabel("Työntekijän noutokoodi").fill(wrong);
  await form.getByLabel(/^Työntekijä vahvistaa vastaanottaneensa pyörän/).check();
  await form.getByRole("button", { name: "Allekirjoita luovutus" }).click();
  const confirm = store.getByRole("dialog", { name: /^Allekirjoitetaanko tilauksen \d+ luovutus\?$/ });
  await confirm.getByRole("button", { name: "Allekirjoita" }).click();
  await expect(form.getByText("Noutokoodi ei vastaa tätä tilausta.", { exact: false }).first()).toBeVisible();

  // The right code, Mervi's signature at the counter, and the protocol.
  await form.getByLabel("Työntekijän noutokoodi").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(form.getByLabel("Työntekijän nimi allekirjoituksena")).toHaveValue("Mervi Leinonen");
  await form.getByRole("button", { name: "Allekirjoita luovutus" }).click();
  await confirm.getByRole("button", { name: "Allekirjoita" }).click();
  await expect(drawer.getByText("Luovutettu", { exact: true })).toBeVisible();
  await expect(drawer.getByText(/^Mervi Leinonen, .*, liikkeen laitteella$/)).toBeVisible();
  await expect(drawer.getByText("Laturi Bosch 4A", { exact: false })).toBeVisible();
  const protocol = drawer.getByRole("link", { name: "Avaa luovutuspöytäkirja (PDF)" });
  const pdf = await store.request.get((await protocol.getAttribute("href")) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The store's payouts: the order's price, owed since its invoice was matched, was paid in a batch.
  const orderNumber = ((await drawer.getByRole("heading").first().textContent()) ?? "").match(/\d+/)?.[0];
  await store.goto("/pyoraliike?valilehti=tilitykset");
  await expect(store.getByRole("heading", { name: "Maksettavat tilauksittain" })).toBeVisible();
  const paidRow = store.getByRole("row").filter({ hasText: `#${orderNumber}` });
  await expect(paidRow.getByText("Maksettu").first()).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(store, "the store's payouts");

  // The wrong code's refusal is the one 400 the browser reports; nothing else went wrong.
  expect(storeProblems.filter((p) => !p.includes("status of 400"))).toEqual([]);
  expect(storeProblems).toHaveLength(1);

  // Mervi's page: no code any more, the bike handed over and the lease's first day.
  await employee.reload();
  await expect(employee.getByText("Luovutettu", { exact: true })).toBeVisible();
  await expect(employee.getByText(/^\d{3} \d{3}$/)).toHaveCount(0);
  await expect(employee.getByText("Sopimuskausi alkaa")).toBeVisible();
  await expect(employee.getByRole("link", { name: "Avaa luovutuspöytäkirja (PDF)" })).toBeVisible();
  expect(employeeProblems).toEqual([]);
});
