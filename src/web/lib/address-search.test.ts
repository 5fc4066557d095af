import { describe, expect, it } from "vitest";
import { leavingPage } from "./address-search.ts";

const at = (pathname: string, to?: string) => ({
  location: { pathname },
  navigation: { location: to === undefined ? undefined : { pathname: to } },
});

describe("whether the router is leaving a page", () => {
  it("is not while it stays, or while it only changes the page's own search", () => {
    expect(leavingPage(at("/laskuri"), "/laskuri")).toBe(false);
    expect(leavingPage(at("/laskuri", "/laskuri"), "/laskuri")).toBe(false);
  });

  it("is while the move to another page is on its way, and once the router has moved", () => {
    expect(leavingPage(at("/laskuri", "/tyonantajalle"), "/laskuri")).toBe(true);
    expect(leavingPage(at("/tyonantajalle"), "/laskuri")).toBe(true);
  });
});
