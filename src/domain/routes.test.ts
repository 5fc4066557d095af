import { describe, expect, it } from "vitest";
import { buildPath, getRoute, isAdminPath, matchRoute, ROUTES } from "./routes.ts";

describe("matchRoute", () => {
  it("matches every route of the table at its own path", () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:(\w+)/g, "value-$1");
      expect(matchRoute(path)?.route.id).toBe(route.id);
    }
  });

  it("matches /liity/{token} with and without a language prefix", () => {
    expect(matchRoute("/liity/abc123")).toEqual({
      route: getRoute("join"),
      params: { token: "abc123" },
      lang: null,
    });
    expect(matchRoute("/fi/liity/abc123")).toEqual({
      route: getRoute("join"),
      params: { token: "abc123" },
      lang: "fi",
    });
    expect(matchRoute("/sv/liity/abc123")?.lang).toBe("sv");
    expect(matchRoute("/en/liity/abc123/")?.params).toEqual({ token: "abc123" });
  });

  it("decodes the token and ignores the query string and the hash", () => {
    expect(matchRoute("/liity/a%20b?x=1#top")?.params).toEqual({ token: "a b" });
  });

  it("does not match a join link without a token, with extra segments or under an unknown language", () => {
    expect(matchRoute("/liity")).toBeNull();
    expect(matchRoute("/liity/abc/def")).toBeNull();
    expect(matchRoute("/de/liity/abc")).toBeNull();
  });

  it("gives no match for a malformed escape instead of throwing", () => {
    expect(matchRoute("/liity/%E0%A4%A")).toBeNull();
  });

  it("matches every admin sub-path to the admin route", () => {
    for (const path of ["/admin", "/admin/", "/admin/companies", "/admin/users/12/roles", "/fi/admin/x"]) {
      expect(matchRoute(path)?.route.id).toBe("admin");
    }
    expect(isAdminPath("/admin/anything")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
    expect(isAdminPath("/tyonantaja")).toBe(false);
  });

  it("matches the root with and without a language prefix", () => {
    expect(matchRoute("/")?.route.id).toBe("home");
    expect(matchRoute("")?.route.id).toBe("home");
    expect(matchRoute("/en")).toMatchObject({ route: { id: "home" }, lang: "en" });
  });

  it("gives null for unknown paths", () => {
    for (const path of ["/unknown", "/tyonantaja/extra", "/administrator", "/api/user", "/fi/fi/liity/x"]) {
      expect(matchRoute(path)).toBeNull();
    }
  });
});

describe("buildPath", () => {
  it("fills in and encodes params", () => {
    expect(buildPath("join", { token: "a b/c" })).toBe("/liity/a%20b%2Fc");
    expect(matchRoute(buildPath("join", { token: "a b/c" }))?.params).toEqual({ token: "a b/c" });
  });

  it("adds a language prefix when asked", () => {
    expect(buildPath("join", { token: "t" }, "sv")).toBe("/sv/liity/t");
    expect(buildPath("home", {}, "en")).toBe("/en");
    expect(buildPath("login")).toBe("/kirjaudu");
  });

  it("throws when a param is missing", () => {
    expect(() => buildPath("passwordReset")).toThrow("Missing route param");
  });
});
