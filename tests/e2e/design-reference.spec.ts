import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * The design reference page (/dev/design, outside production) passes axe in both
 * schemes at phone and desktop width, and the brand font is the preloaded woff2 of our own origin.
 */
test("the design reference passes axe and fits the width at 375 and 1280 px in both themes", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto("/dev/design");
  await expect(page.getByRole("heading", { level: 1, name: "Design reference" })).toBeVisible();
  await expectAccessibleAtEveryWidthAndTheme(page, "the design reference", { widths: [375, 1280] });
  expect(problems).toEqual([]);
});

test("the home page preloads the brand font from our origin and renders in it", async ({ page }) => {
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") fonts.push(new URL(response.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute("href", /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute("type", "font/woff2");
  expect(await page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', "Työsuhdepyörä"))).toBe(
    true,
  );
  await page.waitForLoadState("networkidle");
  // One file, the Latin subset, from /assets (immutable caching); no other subset or font host.
  expect(fonts).toEqual([await preload.getAttribute("href")]);
  const cache = await page.request.get(fonts[0] ?? "");
  expect(cache.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  test
    .info()
    .annotations.push({ type: "brand font", description: `${(await cache.body()).length} bytes woff2` });
});
