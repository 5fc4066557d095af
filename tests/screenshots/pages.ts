import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { checkRouteAccess, homePathFor } from "../../src/domain/access.ts";
import type { RoleName } from "../../src/domain/roles.ts";
import { ROUTES, type RouteDef } from "../../src/domain/routes.ts";
import { createJoinToken, logInThroughApi } from "../e2e/helpers.ts";

/**
 * The pages that `npm run screenshots` photographs and tests/e2e/layout.spec.ts checks at 375 px, generated
 * from the route table (src/domain/routes.ts) so that a new route is not forgotten: every public route as
 * an anonymous visitor, and each demo role's start page after login (access.ts homePathFor) with the
 * area pages that role may open. A route with a `:param` is visited with a bogus token (the
 * invalid-link page is a page too) and, where the demo data can make one, a working token.
 */

export type Visit = {
  /** File-name-safe label, unique within its session. */
  name: string;
  path: string;
  /** The route of the table this visit comes from; null for the extras (404). */
  routeId: string | null;
  /** For a route with a `:param`: whether the token is a working one. */
  token?: "valid" | "invalid";
};

export type Session = {
  /** "anonymous" or the demo user's e-mail. */
  id: string;
  /** File-name-safe label. */
  label: string;
  email: string | null;
  roles: readonly RoleName[];
};

/** Public routes not visited, each with the reason; every other route of the table is. */
const SKIPPED_ROUTES: Record<string, string> = {
  logout: "/kirjaudu-ulos logs the visitor out and moves on to /; it has no page of its own to look at",
};

/** A token no link ever carries: the page must show its expired-or-invalid state. */
const BOGUS_TOKEN = "vanhentunut-tai-vaara-linkki-0000";

/** Pages outside the route table that a visitor still meets. */
const EXTRA_PUBLIC: readonly Visit[] = [{ name: "not-found", path: "/ei-tallaista-sivua", routeId: null }];

/**
 * The demo users of README.md "Demo users" and their roles, one per distinct start page first. Not here:
 * deactivated@demo.test (its login gets no session; it lands on the public /deactivated page, visited
 * anonymously) and twofactor@demo.test (its login stops at the phone step of /kirjaudu).
 */
export const ROLE_SESSIONS: readonly Session[] = [
  { id: "employee@demo.test", label: "employee", email: "employee@demo.test", roles: ["BIKE_BENEFICIARY"] },
  {
    id: "employer.admin@demo.test",
    label: "employer-admin",
    email: "employer.admin@demo.test",
    roles: ["EMPLOYER_ADMIN"],
  },
  {
    id: "group.admin@demo.test",
    label: "group-admin",
    email: "group.admin@demo.test",
    roles: ["EMPLOYER_GROUP_ADMIN"],
  },
  {
    id: "employer.editor@demo.test",
    label: "employer-editor",
    email: "employer.editor@demo.test",
    roles: ["EMPLOYER_EDITOR"],
  },
  {
    id: "reporting@demo.test",
    label: "reporting",
    email: "reporting@demo.test",
    roles: ["EMPLOYER_REPORTING"],
  },
  { id: "admin@pedaali.test", label: "super-admin", email: "admin@pedaali.test", roles: ["SUPER_ADMIN"] },
  {
    id: "helpdesk@pedaali.test",
    label: "helpdesk",
    email: "helpdesk@pedaali.test",
    roles: ["INTERNAL_ADMIN"],
  },
];

export const ANONYMOUS: Session = { id: "anonymous", label: "anonymous", email: null, roles: [] };

/** Public routes a logged-in user also gets as part of their area: home offers the start page, the calculator. */
const LOGGED_IN_PUBLIC_ROUTES = ["home", "calculator"] as const;

function slug(path: string): string {
  const s = path
    .replace(/^\/+|\/+$/g, "")
    .replace(/[^\w-]+/g, "_")
    .slice(0, 60);
  return s || "home";
}

function fill(route: RouteDef, token: string): string {
  return route.path.replace(/:[^/]+/g, encodeURIComponent(token));
}

/** Working tokens the demo data can give, asked for with a request context that is not the page's. */
export type ValidTokens = Partial<Record<string, string>>;

export async function makeValidTokens(newContext: () => Promise<APIRequestContext>): Promise<ValidTokens> {
  const tokens: ValidTokens = {};
  const employer = await newContext();
  try {
    tokens.join = await createJoinToken(employer);
  } finally {
    await employer.dispose();
  }
  // A reset link for the employee (asking changes nothing until the link is used); read from the dev outbox.
  const anonymous = await newContext();
  try {
    const email = "employee@demo.test";
    const asked = await anonymous.post("/api/password-reset", { data: { email } });
    if (asked.ok()) {
      const linkInOutbox = async () => {
        const outbox = await anonymous.get(`/api/dev/outbox?to=${encodeURIComponent(email)}&channel=EMAIL`);
        const { items } = (await outbox.json()) as { items: { text: string }[] };
        tokens.passwordReset = items.map((m) => /\/reset\/([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
        return tokens.passwordReset;
      };
      await expect
        .poll(linkInOutbox, { message: `the reset mail to ${email}`, timeout: 10_000 })
        .toBeTruthy();
    }
  } finally {
    await anonymous.dispose();
  }
  return tokens;
}

/** Every public route (tokens filled in both ways), then the extras. */
export function publicVisits(tokens: ValidTokens): Visit[] {
  const visits: Visit[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    if (route.access.kind !== "public" || route.id in SKIPPED_ROUTES) continue;
    if (!route.path.includes(":")) {
      visits.push({ name: slug(route.path), path: route.path, routeId: route.id });
      continue;
    }
    const base = slug(route.path.split("/:")[0] ?? "");
    const valid = tokens[route.id];
    if (valid)
      visits.push({ name: `${base}_valid`, path: fill(route, valid), routeId: route.id, token: "valid" });
    visits.push({
      name: `${base}_invalid`,
      path: fill(route, BOGUS_TOKEN),
      routeId: route.id,
      token: "invalid",
    });
  }
  return [...visits, ...EXTRA_PUBLIC];
}

/**
 * A role's pages: its start page first, then the non-public routes its roles open and the public area
 * pages (home, calculator). Roles with the same start page share those area pages: the first role of
 * ROLE_SESSIONS with that start page visits them, the others only their start page.
 */
export function roleVisits(sessions: readonly Session[] = ROLE_SESSIONS): Map<string, Visit[]> {
  const seen = new Set<string>();
  const result = new Map<string, Visit[]>();
  for (const session of sessions) {
    const user = { roles: session.roles, deactivated: false };
    const home = homePathFor(session.roles);
    const visits: Visit[] = [];
    const add = (route: RouteDef) => {
      const key = `${home}|${route.id}`;
      if (seen.has(key)) return;
      seen.add(key);
      visits.push({ name: slug(route.path), path: route.path, routeId: route.id });
    };
    const start = (ROUTES as readonly RouteDef[]).find((r) => r.path === home);
    if (start) {
      visits.push({ name: slug(home), path: home, routeId: start.id });
      seen.add(`${home}|${start.id}`);
    }
    for (const route of ROUTES as readonly RouteDef[]) {
      const area =
        route.access.kind !== "public" || (LOGGED_IN_PUBLIC_ROUTES as readonly string[]).includes(route.id);
      if (!area || route.path.includes(":")) continue;
      if (checkRouteAccess(route, user) === "allow") add(route);
    }
    result.set(session.id, visits);
  }
  return result;
}

/** Logs the page's context in (cookies shared with page.request); the anonymous session does nothing. */
export async function startSession(page: Page, session: Session): Promise<void> {
  if (session.email) await logInThroughApi(page.request, session.email);
}

/**
 * Opens a page and waits until it has settled: its h1 is shown (a page without one is not waited for
 * longer than 10 s), the fonts are in and, unless `network` is false, no request has been pending for
 * 500 ms (the page's data). A public page's code and texts are in before its h1 shows, so the layout
 * check skips the network wait there to stay fast.
 */
export async function openPage(page: Page, path: string, { network = true } = {}): Promise<void> {
  await page.goto(path);
  await page
    .locator("h1")
    .first()
    .waitFor({ state: "visible", timeout: 10_000 })
    .catch(() => undefined);
  if (network) await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
