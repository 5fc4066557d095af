import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/**
 * No script runs from a page's own markup, so the CSP needs no exception for one: every HTML page the
 * server answers (the app's shell and each prerendered public page of ADR 010) names its scripts by
 * file, carries no event handler attribute or javascript: link, and comes with a policy that runs
 * scripts from the site's own files only. What a page carries as data (the public pages' page data, ADR
 * 023) is a JSON data block, which the browser never runs, and which nothing in it can end early. Read
 * from the built app the browser tests run against.
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

/**
 * What in the page would run as inline script: a <script> without src that is not a data block, an on…
 * attribute, a javascript: URL.
 */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const { name, attributes } of startTags(html)) {
    if (name === "script" && !attributes.get("src") && attributes.get("type") !== DATA_BLOCK_TYPE)
      found.push(`<script type="${attributes.get("type") ?? ""}"> without src`);
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

test("no HTML page, the shell or a prerendered one, carries an inline script or event handler", async ({
  request,
}) => {
  // The check must look at every public page the build rendered, not at an empty list.
  expect(PRERENDERED.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const path of PAGES) {
    const { body } = await get(request, path);
    const scripts = startTags(body).filter((tag) => tag.name === "script" && tag.attributes.get("src"));
    expect(scripts.length, `${path} names no script file`).toBeGreaterThan(0);
    for (const problem of [...inlineScripts(body), ...unsafeDataBlocks(body)])
      found.push(`${path}: ${problem}`);
  }
  expect(found).toEqual([]);
});

test("every HTML page's CSP runs scripts from the site's own files only: no unsafe-inline, hash or nonce", async ({
  request,
}) => {
  const found: string[] = [];
  for (const path of PAGES) {
    const { csp } = await get(request, path);
    const policy = directives(csp);
    const scriptSources = [
      ...(policy["script-src"] ?? []),
      ...(policy["script-src-elem"] ?? []),
      ...(policy["default-src"] ?? []),
    ];
    if (policy["script-src"]?.join(" ") !== "'self'")
      found.push(`${path}: script-src ${policy["script-src"]}`);
    if (policy["script-src-attr"]?.join(" ") !== "'none'") found.push(`${path}: script-src-attr`);
    for (const source of scriptSources) {
      if (source !== "'self'" && source !== "'none'") found.push(`${path}: script source ${source}`);
    }
    if (/'(?:sha(?:256|384|512)-|nonce-)/i.test(csp)) found.push(`${path}: a hash or nonce in ${csp}`);
  }
  expect(found).toEqual([]);
});
