import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AccessUser, checkRouteAccess } from "../../domain/access.ts";
import { matchRoute, type RouteMatch } from "../../domain/routes.ts";
import { apiNotFound } from "./errors.ts";
import { firstAnswers } from "./first-answers.ts";
import { compressHtml, preferredEncoding } from "./html-encoding.ts";
import {
  inlineScriptHashes,
  loadFirstViews,
  type PolicyWithScripts,
  PRERENDERED_DIR,
  type PrerenderedPages,
  registerCrawlerFiles,
} from "./prerendered-pages.ts";

/** Developer pages of the web app outside the route table (the design reference); never in production. */
const DEV_PAGES: readonly string[] = ["/dev/design"];

/** The app header's bar in the frame index.html shows until the app's code has run (web app/boot-frame.css). */
const BOOT_FRAME_HEADER = '<div class="boot-frame-header" aria-hidden="true"></div>';

/** The spinner of the frame index.html shows until the app's code has run (web app/boot-frame.css). */
const BOOT_FRAME_LOADER = '<div class="boot-frame-loader" aria-hidden="true"></div>';

const PRODUCTION_DEV_PAGE_404 =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Not found – Pedaali</title><p>Not found. <a href="/">Pedaali</a></p></html>';

/**
 * Serves the built web app and answers every other GET with index.html so the browser router can
 * take over. Paths of docs/product.md "Screens" answer 200; anything else gets index.html with 404, so the app shows
 * its not-found page and crawlers see the status. Unknown /api/* routes get the JSON 404.
 * DEV_PAGES answer 200 when `devPages` is on (outside production); in production they answer a plain
 * 404 page without the app, since the app itself would still render them.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  {
    devPages,
    pages,
    publicUrl,
    policyWith,
  }: {
    devPages: boolean;
    /** The prerendered public pages (ADR 010), answered instead of the empty shell. */
    pages: PrerenderedPages;
    publicUrl: string;
    /** The app's CSP widened to the shell's head script (the color scheme, scripts/prerender.mjs). */
    policyWith: PolicyWithScripts;
  },
): Promise<void> {
  const root = resolve(webDistDir);
  const built = existsSync(resolve(root, "index.html"));
  const shell = built ? readFileSync(resolve(root, "index.html"), "utf8") : "";
  const shellPolicy = policyWith(built ? inlineScriptHashes(shell) : []);
  const firstViews = loadFirstViews(root);
  registerCrawlerFiles(app, publicUrl);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build's brotli and gzip copies (scripts/prerender.mjs), so nothing is compressed per request.
      preCompressed: true,
      // The prerendered pages are answered by their paths below, with PUBLIC_URL filled in.
      allowedPath: (pathName) => !pathName.startsWith(`/${PRERENDERED_DIR}/`),
      setHeaders: (reply, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.startsWith(`${resolve(root, "assets")}/`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const sendIndex = (reply: FastifyReply, status: number) => {
    if (!built) {
      return reply
        .code(503)
        .type("text/html; charset=utf-8")
        .send(
          "<!doctype html><title>Pedaali</title><p>The web app is not built yet: run <code>npm run build</code>.</p>",
        );
    }
    // Synchronous: helmet's middleware sets the header and calls on at once.
    shellPolicy(reply.request.raw, reply.raw, () => {});
    return reply.code(status).header("cache-control", "no-cache").sendFile("index.html");
  };

  /**
   * The page's first view from the build (web lib/first-view.ts), in the frame's place before its loader,
   * for a user the page is for, on the page's own path (the admin area's other paths share its route, not
   * its first view); anyone else is sent elsewhere by the app and sees the frame alone. A page in the
   * admin layout has the admin frame's bar, not the app header's, so the frame's header bar goes.
   */
  const withFirstView = (html: string, path: string, match: RouteMatch, user: AccessUser | null): string => {
    const { route } = match;
    if (checkRouteAccess(route, user) !== "allow") return html;
    const frame = route.layout === "admin" ? html.replace(BOOT_FRAME_HEADER, "") : html;
    const head = firstViews[route.id];
    const own = (match.lang ? path.slice(match.lang.length + 1) : path).replace(/\/+$/, "") === route.path;
    if (!head || !own) return frame;
    return frame.replace(BOOT_FRAME_LOADER, () => `${head}${BOOT_FRAME_LOADER}`);
  };

  /**
   * A signed-in page for someone logged in: the shell with the user's answer written in (first-answers.ts)
   * and the page's head, for this visitor only. Anyone else, or when the answer cannot be had, gets the
   * shell as it is.
   */
  const sendSignedIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    match: RouteMatch,
  ) => {
    const answers = await firstAnswers(app, request).catch((error: unknown) => {
      request.log.warn({ err: error }, "the user's answer for a signed-in page could not be had");
      return null;
    });
    if (answers && answers.cookies.length > 0) reply.header("set-cookie", answers.cookies);
    if (!answers?.block) return sendIndex(reply, 200);
    shellPolicy(reply.request.raw, reply.raw, () => {});
    const { block, user } = answers;
    const html = Buffer.from(
      withFirstView(shell, path, match, user).replace("</body>", () => `${block}</body>`),
    );
    // This visitor's own data: kept by no cache, the browser's included.
    reply
      .code(200)
      .header("cache-control", "no-store")
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(html);
    return reply.header("content-encoding", encoding).send(await compressHtml(html, encoding, "per-visit"));
  };

  app.setNotFoundHandler(
    { preHandler: app.rateLimit({ max: 300, timeWindow: "1 minute" }) },
    (request, reply) => {
      const path = request.url.split("?")[0] ?? "/";
      if (
        path === "/api" ||
        path.startsWith("/api/") ||
        (request.method !== "GET" && request.method !== "HEAD")
      ) {
        return reply
          .code(404)
          .header("cache-control", "no-store")
          .send(apiNotFound(request.method, request.url));
      }
      if (DEV_PAGES.includes(path)) {
        if (devPages) return sendIndex(reply, 200);
        return reply
          .code(404)
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(PRODUCTION_DEV_PAGE_404);
      }
      const prerendered = pages.send(request, reply, path);
      if (prerendered) return prerendered;
      const match = matchRoute(path);
      if (built && request.method === "GET" && match && match.route.access.kind !== "public") {
        return sendSignedIn(request, reply, path, match);
      }
      return sendIndex(reply, match ? 200 : 404);
    },
  );
}
