import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** Neither cut short nor wider than its box: the whole text is shown. */
async function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.clientWidth > 0 && el.scrollWidth <= el.clientWidth);
}

test("on a phone the employer's join requests show every approve and decline button and the whole status", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs("employer.admin@demo.test");
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tyonantaja");
  await expect(page.getByRole("tab", { name: "Hyväksy" })).toHaveAttribute("aria-selected", "true");

  const main = page.getByRole("main");
  const approve = main.getByRole("button", { name: /^Hyväksy \S/ });
  const decline = main.getByRole("button", { name: /^Hylkää \S/ });
  await expect(approve.first()).toBeVisible();
  const rows = await approve.count();
  expect(await decline.count()).toBe(rows);
  // Each button lies inside the screen, reachable without scrolling sideways.
  for (const button of [...(await approve.all()), ...(await decline.all())]) {
    const box = await button.boundingBox();
    expect(box, (await button.getAttribute("aria-label")) ?? "").not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }

  const badges = main.getByText("Odottaa hyväksyntää", { exact: true });
  expect(await badges.count()).toBe(rows);
  for (const badge of await badges.all()) {
    expect(await shownWhole(badge)).toBe(true);
    const box = await badge.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});

test("on a wide screen the helpdesk's views show how many wait in each, not a bare dot", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs("helpdesk@pedaali.test");
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/admin");
  const views = page.getByRole("radiogroup", { name: "Näytä" });
  const counts = views.locator(".mantine-Badge-label");
  // The admin chunk and the counts of GET /api/tasks may take a while on a busy machine.
  await expect(counts.first()).toHaveText(/^\d+/, { timeout: 20_000 });
  for (const count of await counts.all()) {
    await expect(count).toHaveText(/^\d+ käsittelemättä$/);
    expect(await shownWhole(count)).toBe(true);
  }
});
