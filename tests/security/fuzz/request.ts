/** A request as the fuzz sends it, spelled out, so a failure can be printed and replayed by hand. */
export type FuzzRequest = {
  operation: string;
  identity: string;
  mutation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  /** JSON or other text, or an upload's bytes. */
  payload?: string | Buffer;
  remoteAddress: string;
};

/** A marker for a value planted into the URL as it is, without percent-encoding (e.g. `%00`, `..`). */
export class Raw {
  constructor(readonly text: string) {}
}

/**
 * Percent-encodes a value as a browser would send it. Unlike a bare encodeURIComponent it never throws:
 * a lone surrogate becomes U+FFFD first.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(Buffer.from(value, "utf8").toString("utf8"));
}

function spell(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (typeof value === "string") return percentEncode(value);
  if (value !== null && typeof value === "object") return percentEncode(JSON.stringify(value));
  return percentEncode(String(value));
}

export function buildUrl(
  path: string,
  pathValues: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => spell(pathValues[name] ?? ""));
  // An array is sent as a repeated key, the way query strings spell lists.
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${percentEncode(key)}=${spell(v)}`),
  );
  return pairs.length > 0 ? `${filled}?${pairs.join("&")}` : filled;
}

/** Bytes shown of a binary body in a report: enough to tell its signature. */
const SHOWN_BYTES = 32;

/** A binary body as its size and first bytes in hex; a file of megabytes would drown the report. */
function describeBytes(bytes: Buffer): string {
  const head = [...bytes.subarray(0, SHOWN_BYTES)].map((b) => b.toString(16).padStart(2, "0")).join(" ");
  return `${bytes.length} bytes${head ? `: ${head}${bytes.length > SHOWN_BYTES ? " …" : ""}` : ""}`;
}

/** One line per request for failure reports: long values are cut so the report stays readable. */
export function describeRequest(request: FuzzRequest): string {
  const cut = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}… (${s.length} chars)` : s);
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== "cookie")
    .map(([name, value]) => `${name}: ${cut(value)}`)
    .join(", ");
  return [
    `${request.method} ${cut(request.url)} as ${request.identity} [${request.mutation}] from ${request.remoteAddress}`,
    headers && `  headers: ${headers}`,
    request.payload !== undefined &&
      `  body: ${Buffer.isBuffer(request.payload) ? describeBytes(request.payload) : JSON.stringify(cut(request.payload))}`,
  ]
    .filter(Boolean)
    .join("\n");
}
