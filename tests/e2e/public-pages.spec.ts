import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { watchConsole } from "./helpers.ts";

/** The public information pages and their Finnish h1 (the route titles of the shell catalogue). */
const PAGES = [
  ["/tyonantajalle", "Työnantajalle"],
  ["/tyontekijalle", "Työntekijälle"],
  ["/pyoraliikkeelle", "Pyöräliikkeelle"],
  ["/yritystiedot", "Yritystiedot"],
  ["/usein-kysytyt-kysymykset", "Usein kysytyt kysymykset"],
  ["/medialle", "Medialle"],
  ["/tietosuojaseloste", "Tietosuojaseloste"],
  ["/vastuuvapauslauseke", "Vastuuvapauslauseke"],
  ["/tiedote-pyoraedusta", "Tiedote pyöräedusta"],
  ["/huoltokatkos", "Huoltokatkos"],
] as const;

/** Checked at the desktop width as well: the longest pages with the most layout. */
const BOTH_WIDTHS = new Set<string>(["/tyonantajalle", "/usein-kysytyt-kysymykset"]);

/**
 * Serious and critical axe findings of the page without the site header: the header's navigation is the
 * shell's and is checked by smoke.spec.ts, so a shell regression does not fail every content page here.
 */
async function contentAxeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).exclude("header").analyze();
  return axe.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

for (const scheme of ["light", "dark"] as const) {
  test(`every public page shows its h1 and passes axe anonymously in the ${scheme} scheme`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const problems = watchConsole(page);
    await page.addInitScript((value) => window.localStorage.setItem("pedaali-color-scheme", value), scheme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, heading] of PAGES) {
        if (width === 1280 && !BOTH_WIDTHS.has(path)) continue;
        await visit(page, path, heading);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        // Nothing may overflow sideways at the phone width (SPEC: responsive from 360 px).
        if (width === 375) {
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow, path).toBeLessThanOrEqual(0);
        }
        expect(await contentAxeViolations(page), `${path} at ${width} px`).toEqual([]);
      }
    }
    expect(problems).toEqual([]);
  });
}

test("the pages speak Swedish and English under /sv and /en", async ({ page }) => {
  const problems = watchConsole(page);
  await visit(page, "/sv/usein-kysytyt-kysymykset", "Vanliga frågor");
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("heading", { level: 2, name: "Skatteändringen 2026" })).toBeVisible();
  await visit(page, "/en/tyonantajalle", "For employers");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("link", { name: /Open the employer training/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  expect(problems).toEqual([]);
});

test("a FAQ answer opens from its question, and #cookie leads to the cookies section", async ({ page }) => {
  const problems = watchConsole(page);
  await visit(page, "/usein-kysytyt-kysymykset", "Usein kysytyt kysymykset");
  const question = page.getByRole("button", { name: "Kuka omistaa pyörän?" });
  await question.click();
  await expect(question).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/Vuokrakauden ajan pyörän omistaa leasingyhtiö/)).toBeVisible();

  await page.goto("/tietosuojaseloste#cookie");
  const cookies = page.locator("#cookie");
  await expect(cookies.getByRole("heading", { level: 2 })).toHaveText(
    "Evästeet ja selaimeen tallennetut tiedot",
  );
  await expect(cookies).toContainText("twoFactorChallenge");
  await expect(cookies.getByRole("heading", { level: 2 })).toBeInViewport();
  expect(problems).toEqual([]);
});
