import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type AccessDecision,
  type AccessUser,
  accessUserOf,
  checkPathAccess,
  checkRouteAccess,
  type HeaderNavEntry,
  headerNavigation,
  homePathFor,
  redirectPathFor,
} from "./access.ts";
import { ROLES, type RoleName } from "./roles.ts";
import { matchRoute, ROUTES, type RouteId } from "./routes.ts";

/** Written out by hand from docs/product.md "Screens" and docs/product.md "Roles", so the test does not read the rules it checks. */
const EXPECTED_ACCESS: Record<RouteId, "public" | "anyUser" | readonly RoleName[]> = {
  home: "public",
  login: "public",
  register: "public",
  logout: "public",
  passwordRecovery: "public",
  passwordRecoveryAlias: "public",
  join: "public",
  joinConfirm: "public",
  passwordReset: "public",
  emailChangeConfirm: "public",
  unsubscribe: "public",
  serialNumberAndDelivery: "public",
  storePackage: "public",
  maintenance: "public",
  deactivated: "public",
  noRights: "public",
  employer: ["EMPLOYER_ADMIN", "EMPLOYER_EDITOR", "EMPLOYER_GROUP_ADMIN"],
  companySettings: ["EMPLOYER_ADMIN", "EMPLOYER_GROUP_ADMIN"],
  reporting: ["EMPLOYER_REPORTING", "EMPLOYER_ADMIN", "EMPLOYER_GROUP_ADMIN"],
  admin: ["SUPER_ADMIN", "INTERNAL_ADMIN"],
  bikeStore: ["BIKE_STORE"],
  myBike: ["BIKE_BENEFICIARY"],
  ownDetails: "anyUser",
  companyInfo: "public",
  privacyPolicy: "public",
  accessibilityStatement: "public",
  disclaimer: "public",
  forEmployers: "public",
  contact: "public",
  media: "public",
  forEmployees: "public",
  calculator: "public",
  forBikeStores: "public",
  faq: "public",
  announcement: "public",
  bikeBrokerage: "anyUser",
};

const user = (roles: readonly RoleName[], deactivated = false): AccessUser => ({ roles, deactivated });

function expectedDecision(routeId: RouteId, who: AccessUser | null): AccessDecision {
  const rule = EXPECTED_ACCESS[routeId];
  if (rule === "public") return "allow";
  if (!who) return "login";
  if (who.deactivated) return "deactivated";
  if (rule === "anyUser") return "allow";
  return who.roles.some((r) => rule.includes(r)) ? "allow" : "noRights";
}

const routeIds = ROUTES.map((r) => r.id);

describe("checkRouteAccess", () => {
  it("covers every route of the route table", () => {
    expect(Object.keys(EXPECTED_ACCESS).sort()).toEqual([...routeIds].sort());
  });

  describe.each(ROLES)("for a user with the role %s", (role) => {
    it.each(routeIds)("decides %s as the spec says", (routeId) => {
      expect(checkRouteAccess(routeId, user([role]))).toBe(expectedDecision(routeId, user([role])));
    });
  });

  it.each(routeIds)(
    "sends an anonymous visitor of %s to log in only when the page is not public",
    (routeId) => {
      expect(checkRouteAccess(routeId, null)).toBe(EXPECTED_ACCESS[routeId] === "public" ? "allow" : "login");
    },
  );

  it.each(routeIds)("shows a deactivated user %s only when it is public", (routeId) => {
    for (const role of ROLES) {
      expect(checkRouteAccess(routeId, user([role], true))).toBe(
        EXPECTED_ACCESS[routeId] === "public" ? "allow" : "deactivated",
      );
    }
  });

  it("hides /kayttaja from deactivated users and keeps /deactivated open to them", () => {
    expect(checkRouteAccess("ownDetails", user(["BIKE_BENEFICIARY"], true))).toBe("deactivated");
    expect(checkRouteAccess("deactivated", user(["BIKE_BENEFICIARY"], true))).toBe("allow");
  });

  it("allows a route when any of the user's roles opens it", () => {
    fc.assert(
      fc.property(fc.subarray([...ROLES]), fc.constantFrom(...routeIds), (roles, routeId) => {
        expect(checkRouteAccess(routeId, user(roles))).toBe(expectedDecision(routeId, user(roles)));
      }),
    );
  });

  it("accepts a route definition as well as a route id", () => {
    const match = matchRoute("/admin/companies");
    expect(match && checkRouteAccess(match.route, user(["EMPLOYER_ADMIN"]))).toBe("noRights");
  });
});

describe("checkPathAccess", () => {
  it("checks a pathname, language prefix and admin sub-paths included", () => {
    expect(checkPathAccess("/admin/users/12", user(["SUPER_ADMIN"]))).toBe("allow");
    expect(checkPathAccess("/admin/users/12", user(["EMPLOYER_ADMIN"]))).toBe("noRights");
    expect(checkPathAccess("/sv/tyonantaja", null)).toBe("login");
    expect(checkPathAccess("/en/liity/abc", null)).toBe("allow");
  });

  it("gives null for a path that is none of ours", () => {
    expect(checkPathAccess("/ei-ole-olemassa", null)).toBeNull();
  });
});

describe("redirectPathFor", () => {
  it("sends each refusal to its page", () => {
    expect(redirectPathFor("allow")).toBeNull();
    expect(redirectPathFor("login")).toBe("/kirjaudu");
    expect(redirectPathFor("noRights")).toBe("/ei-oikeuksia");
    expect(redirectPathFor("deactivated")).toBe("/deactivated");
  });
});

describe("homePathFor", () => {
  it.each([
    ["SUPER_ADMIN", "/admin"],
    ["INTERNAL_ADMIN", "/admin"],
    ["EMPLOYER_ADMIN", "/tyonantaja"],
    ["EMPLOYER_EDITOR", "/tyonantaja"],
    ["EMPLOYER_GROUP_ADMIN", "/tyonantaja"],
    ["EMPLOYER_REPORTING", "/raportointi"],
    ["BIKE_BENEFICIARY", "/mybike"],
  ] as const)("sends %s to %s", (role, path) => {
    expect(homePathFor([role])).toBe(path);
  });

  it("sends a user without roles to /mybike", () => {
    expect(homePathFor([])).toBe("/mybike");
  });

  it("prefers admin, then the employer pages, then reporting, then /mybike", () => {
    expect(homePathFor(["BIKE_BENEFICIARY", "EMPLOYER_REPORTING", "EMPLOYER_EDITOR", "INTERNAL_ADMIN"])).toBe(
      "/admin",
    );
    expect(homePathFor(["BIKE_BENEFICIARY", "EMPLOYER_REPORTING", "EMPLOYER_EDITOR"])).toBe("/tyonantaja");
    expect(homePathFor(["BIKE_BENEFICIARY", "EMPLOYER_REPORTING"])).toBe("/raportointi");
  });

  it("always lands a user with roles on a page they may open", () => {
    fc.assert(
      fc.property(fc.subarray([...ROLES], { minLength: 1 }), (roles) => {
        expect(checkPathAccess(homePathFor(roles), user(roles))).toBe("allow");
      }),
    );
  });
});

describe("headerNavigation", () => {
  const ids = (entries: HeaderNavEntry[]) =>
    entries.map((e) => (e.kind === "link" ? e.routeId : `${e.groupId}(${e.routeIds.join(",")})`));

  it("shows anonymous visitors the info pages, the calculator and the customer-service group with the contact form", () => {
    expect(ids(headerNavigation(null))).toEqual([
      "forEmployers",
      "forEmployees",
      "forBikeStores",
      "calculator",
      "customerService(contact,companyInfo,faq)",
    ]);
  });

  it.each([
    ["SUPER_ADMIN", ["admin", "calculator", "bikeBrokerage"]],
    ["INTERNAL_ADMIN", ["admin", "calculator", "bikeBrokerage"]],
    ["EMPLOYER_ADMIN", ["employer", "companySettings", "reporting", "calculator", "bikeBrokerage"]],
    ["EMPLOYER_GROUP_ADMIN", ["employer", "companySettings", "reporting", "calculator", "bikeBrokerage"]],
    ["EMPLOYER_EDITOR", ["employer", "calculator", "bikeBrokerage"]],
    ["EMPLOYER_REPORTING", ["reporting", "calculator", "bikeBrokerage"]],
    ["BIKE_BENEFICIARY", ["calculator", "bikeBrokerage"]],
  ] as const)("shows %s the links %j", (role, expected) => {
    expect(ids(headerNavigation(user([role])))).toEqual(expected);
  });

  it("shows an admin who also holds employer roles only the admin link", () => {
    expect(ids(headerNavigation(user(["EMPLOYER_ADMIN", "SUPER_ADMIN"])))).toEqual([
      "admin",
      "calculator",
      "bikeBrokerage",
    ]);
  });

  it("merges the links of an editor who is also a reporting user, in header order", () => {
    expect(ids(headerNavigation(user(["EMPLOYER_REPORTING", "EMPLOYER_EDITOR"])))).toEqual([
      "employer",
      "reporting",
      "calculator",
      "bikeBrokerage",
    ]);
  });

  it("shows a deactivated user an empty menu", () => {
    expect(headerNavigation(user(["EMPLOYER_ADMIN"], true))).toEqual([]);
  });

  it("never links a logged-in user to a page they may not open", () => {
    fc.assert(
      fc.property(fc.subarray([...ROLES]), (roles) => {
        for (const entry of headerNavigation(user(roles))) {
          if (entry.kind === "link") expect(checkRouteAccess(entry.routeId, user(roles))).toBe("allow");
        }
      }),
    );
  });
});

describe("accessUserOf", () => {
  it("keeps the known role names and the deactivated flag", () => {
    const user = { roles: ["EMPLOYER_ADMIN", "CUSTOM"], deactivated: true };
    expect(accessUserOf(user)).toEqual({ roles: ["EMPLOYER_ADMIN"], deactivated: true });
    expect(accessUserOf(null)).toBeNull();
  });
});
