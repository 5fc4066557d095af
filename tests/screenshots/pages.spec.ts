import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Page, test } from "@playwright/test";
import { SCHEMES, storeColorScheme, WIDTHS } from "../e2e/helpers.ts";
import {
  ANONYMOUS,
  makeValidTokens,
  openPage,
  publicVisits,
  ROLE_SESSIONS,
  roleVisits,
  type Session,
  startSession,
  type Visit,
} from "./pages.ts";

/**
 * `npm run screenshots`: every page of pages.ts (every public route, each demo role's start page and its
 * area pages) at 375 and 1440 px, light and dark, as full-page PNGs in screenshots/ (gitignored;
 * SCREENSHOTS_DIR overrides), named <session>__<page>__<width>-<scheme>.png, with an index.html that puts
 * the four pictures of each page side by side. A first-time visitor is shown: the cookie card and the
 * announcement are left as they come. The pass/fail check of the same pages is tests/e2e/layout.spec.ts.
 */

const OUT = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
const HEIGHT = { 375: 812, 1440: 900 } as const;

/** Empties the folder once per run: a worker restarted after a failure must not delete the earlier pictures. */
function prepareFolder(): void {
  const marker = join(OUT, ".run");
  const run = String(process.ppid);
  let previous = "";
  try {
    previous = readFileSync(marker, "utf8");
  } catch {
    // First run.
  }
  if (previous !== run) rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(marker, run);
}

/** index.html: one row per page, its four pictures side by side; rewritten after every session. */
function writeIndex(): void {
  const files = readdirSync(OUT).filter((f) => f.endsWith(".png"));
  const pages = [...new Set(files.map((f) => f.replace(/__\d+-\w+\.png$/, "")))].sort();
  const rows = pages.map((p) => {
    const cells = WIDTHS.flatMap((w) =>
      SCHEMES.map((s) => {
        const file = `${p}__${w}-${s}.png`;
        return files.includes(file)
          ? `<td><a href="${file}"><img src="${file}" width="${w === 375 ? 188 : 360}" loading="lazy" alt="${file}"></a></td>`
          : "<td>—</td>";
      }),
    );
    return `<tr><th>${p.replace("__", "<br>")}</th>${cells.join("")}</tr>`;
  });
  const head = WIDTHS.flatMap((w) => SCHEMES.map((s) => `<th>${w} px ${s}</th>`)).join("");
  writeFileSync(
    join(OUT, "index.html"),
    `<!doctype html><meta charset="utf-8"><title>Pedaali screenshots</title>
<style>body{font:14px sans-serif}td,th{vertical-align:top;padding:4px;text-align:left}img{border:1px solid #ccc}</style>
<table><tr><th>page</th>${head}</tr>${rows.join("\n")}</table>`,
  );
}

async function photograph(page: Page, session: Session, visits: readonly Visit[]): Promise<void> {
  await startSession(page, session);
  for (const scheme of SCHEMES) {
    await storeColorScheme(page, scheme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT[width] });
      for (const visit of visits) {
        await openPage(page, visit.path);
        await page.screenshot({
          path: join(OUT, `${session.label}__${visit.name}__${width}-${scheme}.png`),
          fullPage: true,
          animations: "disabled",
        });
      }
    }
  }
  test.info().annotations.push({
    type: "screenshots",
    description: `${session.id}: ${visits.length} pages × ${WIDTHS.length} widths × ${SCHEMES.length} schemes in ${OUT}`,
  });
  writeIndex();
}

test.beforeAll(() => prepareFolder());

test("anonymous: every public page", async ({ page, playwright, baseURL }) => {
  test.setTimeout(900_000);
  const tokens = await makeValidTokens(() => playwright.request.newContext({ baseURL: baseURL ?? "" }));
  await photograph(page, ANONYMOUS, publicVisits(tokens));
});

const VISITS = roleVisits(ROLE_SESSIONS);
for (const session of ROLE_SESSIONS) {
  const visits = VISITS.get(session.id) ?? [];
  test(`${session.id}: ${visits.map((v) => v.path).join(", ")}`, async ({ page }) => {
    test.setTimeout(450_000);
    await photograph(page, session, visits);
  });
}
