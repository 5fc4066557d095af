import { describe, expect, it } from "vitest";
import { bundleBudget, type Manifest } from "./bundle-budget.ts";

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

  it("fails a chunk past the chunk budget and lists the largest chunks", () => {
    const report = bundleBudget(manifest, readSize, { homeBudget: 1_000_000, chunkBudget: 100_000 });
    expect(report.failures).toEqual([
      "assets/lazy-pages-c.js is 120000 bytes gzipped, over the chunk budget of 100000",
    ]);
    expect(report.largestChunks[0]).toEqual({ file: "assets/lazy-pages-c.js", bytes: 120_000 });
    expect(report.largestChunks.map((c) => c.file)).not.toContain("assets/inter.woff2");
  });

  it("refuses a manifest whose imports name a chunk it does not hold", () => {
    const broken: Manifest = {
      "index.html": { file: "assets/index-a.js", isEntry: true, imports: ["_gone.js"] },
    };
    expect(() => bundleBudget(broken, readSize)).toThrow("the manifest has no chunk _gone.js");
  });
});
