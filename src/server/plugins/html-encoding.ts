import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The compression of the HTML the server answers outside its routes (@fastify/compress compresses a
 * route's answers, not those of the not-found handler that answers the web app's pages): a prerendered
 * page's, made once at the highest level, and a signed-in page's, made for each visit at a quick one.
 */
export type Encoding = "br" | "gzip";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `once`: a page kept and sent many times, worth the slowest setting; `per-visit`: a few KB per request. */
export function compressHtml(html: Buffer, encoding: Encoding, use: "once" | "per-visit"): Promise<Buffer> {
  const best = use === "once";
  if (encoding === "gzip") return gzipAsync(html, { level: best ? constants.Z_BEST_COMPRESSION : 6 });
  return brotli(html, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}

/** br when the client takes it, else gzip, else none (a q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}
