import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The shape rules of docs/architecture.md that a linter cannot say: one writer of the event log, no
 * transaction casts, no source file that grows past what a reader takes in at once. Each list of
 * exceptions names its reason and may only shrink: a file that stops needing its entry must leave it.
 */
const sources = (readdirSync("src", { recursive: true }) as string[])
  .map((f) => `src/${f}`)
  // Tests and the kits they build data with (test-kit.ts, test-fixtures.ts) are not product code.
  .filter((f) => /\.tsx?$/.test(f) && !/(\.test\.tsx?|\/test-[\w-]+\.ts)$/.test(f) && !f.includes("/test/"));
const read = (file: string) => readFileSync(file, "utf8");
const filesMatching = (pattern: RegExp) => sources.filter((f) => pattern.test(read(f))).sort();

/** Demo data is written as it would have happened, with back-dated rows and many at once. */
const SEED = /^src\/server\/db\/seed\//;

/**
 * Where an AppError is built outside an area's errors.ts (the one place a module's error codes are made),
 * each with its reason; the list only shrinks.
 */
const ERRORS_BUILT_ELSEWHERE: Record<string, string> = {
  "src/server/files/uploads.ts": "the upload refusals' one factory, beside the limits it names",
  "src/server/plugins/auth.ts": "the guards' own refusals: CSRF token, origin, deactivated account",
};

/**
 * The codes that say no more than their status (src/server/errors.ts's factories and the areas' own
 * wording of them): built with the refusal's own message wherever a request is refused.
 */
const STATUS_CODES = new Set([
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "VALIDATION_ERROR",
  "TOO_MANY_REQUESTS",
  "SERVICE_UNAVAILABLE",
  "INTERNAL_ERROR",
]);

/**
 * The error codes a source builds, each with the status it answers: an AppError, the login's `fail`
 * and the 409 factory `conflict`, each given the code as written.
 */
function errorBuilds(source: string): { code: string; status: string }[] {
  const withStatus = /\b(?:new AppError|fail)\(\s*(\d{3})\s*,\s*"([A-Z][A-Z0-9_]*)"/g;
  const conflicts = /\bconflict\(\s*"([A-Z][A-Z0-9_]*)"/g;
  return [
    ...[...source.matchAll(withStatus)].map((m) => ({ status: m[1] as string, code: m[2] as string })),
    ...[...source.matchAll(conflicts)].map((m) => ({ status: "409", code: m[1] as string })),
  ];
}

/** The form helper, the one module that reads a schema's maxLength (zod's name for a text's max). */
const FORM_HELPER = "src/web/lib/contract-form.ts";

const MAX_LINES = 500;
/** Files allowed past MAX_LINES, each with its reason; the list only shrinks. */
const LONG_FILES: Record<string, string> = {
  "src/domain/notification-table.ts": "one row per event of every flow, read as one table",
};

/**
 * The database test files (*.db.test.ts) under src/ and tests/, which `sources` leaves out: each builds
 * the app on a database of its own, and one past MAX_DATABASE_TEST_LINES is split by use case.
 */
const databaseTests = ["src", "tests"].flatMap((root) =>
  (readdirSync(root, { recursive: true }) as string[])
    .map((f) => `${root}/${f}`)
    .filter((f) => f.endsWith(".db.test.ts")),
);
const MAX_DATABASE_TEST_LINES = 700;
/** A file's lines as an editor numbers them: the newline that ends the last one starts no other. */
const lineCount = (file: string) => read(file).trimEnd().split("\n").length;

/**
 * Each call in a source that `opening` finds (a pattern ending at the call's opening bracket), as its
 * text up to the matching closing bracket, with how many arguments follow its first (a trailing comma
 * is not one).
 */
function callsOf(source: string, opening: RegExp): { text: string; laterArguments: number }[] {
  const found: { text: string; laterArguments: number }[] = [];
  for (const match of source.matchAll(opening)) {
    let depth = 1;
    let laterArguments = 0;
    let i = (match.index ?? 0) + match[0].length;
    for (; i < source.length && depth > 0; i++) {
      const c = source[i];
      if (c === "(" || c === "[" || c === "{") depth++;
      else if (c === ")" || c === "]" || c === "}") depth--;
      else if (c === "," && depth === 1 && source.slice(i + 1).trimStart()[0] !== ")") laterArguments++;
    }
    found.push({ text: source.slice(match.index, i), laterArguments });
  }
  return found;
}

/**
 * The `.mutate(` calls of a source that pass callbacks (a second argument): React Query drops those when
 * the component that asked unmounts, so the web says a change's outcome through mutateThen instead.
 */
function mutateCallsWithCallbacks(source: string): string[] {
  return callsOf(source, /\.mutate\(/g)
    .filter((call) => call.laterArguments > 0)
    .map((call) => call.text.split("\n")[0] ?? "");
}

/** Where a feature words a sum its own way, each with its reason; the list only shrinks. */
const OWN_MONEY_TEXT: Record<string, string> = {
  "src/web/features/home/home-page.tsx":
    "sums inside the home page's sentences (formatEurosInText), kept off lib/money.ts for the home page's script budget",
};

/** Each top-level declaration of a source (a function, constant or class), with its text up to the next. */
function declarationsOf(source: string): { name: string; text: string }[] {
  const starts = [...source.matchAll(/^(?:export )?(?:async )?(?:function\*? ?|const |let |class )(\w+)/gm)];
  return starts.map((start, i) => ({
    name: start[1] as string,
    text: source.slice(start.index, starts[i + 1]?.index ?? source.length),
  }));
}

describe("the code's shape", () => {
  it("writes the event log only through recordEvent (src/server/db/event-log.ts) and the demo seed", () => {
    const writers = filesMatching(/\binsert\(eventLog\)/).filter(
      (f) => f !== "src/server/db/event-log.ts" && !SEED.test(f),
    );
    expect(writers).toEqual([]);
  });

  it.each([
    ["orders", "src/server/modules/orders/"],
    ["invoices", "src/server/modules/invoices/"],
  ])("lets only its owner module write the %s table; the others call it", (table, owner) => {
    const writes = new RegExp(`\\.(insert|update|delete)\\(${table}\\)`);
    const writers = filesMatching(writes).filter((f) => !f.startsWith(owner) && !SEED.test(f));
    expect(writers).toEqual([]);
  });

  it("types transactions as Tx instead of casting them to Db", () => {
    // The two driver constructors in db/client.ts make the one Db type both databases share.
    const casting = filesMatching(/as unknown as Db\b/).filter((f) => f !== "src/server/db/client.ts");
    expect(casting).toEqual([]);
  });

  it("names each area's view of the signed-in user after its area (<Area>Viewer), never a bare Viewer", () => {
    // docs/glossary.md: a Pick of CurrentUser per area; one name for several shapes hid which one a
    // function took.
    const bare = /\btype Viewer\b|\binterface Viewer\b/;
    expect(sources.filter((f) => f.startsWith("src/") && bare.test(read(f)))).toEqual([]);
    expect(bare.test('type Viewer = Pick<CurrentUser, "scope">;')).toBe(true);
    expect(bare.test('type OrderViewer = Pick<CurrentUser, "scope">;')).toBe(false);
  });

  it("builds errors in each area's errors.ts", () => {
    const building = filesMatching(/new AppError\(/).filter((f) => !f.endsWith("/errors.ts"));
    expect(building).toEqual(Object.keys(ERRORS_BUILT_ELSEWHERE).sort());
  });

  it("builds each error code in one factory, with one status", () => {
    const builds = new Map<string, { at: string; status: string }[]>();
    for (const file of sources.filter((f) => f.startsWith("src/server/"))) {
      for (const { code, status } of errorBuilds(read(file))) {
        builds.set(code, [...(builds.get(code) ?? []), { at: file, status }]);
      }
    }
    const problems = [...builds].flatMap(([code, found]) => {
      const statuses = new Set(found.map((b) => b.status));
      if (statuses.size > 1) return [`${code} answers ${[...statuses].sort().join(" and ")}`];
      if (!STATUS_CODES.has(code) && found.length > 1) {
        return [`${code} is built in ${found.length} places: ${found.map((b) => b.at).join(", ")}`];
      }
      return [];
    });
    expect(problems).toEqual([]);
    // The scan finds what it looks for: the login's own factory and the area factories alike.
    expect(builds.get("INVALID_CREDENTIALS")).toHaveLength(1);
    expect(builds.get("EMAIL_TAKEN")).toEqual([
      { at: "src/server/modules/system-users/errors.ts", status: "409" },
    ]);
  });

  it("says what follows a change's outcome through mutateThen, not mutate()'s callbacks", () => {
    const web = sources.filter((f) => f.startsWith("src/web/"));
    const dropped = web.flatMap((f) => mutateCallsWithCallbacks(read(f)).map((call) => `${f}: ${call}`));
    expect(dropped).toEqual([]);
    // The check itself still finds one.
    expect(mutateCallsWithCallbacks("save.mutate(body, {\n onSuccess: done,\n});")).toHaveLength(1);
    expect(mutateCallsWithCallbacks("save.mutate(body);")).toEqual([]);
  });

  it("lets no text field cut what is typed with maxLength: the contract form helper says the limit", () => {
    // A maxLength attribute silently drops what is typed or pasted past it; the helper (lib/contract-form.ts)
    // takes the limit from the contract's schema and says "at most N characters" without cutting.
    const attribute = /\bmaxLength\s*[=:]/;
    const cutting = sources
      .filter((f) => f.startsWith("src/web/") && f !== FORM_HELPER && attribute.test(read(f)))
      .sort();
    expect(cutting).toEqual([]);
    // The check itself still finds one, written as an attribute or spread as a prop.
    expect(attribute.test("<TextInput maxLength={100} />")).toBe(true);
    expect(attribute.test("{ maxLength: 100 }")).toBe(true);
    expect(attribute.test('t("passwordRules.maxLength")')).toBe(false);
  });

  it("makes every form of the web with useContractForm: only the form helper imports @mantine/form", () => {
    // A form made with useForm itself checks its fields by hand beside the contract's schema the server
    // checks the request with; a field group handed a form takes its types from lib/contract-form.ts.
    const mantineForm = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']@mantine\/form["']/;
    const direct = sources
      .filter((f) => f.startsWith("src/web/") && f !== FORM_HELPER && mantineForm.test(read(f)))
      .sort();
    expect(direct).toEqual([]);
    // The check itself still finds one, a type's import too, but not a comment naming the package.
    expect(read(FORM_HELPER)).toMatch(mantineForm);
    expect(mantineForm.test('import { useForm } from "@mantine/form";')).toBe(true);
    expect(mantineForm.test('import type { UseFormReturnType } from "@mantine/form";')).toBe(true);
    expect(mantineForm.test('await import("@mantine/form")')).toBe(true);
    expect(mantineForm.test("/** What the summary needs of a @mantine/form form. */")).toBe(false);
  });

  it("checks the reference-data forms with useContractForm, with no validate function of their own beside it", () => {
    // The tax tables' forms read their fields' texts as useContractForm's rules (tableChecks in
    // admin/tax-tables/form-validation.ts); a second way to run the schema would drift from the first.
    const beside = /\bvalidateWith\b/;
    expect(filesMatching(beside)).toEqual([]);
    expect(beside.test("validate: validateWith(build, zTaxTableInput, t),")).toBe(true);
  });

  it("puts every file input through FileField, whose clear button has a name", () => {
    // Mantine's FileInput alone leaves its clear button without a name: axe and screen readers miss it.
    const field = "src/web/components/file-field.tsx";
    const raw = sources.filter(
      (f) => f.startsWith("src/web/") && f !== field && /<FileInput\b/.test(read(f)),
    );
    expect(raw).toEqual([]);
    expect(read(field)).toContain("clearButtonProps");
  });

  it("measures a day as DAY_MS of domain/dates.ts, not a literal of its own", () => {
    const literal = /\b24 \* 60 \* 60 \* 1000\b|\b86_?400_?000\b/;
    // The banner's 24 hours are a constant of the home page's entry, which dates.ts is kept out of.
    const allowed = new Set(["src/domain/dates.ts", "src/domain/constants.ts"]);
    expect(sources.filter((f) => !allowed.has(f) && literal.test(read(f)))).toEqual([]);
    expect(literal.test("const DAY = 24 * 60 * 60 * 1000;")).toBe(true);
    expect(literal.test("days * 86_400_000")).toBe(true);
  });

  it("shows every dialog through ConfirmDialog or ActionDialog, never Mantine's Modal itself", () => {
    // One way to a dialog: the same frame, close button's name, focus on open and buttons' order everywhere.
    const dialogs = ["src/web/components/confirm-dialog.tsx", "src/web/components/action-dialog.tsx"];
    const modal = /<Modal\b|import\s*\{[^}]*\bModal\b[^}]*\}\s*from\s*"@mantine\/core"/;
    const raw = sources.filter(
      (f) => f.startsWith("src/web/") && !dialogs.includes(f) && modal.test(read(f)),
    );
    expect(raw).toEqual([]);
    // The check itself still finds the element and its import, and not a part named after it.
    for (const dialog of dialogs) expect(modal.test(read(dialog))).toBe(true);
    expect(modal.test('import { Button, Modal, Stack } from "@mantine/core";')).toBe(true);
    expect(modal.test("<Modal.Root opened>")).toBe(true);
    expect(modal.test("<EditorModal opened>")).toBe(false);
  });

  it("shows options side by side through Segments, never Mantine's SegmentedControl itself", () => {
    // Its sliding indicator measures the page as it mounts: a layout of the whole page inside a render.
    const segments = "src/web/components/segments.tsx";
    const control = /<SegmentedControl\b/;
    const raw = sources.filter((f) => f.startsWith("src/web/") && f !== segments && control.test(read(f)));
    expect(raw).toEqual([]);
    expect(read(segments)).toContain("SegmentedControl.classes");
    expect(control.test("<SegmentedControl value={view}")).toBe(true);
    expect(control.test("<SegmentedControlLike")).toBe(false);
  });

  it("says that a caller shows a call's error itself with the one SILENT of lib/query-client.ts", () => {
    const own = /\bconst \w+ = \{ silent: true \}/;
    const copies = sources.filter((f) => f.startsWith("src/web/") && own.test(read(f)));
    expect(copies).toEqual([]);
    expect(own.test("const SILENT = { silent: true };")).toBe(true);
  });

  it("keeps a list's page and filters in the address or the one local hook of lib/filter-params.ts, never a useState", () => {
    // One way to a list's paging: useFilterParams (a reload or a shared link shows the same rows; a
    // second list of a page under its prefix) or, in a dialog or a drawer, useLocalFilterParams.
    const own =
      /const \[\s*(page|\w+Page)\s*,\s*set\w*\s*\]\s*=\s*useState\b|useState(<[^>]*>)?\(\s*\{[^}]*\bpage\s*:/;
    const lists = sources.filter((f) => f.startsWith("src/web/features/") && own.test(read(f)));
    expect(lists).toEqual([]);
    expect(own.test("const [page, setPage] = useState(1);")).toBe(true);
    expect(own.test("const [ordersPage, setOrdersPage] = useState<number>(1);")).toBe(true);
    expect(own.test('useState<Filter>({ status: "", reason: "", page: 1 });')).toBe(true);
    expect(own.test("const { params, update } = useFilterParams(KEYS);")).toBe(false);
    expect(own.test("const [pageSize, setPageSize] = useState(20);")).toBe(false);
  });

  it("refreshes what a change made stale through its area's one refresh helper, built on refreshQueries", () => {
    // docs/architecture.md "How the web does each thing": the api file of an area says in one place what
    // its changes make stale; components and mutation hooks call that helper, never the cache itself.
    const invalidates = /\.invalidateQueries\(/;
    const web = sources.filter((f) => f.startsWith("src/web/") && !f.startsWith("src/web/lib/"));
    expect(web.filter((f) => invalidates.test(read(f)))).toEqual([]);
    const refreshes = /\brefreshQueries\(/;
    expect(web.filter((f) => !f.endsWith("-api.ts") && refreshes.test(read(f)))).toEqual([]);
    const severalOrMisnamed = web
      .filter((f) => f.endsWith("-api.ts"))
      .map((f) => ({ f, helpers: declarationsOf(read(f)).filter((d) => refreshes.test(d.text)) }))
      .filter(({ helpers }) => helpers.length > 1 || helpers.some((d) => !/^refresh[A-Z]/.test(d.name)))
      .map(({ f, helpers }) => `${f}: ${helpers.map((d) => d.name).join(", ")}`);
    expect(severalOrMisnamed).toEqual([]);
    expect(invalidates.test("void queryClient.invalidateQueries({ queryKey: endpointKey(api.list) });")).toBe(
      true,
    );
    expect(invalidates.test("invalidateQueries(): Promise<void> {")).toBe(false);
    expect(
      declarationsOf("const A = 1;\nexport function refreshB() {\n  return 2;\n}\n").map((d) => d.name),
    ).toEqual(["A", "refreshB"]);
  });

  it("shows a calendar date on the web through formatCalendarDate, not a noon of its own", () => {
    // Where the web reads a YYYY-MM-DD as a day in Helsinki is said once, in lib/formatters.ts.
    const noon = /T12:00:00Z/;
    const web = sources.filter(
      (f) => f.startsWith("src/web/") && f !== "src/web/lib/formatters.ts" && !/\.test\.tsx?$/.test(f),
    );
    expect(web.filter((f) => noon.test(read(f)))).toEqual([]);
  });

  it("loads one object's page through QueryFrame, which alone tells a query's 404 from its other failures", () => {
    // The spinner, the not-found and the retry of a detail page are written once (components/query-frame.tsx),
    // so every page says them alike. A page that reads its query's 404 itself is writing that frame again.
    const ownNotFound = /\b(\w+)\.error instanceof ApiError && \1\.error\.status === 404/;
    const features = sources.filter((f) => f.startsWith("src/web/features/"));
    expect(features.filter((f) => ownNotFound.test(read(f)))).toEqual([]);
    expect(ownNotFound.test(read("src/web/components/query-frame.tsx"))).toBe(true);
    expect(
      ownNotFound.test("const missing = company.error instanceof ApiError && company.error.status === 404;"),
    ).toBe(true);
    // A refusal of a change read by its own code is not a page's frame.
    expect(ownNotFound.test('save.error instanceof ApiError && save.error.code === "INVALID_TOKEN"')).toBe(
      false,
    );
  });

  it("shows money on the web through money() of lib/money.ts, with no wrapper of a feature's own", () => {
    // The reader's language is bound in one place, so every screen writes a sum the same way.
    const formats = /\bformat(?:Money|Cents)\(/;
    const wrapper =
      /\b(?:const (?:money|euros|eur|formatEuros) = (?:\([^)]*\)|\w+) =>|function (?:money|euros|eur|formatEuros)\()/;
    const web = sources.filter((f) => f.startsWith("src/web/") && !f.startsWith("src/web/lib/"));
    expect(web.filter((f) => formats.test(read(f)))).toEqual([]);
    expect(web.filter((f) => !OWN_MONEY_TEXT[f] && wrapper.test(read(f)))).toEqual([]);
    for (const f of Object.keys(OWN_MONEY_TEXT)) expect(wrapper.test(read(f))).toBe(true);
    expect(wrapper.test("const money = (cents: number) => formatMoney(cents, lng);")).toBe(true);
    expect(wrapper.test("function formatEuros(euros: number): string {")).toBe(true);
    expect(wrapper.test("const money = useMoney();")).toBe(false);
  });

  it("reads the API on the web through the contract's endpoints: useEndpointQuery, never a raw useQuery", () => {
    // docs/architecture.md "How the web does each thing": the address, the answer's check and the cache
    // key come from the endpoint (src/web/lib/endpoint-client.ts), so a change refreshes every reader.
    const raw = /\buseQuery\s*(<[^>]*>)?\(/;
    // The public build's stand-in for the library (ADR 023) defines useQuery; it calls no endpoint.
    const library = "src/web/public/react-query.ts";
    const readers = sources.filter(
      (f) => f.startsWith("src/web/") && !f.startsWith("src/web/lib/") && f !== library && raw.test(read(f)),
    );
    expect(readers).toEqual([]);
    expect(raw.test("const list = useQuery({ ...listQuery(page) });")).toBe(true);
    expect(raw.test("return useQuery<TPage, Error>({")).toBe(true);
    expect(raw.test("const queryClient = useQueryClient();")).toBe(false);
    expect(raw.test("return useEndpointQuery(api.list, { query });")).toBe(false);
  });

  it("calls the API on the web through the contract's endpoints, never apiFetch with an address of its own", () => {
    // apiFetch (src/web/lib/api-client.ts) stays under callEndpoint and the uploads of src/web/lib.
    const raw = /\bapiFetch\s*(<[^>]*>)?\(/;
    const callers = sources.filter(
      (f) => f.startsWith("src/web/") && !f.startsWith("src/web/lib/") && raw.test(read(f)),
    );
    expect(callers).toEqual([]);
    expect(raw.test('apiFetch("/api/system-users/" + userId, { method: "PUT" })')).toBe(true);
    expect(raw.test('await apiFetch<unknown>("/api/login", { method: "POST" })')).toBe(true);
    expect(raw.test("callEndpoint(systemUsersApi.updateWorkEmail, { params, body })")).toBe(false);
  });

  it("takes every API address on the web from the contract's endpoints: no feature types an /api/ address", () => {
    // A call, an upload and a file's link each build their address from an endpoint (src/web/lib/
    // endpoint-client.ts, upload.ts, file-href.ts), so a changed path is a type error, not a dead link.
    // The comments that name a call keep its address; the fake APIs of the tests (test-*.tsx) too.
    const code = (source: string) =>
      source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
    const typed = /\/api\//;
    const own = sources.filter(
      (f) => f.startsWith("src/web/features/") && !/\/test-[\w-]+\.tsx$/.test(f) && typed.test(code(read(f))),
    );
    expect(own).toEqual([]);
    expect(typed.test(code("return `/api/orders/` + encodeURIComponent(id) + `/agreement.pdf`;"))).toBe(true);
    expect(typed.test(code('await uploadFile("/api/refund/upload", query, file);'))).toBe(true);
    expect(typed.test(code('const BASE_PATH = "/api/beneficiary-employee"; // the list'))).toBe(true);
    expect(typed.test(code("/** GET /api/tasks: what waits for the helpdesk. */"))).toBe(false);
    expect(typed.test(code("// POST /api/bike-redemption/{id}/choice"))).toBe(false);
    expect(typed.test(code("return fileHref(api.file, { params: { id, fileId } });"))).toBe(false);
  });

  it("cites only what the repository holds: no specification, design document or research note outside it", () => {
    // The product's behaviour is in docs/product.md, its calls in docs/api-surface.md, its records in
    // docs/data-model.md, the code's shape in docs/architecture.md, the tax rules and figures with their
    // public sources in docs/tax-parameters.md and the words in docs/glossary.md. The decisions keep their
    // words as written. This file holds the samples below, so it is left out of the scan.
    const outside = new RegExp(
      [
        ...["SPEC", "DESIGN\\.md"].map((name) => `${name} ?\u00a7`),
        "peers(?:\\.md| ?\u00a7)",
        "finnish-bike-benefit-tax",
        "fi-vero-wage-examples",
        "fi-municipal-tax-rates",
        "code-style-anchors",
        "stack[- ]notes",
        "GLOSSARY\\.md",
        "research/",
        "[Rr]esearch notes?\\b",
        "/work/shared",
      ].join("|"),
    );
    const tracked = execFileSync("git", ["ls-files", "src", "tests", "scripts", "docs", "README.md"], {
      encoding: "utf8",
    })
      .split("\n")
      .filter(
        (f) =>
          f &&
          f !== "tests/unit/code-shape.test.ts" &&
          !f.startsWith("docs/decisions/") &&
          !/\.(png|svg|woff2|ico|gz)$/.test(f),
      );
    expect(tracked.filter((f) => outside.test(read(f)))).toEqual([]);
    for (const sample of [
      "(SPEC \u00a77)",
      "(peers.md \u00a72.4)",
      "(the peers' stage rules, peers \u00a72.4)",
      "../shared/research/finnish-bike-benefit-tax.md \u00a78",
      "(fi-vero-wage-examples.md: eight gross wages)",
      "(the research's fi-municipal-tax-rates-<year>.csv)",
      "(code-style-anchors \u00a79.6)",
      "(stack notes \u00a73.7)",
      "in the words of GLOSSARY.md",
      "(research note \u00a71.3)",
      "/work/shared/spec",
    ]) {
      expect(outside.test(sample), sample).toBe(true);
    }
    // The repository's own glossary and an ordinary word are not outside notes.
    expect(outside.test("docs/glossary.md")).toBe(false);
    expect(outside.test("next to the peers' own type")).toBe(false);
  });

  it(`keeps source files under ${MAX_LINES} lines unless LONG_FILES names them`, () => {
    const long = sources.filter((f) => read(f).split("\n").length > MAX_LINES).sort();
    expect(long).toEqual(Object.keys(LONG_FILES).sort());
  });

  it(`keeps every database test file at most ${MAX_DATABASE_TEST_LINES} lines, split by use case`, () => {
    const long = databaseTests
      .filter((f) => lineCount(f) > MAX_DATABASE_TEST_LINES)
      .map((f) => `${f}: ${lineCount(f)} lines`)
      .sort();
    expect(long).toEqual([]);
    // The scan finds the database tests of both roots.
    expect(databaseTests).toContain("src/server/app.db.test.ts");
    expect(databaseTests.some((f) => f.startsWith("tests/security/"))).toBe(true);
  });
});

/** The web's component tests, which the shape rules above leave out as not product code. */
const webTests = (readdirSync("src/web", { recursive: true }) as string[])
  .map((f) => `src/web/${f}`)
  .filter((f) => /\.test\.tsx?$/.test(f));

describe("the web tests' shape", () => {
  it("types keys only where the keys are what is tested; text goes in with fillIn (src/web/test/fill-in.ts)", () => {
    // A key descriptor such as {Enter} or {Backspace} in the typed text: the key itself does something.
    const typesAKey = (call: string) => /["'`][^"'`]*\{[A-Za-z]+\}[^"'`]*["'`]/.test(call);
    const typedText = webTests.flatMap((f) =>
      callsOf(read(f), /\b(?:user|userEvent)\.type\(/g)
        .filter((call) => !typesAKey(call.text))
        .map((call) => `${f}: ${call.text.replaceAll(/\s+/g, " ")}`),
    );
    expect(typedText).toEqual([]);
  });
});
