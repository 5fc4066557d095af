import { type APIRequestContext, expect, type Page } from "@playwright/test";
import axe from "axe-core";
import { RULES_A_THEME_CAN_CHANGE, RULES_BELOW_SERIOUS } from "./axe-rules.ts";

/** Every demo user's password (README.md "Demo users"). */
export const DEMO_PASSWORD = "Pedaali2026!";

/** Collects console errors and warnings and page errors; a test expects the list to stay empty. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * The serious and critical axe violations of the page as it stands. axe-core goes into the page once
 * per document and stays for the next checks (a screen is checked in two widths and two themes without
 * loading it again); it reports violations only, since passes are never read, which keeps each run and
 * its answer small, and leaves out the rules that can find nothing serious (axe-rules.ts). `only` runs
 * just the rules named.
 */
export async function seriousAxeViolations(
  page: Page,
  options: { only?: readonly string[] } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ({ skipped, only }) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ["violations"],
        ...(only
          ? { runOnly: { type: "rule", values: only } }
          : { rules: Object.fromEntries(skipped.map((id) => [id, { enabled: false }])) }),
      }),
    { skipped: [...RULES_BELOW_SERIOUS], only: options.only ? [...options.only] : undefined },
  );
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** Fills e-mail and password on /kirjaudu (Finnish UI) and submits. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel("Sähköpostiosoite").fill(email);
  await page.getByLabel(/^Salasana/).fill(password);
  await page.getByRole("button", { name: "Kirjaudu sisään" }).click();
}

/** Types the code the dev outbox shows on the code step and submits it. */
export async function enterDevCode(page: Page): Promise<void> {
  const devCode = page.getByTestId("dev-code");
  await expect(devCode).toHaveText(/^\d{6}$/);
  await page.getByLabel("Vahvistuskoodi").fill((await devCode.textContent()) ?? "");
  await page.getByRole("button", { name: "Vahvista" }).click();
}

/** Logs in through the login page; `withCode` for admins and employer-side users (two-factor). */
export async function logInThroughPage(
  page: Page,
  email: string,
  options: { password?: string; withCode?: boolean } = {},
): Promise<void> {
  if (!new URL(page.url(), "http://x").pathname.endsWith("/kirjaudu")) await page.goto("/kirjaudu");
  await submitCredentials(page, email, options.password ?? DEMO_PASSWORD);
  if (options.withCode) await enterDevCode(page);
}

/** The csrfToken cookie of a request context, for the x-csrf-token header of state-changing calls. */
export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  const { cookies } = await request.storageState();
  const token = cookies.find((c) => c.name === "csrfToken")?.value ?? "";
  return { "x-csrf-token": token };
}

/** Logs a request context in through the API: password, then the devCode of the 202 answer. */
export async function logInThroughApi(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const login = await request.post("/api/login", { data: { email, password } });
  expect([200, 202], await login.text()).toContain(login.status());
  if (login.status() === 202) {
    const { devCode } = (await login.json()) as { devCode: string };
    const verify = await request.post("/api/verify", { data: { email, code: devCode } });
    expect(verify.status(), await verify.text()).toBe(200);
  }
}

/** As Demo Oy's employer admin: a registration link token for Demo Oy (POST /api/register-link/company). */
export async function createJoinToken(request: APIRequestContext): Promise<string> {
  await logInThroughApi(request, "employer.admin@demo.test");
  const user = (await (await request.get("/api/user")).json()) as {
    companies: { id: string; name: string }[];
  };
  const demo = user.companies.find((c) => c.name === "Demo Oy");
  expect(demo, JSON.stringify(user.companies)).toBeTruthy();
  const link = await request.post("/api/register-link/company", {
    data: { companyId: demo?.id },
    headers: await csrfHeader(request),
  });
  expect(link.status(), await link.text()).toBe(200);
  const { token } = (await link.json()) as { token: string };
  return token;
}

/** The password of the employees an e2e test lets join by link. */
export const JOINER_PASSWORD = "Polkupyörällä töihin joka päivä";

/**
 * A new employee of Demo Oy who joined by the company's registration link, reading the platform in
 * `language` (`api` is left logged in as Demo Oy's employer admin); answers their name and e-mail.
 */
export async function joinByLink(
  api: APIRequestContext,
  firstName: string,
  lastName: string,
  language: "fi" | "en" | "sv" = "fi",
): Promise<{ name: string; email: string }> {
  const token = await createJoinToken(api);
  const email = uniqueEmail("e2e.portal");
  const joined = await api.post("/api/register/employee", {
    data: {
      token,
      firstName,
      lastName,
      email,
      phoneNumber: "0405550199",
      password: JOINER_PASSWORD,
      language,
    },
  });
  expect(joined.status(), await joined.text()).toBe(201);
  return { name: `${firstName} ${lastName}`, email };
}

/** The newest mail to `to` in the dev outbox. */
export async function latestMailTo(
  request: APIRequestContext,
  to: string,
): Promise<{ subject: string | null; text: string }> {
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}&channel=EMAIL`);
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as { items: { subject: string | null; text: string }[] };
  expect(items.length, `no mail to ${to}`).toBeGreaterThan(0);
  return items[0] as { subject: string | null; text: string };
}

/** An address nobody has used yet, in the demo company's domain. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@demo.test`;
}

/** The two themes every screen is checked in. */
export const SCHEMES = ["light", "dark"] as const;
export type Scheme = (typeof SCHEMES)[number];

/** The phone and desktop widths the screens are checked at. */
export const WIDTHS = [375, 1440] as const;

/**
 * Waits until the app has taken the page over (lib/mark-live.tsx MarkLive marks its root once its first
 * render is committed). Until then a prerendered page's buttons do nothing, and a signed-in page shows
 * the head its HTML came with while nothing listens yet: not for a click, nor for the theme chosen in
 * another tab. A page that is not the app's (no root) is live as it is. Every page's goto and reload wait
 * for this (fixtures.ts); a test that loads a page with `waitUntil: "commit"` waits here itself.
 */
export async function waitForLivePage(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById("root");
    return root === null || root.hasAttribute("data-live");
  });
}

/**
 * Switches the app's theme where it stands, as choosing it in another tab does: the stored choice
 * changes and the app, which listens for that, follows without a reload.
 */
export async function switchColorScheme(page: Page, scheme: Scheme): Promise<void> {
  await waitForLivePage(page);
  await chooseColorSchemeInAnotherTab(page, scheme);
  await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
}

/**
 * Chooses the theme as another tab does (the stored choice changes, and a storage event tells this
 * page), and answers the theme the page shows straight after, in the same task: a page that listens
 * follows at once, and one that does not yet has lost the choice.
 */
export async function chooseColorSchemeInAnotherTab(page: Page, scheme: Scheme): Promise<string | null> {
  return page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(
        new StorageEvent("storage", { key, newValue: value, storageArea: window.localStorage }),
      );
      return document.documentElement.getAttribute("data-mantine-color-scheme");
    },
    [COLOR_SCHEME_KEY, scheme] as const,
  );
}

/** Keeps the theme for every page the context opens from now on (set before the app starts). */
export async function storeColorScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    COLOR_SCHEME_KEY,
    scheme,
  ] as const);
}

/** Where Mantine keeps the colour scheme (src/web/app/providers.tsx COLOR_SCHEME_STORAGE_KEY). */
const COLOR_SCHEME_KEY = "pedaali-color-scheme";

/**
 * `npm run test:e2e:matrix` checks each screen at every width in every theme. The suite otherwise checks
 * each width and each theme once, the phone in the light theme and the desktop in the dark one: a finding
 * that only one pairing shows is rare, and each pairing is seconds of axe on every screen.
 */
const EVERY_PAIRING = process.env.E2E_EVERY_WIDTH_AND_THEME === "1";

/** The widths and themes a screen is checked at, in order (see EVERY_PAIRING). */
function checkedPairings(
  widths: readonly number[],
  schemes: readonly Scheme[],
  everyPairing = EVERY_PAIRING,
): { width: number; scheme: Scheme }[] {
  if (everyPairing) return widths.flatMap((width) => schemes.map((scheme) => ({ width, scheme })));
  return Array.from({ length: Math.max(widths.length, schemes.length) }, (_, index) => ({
    width: widths[index % widths.length] as number,
    scheme: schemes[index % schemes.length] as Scheme,
  }));
}

/**
 * Checks the screen the page shows at each width and in each theme (checkedPairings), without loading it
 * again: no serious or critical axe violation, and nothing wider than the window (a phone scrolls down,
 * not sideways). The screen must be ready before the call (its heading or rows shown); the check waits
 * for whatever still says it is loading ("Ladataan…") to finish. The page is left at the last width and
 * theme.
 */
export async function expectAccessibleAtEveryWidthAndTheme(
  page: Page,
  what: string,
  options: { widths?: readonly number[]; schemes?: readonly Scheme[]; height?: number } = {},
): Promise<void> {
  await expect(page.getByText(/ladataan/i)).toHaveCount(0);
  let checkedWidth: number | undefined;
  for (const { width, scheme } of checkedPairings(options.widths ?? WIDTHS, options.schemes ?? SCHEMES)) {
    await page.setViewportSize({ width, height: options.height ?? 900 });
    await switchColorScheme(page, scheme);
    // Two frames: what follows the window's width in script (a table becoming cards) has rendered;
    // then the colour and position transitions the switch started have ended, since a label caught
    // halfway between two themes' colours is no contrast a reader ever sees. Endless ones (a loader)
    // are not waited for.
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const ending = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    });
    const at = `${what}, ${scheme}, ${width} px`;
    // A theme changes colours and nothing else: at a width already checked whole, the next theme is
    // checked by the rules that read colours and images.
    const only = width === checkedWidth ? RULES_A_THEME_CAN_CHANGE : undefined;
    checkedWidth = width;
    expect(await seriousAxeViolations(page, { only }), at).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${at}: wider than the window`).toBeLessThanOrEqual(0);
  }
}
