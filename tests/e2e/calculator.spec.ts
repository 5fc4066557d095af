import type { Page } from "@playwright/test";
import type { Language } from "../../src/domain/enums.ts";
import { formatCents } from "../../src/domain/money.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * The calculator page shows the API's numbers for the same inputs (the page runs the same
 * domain function in the browser), in Finnish and Swedish, and says plainly when the lease costs more
 * than buying the bike.
 */

type Inputs = Record<string, string | number | boolean>;

async function apiResult(page: Page, baseURL: string, inputs: Inputs) {
  const response = await page.request.post("/api/calculator", { data: inputs, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as {
    monthlyNetPayReduction: number;
    monthlyPayment: number;
    totalCostWithBenefit: number;
    totalSaving: number;
    contractDate: string;
  };
}

const money = (euros: number, lang: Language) =>
  formatCents(Math.round(euros * 100), lang).replace(/\u00a0/g, " ");

/** The text of a figure of the result card, by its label. */
async function figure(page: Page, label: string): Promise<string> {
  const text = await page
    .locator("p")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .locator("xpath=..")
    .innerText();
  return text.replace(/\u00a0/g, " ");
}

test("the Finnish calculator shows the API's numbers as you type, and that a 2026 lease costs more", async ({
  page,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await page.goto("/laskuri");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Laskuri");
  await page.getByLabel(/^Bruttopalkka kuukaudessa/).fill("3800");
  await page.getByRole("combobox", { name: "Kotikunta" }).click();
  await page.getByRole("option", { name: /^Tampere/ }).click();
  await page
    .getByLabel(/^Pyörän hinta/)
    .first()
    .fill("2990");
  await page
    .getByLabel(/^Lisävarusteet/)
    .first()
    .fill("0");
  await expect(page).toHaveURL(/salary=3800/);

  const api = await apiResult(page, baseURL as string, {
    year: 2026,
    bikePrice: 2990,
    accessoriesPrice: 0,
    leaseTimeMonths: 36,
    monthlyGrossSalary: 3800,
    municipality: "Tampere",
    churchMember: false,
    age: 35,
  });
  expect(await figure(page, "Nettopalkkasi pienenee")).toContain(
    `${money(api.monthlyNetPayReduction, "fi")}/kk`,
  );
  expect(await figure(page, "Kuukausierä")).toContain(`${money(api.monthlyPayment, "fi")}/kk`);
  expect(await figure(page, "Kustannus sinulle yhteensä")).toContain(money(api.totalCostWithBenefit, "fi"));
  // Committed today, in 2026: fully taxable, the whole payment comes out of net pay, buying is cheaper.
  expect(api.monthlyNetPayReduction).toBe(api.monthlyPayment);
  expect(api.totalSaving).toBeLessThan(0);
  await expect(
    page.getByText(`Leasing maksaa sinulle ${money(-api.totalSaving, "fi")} enemmän kuin pyörän ostaminen`),
  ).toBeVisible();
  await expect(page.getByText("Etu on kokonaan veronalainen")).toBeVisible();
  // The chart loads after the figures.
  await expect(page.getByRole("img", { name: /36 kuukaudessa työsuhdepyörä maksaa sinulle/ })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a shared Swedish address opens with its inputs and the API's numbers, grandfathered", async ({
  page,
  baseURL,
}) => {
  await page.goto(
    "/sv/laskuri?salary=4200&price=2000&accessories=150&payment=100&contract=2025-03-01&municipality=Helsinki",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kalkylator");
  const api = await apiResult(page, baseURL as string, {
    year: 2026,
    bikePrice: 2000,
    accessoriesPrice: 150,
    leaseTimeMonths: 36,
    monthlyPayment: 100,
    contractDate: "2025-03-01",
    monthlyGrossSalary: 4200,
    municipality: "Helsinki",
    age: 35,
  });
  expect(await figure(page, "Din nettolön minskar med")).toContain(
    `${money(api.monthlyNetPayReduction, "sv")}/mån`,
  );
  expect(api.monthlyNetPayReduction).toBeLessThan(100);
  await expect(page.getByText("Ditt avtal behåller skattefriheten")).toBeVisible();
});

test("the calculator comparing two bikes, with its chart, passes axe and fits the width at 1440 px in both themes", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/laskuri?bike2=Kaupunkipy%C3%B6r%C3%A4~899~0");
  await expect(page.getByRole("img", { name: /kuukaudessa työsuhdepyörä/ })).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the calculator", { widths: [1440] });
});
