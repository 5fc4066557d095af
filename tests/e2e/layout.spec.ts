import type { Page } from "@playwright/test";
import {
  ANONYMOUS,
  makeValidTokens,
  openPage,
  publicVisits,
  ROLE_SESSIONS,
  roleVisits,
  type Visit,
} from "../screenshots/pages.ts";
import { expect, test } from "./fixtures.ts";
import { expectAccessibleAtEveryWidthAndTheme, SCHEMES, type Scheme, storeColorScheme } from "./helpers.ts";

/**
 * On every public page and every logged-in landing page (the list of
 * tests/screenshots/pages.ts, generated from the route table), at 375 px:
 * - the page does not scroll sideways (document.documentElement.scrollWidth <= clientWidth);
 * - no visible interactive element in the viewport at load is covered by another element
 *   (document.elementFromPoint at its centre is the element or inside it), the cookie card included:
 *   it shows as a first-time visitor meets it;
 * - axe finds nothing serious or critical, in both themes, on the pages that no other spec already
 *   runs axe on in both themes (AXED_ELSEWHERE); the layout is measured again in the dark scheme there.
 * One test per role (its start page and area pages, starting logged in) and three for the anonymous
 * visitor's pages; each test reuses its page, and every problem of its pages is listed before it fails.
 * The cookie card's place and size are in the test's "layout note" annotations.
 */

const WIDTH = 375;
const HEIGHT = 812;

/**
 * Pages whose axe check in both themes, as an anonymous visitor, lives in another spec; only their layout
 * is checked here.
 * Keyed by path, or by route id for token pages (any token).
 */
const AXED_ELSEWHERE: Record<string, string> = {
  // public-pages.spec.ts: the information pages at 375 px, light and dark.
  "/tyonantajalle": "public-pages.spec.ts",
  "/tyontekijalle": "public-pages.spec.ts",
  "/pyoraliikkeelle": "public-pages.spec.ts",
  "/yritystiedot": "public-pages.spec.ts",
  "/usein-kysytyt-kysymykset": "public-pages.spec.ts",
  "/medialle": "public-pages.spec.ts",
  "/tietosuojaseloste": "public-pages.spec.ts",
  "/saavutettavuusseloste": "public-pages.spec.ts",
  "/vastuuvapauslauseke": "public-pages.spec.ts",
  "/tiedote-pyoraedusta": "public-pages.spec.ts",
  "/huoltokatkos": "public-pages.spec.ts",
  // smoke.spec.ts: home, login and 404 at 375 and 1280 px, light and dark.
  "/": "smoke.spec.ts",
  "/kirjaudu": "smoke.spec.ts",
  "/ei-tallaista-sivua": "smoke.spec.ts",
  // contact.spec.ts: the contact form at 375 px, light and dark.
  "/ota-yhteytta": "contact.spec.ts",
  // accounts.spec.ts: light and dark (desktop width); /palauta-salasana is the same page as
  // /salasanan-palauttaminen (src/web/app/routes.tsx ROUTE_PAGES).
  "/salasanan-palauttaminen": "accounts.spec.ts",
  "/palauta-salasana": "accounts.spec.ts",
  "/register": "accounts.spec.ts",
  "/deactivated": "accounts.spec.ts",
  "join:valid": "accounts.spec.ts",
};

/** The cookie card's accessible name (the complementary landmark of shell-extras.tsx), Finnish UI. */
const COOKIE_CARD_NAME = "Evästeet";

/** Where a visit may not end: the page was refused, so the check would look at the wrong page. */
const REFUSED = ["/kirjaudu", "/ei-oikeuksia", "/deactivated"];

type Covered = { element: string; by: string; at: string };

type LayoutReport = {
  scrollWidth: number;
  clientWidth: number;
  /** The outermost elements whose right edge passes the viewport, with that edge. */
  overflowing: string[];
  covered: Covered[];
  cookieCard: string | null;
};

/** Measures the page as it is now (at load, scrolled to the top). Runs in the browser. */
async function measureLayout(page: Page): Promise<LayoutReport> {
  const card = page.getByRole("complementary", { name: COOKIE_CARD_NAME });
  if ((await card.count()) > 0)
    await card.first().evaluate((el) => el.setAttribute("data-layout-cookie", ""));
  return page.evaluate(() => {
    const describe = (el: Element): string => {
      const tag = el.tagName.toLowerCase();
      const id = el.id ? `#${el.id}` : "";
      const cls =
        typeof el.className === "string" && el.className.trim()
          ? `.${el.className.trim().split(/\s+/).slice(0, 2).join(".")}`
          : "";
      const href = el.getAttribute("href");
      const name = (
        el.getAttribute("aria-label") ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.textContent ??
        ""
      )
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 40);
      return `${tag}${id}${cls}${href ? `[href=${href}]` : ""}${name ? ` "${name}"` : ""}`;
    };
    const root = document.documentElement;
    const clientWidth = root.clientWidth;

    const overflowing: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= clientWidth + 0.5) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > clientWidth + 0.5)
        continue;
      overflowing.push(`${describe(el)} right edge ${Math.round(rect.right)} px`);
      if (overflowing.length >= 6) break;
    }

    const cookieCard = document.querySelector("[data-layout-cookie]");
    const fixedAncestor = (el: Element): Element | null => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === "fixed" || position === "sticky") return e;
      }
      return null;
    };
    const covered: Covered[] = [];
    const interactive = document.querySelectorAll(
      "a, button, input:not([type=hidden]), select, textarea, [role=button]",
    );
    for (const el of Array.from(interactive)) {
      if (el.closest("[aria-hidden=true], [inert]")) continue;
      const rect = el.getBoundingClientRect();
      // Not visible: no box, the 1 px of a visually hidden text, or transparent (a styled check box's input).
      if (rect.width < 2 || rect.height < 2) continue;
      const style = getComputedStyle(el);
      if (style.visibility !== "visible" || Number(style.opacity) === 0) continue;
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      // Scrolled out of view (or moved off screen, as the skip link until it gets focus).
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || hit === el || el.contains(hit)) continue;
      // An element that lets clicks through (pointer-events: none) answers with its ancestor: not covered.
      if (hit.contains(el)) continue;
      if (Array.from((el as HTMLInputElement).labels ?? []).some((label) => label.contains(hit))) continue;
      const fixed = fixedAncestor(hit);
      covered.push({
        element: describe(el),
        by: fixed && fixed !== hit ? `${describe(hit)} in ${describe(fixed)}` : describe(hit),
        at: `(${Math.round(x)}, ${Math.round(y)})`,
      });
    }
    let cardBox: string | null = null;
    if (cookieCard) {
      const r = cookieCard.getBoundingClientRect();
      cardBox = `top ${Math.round(r.top)} px, height ${Math.round(r.height)} px of ${window.innerHeight} (${Math.round((100 * r.height) / window.innerHeight)}%)`;
    }
    return { scrollWidth: root.scrollWidth, clientWidth, overflowing, covered, cookieCard: cardBox };
  });
}

/** A token page with a working token is keyed by its route ("join:valid"), any other page by its path. */
function axeKey(visit: Visit): string {
  return visit.routeId && visit.token === "valid" ? `${visit.routeId}:valid` : visit.path;
}

/** Runs a check, noting its failure among the problems instead of stopping there. */
async function noting(problems: string[], check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Opens each page at 375 px in the light theme and checks its layout; where `withAxe`, checks it with
 * axe in the light theme, switches it to the dark one in place and checks axe and the layout again there
 * (the controls' places do not follow the theme, but the layout is measured in each theme it is shown
 * in, as a user meets it). Every problem of the pages is listed before the test fails.
 */
async function checkPages(
  page: Page,
  who: string,
  visits: readonly Visit[],
  withAxe: (visit: Visit) => boolean,
): Promise<void> {
  const problems: string[] = [];
  let cookieCard: string | null = null;
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  // Every page loads in the light theme; the dark one is switched to where the page stands.
  await storeColorScheme(page, "light");

  const checkLayout = async (v: Visit, scheme: Scheme) => {
    const where = `${v.path} (${scheme})`;
    const shown = await page.locator("html").getAttribute("data-mantine-color-scheme");
    if (shown !== scheme) problems.push(`${where}: the page shows the ${shown} scheme`);
    const report = await measureLayout(page);
    if (report.scrollWidth > report.clientWidth) {
      problems.push(
        `${where}: scrolls sideways, scrollWidth ${report.scrollWidth} > clientWidth ${report.clientWidth}` +
          (report.overflowing.length ? `; sticking out: ${report.overflowing.join("; ")}` : ""),
      );
    }
    for (const c of report.covered) {
      problems.push(`${where}: ${c.element} at ${c.at} is covered by ${c.by}`);
    }
    cookieCard ??= report.cookieCard;
  };

  for (const v of visits) {
    // Logged-in pages and token pages fetch their data after the h1 shows; wait for it before measuring.
    await openPage(page, v.path, { network: who !== ANONYMOUS.id || v.token !== undefined });
    const landed = new URL(page.url()).pathname;
    if (landed !== v.path && REFUSED.includes(landed)) {
      problems.push(`${v.path}: ended on ${landed}; the page itself was not checked`);
      continue;
    }
    if (!withAxe(v)) {
      await checkLayout(v, "light");
      continue;
    }
    for (const scheme of SCHEMES) {
      await noting(problems, () =>
        expectAccessibleAtEveryWidthAndTheme(page, v.path, {
          widths: [WIDTH],
          schemes: [scheme],
          height: HEIGHT,
        }),
      );
      await checkLayout(v, scheme);
    }
  }
  if (cookieCard)
    test.info().annotations.push({ type: "layout note", description: `cookie card at load: ${cookieCard}` });
  expect([...new Set(problems)], `${who}: ${visits.map((v) => v.path).join(", ")}`).toEqual([]);
}

/** Not run here: another spec runs axe on it in both themes (AXED_ELSEWHERE). */
const axedElsewhere = (v: Visit) => axeKey(v) in AXED_ELSEWHERE;

/**
 * The anonymous visitor's pages in three groups, so that every public page of the route table falls in
 * one: the information pages, the pages of links sent by e-mail or shared (with a working token where the
 * demo data can make one, and a bogus one), and the rest (home, the forms, the calculator, the service
 * pages, 404).
 */
const isInformationPage = (v: Visit) => AXED_ELSEWHERE[v.path] === "public-pages.spec.ts";
const isLinkPage = (v: Visit) => v.token !== undefined;
/** The anonymous pages without tokens: the route table's list does not change with the tokens. */
const PUBLIC_VISITS = publicVisits({});

test("anonymous: the information pages fit 375 px and nothing covers a control at load", async ({ page }) => {
  // Their axe checks in both themes are public-pages.spec.ts's.
  await checkPages(page, ANONYMOUS.id, PUBLIC_VISITS.filter(isInformationPage), () => false);
});

test("anonymous: home, the forms, the calculator and the service pages fit 375 px, nothing covers a control at load, axe in both themes", async ({
  page,
}) => {
  const visits = PUBLIC_VISITS.filter((v) => !isInformationPage(v) && !isLinkPage(v));
  await checkPages(page, ANONYMOUS.id, visits, (v) => !axedElsewhere(v));
});

test("anonymous: the pages of e-mailed and shared links, working or not, fit 375 px, nothing covers a control at load, axe in both themes", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The working links are made first, and most of the pages get axe twice: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const tokens = await makeValidTokens(() => playwright.request.newContext({ baseURL: baseURL ?? "" }));
  await checkPages(page, ANONYMOUS.id, publicVisits(tokens).filter(isLinkPage), (v) => !axedElsewhere(v));
});

/**
 * The logged-in pages: every role's start page gets axe; a page several roles share (home, /kayttaja,
 * the calculator…) gets it with the first role that visits it, its layout with each.
 */
const VISITS = roleVisits(ROLE_SESSIONS);
const AXE_FOR = new Map<string, Set<Visit>>();
{
  const axed = new Set<string>();
  for (const session of ROLE_SESSIONS) {
    const visits = VISITS.get(session.id) ?? [];
    const mine = new Set<Visit>();
    visits.forEach((v, i) => {
      if (i === 0 || !axed.has(v.path)) mine.add(v);
      axed.add(v.path);
    });
    AXE_FOR.set(session.id, mine);
  }
}

for (const session of ROLE_SESSIONS) {
  const visits = VISITS.get(session.id) ?? [];
  test(`${session.id}: start page ${visits[0]?.path} and area pages fit 375 px, nothing covered, axe in both themes`, async ({
    loggedInAs,
  }) => {
    // Up to seven pages, most with axe twice, that fetch their data: over 30 s on a busy machine.
    test.setTimeout(60_000);
    const page = await (await loggedInAs(session.email ?? "")).newPage();
    const axe = AXE_FOR.get(session.id) ?? new Set();
    await checkPages(page, session.id, visits, (v) => axe.has(v));
  });
}
