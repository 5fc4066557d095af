/**
 * The front end's weight budgets (docs/design.md "Weight"), read from Vite's build manifests: the public
 * entry's (dist/web/.vite/public-manifest.json), which the prerendered public pages load (ADR 023), and
 * the app's (dist/web/.vite/manifest.json). `scripts/check-bundle-budget.ts` applies them to a build in CI.
 *
 * - The anonymous home page: every script it loads before it is interactive, i.e. the public entry, the
 *   chunks it imports statically, and the lazy chunks (with their static imports) the home route loads
 *   on its own (`homeLazyChunks`, none today: the home page is in the entry).
 * - The anonymous home page's stylesheets, which hold back its first paint: the CSS of those same chunks.
 * - The public pages that load code of their own after the entry (the calculator, the login): the entry's
 *   scripts and their page's lazy chunks, with the static imports of each (`PUBLIC_PAGE_BUDGETS`).
 * - Every other chunk: no single chunk a route loads may pass the route budget.
 */

/** One chunk or asset of Vite's build manifest (the fields read here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The gzipped size in bytes of a built file, by its path relative to the build folder. */
export type ReadSize = (file: string) => number;

/**
 * The gzipped JavaScript the anonymous home page may load before it is interactive: the goal of docs/design.md "Weight"
 * of 100,000 bytes, held at what the public entry reached (ADR 023), so it cannot grow unnoticed. The
 * home page's scripts were about 150,000 bytes while the public pages started the app's entry: React
 * DOM, React Router's data router, i18next and TanStack Query. The public entry carries React DOM,
 * Mantine's provider and the shell, and stand-ins for the other three. 91,548 with the theme's rule that
 * a select makes its options when it opens (71 bytes, which the calculator's phone start pays back).
 * 93,461 since the login is a public page (ADR 023, "The login"): about 120 bytes of stand-ins (the
 * login's read of its user, `i18n.exists`, a search set by a function, the held submit), and about
 * 1,800 bytes because the bundler no longer keeps React and Mantine's provider in the entry's file once
 * the login's and the calculator's chunks share code: the home page loads them as a second file beside
 * the entry, in the same round trip, so what grows is the bytes, not the waiting.
 * 92,635 since React DOM and Zod are files of their own in the public build (ADR 023, "The code run in
 * parts"), React with React DOM, Mantine's provider back in the entry's file.
 */
export const HOME_JS_BUDGET = 93_000;
/**
 * The gzipped CSS the anonymous home page waits for before its first paint: Mantine's base and the
 * shell's own rules (about 9,000 bytes). Mantine's component styles (some 33,000 more) belong to the
 * lazy pages that render components (web/lib/mantine-styles.ts), not here.
 */
const HOME_CSS_BUDGET = 15_000;
/**
 * The gzipped JavaScript a public page with code of its own loads before it is interactive: the entry's
 * scripts and the page's parts in the order page-tree.tsx `inParts` runs them (keys of the public build's
 * manifest). Held about 1,000 bytes above what they load (the calculator 193,820, the login 156,867),
 * so that a change that pulls a library in whole is seen: a dynamic import of Zod's package itself once
 * put its error messages in some fifty languages, 64,000 bytes, on both pages.
 */
export const PUBLIC_PAGE_BUDGETS: PageBudget[] = [
  {
    page: "/laskuri",
    lazyChunks: ["public/zod-file.ts", "public/calculator-schemas.ts", "public/calculator-page.ts"],
    budget: 195_000,
  },
  {
    page: "/kirjaudu",
    lazyChunks: ["public/zod-file.ts", "public/login-schemas.ts", "public/login-page.ts"],
    budget: 158_000,
  },
];
/** The gzipped size of any one chunk a route loads. */
const CHUNK_BUDGET = 250_000;

/** A page's JavaScript budget: the lazy chunks it loads beside the entry's scripts. */
export interface PageBudget {
  page: string;
  /** Manifest keys of the lazy chunks the page loads at start. */
  lazyChunks: string[];
  budget: number;
}

interface BudgetFigure {
  bytes: number;
  budget: number;
  files: { file: string; bytes: number }[];
}

export interface BudgetOptions {
  homeBudget?: number;
  homeCssBudget?: number;
  chunkBudget?: number;
  /** Manifest keys of the lazy chunks the home route loads at start. */
  homeLazyChunks?: string[];
  /** The public pages held to a budget of their own (`PUBLIC_PAGE_BUDGETS`). */
  pages?: PageBudget[];
  /** The manifest of another build in the same folder (the app's), whose chunks the chunk budget holds too. */
  otherChunks?: Manifest;
}

export interface BudgetReport {
  home: BudgetFigure;
  homeCss: BudgetFigure;
  pages: (BudgetFigure & { page: string })[];
  largestChunks: { file: string; bytes: number }[];
  chunkBudget: number;
  /** What is over a budget, one line each; empty when both hold. */
  failures: string[];
}

const isScript = (file: string) => file.endsWith(".js") || file.endsWith(".mjs");

/** The manifest keys of `start` and every chunk it imports statically, each once. */
function staticClosure(manifest: Manifest, start: string, seen: Set<string>): void {
  if (seen.has(start)) return;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`bundle budget: the manifest has no chunk ${start}`);
  seen.add(start);
  for (const key of chunk.imports ?? []) staticClosure(manifest, key, seen);
}

/** Measures the home page's scripts (those of `manifest`'s one entry) and every chunk against the budgets. */
export function bundleBudget(
  manifest: Manifest,
  readSize: ReadSize,
  options: BudgetOptions = {},
): BudgetReport {
  const homeBudget = options.homeBudget ?? HOME_JS_BUDGET;
  const homeCssBudget = options.homeCssBudget ?? HOME_CSS_BUDGET;
  const chunkBudget = options.chunkBudget ?? CHUNK_BUDGET;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry && isScript(chunk.file));
  if (entries.length !== 1)
    throw new Error(`bundle budget: expected one entry chunk, found ${entries.length}`);
  const [entryKey] = entries[0] as [string, ManifestChunk];

  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = readSize(file);
      sizes.set(file, size);
    }
    return size;
  };
  /** The chunks a page loads: the entry's and its lazy chunks, with the static imports of each. */
  const pageKeys = (lazyChunks: string[]) => {
    const keys = new Set<string>();
    for (const key of [entryKey, ...lazyChunks]) staticClosure(manifest, key, keys);
    return keys;
  };
  const scripts = (keys: Set<string>, budget: number): BudgetFigure => {
    const files = [...keys]
      .map((key) => (manifest[key] as ManifestChunk).file)
      .filter(isScript)
      .map((file) => ({ file, bytes: sizeOf(file) }))
      .sort((a, b) => b.bytes - a.bytes);
    return { bytes: files.reduce((sum, f) => sum + f.bytes, 0), budget, files };
  };

  const homeKeys = pageKeys(options.homeLazyChunks ?? []);
  const home = scripts(homeKeys, homeBudget);
  const pages = (options.pages ?? []).map(({ page, lazyChunks, budget }) => ({
    page,
    ...scripts(pageKeys(lazyChunks), budget),
  }));
  const homeCssFiles = [
    ...new Set([...homeKeys].flatMap((key) => (manifest[key] as ManifestChunk).css ?? [])),
  ]
    .map((file) => ({ file, bytes: sizeOf(file) }))
    .sort((a, b) => b.bytes - a.bytes);
  const homeCssBytes = homeCssFiles.reduce((sum, f) => sum + f.bytes, 0);

  const allChunks = [...Object.values(manifest), ...Object.values(options.otherChunks ?? {})];
  const chunkFiles = [...new Set(allChunks.map((chunk) => chunk.file))].filter(isScript);
  const chunks = chunkFiles.map((file) => ({ file, bytes: sizeOf(file) })).sort((a, b) => b.bytes - a.bytes);

  const failures: string[] = [];
  for (const { page, bytes, budget } of [{ page: "the home page", ...home }, ...pages]) {
    if (bytes > budget) {
      failures.push(`${page} loads ${bytes} bytes of gzipped JavaScript, over its budget of ${budget}`);
    }
  }
  if (homeCssBytes > homeCssBudget) {
    failures.push(
      `the home page waits for ${homeCssBytes} bytes of gzipped CSS, over its budget of ${homeCssBudget}`,
    );
  }
  for (const chunk of chunks) {
    if (chunk.bytes > chunkBudget) {
      failures.push(`${chunk.file} is ${chunk.bytes} bytes gzipped, over the chunk budget of ${chunkBudget}`);
    }
  }
  return {
    home,
    homeCss: { bytes: homeCssBytes, budget: homeCssBudget, files: homeCssFiles },
    pages,
    largestChunks: chunks.slice(0, 5),
    chunkBudget,
    failures,
  };
}
