import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/**
 * The design reference page (/dev/design, outside production) passes axe in both
 * schemes at phone and desktop width, and the brand font is one woff2 of our own origin.
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

test("the home page renders in the brand font from our origin, and the app's shell preloads it", async ({
  page,
}) => {
  const fonts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "font") fonts.push(new URL(response.url()).pathname);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.fonts.check('700 16px "Inter Variable"', "Työsuhdepyörä"))).toBe(
    true,
  );
  await page.waitForLoadState("networkidle");
  // One file, the Latin subset, from /assets (immutable caching); no other subset or font host.
  expect(fonts).toEqual([expect.stringMatching(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/)]);
  const cache = await page.request.get(fonts[0] ?? "");
  expect(cache.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  // A prerendered page carries its stylesheet, so the font is asked for at its first layout; the app's
  // shell names a stylesheet file, and preloads the font beside it.
  await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
  const shell = await (await page.request.get("/ei-tallaista-sivua")).text();
  expect(shell).toContain(
    `<link rel="preload" href="${fonts[0]}" as="font" type="font/woff2" crossorigin="">`,
  );
  test
    .info()
    .annotations.push({ type: "brand font", description: `${(await cache.body()).length} bytes woff2` });
});
