import { describe, expect, it } from "vitest";
import { bundleBudget, HOME_JS_BUDGET, type Manifest } from "./bundle-budget.ts";

// A build manifest of the shape Vite writes: the entry imports a shared chunk statically and the pages
// lazily; the pages chunk imports the shared chunk again.
const manifest: Manifest = {
  "index.html": {
    file: "assets/index-a.js",
    isEntry: true,
    imports: ["_shared-b.js"],
    css: ["assets/index-a.css"],
    dynamicImports: ["app/lazy-pages.ts", "i18n/en.json"],
  },
  "_shared-b.js": { file: "assets/shared-b.js", imports: ["index.html"], css: ["assets/index-a.css"] },
  "app/lazy-pages.ts": {
    file: "assets/lazy-pages-c.js",
    isDynamicEntry: true,
    imports: ["index.html", "_shared-b.js", "_forms-d.js"],
    css: ["assets/mantine-f.css"],
  },
  "_forms-d.js": { file: "assets/forms-d.js" },
  "i18n/en.json": { file: "assets/en-e.js", isDynamicEntry: true },
  "_font.woff2": { file: "assets/inter.woff2" },
};
const sizes: Record<string, number> = {
  "assets/index-a.js": 60_000,
  "assets/shared-b.js": 30_000,
  "assets/lazy-pages-c.js": 120_000,
  "assets/forms-d.js": 9_000,
  "assets/en-e.js": 8_000,
  "assets/inter.woff2": 48_000,
  "assets/index-a.css": 9_000,
  "assets/mantine-f.css": 33_000,
};
const readSize = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};

describe("bundleBudget", () => {
  it("counts the entry and its static imports once each, not lazy chunks or fonts", () => {
    const report = bundleBudget(manifest, readSize, { homeBudget: 90_000 });
    expect(report.home.bytes).toBe(90_000);
    expect(report.home.files.map((f) => f.file)).toEqual(["assets/index-a.js", "assets/shared-b.js"]);
    expect(report.failures).toEqual([]);
  });

  it("counts the stylesheets of the home page's chunks once each, not those of lazy chunks", () => {
    const report = bundleBudget(manifest, readSize, { homeCssBudget: 9_000 });
    expect(report.homeCss.bytes).toBe(9_000);
    expect(report.homeCss.files.map((f) => f.file)).toEqual(["assets/index-a.css"]);
    expect(report.failures).toEqual([]);
  });

  it("fails when the home page's stylesheets grow past their budget", () => {
    const lazy = bundleBudget(manifest, readSize, { homeLazyChunks: ["app/lazy-pages.ts"], homeBudget: 1e6 });
    expect(lazy.homeCss.bytes).toBe(42_000);
    expect(lazy.failures).toEqual([
      "the home page waits for 42000 bytes of gzipped CSS, over its budget of 15000",
    ]);
  });

  it("fails one byte past the home budget, naming the figures", () => {
    const report = bundleBudget(manifest, readSize, { homeBudget: 89_999 });
    expect(report.failures).toEqual([
      "the home page loads 90000 bytes of gzipped JavaScript, over its budget of 89999",
    ]);
  });

  it("adds the lazy chunks the home route loads, with their static imports", () => {
    const report = bundleBudget(manifest, readSize, { homeLazyChunks: ["app/lazy-pages.ts"] });
    expect(report.home.bytes).toBe(60_000 + 30_000 + 120_000 + 9_000);
  });

  it("holds each named page to its own budget: the entry's scripts and the page's lazy chunks", () => {
    const page = { page: "/laskuri", lazyChunks: ["app/lazy-pages.ts"], budget: 219_000 };
    const within = bundleBudget(manifest, readSize, { homeBudget: 1e6, pages: [page] });
    expect(within.pages).toMatchObject([{ page: "/laskuri", bytes: 60_000 + 30_000 + 120_000 + 9_000 }]);
    expect(within.home.bytes).toBe(90_000);
    expect(within.failures).toEqual([]);
    const over = bundleBudget(manifest, readSize, { homeBudget: 1e6, pages: [{ ...page, budget: 218_999 }] });
    expect(over.failures).toEqual([
      "/laskuri loads 219000 bytes of gzipped JavaScript, over its budget of 218999",
    ]);
  });

  it("fails a chunk past the chunk budget and lists the largest chunks", () => {
    const report = bundleBudget(manifest, readSize, { homeBudget: 1_000_000, chunkBudget: 100_000 });
    expect(report.failures).toEqual([
      "assets/lazy-pages-c.js is 120000 bytes gzipped, over the chunk budget of 100000",
    ]);
    expect(report.largestChunks[0]).toEqual({ file: "assets/lazy-pages-c.js", bytes: 120_000 });
    expect(report.largestChunks.map((c) => c.file)).not.toContain("assets/inter.woff2");
  });

  it("holds the other build's chunks to the chunk budget, but not to the home page's", () => {
    // The app's build beside the public entry's (ADR 023): its own entry is not the home page's.
    const app: Manifest = {
      "index.html": { file: "assets/app-g.js", isEntry: true, imports: ["_router-h.js"] },
      "_router-h.js": { file: "assets/router-h.js" },
    };
    sizes["assets/app-g.js"] = 150_000;
    sizes["assets/router-h.js"] = 40_000;
    const report = bundleBudget(manifest, readSize, { otherChunks: app, chunkBudget: 140_000 });
    expect(report.home.bytes).toBe(90_000);
    expect(report.failures).toEqual([
      "assets/app-g.js is 150000 bytes gzipped, over the chunk budget of 140000",
    ]);
    expect(report.largestChunks.map((c) => c.file)).toContain("assets/router-h.js");
  });

  it("keeps the home page within DESIGN.md's goal of 100 KB", () => {
    expect(HOME_JS_BUDGET).toBeLessThanOrEqual(100_000);
  });

  it("refuses a manifest whose imports name a chunk it does not hold", () => {
    const broken: Manifest = {
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_gone.js"] },
    };
    expect(() => bundleBudget(broken, readSize)).toThrow("the manifest has no chunk _gone.js");
  });
});
