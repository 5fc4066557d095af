import { describe, expect, it } from "vitest";
import { ADMIN_TABS, adminPath, parseAdminPath } from "./admin-nav.ts";

describe("admin paths", () => {
  it("opens Hakemukset at /admin and at a path it does not know", () => {
    expect(parseAdminPath("")).toEqual({ tab: "applications", rest: [] });
    expect(parseAdminPath("ei-ole/1")).toEqual({ tab: "applications", rest: [] });
  });

  it("reads the tab and what lies below it", () => {
    expect(parseAdminPath("yritykset/abc")).toEqual({ tab: "companies", rest: ["abc"] });
    expect(parseAdminPath("kayttajat/")).toEqual({ tab: "users", rest: [] });
  });

  it("gives every tab a path that reads back as the same tab", () => {
    for (const tab of ADMIN_TABS) {
      const path = adminPath("/en/admin", tab, "x y");
      expect(path.startsWith("/en/admin/")).toBe(true);
      expect(parseAdminPath(path.slice("/en/admin/".length))).toEqual({ tab, rest: ["x%20y"] });
    }
  });
});
