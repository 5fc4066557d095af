import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RouteId } from "../../domain/routes.ts";
import { apiFetch, fetchAhead } from "../lib/api-client.ts";
import { fakeApi } from "../test/fake-api.ts";
import { firstRequests } from "./first-requests.ts";
import type { FirstData } from "./route-guard.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The header's count of unread notifications: asked by the header, not by the page's first data. */
const HEADER = "/api/notifications/unread-count";

const PAGES: [RouteId, string, () => Promise<FirstData>][] = [
  ["employer", "/tyonantaja", () => import("./employer-and-admin-pages.ts").then((m) => m.employerFirstData)],
  ["admin", "/admin", () => import("./employer-and-admin-pages.ts").then((m) => m.adminFirstData)],
  ["myBike", "/mybike", () => import("../features/mybike/my-bike-page.tsx").then((m) => m.myBikeFirstData)],
  [
    "bikeStore",
    "/pyoraliike",
    () => import("../features/store-links/store-link-pages.ts").then((m) => m.storeAccountFirstData),
  ],
];

describe("the first requests of the signed-in pages", () => {
  it.each(PAGES)(
    "are the calls %s's first data makes at %s",
    async (routeId, pathname, load) => {
      const firstData = await load();
      const api = fakeApi({});
      await firstData(routeId, new URLSearchParams(), pathname, new QueryClient());
      const asked = api.calls.filter((c) => c.method === "GET").map((c) => c.url);
      const started = firstRequests(routeId, pathname, "").filter((url) => url !== HEADER);
      expect(started.length).toBeGreaterThan(0);
      expect([...started].sort()).toEqual([...asked].sort());
    },
    60_000,
  );

  it("are none at an address with a tab or a filter, or below /admin", () => {
    expect(firstRequests("employer", "/tyonantaja", "?valilehti=lisaa")).toEqual([]);
    expect(firstRequests("admin", "/admin/yritykset", "")).toEqual([]);
    expect(firstRequests("admin", "/en/admin", "")).not.toEqual([]);
    expect(firstRequests("ownDetails", "/omat-tiedot", "")).toEqual([]);
  });
});

describe("a GET started ahead", () => {
  it("answers the page's own call once, without asking again", async () => {
    const api = fakeApi({ "GET /api/orders/my": { status: 200, body: { items: [] } } });
    fetchAhead("/api/orders/my");
    expect(await apiFetch("/api/orders/my")).toEqual({ items: [] });
    expect(api.calls).toHaveLength(1);
    await apiFetch("/api/orders/my");
    expect(api.calls).toHaveLength(2);
  });

  it("is forgotten after any change, so no answer from before it is shown", async () => {
    const api = fakeApi({
      "GET /api/orders/my": { status: 200, body: { items: [] } },
      "POST /api/whats-new/myBike/seen": { status: 204 },
    });
    fetchAhead("/api/orders/my");
    await apiFetch("/api/whats-new/myBike/seen", { method: "POST", body: {} });
    await apiFetch("/api/orders/my");
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/orders/my",
      "POST /api/whats-new/myBike/seen",
      "GET /api/orders/my",
    ]);
  });
});
