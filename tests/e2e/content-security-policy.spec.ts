import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * Every HTML page the server answers (the app's shell and each prerendered public page of ADR 010) comes
 * with a policy that runs scripts from the site's own files, and carries no event handler attribute or
 * javascript: link. The one script written into a page is its head script (a prerendered page's, or
 * the shell's stored color scheme; it runs before the first paint without a request of its own), allowed
 * by its hash in that page's policy alone: no unsafe-inline, no nonce, no hash of a script the page
 * does not carry. What a page carries as
 * data (the public pages' page data, ADR 023) is a JSON data block, which the browser never runs, and
 * which nothing in it can end early. Read from the built app the browser tests run against.
 */

/** The prerendered pages, as the server lists them: the build's manifest (plugins/prerendered-pages.ts). */
const manifest = JSON.parse(
  readFileSync(new URL("../../dist/web/prerendered/manifest.json", import.meta.url), "utf8"),
) as { pages: Record<string, string> };
const PRERENDERED = Object.keys(manifest.pages);

/** Paths answered with the shell (dist/web/index.html): a form page, a logged-in area, an unknown path. */
const SHELL = ["/salasanan-palauttaminen", "/kayttaja", "/ei-tallaista-sivua"];

const PAGES = [...SHELL, ...PRERENDERED];

async function get(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect([200, 404], path).toContain(res.status());
  expect(res.headers()["content-type"], path).toMatch(/^text\/html/);
  return { body: await res.text(), csp: res.headers()["content-security-policy"] ?? "" };
}

/** Each start tag's name and attributes (a quoted value may hold a ">"). */
function startTags(html: string): { name: string; attributes: Map<string, string> }[] {
  return [...html.matchAll(/<([a-z][\w:-]*)((?:"[^"]*"|'[^']*'|[^"'>])*)>/gi)].map(
    ([, name = "", rest = ""]) => ({
      name: name.toLowerCase(),
      attributes: new Map(
        [...rest.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map(
          ([, attribute = "", ...values]) => [
            attribute.toLowerCase(),
            values.find((v) => v !== undefined) ?? "",
          ],
        ),
      ),
    }),
  );
}

/**
 * The type of a data block: a `<script>` of this type is never run, and the CSP, which governs only
 * what runs, has nothing to allow for it (the public pages carry their page data so, ADR 023). Only this
 * one type is let through: a missing or empty type, a JavaScript type and `module` run, and `importmap`
 * and `speculationrules` are read as script and need the CSP's leave when inline.
 */
const DATA_BLOCK_TYPE = "application/json";

/** The CSP source of a script's text: `'sha256-…'`. */
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The hashes of the scripts written into the page: each <script> without src that is not a data block. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b((?:"[^"]*"|'[^']*'|[^"'>])*)>([\s\S]*?)<\/script/gi)]
    .filter(([, attributes = ""]) => !/\bsrc\s*=/i.test(attributes))
    .filter(([, attributes = ""]) => !attributes.includes(`type="${DATA_BLOCK_TYPE}"`))
    .map(([, , text = ""]) => hashOf(text));
}

/**
 * What in the page would run as inline script without its policy's leave: a <script> without src that
 * is not a data block and whose hash `allowed` does not hold, an on… attribute, a javascript: URL.
 */
function inlineScripts(html: string, allowed: string[]): string[] {
  const found = inlineScriptHashes(html)
    .filter((hash) => !allowed.includes(hash))
    .map((hash) => `a <script> without src whose hash ${hash} the policy does not name`);
  for (const { name, attributes } of startTags(html)) {
    for (const [attribute, value] of attributes) {
      if (attribute.startsWith("on")) found.push(`<${name} ${attribute}=…>`);
      if (/^\s*javascript:/i.test(value)) found.push(`<${name} ${attribute}="${value}">`);
    }
  }
  return found;
}

/**
 * Each data block's text is one JSON value without a "<": no text in it can end the element early (a
 * "</script>") or change how the browser reads the rest of it (a "<!--"), so nothing after it could be
 * taken for markup or script.
 */
function unsafeDataBlocks(html: string): string[] {
  const found: string[] = [];
  for (const [, text = ""] of html.matchAll(
    /<script\b[^>]*\btype="application\/json"[^>]*>([\s\S]*?)<\/script/gi,
  )) {
    if (text.includes("<")) found.push("a data block with a <");
    try {
      JSON.parse(text);
    } catch {
      found.push(`a data block that is not JSON: ${text.slice(0, 60)}…`);
    }
  }
  return found;
}

/** `script-src 'self'; object-src 'none'` → { "script-src": ["'self'"], "object-src": ["'none'"] } */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = "", ...values]) => [name.toLowerCase(), values]),
  );
}

test("no HTML page runs a script written into it but its own head script", async ({ request }) => {
  // The check must look at every public page the build rendered, not at an empty list.
  expect(PRERENDERED.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const path of PAGES) {
    const { body, csp } = await get(request, path);
    const scripts = startTags(body).filter((tag) => tag.name === "script" && tag.attributes.get("src"));
    const written = inlineScriptHashes(body);
    // A prerendered page and the app's shell each carry one head script (scripts/prerender.mjs), which
    // starts the page's entry: neither names a script file.
    expect(written, `${path} carries its head script`).toHaveLength(1);
    expect(scripts, `${path} names a script file`).toEqual([]);
    const allowed = directives(csp)["script-src"] ?? [];
    for (const problem of [...inlineScripts(body, allowed), ...unsafeDataBlocks(body)])
      found.push(`${path}: ${problem}`);
  }
  expect(found).toEqual([]);
});

test("every HTML page's CSP runs scripts from the site's own files, and a hash only of a script the page carries", async ({
  request,
}) => {
  const found: string[] = [];
  for (const path of PAGES) {
    const { body, csp } = await get(request, path);
    const policy = directives(csp);
    const [self, ...hashes] = policy["script-src"] ?? [];
    if (self !== "'self'") found.push(`${path}: script-src ${policy["script-src"]}`);
    const carried = inlineScriptHashes(body);
    for (const hash of hashes) if (!carried.includes(hash)) found.push(`${path}: script-src names ${hash}`);
    if (policy["script-src-attr"]?.join(" ") !== "'none'") found.push(`${path}: script-src-attr`);
    if (policy["script-src-elem"]) found.push(`${path}: script-src-elem`);
    for (const source of policy["default-src"] ?? []) {
      if (source !== "'self'") found.push(`${path}: default-src ${source}`);
    }
    if (/'unsafe-inline'|'unsafe-eval'|'nonce-|'strict-dynamic'/i.test(policy["script-src"]?.join(" ") ?? ""))
      found.push(`${path}: script-src ${policy["script-src"]}`);
  }
  expect(found).toEqual([]);
  // The check reads what it should: a page's own script is told from one it does not name.
  expect(inlineScripts("<script>a()</script>", [hashOf("a()")])).toEqual([]);
  expect(inlineScripts("<script>b()</script>", [hashOf("a()")])).toHaveLength(1);
  expect(
    inlineScriptHashes('<script type="application/json">{}</script><script src="/a.js"></script>'),
  ).toEqual([]);
});
