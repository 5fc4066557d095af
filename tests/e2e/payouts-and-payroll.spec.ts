import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * Money leaving Pedaali and payroll's file leaving it, as their users meet them: the helpdesk makes a
 * payout batch of what a bike store is owed, the super admin approves it (four eyes) and downloads the
 * bank's pain.001 file and the reconciliation CSV.
 */

const HELPDESK = "helpdesk@pedaali.test";
const SUPER_ADMIN = "admin@pedaali.test";
const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

/** "1 234,56 €" as the page shows it, in cents. */
function centsOf(shown: string): number {
  const match = shown.match(/(\d[\d\s\u00a0\u202f]*),(\d{2})\s*€/);
  expect(match, `a sum in euros in "${shown}"`).not.toBeNull();
  const [, euros = "", cents = ""] = match ?? [];
  return Number(euros.replace(/\D/g, "")) * 100 + Number(cents);
}

const compactIban = (iban: string) => iban.replace(/\s/g, "");

async function downloadedText(download: Download): Promise<string> {
  return readFile((await download.path()) as string, "utf8");
}

test("the helpdesk makes a store's payout batch, another admin approves it and downloads its pain.001 and reconciliation", async ({
  loggedInAs,
}) => {
  test.setTimeout(90_000);

  // 1. The helpdesk picks a store with open payables and a bank account, and makes its batch.
  const maker = await (await loggedInAs(HELPDESK)).newPage();
  const makerProblems = watchConsole(maker);
  await maker.goto("/admin/tilitykset");
  const open = maker.getByRole("table", { name: "Avoimet tilitettävät" });
  const makeOne = open.getByRole("button", { name: /^Tee tilityserä: / }).first();
  await expect(makeOne).toBeVisible();
  const store = ((await makeOne.getAttribute("aria-label")) ?? "").replace(/^Tee tilityserä: /, "");
  const makeThisOne = maker.getByRole("button", { name: `Tee tilityserä: ${store}`, exact: true });
  const storeRow = open.getByRole("row").filter({ has: makeThisOne });
  const iban = compactIban((await storeRow.getByRole("cell").nth(1).textContent()) ?? "");
  expect(iban).toMatch(/^FI\d{16}$/);

  await makeThisOne.click();
  const confirm = maker.getByRole("dialog", { name: `Tehdäänkö tilityserä liikkeelle ${store}?` });
  const offer = (await confirm.getByText(/^Erään tulee \d+ tilausta/).textContent()) ?? "";
  const orders = Number(offer.match(/^Erään tulee (\d+) tilausta/)?.[1]);
  const net = centsOf(offer);
  await confirm.getByRole("button", { name: "Tee tilityserä" }).click();
  await expect(confirm).toHaveCount(0);

  // The batch's own page: one store, its orders and sum, waiting for a second person.
  await expect(maker).toHaveURL(/\/admin\/tilitykset\/[0-9a-f-]{36}$/);
  const heading = maker.getByRole("heading", { name: /^Tilityserä \d+$/ });
  await expect(heading).toBeVisible();
  const batchNumber = ((await heading.textContent()) ?? "").replace(/^Tilityserä /, "");
  await expect(maker.getByText(`Tilityserä ${batchNumber} tehty`)).toBeVisible();
  const summary = maker.getByText(new RegExp(`· 1 liikettä · ${orders} tilausta$`));
  expect(centsOf((await summary.textContent()) ?? "")).toBe(net);
  await expect(maker.getByText(/^Erä odottaa toisen käsittelijän hyväksyntää/)).toBeVisible();
  await expect(maker.getByRole("button", { name: "Hyväksy erä" })).toHaveCount(0);
  await expect(maker.getByRole("link", { name: "Lataa maksuaineisto (pain.001)" })).toHaveCount(0);
  const batchUrl = maker.url();
  expect(makerProblems).toEqual([]);

  // 2. The super admin opens the same batch and approves it for today.
  const approver = await (await loggedInAs(SUPER_ADMIN)).newPage();
  const approverProblems = watchConsole(approver);
  await approver.goto(batchUrl);
  await expect(approver.getByRole("heading", { name: `Tilityserä ${batchNumber}` })).toBeVisible();
  await approver.getByRole("button", { name: "Hyväksy erä" }).click();
  const approve = approver.getByRole("dialog", { name: `Hyväksytäänkö tilityserä ${batchNumber}?` });
  await expect(approve.getByLabel(/^Maksupäivä/)).not.toHaveValue("");
  await approve.getByRole("button", { name: "Hyväksy erä" }).click();
  await expect(approve).toHaveCount(0);
  await expect(approver.getByText("Tilityserä hyväksytty")).toBeVisible();
  await expect(approver.getByText("Hyväksytty", { exact: true })).toBeVisible();

  // 3. The bank's file: pain.001.001.09, one transfer to the store's account of the batch's sum.
  const [bankFile] = await Promise.all([
    approver.waitForEvent("download"),
    approver.getByRole("link", { name: "Lataa maksuaineisto (pain.001)" }).click(),
  ]);
  expect(bankFile.suggestedFilename()).toBe(`pedaali-tilitys-${batchNumber}.xml`);
  const xml = await downloadedText(bankFile);
  const parsed = await readPain001(approver, xml);
  expect(parsed).toEqual({
    parseError: false,
    root: "Document",
    namespace: PAIN001_NAMESPACE,
    numberOfTransactions: ["1", "1"],
    controlSum: [(net / 100).toFixed(2), (net / 100).toFixed(2)],
    creditors: [{ name: store, iban, amount: (net / 100).toFixed(2) }],
  });

  // 4. The reconciliation CSV of the batch: its header, a row per order, the same sum.
  const [reconciliation] = await Promise.all([
    approver.waitForEvent("download"),
    approver.getByRole("link", { name: "Lataa täsmäytys (CSV)" }).click(),
  ]);
  expect(reconciliation.suggestedFilename()).toBe(`pedaali-tilitys-${batchNumber}.csv`);
  const [header, ...rows] = (await downloadedText(reconciliation))
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter((line) => line !== "");
  expect(header).toBe(
    "Pyöräliike;Y-tunnus;IBAN;Tilaus;Lasku;Brutto;Provisio;Netto;Tilitys;Hyväksyjä;Hyväksytty;Maksettu",
  );
  expect(rows).toHaveLength(orders);
  const netColumn = rows.map((row) => Number((row.split(";")[7] ?? "").replace(",", ".")) * 100);
  expect(Math.round(netColumn.reduce((sum, cents) => sum + cents, 0))).toBe(net);
  for (const row of rows) {
    expect(row.startsWith(`${store};`), row).toBe(true);
    expect(compactIban(row.split(";")[2] ?? "")).toBe(iban);
  }

  // The approved batch's page passes axe and fits the width at 375 and 1440 px in both themes.
  await expectAccessibleAtEveryWidthAndTheme(approver, "an approved payout batch");
  expect(approverProblems).toEqual([]);
});

/** The pain.001 file as an XML parser reads it (the browser's DOMParser, namespaces and all). */
async function readPain001(page: Page, xml: string) {
  return page.evaluate(
    ([text, ns]) => {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      const root = doc.documentElement;
      const all = (name: string, within: Element | Document = doc) =>
        Array.from(within.getElementsByTagNameNS(ns, name));
      const first = (within: Element, path: string[]) =>
        path.reduce<Element | undefined>((at, name) => (at ? all(name, at)[0] : undefined), within)
          ?.textContent ?? null;
      return {
        parseError: doc.getElementsByTagName("parsererror").length > 0,
        root: root.localName,
        namespace: root.namespaceURI,
        // The group header's and the payment's, which must agree.
        numberOfTransactions: all("NbOfTxs").map((e) => e.textContent),
        controlSum: all("CtrlSum").map((e) => e.textContent),
        creditors: all("CdtTrfTxInf").map((transfer) => ({
          name: first(transfer, ["Cdtr", "Nm"]),
          iban: first(transfer, ["CdtrAcct", "IBAN"]),
          amount: first(transfer, ["InstdAmt"]),
        })),
      };
    },
    [xml, PAIN001_NAMESPACE] as const,
  );
}
