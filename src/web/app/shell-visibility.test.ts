import { describe, expect, it } from "vitest";
import type { RouteLayout } from "../../domain/routes.ts";
import { ROUTES } from "../../domain/routes.ts";
import { routeMeta } from "./route-meta.ts";
import { shellVisibility } from "./shell-visibility.ts";

const LAYOUTS: (RouteLayout | null)[] = ["default", "auth", "maintenance", "admin", null];

describe("shellVisibility (docs/product.md 'Screens' layout rules)", () => {
  it.each(LAYOUTS)("layout %s, active user online", (layout) => {
    const v = shellVisibility({ layout, deactivated: false, offline: false });
    const chrome = layout === "default" || layout === null;
    expect(v).toEqual({
      header: chrome,
      footer: chrome,
      announcement: layout !== "admin",
      cookieConsent: chrome,
      backToTop: chrome,
      offlinePage: false,
    });
  });

  it.each(LAYOUTS)("layout %s, deactivated user: header, page and footer only", (layout) => {
    const v = shellVisibility({ layout, deactivated: true, offline: false });
    const chrome = layout === "default" || layout === null;
    expect(v).toEqual({
      header: chrome,
      footer: chrome,
      announcement: false,
      cookieConsent: false,
      backToTop: false,
      offlinePage: false,
    });
  });

  it.each(LAYOUTS)("layout %s, offline: the generic error page, no banners", (layout) => {
    for (const deactivated of [false, true]) {
      const v = shellVisibility({ layout, deactivated, offline: true });
      expect(v.offlinePage).toBe(true);
      expect(v.announcement).toBe(false);
      expect(v.cookieConsent).toBe(false);
      expect(v.header).toBe(layout === "default" || layout === null);
    }
  });

  it("hides the header on every auth, maintenance and admin route of the table and on /admin/*", () => {
    for (const route of ROUTES) {
      const meta = routeMeta(route.path.replace(":token", "abc"));
      const v = shellVisibility({ layout: meta?.layout ?? null, deactivated: false, offline: false });
      expect(v.header, route.path).toBe(route.layout === "default");
      expect(v.footer, route.path).toBe(route.layout === "default");
      expect(v.announcement, route.path).toBe(route.layout !== "admin");
    }
    expect(routeMeta("/en/kirjaudu")?.layout).toBe("auth");
  });
});
