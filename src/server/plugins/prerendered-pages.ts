import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ORIGIN_PLACEHOLDER, robotsTxt, sitemapXml } from "../../domain/public-pages.ts";
import { compressHtml, type Encoding, preferredEncoding } from "./html-encoding.ts";

/**
 * The public pages the build rendered to HTML (ADR 010, scripts/prerender.mjs): each read on its first
 * request, with PUBLIC_URL put in its canonical and hreflang links, and sent compressed (its brotli and
 * gzip made once, on its first request too). Also robots.txt and sitemap.xml, which name the same
 * address.
 */

/** Where the build puts the pages, inside the web build; never served as files (see spa.ts). */
export const PRERENDERED_DIR = "prerendered";

type Manifest = { pages: Record<string, string> };

/**
 * The heads of the signed-in pages of web lib/first-view.ts by route id, each in every language
 * (scripts/prerender.mjs writes them, web entry-server.tsx renders them); spa.ts writes one into the
 * page's HTML.
 */
const FIRST_VIEWS_FILE = "first-views.json";

export type FirstViews = Readonly<Record<string, string>>;

/** The build's heads of the signed-in pages; none when the build has none. */
export function loadFirstViews(webDistDir: string): FirstViews {
  const file = join(resolve(webDistDir), PRERENDERED_DIR, FIRST_VIEWS_FILE);
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as FirstViews;
}

/** Sets the response's Content-Security-Policy (helmet's middleware), its scripts widened by `hashes`. */
export type PolicyWithScripts = (
  hashes: string[],
) => (request: IncomingMessage, response: ServerResponse, next: () => void) => void;

type Page = {
  html: Buffer;
  etag: string;
  compressed: Map<Encoding, Promise<Buffer>>;
  policy: ReturnType<PolicyWithScripts>;
};

export type PrerenderedPages = {
  /** Sends the page of `path`; null when there is none (the caller answers with the shell). */
  send(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply | null;
};

/**
 * The CSP sources of the page's inline scripts: `'sha256-…'` of each `<script>` written without
 * attributes (the head script of scripts/prerender.mjs; the page data's JSON block has a type and is
 * never run). The page's policy allows these and no other script written into it.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source = ""]) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`,
  );
}

/**
 * The pages of the web build in `webDistDir`; none when it has no prerendered pages. Each is sent with
 * the app's CSP widened to its own head script (`policyWith`), which it runs before the first paint
 * without a request of its own.
 */
export function loadPrerenderedPages(
  webDistDir: string,
  publicUrl: string,
  policyWith: PolicyWithScripts,
): PrerenderedPages {
  const dir = resolve(webDistDir, PRERENDERED_DIR);
  const manifestFile = join(dir, "manifest.json");
  const manifest: Manifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, "utf8"))
    : { pages: {} };
  // Read when first asked for, not at start: the 39 pages are 3.5 MB to read, rewrite and hash, about
  // 150 ms, which every instance (and every API test's app) paid though most never serve a page.
  const files = new Map(Object.entries(manifest.pages).map(([path, file]) => [path, join(dir, file)]));
  const pages = new Map<string, Page>();
  const pageAt = (path: string): Page | null => {
    const known = pages.get(path);
    if (known) return known;
    const file = files.get(path);
    if (!file) return null;
    const html = Buffer.from(readFileSync(file, "utf8").replaceAll(ORIGIN_PLACEHOLDER, publicUrl));
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    const policy = policyWith(inlineScriptHashes(html.toString("utf8")));
    const page = { html, etag, compressed: new Map(), policy };
    pages.set(path, page);
    return page;
  };

  function send(request: FastifyRequest, reply: FastifyReply, path: string): FastifyReply | null {
    const page = pageAt(path.length > 1 ? path.replace(/\/+$/, "") : path);
    if (!page) return null;
    // Synchronous: helmet's middleware sets the header and calls on at once.
    page.policy(request.raw, reply.raw, () => {});
    // HTML is revalidated on every visit (it names the current build's assets); the ETag makes that cheap.
    reply
      .code(200)
      .header("cache-control", "no-cache")
      .header("etag", page.etag)
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    if (request.headers["if-none-match"] === page.etag) return reply.code(304).send();
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.html);
    let body = page.compressed.get(encoding);
    if (!body) {
      body = compressHtml(page.html, encoding, "once");
      page.compressed.set(encoding, body);
    }
    // The reply itself is returned, not the promise: a handler's promise that resolves to nothing
    // before the reply has gone out makes Fastify answer a second time (ERR_HTTP_HEADERS_SENT).
    body.then(
      (bytes) => reply.header("content-encoding", encoding).send(bytes),
      (error: unknown) => reply.send(error),
    );
    return reply;
  }

  return { send };
}

/** robots.txt and sitemap.xml for PUBLIC_URL (README.md "Configuration"), from the route table. */
export function registerCrawlerFiles(app: FastifyInstance, publicUrl: string): void {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const cache = "public, max-age=3600";
  app.get("/robots.txt", { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", cache).type("text/plain; charset=utf-8").send(robots),
  );
  app.get("/sitemap.xml", { schema: { hide: true } }, (_request, reply) =>
    reply.header("cache-control", cache).type("application/xml; charset=utf-8").send(sitemap),
  );
}
