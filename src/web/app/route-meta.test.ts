import { describe, expect, it } from "vitest";
import { routeMeta } from "./route-meta.ts";

describe("routeMeta", () => {
  it("describes a public page with the header and footer", () => {
    expect(routeMeta("/tyonantajalle")).toMatchObject({
      id: "forEmployers",
      access: { kind: "public" },
      showChrome: true,
      fullPageLoad: false,
      lang: null,
    });
  });

  it("hides the chrome on auth, maintenance and admin paths (docs/product.md 'Screens')", () => {
    expect(routeMeta("/kirjaudu")?.showChrome).toBe(false);
    expect(routeMeta("/huoltokatkos")?.showChrome).toBe(false);
    expect(routeMeta("/admin/kayttajat")).toMatchObject({ id: "admin", showChrome: false });
  });

  it("reads the language prefix and the params", () => {
    expect(routeMeta("/sv/liity/t0k3n")).toMatchObject({
      id: "join",
      lang: "sv",
      params: { token: "t0k3n" },
    });
  });

  it("marks the full-page-load paths", () => {
    expect(routeMeta("/laskuri")?.fullPageLoad).toBe(true);
    expect(routeMeta("/kayttaja")?.fullPageLoad).toBe(true);
  });

  it("returns null outside the route table", () => {
    expect(routeMeta("/nothing-here")).toBeNull();
  });
});
