import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, seriousAxeViolations, watchConsole } from "./helpers.ts";

const form = (page: Page) => page.getByRole("form", { name: "Yhteydenottolomake" });

test("an anonymous visitor sends the contact form and the helpdesk marks it checked", async ({
  page: visitor,
  loggedInAs,
}) => {
  test.setTimeout(60_000);
  const problems = watchConsole(visitor);
  const stamp = Date.now();
  const sender = `Aino Yhteydenotto ${stamp}`;

  await visitor.goto("/ota-yhteytta");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Ota yhteyttä");
  const f = form(visitor);
  // A click on send with nothing filled shows the field errors and keeps the form.
  await f.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(f.getByText("Valitse aihe", { exact: true }).last()).toBeVisible();
  await expect(f.getByLabel(/^Nimi/)).toHaveAttribute("aria-invalid", "true");

  await f.getByLabel(/^Nimi/).fill(sender);
  await f.getByLabel(/^Yritys/).fill("Virtasen Kala Oy");
  await f.getByLabel(/^Sähköpostiosoite/).fill("aino.yhteydenotto@example.fi");
  await f.getByLabel(/^Puhelinnumero/).fill("040 123 4567");
  await f.getByLabel(/^Aihe/).selectOption("EMPLOYER");
  await f.getByLabel(/^Viesti/).fill("Haluaisimme tarjota pyöräedun 40 työntekijälle. Soittakaa!");
  await f.getByRole("checkbox", { name: /Hyväksyn/ }).check();
  // The honeypot is not reachable for a person.
  await expect(visitor.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await f.getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(visitor.getByRole("status")).toContainText("Kiitos viestistäsi!");
  await expect(form(visitor)).toHaveCount(0);

  const page = await (await loggedInAs("helpdesk@pedaali.test")).newPage();
  const helpdeskProblems = watchConsole(page);
  await page.goto("/admin");
  const tab = page.getByRole("tab", { name: /Contact Forms/ });
  await tab.click();
  await expect(tab.locator(".mantine-Badge-root")).toHaveText(/^\d+$/);
  const before = Number(await tab.locator(".mantine-Badge-root").textContent());
  await page.getByLabel("Hae", { exact: true }).fill(sender);
  await expect(page.getByText(sender)).toBeVisible();
  const toggle = page.getByRole("switch", { name: new RegExp(sender) });
  await expect(toggle).not.toBeChecked();
  await toggle.click({ force: true });
  await expect(toggle).toBeChecked();
  if (before > 1) await expect(tab.locator(".mantine-Badge-root")).toHaveText(String(before - 1));
  else await expect(tab.locator(".mantine-Badge-root")).toHaveCount(0);
  await page.getByLabel("Näytä").selectOption("checked");
  await expect(page.getByText(sender)).toBeVisible();
  expect(await seriousAxeViolations(page), "the Contact Forms tab").toEqual([]);
  expect([...problems, ...helpdeskProblems]).toEqual([]);
});

test("the empty contact form passes axe and fits the width at 375 px in both themes", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/ota-yhteytta");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ota yhteyttä");
  await expect(form(page).getByRole("button", { name: "Lähetä viesti" })).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the empty contact form", { widths: [375] });
  expect(problems).toEqual([]);
});

test("the contact form with its field errors passes axe and fits the width at 375 px in both themes", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto("/ota-yhteytta");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ota yhteyttä");
  await form(page).getByRole("button", { name: "Lähetä viesti" }).click();
  await expect(form(page).getByLabel(/^Nimi/)).toHaveAttribute("aria-invalid", "true");
  await expectAccessibleAtEveryWidthAndTheme(page, "the contact form with errors", { widths: [375] });
  // The errors are still shown: both themes were checked with them.
  await expect(form(page).getByLabel(/^Nimi/)).toHaveAttribute("aria-invalid", "true");
  expect(problems).toEqual([]);
});
