import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./locale.ts";
import { publicPagePath, publicPages, robotsTxt, sitemapXml } from "./public-pages.ts";
import { ROUTES } from "./routes.ts";

const origin = "https://pedaali.example";

/** robots.txt read the way crawlers (and Lighthouse's crawlability audit) read it. */
const robots = robotsParser(`${origin}/robots.txt`, robotsTxt(origin));

describe("robots.txt", () => {
  it("lets crawlers reach every page of the sitemap, in every language", () => {
    const urls = [...sitemapXml(origin).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
    expect(urls.length).toBeGreaterThan(30);
    for (const url of urls) expect(robots.isAllowed(url), url).toBe(true);
  });

  it("keeps the employers' landing page open although the employer area's path is its prefix", () => {
    for (const lang of LANGUAGES) {
      expect(robots.isAllowed(origin + publicPagePath("forEmployers", lang))).toBe(true);
      expect(robots.isAllowed(`${origin}${publicPagePath("forEmployers", lang)}?utm=x`)).toBe(true);
    }
  });

  it("closes the API, every logged-in area with what lies below it, and the personal token links", () => {
    const closed = ROUTES.filter((route) => route.access.kind !== "public" || route.path.includes("/:"));
    expect(closed.length).toBeGreaterThan(5);
    for (const route of closed) {
      const path = route.path.replace(/:[A-Za-z]+/g, "x1");
      for (const prefix of ["", "/fi", "/en", "/sv"]) {
        expect(robots.isDisallowed(origin + prefix + path), prefix + path).toBe(true);
        expect(robots.isDisallowed(`${origin}${prefix}${path}/alisivu`), `${prefix}${path}/…`).toBe(true);
      }
    }
    expect(robots.isDisallowed(`${origin}/api/user`)).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${origin}/sitemap.xml`]);
  });
});

describe("the prerendered pages", () => {
  it("include the login in every language, which the sitemap leaves to the landing and information pages", () => {
    const logins = publicPages().filter((page) => page.id === "login");
    expect(logins.map((page) => page.path)).toEqual(["/kirjaudu", "/en/kirjaudu", "/sv/kirjaudu"]);
    expect(sitemapXml(origin)).not.toContain("/kirjaudu");
    expect(sitemapXml(origin)).toContain(`<loc>${origin}/tyonantajalle</loc>`);
  });
});
