import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, watchConsole } from "./helpers.ts";

/** The public information pages and their Finnish h1 (the route titles of the shell catalogue). */
const PAGES = [
  ["/tyonantajalle", "Työnantajalle"],
  ["/tyontekijalle", "Työntekijälle"],
  ["/pyoraliikkeelle", "Pyöräliikkeelle"],
  ["/yritystiedot", "Yritystiedot"],
  ["/usein-kysytyt-kysymykset", "Usein kysytyt kysymykset"],
  ["/medialle", "Medialle"],
  ["/tietosuojaseloste", "Tietosuojaseloste"],
  ["/saavutettavuusseloste", "Saavutettavuusseloste"],
  ["/vastuuvapauslauseke", "Vastuuvapauslauseke"],
  ["/tiedote-pyoraedusta", "Tiedote pyöräedusta"],
  ["/huoltokatkos", "Huoltokatkos"],
] as const;

/** Checked at the desktop width as well: the longest pages with the most layout. */
const BOTH_WIDTHS = new Set<string>(["/tyonantajalle", "/usein-kysytyt-kysymykset"]);

async function visit(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

/**
 * Each page loads once and is checked where it stands at the phone width, and the longest pages at the
 * desktop width too, in both themes: axe finds nothing serious or critical and nothing is wider than the
 * window (SPEC: responsive from 360 px).
 */
for (const [path, heading] of PAGES) {
  const widths = BOTH_WIDTHS.has(path) ? [375, 1280] : [375];
  test(`${path} shows its h1, passes axe and fits the width at ${widths.join(" and ")} px in both themes`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await visit(page, path, heading);
    await expectAccessibleAtEveryWidthAndTheme(page, path, { widths });
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
