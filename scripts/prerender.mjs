// After `vite build` (the web app), `vite build --mode public` (the public pages' entry, ADR 023) and
// `vite build --ssr` (their renderer in dist/ssr), ADR 010:
// 1. renders every public page in fi, en and sv into dist/web/prerendered/ with a manifest the server reads,
//    each naming the public entry, with the pages' one script (their head's and the entry's start), the
//    entry's stylesheet and the rules of its chunk's stylesheets that the page uses written in; and writes
//    the app shell's head script (the color scheme) into index.html;
// 2. moves the source maps out of the served dist/web into dist/sourcemaps;
// 3. writes brotli (maximum quality) and gzip copies of the text assets, which the server sends as they are.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, extname, join, relative } from "node:path";
import { promisify } from "node:util";
import { Script } from "node:vm";
import { brotliCompress, constants, gzip } from "node:zlib";
import Beasties from "beasties";

process.env.NODE_ENV ??= "production";

const WEB = "dist/web";
const SSR = "dist/ssr";
const PRERENDERED = join(WEB, "prerendered");
/** The signed-in pages' heads by route (the server's plugins/prerendered-pages.ts reads it). */
const FIRST_VIEWS_FILE = "first-views.json";
const SOURCEMAPS = "dist/sourcemaps/web";
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".txt", ".xml"]);
// Below this a compressed copy saves less than the headers that announce it.
const MIN_BYTES = 1024;

const started = performance.now();

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** "/" -> index.html, "/en" -> en/index.html, "/laskuri" -> laskuri.html, "/en/laskuri" -> en/laskuri.html */
function fileFor(path) {
  const segments = path.split("/").filter(Boolean);
  if (segments.length === 0) return "index.html";
  if (segments.length === 1 && ["fi", "en", "sv"].includes(segments[0])) return `${segments[0]}/index.html`;
  return `${segments.join("/")}.html`;
}

/**
 * The key in the public entry's manifest of the chunk that holds a prerendered page's code
 * (src/web/public/page-tree.tsx PAGE_CODE): home is in the entry, the calculator and the login have
 * their own chunks, every other public page is in the chunk of information pages. The browser journey of the
 * prerendered pages fails when a page's first paint lacks a rule its chunk's stylesheets bring, so a page
 * moved to another chunk is noticed.
 */
function pageChunkKey(routeId) {
  if (routeId === "home") return null;
  if (routeId === "calculator") return "public/calculator-page.ts";
  if (routeId === "login") return "public/login-page.ts";
  return "public/information-pages.ts";
}

/**
 * The stylesheets of a prerendered page's chunk and of the chunks it imports, in the cascade's order. The
 * page chunk's scripts are not preloaded (only the entry is, see pageScript): on a slow phone connection
 * they would share the bandwidth with what the first paint needs.
 */
function pageStylesheets(manifest, routeId) {
  const key = pageChunkKey(routeId);
  if (key === null) return [];
  const visited = new Set();
  const styles = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk) throw new Error(`prerender: the public entry's manifest has no chunk ${k}`);
    if (chunk.isEntry || visited.has(k)) return;
    visited.add(k);
    // A chunk's imports run before it, so their stylesheets come first in the cascade.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) styles.add(sheet);
  };
  visit(key);
  return [...styles];
}

/**
 * Finds, for each page, the rules of its chunk's stylesheets whose selectors match an element of its HTML
 * (Beasties; a rule's states such as :hover and its media queries are kept with it).
 */
const beasties = new Beasties({
  path: WEB,
  publicPath: "/",
  mergeStylesheets: true,
  // Only the chunk's stylesheets are read: the entry's stylesheet stays whole, nothing loads it again.
  reduceInlineStyles: false,
  preload: false,
  fonts: false,
  logLevel: "warn",
});

/**
 * The rules of the page chunk's stylesheets that the page's HTML uses, as a `<style>` of its own: the page
 * paints at once in its final look, where the stylesheets as files held its first paint back by a round
 * trip and some 35 KB (the chunk brings Mantine's component styles whole). The chunk asks for the files
 * when it loads, and the page goes live once they have come (Vite's preloading of a chunk's stylesheets):
 * their rules, later in the cascade, repeat these in the same order, so nothing changes as they apply.
 * The first paint is in the stored color scheme (the head script sets it): the document these rules are
 * chosen for carries the light scheme on html and the dark one on body, so each scheme's rules for an
 * element of the page are kept.
 */
async function criticalStyle(rendered, sheets) {
  if (sheets.length === 0) return "";
  const body = rendered.match(/<body>([\s\S]*)<\/body>/);
  if (!body) throw new Error("prerender: a page has no body");
  const links = sheets.map((file) => `<link rel="stylesheet" href="/${file}">`).join("");
  const chosen = await beasties.process(
    `<!doctype html><html data-mantine-color-scheme="light"><head>${links}</head>` +
      `<body data-mantine-color-scheme="dark">${body[1]}</body></html>`,
  );
  const styles = [...chosen.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  if (styles.length !== 1) throw new Error(`prerender: ${styles.length} critical styles for one page`);
  return `<style data-page-styles>${styles[0][1]}</style>`;
}

/**
 * The public entry's stylesheets and its code's files, from its manifest: the files the entry imports
 * before it, each after those it imports itself, so that each file's code runs after what it needs.
 */
function publicEntry(manifest) {
  const entries = Object.values(manifest).filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error("prerender: the public entry's manifest has no single entry");
  const [entry] = entries;
  const files = [];
  const visit = (chunk) => {
    for (const key of chunk.imports ?? []) visit(manifest[key]);
    if (!files.includes(`/${chunk.file}`)) files.push(`/${chunk.file}`);
  };
  visit(entry);
  return { files, styles: (entry.css ?? []).map((file) => `/${file}`) };
}

/** The app's entry script in index.html, with the line's indent before it. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The tag of the app's entry in the built index.html, its address, and the stylesheets the shell names. */
function appEntry(template) {
  const tag = template.match(ENTRY_SCRIPT);
  if (!tag) throw new Error("prerender: index.html names no entry script");
  const styles = [...template.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)];
  if (styles.length === 0) throw new Error("prerender: index.html names no stylesheet");
  return { tag: tag[0], src: tag[1], styleTags: styles.map((m) => m[0]), styles: styles.map((m) => m[1]) };
}

/**
 * The prerendered pages' one script, written into each page's head (entry-server.tsx) and allowed by its
 * hash in the page's CSP (the server's plugins/prerendered-pages.ts): it sets what the first paint shows
 * (pageHeadScript), and once the HTML is parsed, it starts the public entry from the frame after the
 * first paint. A script of its own file cost a phone a round trip before anything was painted. The entry
 * is asked for only then, not preloaded with the HTML: the page is whole without it, and on a phone's slow
 * connection its 92 KB would share the first round trips with the HTML and the font.
 * All its files are asked for at once, and their code runs one file per task, React DOM's before the
 * entry's: run as one, they were one long task of a phone's main thread before the page was live.
 */
function pageScript(headScript, entryFiles) {
  const start = `requestAnimationFrame(() => setTimeout(() => {
  var files = ${JSON.stringify(entryFiles)};
  files.forEach(function (href) {
    var link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.appendChild(link);
  });
  (function run(i) {
    import(files[i]).then(function () { if (i + 1 < files.length) setTimeout(function () { run(i + 1); }); });
  })(0);
}))`;
  const source = `${headScript}document.addEventListener("DOMContentLoaded", () => ${start});\n`;
  // Compiled, not run: a slip in the pieces above fails the build, not every public page.
  new Script(source, { filename: "page-script.js" });
  return source;
}

/**
 * The app's shell (index.html: the signed-in pages, the forms) starts its entry from the frame after the
 * first paint, as the prerendered pages do (pageScript): the head a signed-in page's HTML carries (web
 * lib/first-view.ts) paints on the HTML and the stylesheet alone, instead of sharing a phone's first
 * round trips with the 450 KB or so of code its first view needs.
 */
function shellStart(entrySrc) {
  const source = `document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(() => import(${JSON.stringify(entrySrc)}))));\n`;
  // Compiled, not run: a slip above fails the build, not every signed-in page.
  new Script(source, { filename: "shell-start.js" });
  return source;
}

/**
 * The entry's stylesheets as the page's own `<style>`: the first paint waits for no request but the
 * HTML's. (The CSP takes inline styles, which Mantine sets.) Of the page chunk's stylesheets only the rules
 * the page uses are written in (criticalStyle): the chunk loads the files when it arrives.
 */
async function inlineStyles(hrefs) {
  const sheets = await Promise.all(hrefs.map((href) => readFile(join(WEB, href), "utf8")));
  for (const [i, css] of sheets.entries())
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${hrefs[i]} would end its <style> early`);
  return sheets.map((css) => `<style>${css.trim()}</style>`);
}

/**
 * The brand font's preload (vite.config.ts): on the app's shell it fetches the font with the stylesheet
 * instead of after it. On a page whose stylesheet is in it, the font is asked for at the first layout
 * anyway, and a preload only makes it share the phone's first round trips with what the first paint needs.
 */
const FONT_PRELOAD = /\s*<link rel="preload" href="[^"]+" as="font"[^>]*>/;

/**
 * The page names the public entry instead of the app's: its stylesheets, written in, where the shell
 * names the app's, and no script tag (the page script starts the entry after the first paint).
 */
function nameEntry(html, app, styles) {
  if (!html.includes(app.tag)) throw new Error("prerender: a page names no entry script");
  if (!FONT_PRELOAD.test(html)) throw new Error("prerender: a page has no preload of the brand font");
  let named = html.replace(app.tag, "").replace(FONT_PRELOAD, "");
  for (const [i, tag] of app.styleTags.entries())
    named = named.replace(tag, () => (i === 0 ? styles.join("\n    ") : ""));
  return named;
}

async function prerender() {
  const { fillAppShell, pageHeadScript, prerenderPages, renderFirstViews } = await import(
    `${process.cwd()}/${SSR}/entry-server.js`
  );
  const template = await readFile(join(WEB, "index.html"), "utf8");
  const manifest = JSON.parse(await readFile(join(WEB, ".vite/public-manifest.json"), "utf8"));
  const app = appEntry(template);
  const entry = publicEntry(manifest);
  const entryStyles = await inlineStyles(entry.styles);
  const files = await prerenderPages(template, pageScript(pageHeadScript(), entry.files), {
    script: app.src,
    styles: app.styles,
  });
  await rm(PRERENDERED, { recursive: true, force: true });
  const pages = {};
  for (const { page, html: rendered } of files) {
    const file = fileFor(page.path);
    const styles = await criticalStyle(rendered, pageStylesheets(manifest, page.id));
    // After the entry's own stylesheet, so the page's rules come later in the cascade, as when it loads them.
    const html = nameEntry(
      styles ? rendered.replace("</head>", `    ${styles}\n  </head>`) : rendered,
      app,
      entryStyles,
    );
    await mkdir(dirname(join(PRERENDERED, file)), { recursive: true });
    await writeFile(join(PRERENDERED, file), html);
    pages[page.path] = file;
  }
  await writeFile(join(PRERENDERED, "manifest.json"), `${JSON.stringify({ pages }, null, 2)}\n`);
  // The signed-in pages' heads, which the server writes into their HTML (plugins/spa.ts).
  await writeFile(
    join(PRERENDERED, FIRST_VIEWS_FILE),
    `${JSON.stringify(await renderFirstViews(), null, 2)}\n`,
  );
  // The app's shell gets its own head script once the pages, built on it as it was, are written.
  await writeFile(join(WEB, "index.html"), fillAppShell(template.replace(app.tag, ""), shellStart(app.src)));
  await rm(SSR, { recursive: true, force: true });
  return files.length;
}

async function moveSourceMaps() {
  await rm(SOURCEMAPS, { recursive: true, force: true });
  const maps = (await filesUnder(WEB)).filter((file) => file.endsWith(".map"));
  for (const file of maps) {
    const target = join(SOURCEMAPS, relative(WEB, file));
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
  }
  return maps.length;
}

/**
 * dist/web is served as it is: a source file there (a .ts of the app, copied by a folder Vite takes for
 * static files) would be served to anyone who asks, so the build fails on one instead.
 */
async function refuseSourceFiles() {
  const sources = (await filesUnder(WEB)).filter((file) => /\.(?:[cm]?tsx?|jsx)$/.test(file));
  if (sources.length > 0)
    throw new Error(
      `prerender: dist/web would serve source files: ${sources.map((f) => relative(WEB, f)).join(", ")}`,
    );
}

const brotli = promisify(brotliCompress);

// Brotli at its maximum quality takes seconds for the whole app, and most chunks come out of a build
// byte for byte as before: their compressed copies are kept by content between builds.
const CACHE = "node_modules/.cache/pedaali-precompress";
await mkdir(CACHE, { recursive: true });
async function cached(data, encoding, compress) {
  const file = join(CACHE, `${createHash("sha256").update(data).digest("hex")}.${encoding}`);
  try {
    return await readFile(file);
  } catch {
    const compressed = await compress();
    await writeFile(file, compressed);
    return compressed;
  }
}
const gzipAsync = promisify(gzip);

async function precompress() {
  const files = (await filesUnder(WEB)).filter(
    // The prerendered pages get the server's address first, so the server compresses them (ADR 010).
    (file) => COMPRESSIBLE.has(extname(file)) && !file.startsWith(`${PRERENDERED}/`),
  );
  let written = 0;
  const queue = [...files];
  async function worker() {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) continue;
      const [br, gz] = await Promise.all([
        cached(data, "br", () =>
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        ),
        cached(data, "gz", () => gzipAsync(data, { level: constants.Z_BEST_COMPRESSION })),
      ]);
      // A copy no smaller than the file itself is not worth sending.
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      written += 1;
    }
  }
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  return written;
}

const ms = (since) => Math.round(performance.now() - since);
const pages = await prerender();
const rendered = ms(started);
const maps = await moveSourceMaps();
await refuseSourceFiles();
const compressing = performance.now();
const compressed = await precompress();
console.info(
  `prerender: ${pages} pages in ${rendered} ms; ${maps} source maps moved to ${SOURCEMAPS}; ` +
    `${compressed} files precompressed in ${ms(compressing)} ms`,
);
