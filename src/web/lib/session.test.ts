import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client.ts";
import { fetchSessionUser, loginPathFor, logout, pathAfterLogin, safeNextPath } from "./session.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  // biome-ignore lint/suspicious/noDocumentCookie: tests set and clear the CSRF cookie directly.
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function withSessionCookie() {
  // biome-ignore lint/suspicious/noDocumentCookie: the server issues this cookie; here the test does.
  document.cookie = "csrfToken=abc; path=/";
}

const employee = { roles: ["BIKE_BENEFICIARY"] as const, deactivated: false };
const editor = { roles: ["EMPLOYER_EDITOR"] as const, deactivated: false };

describe("fetchSessionUser", () => {
  it("answers null without a call when there is no session cookie", async () => {
    await expect(fetchSessionUser()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers null on 401 (docs/api-surface.md: 401 = no user)", async () => {
    withSessionCookie();
    fetchMock.mockResolvedValueOnce(
      json(401, { statusCode: 401, code: "UNAUTHORIZED", message: "Authentication required" }),
    );
    await expect(fetchSessionUser()).resolves.toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/user");
  });

  it("passes other failures on", async () => {
    withSessionCookie();
    fetchMock.mockResolvedValueOnce(new Response("", { status: 503 }));
    await expect(fetchSessionUser()).rejects.toMatchObject({ status: 503 });
  });
});

describe("safeNextPath", () => {
  it.each([
    ["/tyonantaja", "/tyonantaja"],
    ["/tyonantaja?tab=manage#x", "/tyonantaja?tab=manage#x"],
    ["/en/kayttaja", "/en/kayttaja"],
  ])("keeps the same-site path %s", (next, want) => {
    expect(safeNextPath(next)).toBe(want);
  });

  it.each([
    null,
    "",
    "tyonantaja",
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
  ])("refuses %s", (next) => {
    expect(safeNextPath(next)).toBeNull();
  });
});

describe("pathAfterLogin (docs/product.md 'States')", () => {
  it("sends each role to its home when nothing was asked for", () => {
    expect(pathAfterLogin({ roles: ["EMPLOYER_ADMIN"], deactivated: false }, null)).toBe("/tyonantaja");
    expect(pathAfterLogin(editor, null)).toBe("/tyonantaja");
    expect(pathAfterLogin({ roles: ["EMPLOYER_GROUP_ADMIN"], deactivated: false }, null)).toBe("/tyonantaja");
    expect(pathAfterLogin({ roles: ["EMPLOYER_REPORTING"], deactivated: false }, null)).toBe("/raportointi");
    expect(pathAfterLogin({ roles: ["SUPER_ADMIN"], deactivated: false }, null)).toBe("/admin");
    expect(pathAfterLogin({ roles: ["INTERNAL_ADMIN"], deactivated: false }, null)).toBe("/admin");
    expect(pathAfterLogin(employee, null)).toBe("/mybike");
    expect(pathAfterLogin({ roles: [], deactivated: false }, null)).toBe("/mybike");
  });

  it("sends a deactivated user to /deactivated", () => {
    expect(pathAfterLogin({ ...employee, deactivated: true }, "/kayttaja")).toBe("/deactivated");
  });

  it("goes back to the wanted page when the user may open it", () => {
    expect(pathAfterLogin(editor, "/tyonantaja?tab=add")).toBe("/tyonantaja?tab=add");
    expect(pathAfterLogin(employee, "/kayttaja")).toBe("/kayttaja");
  });

  it("ignores a wanted page that is refused, off-site, unknown or another auth page", () => {
    expect(pathAfterLogin(employee, "/admin")).toBe("/mybike");
    expect(pathAfterLogin(employee, "https://evil.example/")).toBe("/mybike");
    expect(pathAfterLogin(employee, "/no-such-page")).toBe("/mybike");
    expect(pathAfterLogin(employee, "/kirjaudu-ulos")).toBe("/mybike");
  });
});

describe("loginPathFor", () => {
  it("carries the wanted path and the language prefix", () => {
    expect(loginPathFor("/tyonantaja?tab=add")).toBe("/kirjaudu?next=%2Ftyonantaja%3Ftab%3Dadd");
    expect(loginPathFor("/en/kayttaja", "en")).toBe("/en/kirjaudu?next=%2Fen%2Fkayttaja");
  });
});

describe("logout (docs/product.md 'States')", () => {
  function stubLocation() {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    return assign;
  }

  it("calls POST /api/logout, clears the cache and reloads at /", async () => {
    const assign = stubLocation();
    fetchMock.mockResolvedValueOnce(json(200, { message: "Logged out" }));
    const client = createQueryClient();
    client.setQueryData(["anything"], 1);
    await logout(client);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/logout");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(client.getQueryData(["anything"])).toBeUndefined();
    expect(assign).toHaveBeenCalledWith("/");
  });

  it("still clears and reloads at / when the call fails", async () => {
    const assign = stubLocation();
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const client = createQueryClient();
    client.setQueryData(["anything"], 1);
    await logout(client);
    expect(client.getQueryData(["anything"])).toBeUndefined();
    expect(assign).toHaveBeenCalledWith("/");
  });
});
