/**
 * The hostile values the fuzz plants into requests. Each list names what it attacks; the mutations
 * (mutations.ts) decide where the values go.
 */

/** Control characters (PostgreSQL refuses NUL in text), odd unicode and encodings. */
export const NASTY_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003\u0007\b\t\n\v\f\r\u001b\u001f\u007f",
  "\u0085\u00a0\u2028\u2029",
  "\ud800",
  "x\udfffy",
  "\udbff\udfff",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "\u202eevil\u202c",
  "שלום مرحبا",
  "\u200b\u200c\u200d\ufeff",
  "e\u0301\u0301\u0301\u0301",
  "\uffff\ufffe",
  "%00",
  "%",
  "%ff%fe",
  "\\u0000",
  " ",
  "",
];

/** SQL, script, template and path-traversal payloads: they must be stored or refused, never run. */
export const INJECTIONS = [
  "' OR 1=1--",
  "'; DROP TABLE users;--",
  '" OR ""="',
  "1; SELECT pg_sleep(5)--",
  "%' OR '%'='",
  "\\' OR 1=1 --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, meant literally.
  "${7*7}",
  "{{7*7}}",
  "#{7*7}",
  "../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "/dev/zero",
  "__proto__",
  '{"$ne":null}',
  "someone@example.test' --",
  "\r\nSet-Cookie: injected=1",
  "a@b.c\r\nBcc: victim@example.com",
];

/** Numbers at and past every edge, and numbers spelled as strings. */
export const EDGE_NUMBERS: unknown[] = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  "NaN",
  "Infinity",
  "-Infinity",
  "1e999",
  "0x10",
  " 1 ",
  "1,5",
  "01",
  "-0",
  "9".repeat(400),
];

/** Path parameter values that are no id. Planted raw into the URL (not encoded). */
export const BAD_PATH_VALUES = [
  "..",
  ".",
  "%2e%2e",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "%ff",
  "%",
  "%%",
  "0",
  "-1",
  "null",
  "undefined",
  "not-a-uuid",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "00000000-0000-0000-0000-00000000000g",
  "%27%20OR%201%3D1--",
  "%3Cscript%3E",
  "a".repeat(5_000),
  "%20",
];

/** Other spellings of the same path: percent-encoding (a guard must hold whatever the spelling), case, slashes, dot segments. */
export const PATH_SPELLINGS: ReadonlyArray<(path: string) => string> = [
  (p) => p.replace(/^\/api\//, "/%61pi/"),
  (p) => p.replace(/^\/api\//, "/%2561pi/"),
  (p) => p.replace(/^\/api\//, "/API/"),
  (p) => p.replace(/^\/api\//, "//api//"),
  (p) => p.replace(/^\/api\//, "/api/./"),
  (p) => p.replace(/^\/api\//, "/api/../api/"),
  (p) => p.replace(/^\/api\//, "/api%2f"),
  (p) => `${p}/`,
  (p) => `${p};x=1`,
  (p) => `${p}%00`,
  (p) => `${p}?`,
  (p) => `${p}#fragment`,
  (p) => p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`),
];

/** Content types a JSON body may arrive with; only the JSON ones should be parsed. */
export const ODD_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/json; charset=latin1",
  "application/JSON",
  "application/vnd.api+json",
  "application/json, text/plain",
  "",
];

/**
 * Content types an upload's bytes may arrive with that are no file type it takes (a page, a script-
 * carrying image, a form), and allowed ones that disagree with the bytes: the server goes by the bytes.
 */
export const ODD_UPLOAD_CONTENT_TYPES = [
  "text/html",
  "image/svg+xml",
  "multipart/form-data",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "text/plain",
  "application/xml",
  "application/json",
  "application/octet-stream; charset=utf-8",
  "APPLICATION/OCTET-STREAM",
  "image/png",
  "application/pdf",
  "",
];

/**
 * File names an upload may claim: path traversal, control and direction-changing characters, header
 * and markup injection, reserved and dot-only names, and names far over any length limit.
 */
export const HOSTILE_FILE_NAMES = [
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "/etc/shadow",
  "C:\\Windows\\System32\\cmd.exe",
  "kuitti\u202efdp.exe",
  "kuitti\u2066.pdf\u2069.exe",
  "kuitti.pdf\u0000.exe",
  "kuitti\r\n.pdf",
  'kuitti.pdf"; filename="evil.html',
  "<img src=x onerror=alert(1)>.pdf",
  "%2e%2e%2fkuitti.pdf",
  "CON.pdf",
  ".htaccess",
  "...",
  ".",
  " ",
  "kuitti.exe",
  `${"a".repeat(1_000)}.pdf`,
  "😀".repeat(500),
];

/** Bodies that are not JSON, or JSON that parsers trip on. */
export const MALFORMED_JSON = [
  "",
  "{",
  '{"a":',
  "[1,]",
  "{'a':1}",
  "nul",
  "undefined",
  '{"a":1}garbage',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  "\ufeff{}",
  '"\\ud800"',
  "1e99999",
  `${"[".repeat(10_000)}${"]".repeat(10_000)}`,
  `{"a":"${"\\u0000".repeat(10)}"}`,
];

/** Keys a body should not accept: mass assignment and prototype pollution. */
export const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "id",
  "isAdmin",
  "role",
  "roles",
  "permissions",
  "companyId",
  "userId",
  "deactivated",
  "passwordHash",
  "password",
  "isSystem",
  "createdAt",
];

/**
 * Origins a browser might send, weighted: mostly none (a script) so that requests reach the handlers,
 * sometimes ours, a foreign one or the opaque "null" (refused on state-changing calls).
 */
export const ORIGINS: { weight: number; value: string | undefined }[] = [
  { weight: 16, value: undefined },
  { weight: 2, value: "http://localhost:3000" },
  { weight: 1, value: "https://evil.example" },
  { weight: 1, value: "null" },
];

export const HUGE_STRING_LENGTH = 100_000;
/**
 * Huge values in a path or query are shorter: Node's HTTP parser refuses request heads over 16 KB
 * (431) before Fastify sees them, so a longer URL exists only in-process and costs the run time.
 */
export const HUGE_URL_VALUE_LENGTH = 4_000;
/** Fastify's bodyLimit in app.ts is 1 MiB: these bodies are just over it. */
export const OVERSIZED_BODY_BYTES = 1024 * 1024 + 16;
