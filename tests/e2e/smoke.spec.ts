import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

test("the home page renders in Chromium with a healthy API, no console errors and no serious axe violations", async ({
  page,
  request,
}) => {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));

  const health = await request.get("/api/health-check");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok" });

  await page.goto("/");
  await expect(page).toHaveTitle("Pedaali");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  expect(problems).toEqual([]);
});
