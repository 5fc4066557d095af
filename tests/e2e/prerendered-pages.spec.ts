import type { APIRequestContext, Page } from "@playwright/test";
import { LANGUAGES, type Language } from "../../src/domain/locale.ts";
import { publicPagePath } from "../../src/domain/public-pages.ts";
import en from "../../src/web/i18n/en.json" with { type: "json" };
import fi from "../../src/web/i18n/fi.json" with { type: "json" };
import pagesEn from "../../src/web/i18n/pages/en.json" with { type: "json" };
import pagesFi from "../../src/web/i18n/pages/fi.json" with { type: "json" };
import pagesSv from "../../src/web/i18n/pages/sv.json" with { type: "json" };
import sv from "../../src/web/i18n/sv.json" with { type: "json" };
import { expect, test } from "./fixtures.ts";
import { chooseColorSchemeInAnotherTab, waitForLivePage, watchConsole } from "./helpers.ts";

/**
 * The public pages arrive as HTML (ADR 010): readable before any JavaScript, with their head for search
 * engines, compressed by the build, and taken over by the app without a hydration complaint.
 */

const SHELL = { fi, en, sv };
const PAGES = { fi: pagesFi, en: pagesEn, sv: pagesSv };

/** The h1 and <title> each page must carry, from the catalogues the app renders them with. */
function expected(id: "home" | "calculator", lang: Language): { h1: string; title: string } {
  if (id === "home") return { h1: SHELL[lang].home.title, title: "Pedaali" };
  const h1 = PAGES[lang].calculator.title;
  return { h1, title: SHELL[lang].common.pageTitle.replace("{{title}}", h1) };
}

/** Holds back every script file of the page until the answer is called, as a slow phone connection would. */
async function holdPageCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/assets/**/*.js", async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function html(request: APIRequestContext, path: string) {
  const res = await request.get(path, { headers: { "accept-encoding": "br, gzip" } });
  expect(res.status()).toBe(200);
  return { res, body: await res.text() };
}

const CASES: ["home" | "calculator", Language][] = [
  ["home", "fi"],
  ["calculator", "fi"],
  ["home", "en"],
  ["calculator", "sv"],
];

for (const [id, lang] of CASES) {
  const path = publicPagePath(id, lang);
  test(`${path} answers its page as brotli HTML with its heading and head`, async ({
    request,
    workerServer,
  }) => {
    const { res, body } = await html(request, path);
    expect(res.headers()["content-encoding"]).toBe("br");
    expect(res.headers()["cache-control"]).toBe("no-cache");
    const { h1, title } = expected(id, lang);
    expect(body).toContain(`<html lang="${lang}"`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    expect(body).toContain(`<title>${title}</title>`);
    expect(body).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    expect(body).toContain(`<link rel="canonical" href="${workerServer}${path}" />`);
    for (const alt of LANGUAGES) {
      const href = `${workerServer}${publicPagePath(id, alt)}`;
      expect(body).toContain(`<link rel="alternate" hreflang="${alt}" href="${href}" />`);
    }
    const fiHref = `${workerServer}${publicPagePath(id, "fi")}`;
    expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${fiHref}" />`);
  });
}

test("the assets come precompressed and immutable, without source maps; logged-in pages keep the shell", async ({
  request,
}) => {
  const { body } = await html(request, "/");
  // The entry's files are asked for and run after the first paint by the page's one script, written into
  // its head with the entry's stylesheet (scripts/prerender.mjs): nothing but the HTML before the first
  // paint. React DOM's file comes before the entry's, which is last.
  const listed = body.match(
    /requestAnimationFrame\(\(\) => setTimeout\(\(\) => \{\s*var files = (\[[^\]]+\]);/,
  );
  const scripts = JSON.parse(listed?.[1] ?? "[]") as string[];
  expect(scripts.findIndex((file) => /\/react-dom-/.test(file))).toBeGreaterThanOrEqual(0);
  expect(scripts.at(-1)).toMatch(/^\/assets\/public-main-[\w-]+\.js$/);
  expect([...body.matchAll(/<script src=|<link rel="modulepreload"|<script type="module"/g)]).toEqual([]);
  expect(body).not.toMatch(/<link rel="stylesheet"/);
  expect(body).toMatch(/<style>(?:(?!<\/style)[\s\S]){1000,}<\/style>/);
  // Stylesheet files: the app's shell names its entry's.
  const shell = await request.get("/kayttaja");
  const shellBody = await shell.text();
  const styles = [...shellBody.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)"/g)].map(
    (m) => m[1],
  );
  expect(styles.length).toBeGreaterThanOrEqual(1);
  for (const asset of [...scripts, ...styles] as string[]) {
    for (const encoding of ["br", "gzip"]) {
      const res = await request.get(asset, { headers: { "accept-encoding": encoding } });
      expect(res.headers()["content-encoding"], asset).toBe(encoding);
      expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    expect((await request.get(`${asset}.map`)).status()).toBe(404);
    expect(await (await request.get(asset)).text()).not.toContain("sourceMappingURL");
  }
  // The app's shell, not a prerendered page: the root holds only the frame shown until the code runs,
  // and its head script asks for the entry after the first paint (scripts/prerender.mjs shellStart), so
  // nothing but the HTML and the stylesheet comes before it.
  expect(shellBody).toContain(
    '<div id="root"><div class="boot-frame"><div class="boot-frame-header" aria-hidden="true">',
  );
  expect(shellBody).toMatch(
    /requestAnimationFrame\(\(\) => setTimeout\(\(\) => import\("\/assets\/index-[\w-]+\.js"\)\)\)/,
  );
  expect([...shellBody.matchAll(/<script src=|<link rel="modulepreload"|<script type="module"/g)]).toEqual(
    [],
  );
  expect((await request.get("/prerendered/manifest.json")).status()).toBe(404);
});

test("robots.txt and sitemap.xml name the public pages at the public address", async ({
  request,
  workerServer,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /api/");
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain("Disallow: /en/kayttaja");
  expect(robots).toContain(`Sitemap: ${workerServer}/sitemap.xml`);
  expect(robots).not.toMatch(/Disallow: \/laskuri$/m);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  for (const lang of LANGUAGES) {
    expect(xml).toContain(`<loc>${workerServer}${publicPagePath("calculator", lang)}</loc>`);
  }
  expect(xml).toContain(
    `<xhtml:link rel="alternate" hreflang="sv" href="${workerServer}${publicPagePath("faq", "sv")}"/>`,
  );
  expect(xml).not.toContain("/kayttaja");
  // The login is prerendered, but not a page for search engines.
  expect(xml).not.toContain("/kirjaudu");
});

test("without JavaScript the home page and the calculator still show, in the stored dark scheme", async ({
  browser,
  workerServer,
}) => {
  const context = await browser.newContext({ baseURL: workerServer, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 800 });
  // The app never takes these pages over: the test waits for what it looks at, not for the app.
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fi.home.title);
  await page.goto("/laskuri", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pagesFi.calculator.title);
  await context.close();

  // Scripts on but the app's own files blocked: only the page's head script (written into it) can have
  // set the stored scheme, so a dark visitor never sees a light first paint.
  const dark = await browser.newContext({ baseURL: workerServer });
  await dark.addInitScript(() => window.localStorage.setItem("pedaali-color-scheme", "dark"));
  const darkPage = await dark.newPage();
  await darkPage.route("**/assets/*.js", (route) => route.abort());
  await darkPage.goto("/laskuri", { waitUntil: "commit" });
  await expect(darkPage.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
  await dark.close();
});

test("the prerendered pages hydrate quietly and then work: the calculator, the language switch, a stored language", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto("/laskuri");
  // The calculator's inputs appear only once the app has taken the page over and fetched its parameters
  // (fill waits for them, the JavaScript's download included).
  const salary = page.getByRole("textbox").first();
  await salary.fill("4000");
  await expect(salary).toHaveValue(/4/);

  await page.getByRole("button", { name: `${fi.common.language}: FI` }).click();
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(pagesEn.calculator.title);

  // English is now the stored choice: the Finnish home page is then rendered afresh in English.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.home.title);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Swedish by its address, whatever is stored.
  await page.goto(publicPagePath("faq", "sv"));
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await expect(page.getByRole("button", { name: `${sv.common.language}: SV` })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a logged-in visitor gets the public pages rendered for them, without a hydration error", async ({
  loggedInAs,
}) => {
  const context = await loggedInAs("employee@demo.test");
  const page = await context.newPage();
  const problems = watchConsole(page);
  for (const path of ["/", "/en/", publicPagePath("calculator", "sv")]) {
    await page.goto(path);
    // Their own menu, not the anonymous visitor's login link of the prerendered HTML.
    await expect(page.getByRole("button", { name: /Emilia/ })).toBeVisible();
  }
  // The login has nothing to ask of them: the app takes its page over and goes on to their own.
  await page.goto("/kirjaudu?next=%2Fkayttaja");
  await expect(page).toHaveURL("/kayttaja");
  expect(problems).toEqual([]);
});

/**
 * What the visitor sees of each element of the page: where it stands across the page and how wide, and
 * the style properties that show. Not its height or how far down: the live calculator shows its results
 * below the form, which moves what follows. Kept on the window with the elements themselves, which
 * hydration takes over as they are.
 */
async function noteLook(page: Page, key: string): Promise<void> {
  await page.evaluate((key) => {
    const shown = [
      "display",
      "position",
      "color",
      "background-color",
      "font-size",
      "font-weight",
      "line-height",
    ];
    const spacing = ["border", "padding", "margin", "gap", "flex-direction", "text-align", "border-radius"];
    const look = [...document.querySelectorAll("#root *")].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const values = [...shown, ...spacing].map((name) => `${name}: ${style.getPropertyValue(name)}`);
      const across = `x ${Math.round(box.x)} width ${Math.round(box.width)}`;
      return { element, look: [across, ...values].join("; ") };
    });
    (window as unknown as Record<string, unknown>)[key] = look;
  }, key);
}

test("a prerendered page paints in its final look before its code arrives, and nothing changes when it does", async ({
  page,
  request,
}) => {
  // Each layout shift the browser reports while the page loads and hydrates (Cumulative Layout Shift).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const cases: [string, "light" | "dark", number][] = [
    [publicPagePath("forEmployers", "fi"), "light", 1440],
    [publicPagePath("faq", "sv"), "dark", 1440],
    [publicPagePath("login", "fi"), "dark", 375],
    [publicPagePath("calculator", "en"), "light", 375],
  ];
  for (const [path, scheme, width] of cases) {
    // The HTML names no stylesheet file: the rules it uses are written in (scripts/prerender.mjs).
    const { body } = await html(request, path);
    expect(body, path).not.toMatch(/<link rel="stylesheet"/);
    expect(body, path).toContain("<style data-page-styles>");
    await page.setViewportSize({ width, height: 900 });
    // The stored color scheme, which the page's head script reads before the first paint.
    await page.goto("/robots.txt");
    await page.evaluate((scheme) => window.localStorage.setItem("pedaali-color-scheme", scheme), scheme);
    const release = await holdPageCode(page);
    await page.goto(path, { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
    await page.evaluate(() => document.fonts.ready);
    await noteLook(page, "firstPaint");
    release();
    await waitForLivePage(page);
    // The chunk's stylesheets have come: the page goes live only once they have.
    const loaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.href),
    );
    expect(loaded.length, path).toBeGreaterThan(0);
    await noteLook(page, "live");
    const { kept, changed } = await page.evaluate(() => {
      const noted = window as unknown as Record<"firstPaint" | "live", { element: Element; look: string }[]>;
      const live = new Map(noted.live.map((entry) => [entry.element, entry.look]));
      const both = noted.firstPaint.filter(({ element }) => live.has(element));
      return {
        kept: both.length,
        changed: both
          .filter(({ element, look }) => live.get(element) !== look)
          .map(
            ({ element, look }) => `${element.outerHTML.slice(0, 120)}\n  ${look}\n  ${live.get(element)}`,
          ),
      };
    });
    // Hydration takes the page's elements over; were they replaced, nothing would be compared.
    expect(kept, path).toBeGreaterThan(20);
    expect(changed, `${path} (${scheme})`).toEqual([]);
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift, path).toBeLessThan(0.02);
    await page.unrouteAll();
  }
});

test("a visitor who scrolls before the app has taken the page over keeps the place", async ({ page }) => {
  // The page's code is held back until the visitor has scrolled, as on a slow phone connection.
  const release = await holdPageCode(page);
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto(publicPagePath("forEmployers", "fi"), { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("#root[data-prerendered]")).not.toHaveAttribute("data-live");
  await page.evaluate(() => window.scrollTo(0, 900));
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
  release();
  await waitForLivePage(page);
  // The router's scroll handling runs as the page is taken over; a frame later it has had its say.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});

test("the login arrives as HTML, and what was typed and submitted before it was live logs in once it is", async ({
  page,
  request,
}) => {
  const { body } = await html(request, "/kirjaudu");
  expect(body).toMatch(new RegExp(`<h1[^>]*>${fi.routes.login.title}</h1>`));
  // The public entry's page, not the app's: nothing names the app's entry as a script to run.
  expect(body).not.toContain('<script type="module"');
  // The page's code is held back while the visitor types and submits, as on a slow phone connection.
  const release = await holdPageCode(page);
  const problems = watchConsole(page);
  await page.goto("/kirjaudu?next=%2Fkayttaja", { waitUntil: "commit" });
  await page.getByLabel("Sähköpostiosoite").fill("employee@demo.test");
  await page.getByLabel(/^Salasana/).fill("Pedaali2026!");
  await page.getByRole("button", { name: "Kirjaudu sisään" }).click();
  // The browser did not send the form itself: the page, its address and what was typed stay.
  await expect(page.locator("#root[data-prerendered]")).not.toHaveAttribute("data-live");
  expect(new URL(page.url()).search).toBe("?next=%2Fkayttaja");
  await expect(page.getByLabel("Sähköpostiosoite")).toHaveValue("employee@demo.test");
  release();
  await expect(page).toHaveURL("/kayttaja");
  expect(problems).toEqual([]);
});

test("a test's goto returns once the app has taken the page over, however late the page's code comes", async ({
  page,
  loggedInAs,
}) => {
  // The page's code comes a second late, as on a slow machine: a click straight after goto would do nothing.
  const slowCode = async (slowed: Page) =>
    slowed.route("**/assets/**/*.js", async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
  await slowCode(page);
  await page.goto("/");
  expect(await page.locator("#root").getAttribute("data-live")).toBe("");
  await page.reload();
  expect(await page.locator("#root").getAttribute("data-live")).toBe("");

  // A signed-in page shows its head from its HTML before the app listens: once goto returns, the theme
  // chosen in another tab is followed at once.
  const signedIn = await (await loggedInAs("employer.admin@demo.test")).newPage();
  await slowCode(signedIn);
  await signedIn.goto("/yritys-asetukset");
  expect(await signedIn.locator("#root").getAttribute("data-live")).toBe("");
  const followed = await chooseColorSchemeInAnotherTab(signedIn, "dark");
  expect(followed).toBe("dark");
});
