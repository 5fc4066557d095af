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
import {
  expectAccessibleAtEveryWidthAndTheme,
  SCHEMES,
  type Scheme,
  storeColorScheme,
  switchColorScheme,
} from "./helpers.ts";

/**
 * On every public page and every logged-in landing page (the list of
 * tests/screenshots/pages.ts, generated from the route table), at 375 px:
 * - the page does not scroll sideways (document.documentElement.scrollWidth <= clientWidth);
 * - no visible interactive element in the viewport at load is covered by another element
 *   (document.elementFromPoint at its centre is the element or inside it), the cookie card included:
 *   it shows as a first-time visitor meets it;
 * - axe finds nothing serious or critical, in both themes, on the pages that no other spec already
 *   runs axe on in both themes as the same visitor (AXED_ELSEWHERE); the layout is measured again in
 *   the dark scheme there.
 * One test per role (its start page and area pages, starting logged in) and three for the anonymous
 * visitor's pages; each test reuses its page, and every problem of its pages is listed before it fails.
 * The cookie card's place and size are in the test's "layout note" annotations.
 */

const WIDTH = 375;
const HEIGHT = 812;

/**
 * Pages whose axe check in both themes, as the same visitor on the same screen, lives in another spec;
 * only their layout is checked here. Keyed by axeKey: an anonymous visitor's page by its path, a token
 * page by its route and whether the token works, a logged-in user's page by the user and the path.
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
  // forms-and-links.spec.ts: a registration or password link that does not work, at 375 px, light and
  // dark. Whatever the token, malformed or unknown, the page shows the same notice that the link does
  // not work (join-page.tsx linkDead, password-reset-page.tsx DeadLink).
  "join:invalid": "forms-and-links.spec.ts",
  "passwordReset:invalid": "forms-and-links.spec.ts",
  // The employee's start page with no order on its way: order-journey.spec.ts, at 375 and 1440 px.
  "employee@demo.test /mybike": "order-journey.spec.ts",
  // The employer admin's start page (the Hyväksy tab), company settings and reporting overview:
  // employer-portal.spec.ts, at 375 and 1440 px.
  "employer.admin@demo.test /tyonantaja": "employer-portal.spec.ts",
  "employer.admin@demo.test /yritys-asetukset": "employer-portal.spec.ts",
  "employer.admin@demo.test /raportointi": "employer-portal.spec.ts",
  // The helpdesk's start page, the order queue: admin-area.spec.ts, at 375 and 1440 px.
  "helpdesk@pedaali.test /admin": "admin-area.spec.ts",
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

/**
 * An anonymous visitor's token page is keyed by its route and whether the token works ("join:valid",
 * "join:invalid"), any other page by its path ("/kirjaudu"); a logged-in user's page by the user and
 * the path ("employee@demo.test /mybike").
 */
function axeKey(who: string, visit: Visit): string {
  const page = visit.routeId && visit.token ? `${visit.routeId}:${visit.token}` : visit.path;
  return who === ANONYMOUS.id ? page : `${who} ${page}`;
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
 * axe in both themes as every screen is checked (expectAccessibleAtEveryWidthAndTheme: the light theme
 * whole, then the dark one, switched to in place, by the rules a theme can change), and measures the
 * layout again in the dark theme (the controls' places do not follow the theme, but the layout is
 * measured in each theme it is shown in, as a user meets it). Every problem of the pages is listed
 * before the test fails.
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
    await checkLayout(v, "light");
    if (!withAxe(v)) continue;
    await noting(problems, () =>
      expectAccessibleAtEveryWidthAndTheme(page, v.path, {
        widths: [WIDTH],
        schemes: SCHEMES,
        height: HEIGHT,
      }),
    );
    // The check ends in the dark theme, unless a finding stopped it before the switch.
    await switchColorScheme(page, "dark");
    await checkLayout(v, "dark");
  }
  if (cookieCard)
    test.info().annotations.push({ type: "layout note", description: `cookie card at load: ${cookieCard}` });
  expect([...new Set(problems)], `${who}: ${visits.map((v) => v.path).join(", ")}`).toEqual([]);
}

/** Not run here: another spec runs axe on it in both themes, as the same visitor (AXED_ELSEWHERE). */
const axedElsewhere = (who: string, v: Visit) => axeKey(who, v) in AXED_ELSEWHERE;

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
  await checkPages(page, ANONYMOUS.id, visits, (v) => !axedElsewhere(ANONYMOUS.id, v));
});

test("anonymous: the pages of e-mailed and shared links, working or not, fit 375 px, nothing covers a control at load, axe in both themes", async ({
  page,
  playwright,
  baseURL,
}) => {
  // The working links are made first, and most of the pages get axe: over 30 s on a busy machine.
  test.setTimeout(60_000);
  const tokens = await makeValidTokens(() => playwright.request.newContext({ baseURL: baseURL ?? "" }));
  await checkPages(
    page,
    ANONYMOUS.id,
    publicVisits(tokens).filter(isLinkPage),
    (v) => !axedElsewhere(ANONYMOUS.id, v),
  );
});

/**
 * The logged-in pages: every role's start page gets axe, unless another spec checks it as that user
 * (AXED_ELSEWHERE); a page several roles share (home, /kayttaja, the calculator…) gets it with the first
 * role that visits it, its layout with each.
 */
const VISITS = roleVisits(ROLE_SESSIONS);
const AXE_FOR = new Map<string, Set<Visit>>();
{
  const axed = new Set<string>();
  for (const session of ROLE_SESSIONS) {
    const visits = VISITS.get(session.id) ?? [];
    const mine = new Set<Visit>();
    visits.forEach((v, i) => {
      if ((i === 0 || !axed.has(v.path)) && !axedElsewhere(session.id, v)) mine.add(v);
      axed.add(v.path);
    });
    AXE_FOR.set(session.id, mine);
  }
}

for (const session of ROLE_SESSIONS) {
  const visits = VISITS.get(session.id) ?? [];
  const axe = AXE_FOR.get(session.id) ?? new Set();
  // A role whose pages all get axe elsewhere (AXED_ELSEWHERE) or with another role gets none here.
  const axeHere = axe.size > 0 ? ", axe in both themes" : "";
  test(`${session.id}: start page ${visits[0]?.path} and area pages fit 375 px, nothing covered${axeHere}`, async ({
    loggedInAs,
  }) => {
    // Up to seven pages that fetch their data, some with axe: over 30 s on a busy machine.
    test.setTimeout(60_000);
    const page = await (await loggedInAs(session.email ?? "")).newPage();
    await checkPages(page, session.id, visits, (v) => axe.has(v));
  });
}
