import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const CORE = join(ROOT, "node_modules/@mantine/core");
const STYLES = join(CORE, "styles");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The names a module imports from @mantine/core, over one line or several. */
function coreImports(source: string): string[] {
  return [...source.matchAll(/import\s*(?:type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)].flatMap(
    ([, names = ""]) =>
      names
        .split(",")
        .map((name) => name.trim())
        .filter((name) => name !== "" && !name.startsWith("type "))
        .map((name) => name.split(/\s+as\s+/)[0] ?? name),
  );
}

/**
 * The components whose styles what the app draws needs: every Mantine component the app imports, and
 * those the libraries it draws with import (data tables, notifications, charts), followed through
 * Mantine's own modules to the components each is made of; those that have a stylesheet.
 */
function componentsDrawn(): Set<string> {
  const sources = [
    ...filesUnder(join(ROOT, "src/web")).filter((file) => /\.tsx?$/.test(file) && !file.includes(".test.")),
    ...["mantine-datatable/dist", "@mantine/notifications/esm", "@mantine/charts/esm"].flatMap((dir) =>
      filesUnder(join(ROOT, "node_modules", dir)).filter((file) => /\.m?js$/.test(file)),
    ),
  ];
  const names = new Set(sources.flatMap((file) => coreImports(readFileSync(file, "utf8"))));
  const index = readFileSync(join(CORE, "esm/index.mjs"), "utf8");
  const moduleOf = new Map<string, string>();
  for (const [, names = "", from = ""] of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g))
    for (const name of names.split(","))
      moduleOf.set(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? "",
        join(CORE, "esm", from),
      );
  const seen = new Set<string>();
  const components = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // A component's folder, and a part's folder inside it (Checkbox/CheckboxIndicator).
    const folders = /\/(?:components|utils)\/(.+)\/[^/]+$/.exec(file)?.[1]?.split("/") ?? [];
    for (const folder of folders) components.add(folder);
    for (const [, from = ""] of readFileSync(file, "utf8").matchAll(/from\s*"(\.[^"]+)"/g))
      visit(resolve(dirname(file), from));
  };
  for (const name of names) {
    const file = moduleOf.get(name);
    if (file) visit(file);
  }
  return new Set([...components].filter((name) => existsSync(join(STYLES, `${name}.layer.css`))));
}

/** Where a component's rules stand in Mantine's whole stylesheet, by the first class they style. */
function placeInMantine(component: string): number {
  const whole = readFileSync(join(CORE, "styles.layer.css"), "utf8");
  const firstClass = /\.m_[0-9a-f]+/.exec(readFileSync(join(STYLES, `${component}.layer.css`), "utf8"))?.[0];
  return firstClass ? whole.indexOf(firstClass) : -1;
}

const imported = [
  ...readFileSync(join(ROOT, "src/web/lib/mantine-components.css"), "utf8").matchAll(
    /@import "@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css";/g,
  ),
].map(([, name]) => name ?? "");

describe("the Mantine styles the web app's lazy chunks bring (src/web/lib/mantine-components.css)", () => {
  it("hold every component the app draws, and the components each is made of", () => {
    const drawn = componentsDrawn();
    // Those the first views in the HTML draw before any chunk has come, at least.
    for (const name of ["Tabs", "SegmentedControl", "Input", "UnstyledButton", "FloatingIndicator"])
      expect(drawn).toContain(name);
    expect([...drawn].filter((name) => !imported.includes(name))).toEqual([]);
  });

  it("come in the order of Mantine's own stylesheet, a component after its parts", () => {
    const places = imported.map(placeInMantine);
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });
});
