import type { Locator } from "@playwright/test";
import { FIRST_VIEW_ID } from "../../src/domain/constants.ts";
import { ANNOUNCEMENT_DISMISSED_KEY, COOKIE_CONSENT_KEY } from "../../src/web/lib/shell-storage.ts";
import { expect, test } from "./fixtures.ts";

const PHONE = { width: 375, height: 740 };

/** Where the heading and the lead stand, to the pixel, once the brand font is in. */
async function boxesOf(heading: Locator, lead: Locator) {
  await heading.evaluate(() => document.fonts.ready);
  const boxes = await Promise.all([heading.boundingBox(), lead.boundingBox()]);
  return boxes.map(
    (box) => box && { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width) },
  );
}

// A signed-in first page's HTML carries its head (web lib/first-view.ts): a phone shows it before any of
// the app's code has run, and the page that replaces it puts its own head in the very same place.
test("a signed-in first page shows its head before its code runs, where the page then shows it", async ({
  loggedInAs,
  browser,
  baseURL,
}) => {
  for (const { email, path, title } of [
    { email: "employee@demo.test", path: "/mybike", title: "Oma pyörä" },
    { email: "myyja@vauhti.test", path: "/pyoraliike", title: "Pyöräliike" },
    { email: "employer.admin@demo.test", path: "/tyonantaja", title: "Työnantaja" },
  ]) {
    const app = await loggedInAs(email);
    // The page as its HTML alone shows it: no script runs.
    const htmlOnly = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: PHONE });
    await htmlOnly.addCookies(await app.cookies());
    const before = await htmlOnly.newPage();
    // The app never takes this page over: the load, not the app (fixtures.ts), is waited for.
    await before.goto(path, { waitUntil: "commit" });
    await before.waitForLoadState();
    const head = before.locator(`#${FIRST_VIEW_ID} [lang="fi"]`);
    await expect(head.getByRole("heading", { level: 1 })).toHaveText(title);
    const headBoxes = await boxesOf(head.getByRole("heading", { level: 1 }), head.locator("p"));
    await htmlOnly.close();

    // The app: the page's own head replaces it, in the same place. The user has answered the cookie
    // consent and closed the announcement before, as when they logged in; the frame has neither.
    const page = await app.newPage();
    await page.addInitScript(
      ({ consent, dismissed }) => {
        window.localStorage.setItem(consent, "accepted");
        window.localStorage.setItem(dismissed, String(Date.now()));
      },
      { consent: COOKIE_CONSENT_KEY, dismissed: ANNOUNCEMENT_DISMISSED_KEY },
    );
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1, name: title });
    await expect(heading).toBeVisible();
    await expect(page.locator(`#${FIRST_VIEW_ID}`)).toHaveCount(0);
    const lead = page.locator("main p").first();
    expect(await boxesOf(heading, lead), path).toEqual(headBoxes);
    await page.close();
  }
});

test("the head in a signed-in page's HTML shows in the language of its address alone, before the app and its stylesheet", async ({
  loggedInAs,
}) => {
  const page = await (await loggedInAs("employee@demo.test")).newPage();
  // Neither the app's code nor its stylesheet arrives: what shows is the HTML and its head script alone.
  await page.route(/\/assets\/index-[^/]*\.(js|css)$/, (route) => route.abort());
  await page.goto("/en/mybike", { waitUntil: "commit" });
  await page.waitForLoadState();
  const head = page.locator(`#${FIRST_VIEW_ID}`);
  await expect(head.getByRole("heading", { level: 1 })).toHaveText("My bike");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // One language only, for the eye and for a screen reader alike.
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});

// /admin's HTML carries the admin frame down to the order queue's heading (features/admin/
// admin-first-view.tsx), which the area then draws in the very same place, on a phone, where the view
// switch stacks, and on a desktop. With the head script run, as a browser runs it: it sets the color
// scheme that the frame's borders and the switch's background are drawn in.
test("the helpdesk's /admin shows its frame and the queue's heading before its code runs, where the area then draws them", async ({
  loggedInAs,
  browser,
  baseURL,
}) => {
  const app = await loggedInAs("helpdesk@pedaali.test");
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    const htmlOnly = await browser.newContext({ baseURL, viewport });
    await htmlOnly.addCookies(await app.cookies());
    const before = await htmlOnly.newPage();
    await before.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
    await before.goto("/admin", { waitUntil: "commit" });
    await before.waitForLoadState();
    const firstView = before.locator(`#${FIRST_VIEW_ID} > [lang="fi"]`);
    await expect(firstView.locator("h1")).toHaveText("Ylläpito");
    // Its search, tabs and buttons do nothing until the code has come: none can be reached.
    await expect(firstView).toHaveAttribute("inert", "");
    const viewBoxes = await boxesOf(firstView.locator("h1"), firstView.locator("section p"));
    await htmlOnly.close();

    const page = await app.newPage();
    await page.setViewportSize(viewport);
    await page.goto("/admin");
    const heading = page.getByRole("heading", { level: 1, name: "Ylläpito" });
    await expect(heading).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Tilausjono" })).toBeVisible();
    await expect(page.locator(`#${FIRST_VIEW_ID}`)).toHaveCount(0);
    expect(await boxesOf(heading, page.locator("section p").first()), `${viewport.width} px`).toEqual(
      viewBoxes,
    );
    await page.close();
  }
});

// A signed-in first page opens whole: its first data is read before it shows (app/route-guard.tsx
// FirstData) and what renders later renders below the first screen, so nothing on screen moves as the
// page comes, on a phone or a desktop (Lighthouse's desktop window is 1350 px wide).
test("the signed-in first pages move nothing on screen as they open, on a phone and a desktop", async ({
  loggedInAs,
}) => {
  const moved: Record<string, string[]> = {};
  for (const { email, path, ready } of [
    { email: "employee@demo.test", path: "/mybike", ready: "Oma pyörä" },
    { email: "myyja@vauhti.test", path: "/pyoraliike", ready: "Pyöräliike" },
    { email: "employer.admin@demo.test", path: "/tyonantaja", ready: "Työnantaja" },
    { email: "helpdesk@pedaali.test", path: "/admin", ready: "Tilausjono" },
  ]) {
    const app = await loggedInAs(email);
    for (const viewport of [PHONE, { width: 1350, height: 940 }]) {
      const page = await app.newPage();
      await page.setViewportSize(viewport);
      await page.addInitScript(
        ({ consent, dismissed }) => {
          window.localStorage.setItem(consent, "accepted");
          window.localStorage.setItem(dismissed, String(Date.now()));
          // What moved, and by how much: the test's message names each element.
          const moved: string[] = [];
          (window as unknown as { moved: string[] }).moved = moved;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as LayoutShift[]) {
              if (entry.hadRecentInput) continue;
              for (const source of entry.sources) {
                const node = source.node as Element | null;
                const what = node
                  ? `${node.nodeName.toLowerCase()} "${node.textContent?.slice(0, 40)}"`
                  : "?";
                const [from, to] = [source.previousRect, source.currentRect];
                const box = (rect: DOMRectReadOnly) => `${rect.width}x${rect.height} at ${rect.x},${rect.y}`;
                moved.push(`${entry.value.toFixed(4)} ${what}: ${box(from)} -> ${box(to)}`);
              }
            }
          }).observe({ type: "layout-shift", buffered: true });
          type LayoutShift = PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
        },
        { consent: COOKIE_CONSENT_KEY, dismissed: ANNOUNCEMENT_DISMISSED_KEY },
      );
      await page.goto(path);
      await expect(page.getByRole("heading", { name: ready }).first()).toBeVisible();
      // At rest: its calls answered (half a second without one, by which time what renders after the
      // first screen has rendered: lib/below-first-screen.ts), nothing loading or drawn as a skeleton,
      // the fonts in, and two frames more for the last shifts to be reported.
      await page.waitForLoadState("networkidle");
      await expect(page.locator("[aria-busy=true], .mantine-Skeleton-root")).toHaveCount(0);
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      });
      moved[`${path} at ${viewport.width} px`] = await page.evaluate(
        () => (window as unknown as { moved: string[] }).moved,
      );
      await page.close();
    }
  }
  expect(Object.entries(moved).filter(([, shifts]) => shifts.length > 0)).toEqual([]);
});
