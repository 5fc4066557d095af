import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import { logInThroughApi, waitForLivePage } from "./helpers.ts";
import { serverUrl } from "./servers.ts";

export { expect } from "@playwright/test";

/** Well inside the access token's 15 minutes (ACCESS_TOKEN_SECONDS). */
const REUSE_LOGIN_MS = 10 * 60 * 1000;

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

type WorkerFixtures = {
  /** This worker's server (tests/e2e/servers.ts). */
  workerServer: string;
  /** The cookies of a login as each e-mail, made once per worker (the code step included). */
  loginStates: (email: string) => Promise<StorageState>;
  /** What the worker's browser refused under the Content-Security-Policy during the current test. */
  cspViolations: string[];
};

/** A new browser context logged in as the user (the loggedInAs fixture). */
export type LoggedInAs = (email: string) => Promise<BrowserContext>;

type TestFixtures = {
  /**
   * A new browser context already logged in as `email`: the worker logs each user in once through
   * the API, and every test that asks for that user starts from those cookies. Closed after the test.
   */
  loggedInAs: LoggedInAs;
  /** Fails the test when a page reported a CSP violation (always on). */
  noCspViolations: undefined;
};

/**
 * Makes the page's goto and reload return once the app has taken the page over: a prerendered public
 * page and a signed-in page's head show their HTML before the code runs, and a click (or a theme chosen
 * in another tab) that lands before then does nothing, so a test that acts at once would pass or fail by
 * the machine's speed. A test that asks only for the commit (`waitUntil: "commit"`) wants the page
 * before its code, or without it, and gets it.
 */
function loadsLive(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await waitForLivePage(page);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await waitForLivePage(page);
    return response;
  };
}

/** Every spec takes `test` from here: it points baseURL at the worker's own server. */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(serverUrl(workerInfo.parallelIndex)),
    { scope: "worker" },
  ],
  loginStates: [
    async ({ playwright, workerServer }, use) => {
      const states = new Map<string, { state: Promise<StorageState>; at: number }>();
      const logIn = async (email: string) => {
        const api = await playwright.request.newContext({ baseURL: workerServer });
        await logInThroughApi(api, email);
        const state = await api.storageState();
        await api.dispose();
        return state;
      };
      await use((email) => {
        const cached = states.get(email);
        // Fresh while its access token lives: after that each context would refresh with the same
        // refresh token, and the server takes a reused one for a stolen login and ends the session.
        if (cached && Date.now() - cached.at < REUSE_LOGIN_MS) return cached.state;
        const state = logIn(email);
        states.set(email, { state, at: Date.now() });
        return state;
      });
    },
    { scope: "worker" },
  ],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  cspViolations: [async ({}, use) => use([]), { scope: "worker" }],
  // Every context of the browser, the test's page, loggedInAs and a spec's own alike: its pages load live
  // (loadsLive), and Chromium reports a refused script, style, image or connection as a console error
  // naming the Content Security Policy.
  browser: [
    async ({ browser, cspViolations }, use) => {
      const watch = (context: BrowserContext) => {
        context.on("page", loadsLive);
        context.on("console", (message) => {
          if (message.type() === "error" && message.text().includes("Content Security Policy")) {
            cspViolations.push(`${message.location().url}: ${message.text()}`);
          }
        });
      };
      browser.on("context", watch);
      await use(browser);
      browser.off("context", watch);
    },
    { scope: "worker" },
  ],
  noCspViolations: [
    async ({ cspViolations }, use) => {
      cspViolations.length = 0;
      await use(undefined);
      // The policy is strict (no inline script at all, src/server/app.ts): what it refuses does not run,
      // which a journey may not notice.
      expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer),
  loggedInAs: async ({ browser, loginStates, workerServer }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (email) => {
      const context = await browser.newContext({
        baseURL: workerServer,
        storageState: await loginStates(email),
      });
      contexts.push(context);
      return context;
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
});
