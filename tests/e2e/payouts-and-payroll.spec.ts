import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import { startTestSftpServer } from "../../src/server/modules/payroll-delivery/sftp-test-server.ts";
import { expect, test } from "./fixtures.ts";
import { csrfHeader, expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * Money leaving Pedaali and payroll's file leaving it, as their users meet them: the helpdesk makes a
 * payout batch of what a bike store is owed, the super admin approves it (four eyes) and downloads the
 * bank's pain.001 file and the reconciliation CSV; Demo Oy's admin sets the payroll file's template
 * and delivery by SFTP, to a server the test runs (the app's SFTP client reaches 127.0.0.1 as it
 * would any host), delivers the month's report and sends it again from the log; and she reads
 * Pedaali's monthly invoice for the company's leases and downloads it as an e-invoice.
 */

const HELPDESK = "helpdesk@pedaali.test";
const SUPER_ADMIN = "admin@pedaali.test";
const EMPLOYER_ADMIN = "employer.admin@demo.test";
const SFTP_USER = "palkat";
const SFTP_PASSWORD = "Palkat-siirto-2026";
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
    "Pyöräliike;Y-tunnus;IBAN;Tilaus;Lasku;Brutto;ALV;Provisioperuste;Peruste;Provisio-%;Provisio;Netto;Tilitys;Hyväksyjä;Hyväksytty;Maksettu",
  );
  expect(rows).toHaveLength(orders);
  const netColumn = rows.map((row) => Number((row.split(";")[11] ?? "").replace(",", ".")) * 100);
  expect(Math.round(netColumn.reduce((sum, cents) => sum + cents, 0))).toBe(net);
  for (const row of rows) {
    expect(row.startsWith(`${store};`), row).toBe(true);
    // The commission is taken of the price without VAT (decision 022).
    expect(row.split(";")[8], row).toBe("veroton hinta");
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

test("a company admin sets the payroll template and SFTP delivery, delivers the month's report and sends it again", async ({
  loggedInAs,
}) => {
  test.setTimeout(90_000);
  const sftp = await startTestSftpServer({ username: SFTP_USER, password: SFTP_PASSWORD });
  // Payroll's inbox on its server, which the connection test looks for.
  for (const directory of ["/palkat", "/palkat/pedaali"]) sftp.directories.add(directory);
  const page = await (await loggedInAs(EMPLOYER_ADMIN)).newPage();
  const problems = watchConsole(page);
  const companyId = await demoOyId(page);
  const settingsUrl = `/api/companies/${companyId}/payroll-delivery`;
  const before = await (await page.request.get(settingsUrl)).json();
  try {
    await page.goto("/yritys-asetukset");
    const section = page.getByRole("region", { name: "Palkanlaskennan toimitus" });

    // The template: the generic CSV preset, the surname first, tabs between fields, and the company's
    // own wage type code for the gross-salary deduction (which has no income type of its own).
    await section.getByRole("combobox", { name: "Valmispohja" }).click();
    await page.getByRole("option", { name: "Yleinen CSV", exact: true }).click();
    await section.getByRole("button", { name: "Siirrä ylös: Sukunimi" }).click();
    await section.getByRole("combobox", { name: "Kenttäerotin" }).click();
    await page.getByRole("option", { name: "Sarkain", exact: true }).click();
    await section.getByRole("textbox", { name: "Palkkalaji: Bruttopalkan vähennys" }).fill("1100");
    // The preset's columns with the surname moved first.
    const headerRow = [
      "Sukunimi",
      "Henkilönumero",
      "Etunimi",
      "Kustannuspaikka",
      "Kausi",
      "Tulolaji",
      "Palkkalaji",
      "Summa",
      "Muutos",
    ];
    await section.getByRole("button", { name: "Esikatsele kuun ensimmäiset rivit" }).click();
    const preview = section.getByRole("table", { name: "Esikatsele kuun ensimmäiset rivit" });
    await expect(preview.getByRole("row").first().getByRole("cell")).toHaveText(headerRow);

    // Delivered from the 1st (so the month's report is due whatever day the test runs), by SFTP to
    // the test's server, its host key pinned.
    await section.getByRole("textbox", { name: /^Katkaisupäivä/ }).fill("1");
    await section.getByText("SFTP", { exact: true }).click();
    await section.getByRole("textbox", { name: "Palvelin" }).fill("127.0.0.1");
    await section.getByRole("textbox", { name: "Portti" }).fill(String(sftp.port));
    await section.getByRole("textbox", { name: "Käyttäjätunnus" }).fill(SFTP_USER);
    await section.locator('input[type="password"]').fill(SFTP_PASSWORD);
    await section.getByRole("textbox", { name: "Etähakemisto" }).fill("/palkat/pedaali");
    await section.getByRole("textbox", { name: /^Palvelimen avaimen sormenjälki/ }).fill(sftp.fingerprint);
    await section.getByRole("button", { name: "Tallenna toimitusasetukset" }).click();
    await expect(page.getByText("Palkanlaskennan toimitus tallennettu")).toBeVisible();
    await section.getByRole("button", { name: "Testaa yhteys" }).click();
    await expect(section.getByRole("status").filter({ hasText: "Yhteys toimii" })).toBeVisible();

    // Deliver now: the file arrives on the server and the log says it was delivered. The month is the
    // server's at the moment of delivery: read on both sides of it, so a run across the turn of a month
    // (Helsinki time) checks the month the server delivered, not the one the clock shows afterwards.
    const monthBefore = toHelsinkiDateString(new Date()).slice(0, 7);
    await section.getByRole("button", { name: "Toimita kuun raportti nyt" }).click();
    const deliver = page.getByRole("dialog", { name: "Toimitetaanko tämän kuun raportti nyt?" });
    await deliver.getByRole("button", { name: "Toimita nyt" }).click();
    await expect(deliver).toHaveCount(0);
    await expect(page.getByText("Raportti toimitettu")).toBeVisible();
    const monthAfter = toHelsinkiDateString(new Date()).slice(0, 7);
    const path = sftp.uploads[0]?.path ?? "";
    expect([monthBefore, monthAfter].map((month) => `/palkat/pedaali/pedaali-${month}.csv`)).toContain(path);
    const log = section.getByRole("table", { name: "Toimitusloki" });
    const delivery = log
      .getByRole("row")
      .filter({ hasText: `sftp://${SFTP_USER}@127.0.0.1:${sftp.port}${path}` });
    await expect(delivery).toHaveCount(1);
    await expect(delivery.getByText("Toimitettu", { exact: true })).toBeVisible();
    await expect(delivery.getByText("Yrityksiä: 1")).toBeVisible();
    expect(sftp.uploads.map((upload) => upload.path)).toEqual([path]);

    // The file is the template's: its header, tab-separated lines of a kind of amount each, the
    // Incomes Register's income type beside the wage type code, ISO dates and decimal points.
    const file = sftp.uploads[0]?.bytes.toString("utf8") ?? "";
    const [first, ...lines] = file.split("\r\n").filter((line) => line !== "");
    expect(first?.split("\t")).toEqual(headerRow);
    expect(lines.length).toBeGreaterThan(0);
    const kinds = new Set<string>();
    for (const line of lines) {
      const cells = line.split("\t");
      expect(cells, line).toHaveLength(headerRow.length);
      const [, , , , month, incomeType = "", wageCode = "", amount = ""] = cells;
      expect(month, line).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(amount, line).toMatch(/^-?\d+\.\d{2}$/);
      expect(["363", "364", "420", ""], line).toContain(incomeType);
      // A kind with an income type is coded by it; the gross-salary deduction by the company's code.
      if (incomeType !== "") expect(wageCode, line).toBe(incomeType);
      kinds.add(`${incomeType}/${wageCode}`);
    }
    expect(
      [...kinds].some((kind) => kind === "363/363" || kind === "364/364"),
      [...kinds].join(),
    ).toBe(true);
    expect(kinds.has("/1100"), [...kinds].join()).toBe(true);

    // Re-send from the log: the same bytes arrive a second time.
    await delivery.getByRole("button", { name: "Lähetä uudelleen" }).click();
    const resend = page.getByRole("dialog", { name: "Lähetetäänkö raportti uudelleen?" });
    await resend.getByRole("button", { name: "Lähetä uudelleen" }).click();
    await expect(resend).toHaveCount(0);
    const resent = page.getByRole("alert").filter({ hasText: "Raportti lähetetty uudelleen" });
    await expect(resent).toBeVisible();
    await expect(delivery.getByText("Yrityksiä: 2")).toBeVisible();
    expect(sftp.uploads.map((upload) => upload.path)).toEqual([path, path]);
    expect(sftp.uploads[1]?.bytes.equals(sftp.uploads[0]?.bytes ?? Buffer.alloc(0))).toBe(true);
    // The settings page with the SFTP server's fields, "deliver now" and the log passes axe and fits the
    // width at 375 and 1440 px in both themes. The toast is closed first: caught mid-fade, its text
    // reads as a contrast no one sees, and it is the page under it that is checked here.
    await resent.getByRole("button", { name: "Sulje" }).click();
    await expect(resent).toHaveCount(0);
    await expectAccessibleAtEveryWidthAndTheme(page, "the payroll delivery settings by SFTP");
    expect(problems).toEqual([]);

    // Demo Oy's delivery as the other journeys know it: by e-mail, with its own template.
    const { template, cutoffDay, deltaOnly, channel } = before;
    const restored = await page.request.put(settingsUrl, {
      data: { template, cutoffDay, deltaOnly, channel, sftp: null },
      headers: await csrfHeader(page.request),
    });
    expect(restored.status(), await restored.text()).toBe(200);
  } finally {
    await sftp.close();
  }
});

test("a company admin reads Pedaali's monthly lease invoice and downloads it as an e-invoice", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs(EMPLOYER_ADMIN)).newPage();
  const problems = watchConsole(page);
  await page.goto("/yritys-asetukset");
  // The details name where the invoices go; the demo invoiced last month and this month.
  const details = page.getByRole("region", { name: "Yrityksen tiedot" });
  await expect(details.getByText(/^0037\d{8,}$/).first()).toBeVisible();
  const section = page.getByRole("region", { name: "Laskut" });
  const invoices = section.getByRole("table", { name: "Laskut" });
  const thisMonth = toHelsinkiDateString(new Date()).slice(0, 7);
  const [year, month] = thisMonth.split("-");
  const thisMonthsRows = invoices.getByRole("row").filter({ hasText: `${Number(month)}/${year}` });
  // Beside the month's invoice, the demo's supplementary invoice and credit note, each labelled.
  await expect(thisMonthsRows.filter({ hasText: "Lisälasku" })).toHaveCount(1);
  await expect(thisMonthsRows.filter({ hasText: "Hyvityslasku" })).toHaveCount(1);
  const newest = thisMonthsRows.filter({ hasNotText: /Lisälasku|Hyvityslasku/ });
  await expect(newest).toHaveCount(1);
  const number = (await newest.getByRole("cell").nth(1).textContent())?.trim() ?? "";
  expect(number).toMatch(/^\d{6}$/);
  const total = centsOf((await newest.getByRole("cell").nth(4).textContent()) ?? "");

  // Its lines: a monthly payment per running lease and its VAT-free part. The VAT-free parts add up to
  // the VAT-free total to the cent; the VAT is the rate of that total (decision 018), so the monthly
  // payments add up to the total within half a cent a lease.
  await section.getByRole("button", { name: `Näytä rivit, lasku ${number}` }).click();
  const lines = section.getByRole("table", { name: new RegExp(`^Laskun ${number} rivit`) });
  const payments = await lines.getByRole("row").locator("td:nth-last-child(2)").allTextContents();
  const vatFreeParts = await lines.getByRole("row").locator("td:last-child").allTextContents();
  expect(payments.length).toBeGreaterThan(0);
  const sum = payments.map(centsOf).reduce((a, b) => a + b, 0);
  expect(Math.abs(sum - total)).toBeLessThanOrEqual(Math.ceil(payments.length / 2));
  const vatFree = vatFreeParts.map(centsOf).reduce((a, b) => a + b, 0);

  // The e-invoice: a Finvoice 3.0 message to Demo Oy with a row per lease and the same total.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: `Lataa verkkolasku, lasku ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`lasku-${number}.xml`);
  const xml = await downloadedText(download);
  expect(xml).toContain('<Finvoice Version="3.0"');
  expect(xml).toContain("<BuyerOrganisationName>Demo Oy</BuyerOrganisationName>");
  expect(xml.match(/<InvoiceRow>/g)).toHaveLength(payments.length);
  const euros = `${Math.floor(total / 100)},${String(total % 100).padStart(2, "0")}`;
  const vatFreeEuros = `${Math.floor(vatFree / 100)},${String(vatFree % 100).padStart(2, "0")}`;
  expect(xml).toContain(
    `<InvoiceTotalVatExcludedAmount AmountCurrencyIdentifier="EUR">${vatFreeEuros}</InvoiceTotalVatExcludedAmount>`,
  );
  expect(xml).toContain(
    `<InvoiceTotalVatIncludedAmount AmountCurrencyIdentifier="EUR">${euros}</InvoiceTotalVatIncludedAmount>`,
  );

  // The section with an invoice open passes axe and fits the width at 375 and 1440 px in both themes.
  await expectAccessibleAtEveryWidthAndTheme(page, "the company's lease invoices");
  expect(problems).toEqual([]);
});

/** Demo Oy's id, as the logged-in employer admin's companies name it. */
async function demoOyId(page: Page): Promise<string> {
  const user = (await (await page.request.get("/api/user")).json()) as {
    companies: { id: string; name: string }[];
  };
  const demo = user.companies.find((company) => company.name === "Demo Oy");
  expect(demo, JSON.stringify(user.companies)).toBeTruthy();
  return demo?.id ?? "";
}
