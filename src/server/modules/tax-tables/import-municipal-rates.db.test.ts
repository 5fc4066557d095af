import { deflateRawSync } from "node:zlib";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { userIdByEmail } from "../../../../tests/helpers/ids.ts";
import {
  NEXT_YEAR_CHANGES,
  nextYearCsv,
  publishedShape,
  xlsxOf,
} from "../../../../tests/helpers/rate-lists.ts";
import { realPdf } from "../../../../tests/helpers/sample-files.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  type TMunicipalRateImportPreview,
  zMunicipalRateImportPreview,
  zMunicipalRateImportResult,
} from "../../../contract/municipal-rate-import.ts";
import { zMunicipalRateYears, zProvinceTaxTablesPage } from "../../../contract/tax-tables.ts";
import { eventLog, provinceTaxTables } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const api = apiCaller(t);

const HELPDESK = "helpdesk@pedaali.test";
const ADMIN = "admin@pedaali.test";
const EMPLOYER = "employer.admin@demo.test";
const SOURCE = "Verohallinto, Kuntien ja seurakuntien tuloveroprosentit vuonna 2027";

/**
 * The tests share one database and run in any order: the confirm that writes 2027 is one test, and
 * every other test imports into a year of its own, never between 2026 and 2027, so that each compares
 * its list with the year it expects.
 */

async function send(
  path: "/import/preview" | "/import",
  who: string | null,
  query: Record<string, string>,
  body: Buffer | string,
) {
  const headers = who ? (await api.as(who)).headers() : {};
  return t.app.inject({
    method: "POST",
    url: `/api/province-tax-table${path}?${new URLSearchParams({ fileName: "kunnat.csv", ...query })}`,
    headers: { ...headers, "content-type": "application/octet-stream" },
    payload: typeof body === "string" ? Buffer.from(body, "utf8") : body,
  });
}

async function preview(
  year: number,
  body: Buffer | string,
  who = HELPDESK,
): Promise<TMunicipalRateImportPreview> {
  const res = await send("/import/preview", who, { year: String(year) }, body);
  expect(res.statusCode, res.body).toBe(200);
  return zMunicipalRateImportPreview.parse(res.json());
}

const confirm = (year: number, body: Buffer | string, extra: Record<string, string> = {}, who = HELPDESK) =>
  send("/import", who, { year: String(year), source: SOURCE, confirmed: "true", ...extra }, body);

async function rowsOfYear(year: number) {
  return t.database.db.select().from(provinceTaxTables).where(eq(provinceTaxTables.year, year));
}

async function importEvents() {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(eventLog)
    .where(eq(eventLog.type, "MUNICIPAL_TAX_RATES_IMPORTED"));
  return row?.n ?? 0;
}

/** A snapshot of what a refusal must leave as it was: 2026's rows and the import events. */
async function untouched() {
  const rows = await rowsOfYear(2026);
  return {
    rows: rows
      .map((r) => `${r.municipalityCode} ${r.municipalTaxPercent} ${r.updatedAt.toISOString()}`)
      .sort(),
    events: await importEvents(),
  };
}

describe("the preview of a year's municipal rate list", () => {
  it("lists new, changed and removed municipalities against the year before, and writes nothing", async () => {
    const before = await untouched();
    const csv = nextYearCsv((lines) => [...lines, "999,Uusikylä,Nyby,8.25,1.50,1.80,false"]);
    const answer = await preview(2027, csv);
    expect(answer).toMatchObject({
      year: 2027,
      comparedWith: 2026,
      rowCount: 308,
      problems: [],
      problemCount: 0,
    });
    const changes = answer.changes;
    expect(changes?.added.map((r) => [r.code, r.municipality, r.municipalPercent])).toEqual([
      ["999", "Uusikylä", 8.25],
    ]);
    expect(changes?.removed.map((r) => r.municipality)).toEqual([NEXT_YEAR_CHANGES.removed.name]);
    expect(changes?.changed.map((c) => [c.after.municipality, c.fields])).toEqual([
      ["Espoo", ["churchPercent"]],
      ["Helsinki", ["municipalPercent"]],
    ]);
    const helsinki = changes?.changed.find((c) => c.after.code === "091");
    expect([helsinki?.before.municipalPercent, helsinki?.after.municipalPercent]).toEqual([5.3, 5.5]);
    expect(changes).toMatchObject({ unchanged: 305, municipalRaised: 1, municipalLowered: 0 });
    expect(await untouched()).toEqual(before);
  });

  it("reads the Tax Administration's published CSV (Finnish columns, `;`, decimal commas, no codes) and an XLSX", async () => {
    for (const body of [publishedShape(nextYearCsv()), await xlsxOf(nextYearCsv())]) {
      const answer = await preview(2027, body);
      expect(answer.problems).toEqual([]);
      expect(answer.rowCount).toBe(307);
      expect(answer.changes?.changed.map((c) => c.after.municipality)).toEqual(["Espoo", "Helsinki"]);
      expect(answer.changes?.removed.map((c) => c.municipality)).toEqual(["Luhanka"]);
      expect(answer.changes?.added).toEqual([]);
    }
  });

  it.each([
    [
      "wrong columns",
      nextYearCsv((lines) => [lines[0]?.replace("orthodox_percent", "muutos") ?? "", ...lines.slice(1)]),
      [
        { row: 1, code: "UNKNOWN_COLUMN", value: "muutos" },
        { row: 1, code: "MISSING_COLUMN", field: "orthodoxPercent" },
      ],
    ],
    [
      "a rate of 15.01 %",
      nextYearCsv((lines) => lines.map((l) => (l.startsWith("091,") ? l.replace(",5.50,", ",15.01,") : l))),
      [{ row: 35, code: "RATE_OUT_OF_RANGE", field: "municipalPercent", value: "15.01", limit: 15 }],
    ],
    [
      "a duplicate municipality code",
      nextYearCsv((lines) => [...lines, "091,Helsinki kaksi,Helsingfors två,5.30,1.00,1.80,false"]),
      [{ row: 309, code: "DUPLICATE_CODE", field: "code", value: "091", otherRow: 35 }],
    ],
  ])("refuses %s with the row and the reason, writing nothing", async (_what, csv, expected) => {
    const before = await untouched();
    const answer = await preview(2028, csv);
    expect(answer).toMatchObject({ rowCount: 0, changes: null, problemCount: expected.length });
    expect(answer.problems).toEqual(expected.map((p) => ({ ...p, message: expect.any(String) })));

    const refused = expectError(await confirm(2028, csv), 400, "RATE_LIST_INVALID");
    expect(refused.details).toEqual(
      expected.map((p) => ({ field: `row ${p.row}`, message: expect.any(String) })),
    );
    expect(await rowsOfYear(2028)).toHaveLength(0);
    expect(await untouched()).toEqual(before);
  });

  it("answers 400 for a file that is no list, empty, too large, or a ZIP that unpacks too far", async () => {
    const q = { year: "2030" };
    expectError(await send("/import/preview", HELPDESK, q, Buffer.alloc(0)), 400, "FILE_EMPTY");
    expectError(await send("/import/preview", HELPDESK, q, await realPdf()), 400, "FILE_TYPE_NOT_ALLOWED");
    expectError(
      await send("/import/preview", HELPDESK, q, Buffer.from([1, 0, 2, 3])),
      400,
      "FILE_TYPE_NOT_ALLOWED",
    );
    const tooLarge = Buffer.alloc(1024 * 1024 + 1, "a");
    expectError(await send("/import/preview", HELPDESK, q, tooLarge), 400, "FILE_TOO_LARGE");
    expectError(await send("/import/preview", HELPDESK, q, zipBomb()), 400, "FILE_TYPE_NOT_ALLOWED");
  });

  it("answers 400 for a missing or impossible year, a missing file name, source or flag", async () => {
    const csv = nextYearCsv();
    for (const query of [{}, { year: "1999" }, { year: "kaksi" }] as Record<string, string>[]) {
      expectError(await send("/import/preview", HELPDESK, query, csv), 400, "VALIDATION_ERROR");
    }
    const noName = await t.app.inject({
      method: "POST",
      url: "/api/province-tax-table/import/preview?year=2030",
      headers: { ...(await api.as(HELPDESK)).headers(), "content-type": "application/octet-stream" },
      payload: Buffer.from(csv),
    });
    expectError(noName, 400, "VALIDATION_ERROR");
    expectError(await confirm(2030, csv, { source: "" }), 400, "VALIDATION_ERROR");
    expectError(await confirm(2030, csv, { confirmed: "kyllä" }), 400, "VALIDATION_ERROR");
    expect(await rowsOfYear(2030)).toHaveLength(0);
  });

  it("is the admin tier's: 401 without a session, 403 for an employer, and a refused call writes nothing", async () => {
    const csv = nextYearCsv();
    expectError(await send("/import/preview", null, { year: "2031" }, csv), 401, "UNAUTHORIZED");
    expectError(await send("/import/preview", EMPLOYER, { year: "2031" }, csv), 403, "FORBIDDEN");
    expectError(await confirm(2031, csv, {}, EMPLOYER), 403, "FORBIDDEN");
    expect(await rowsOfYear(2031)).toHaveLength(0);
    const res = await send("/import/preview", ADMIN, { year: "2031" }, csv);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("confirming a year's municipal rate list", () => {
  it("writes the year in one go with an event, refuses it again unless replacing, and replaces it when asked", async () => {
    const csv = nextYearCsv();
    const res = await confirm(2027, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(zMunicipalRateImportResult.parse(res.json())).toEqual({
      year: 2027,
      written: 307,
      replaced: 0,
      added: 0,
      changed: 2,
      removed: 1,
    });
    const rows = await rowsOfYear(2027);
    expect(rows).toHaveLength(307);
    expect(rows.every((r) => r.source === SOURCE && r.confirmed)).toBe(true);
    expect(rows.find((r) => r.municipalityCode === "091")).toMatchObject({
      provinceName: "Helsinki",
      provinceNameSv: "Helsingfors",
      municipalTaxPercent: 5.5,
    });
    expect(rows.find((r) => r.municipalityCode === "478")).toMatchObject({
      aland: true,
      municipalTaxPercent: 17,
    });
    const [event] = await t.database.db
      .select()
      .from(eventLog)
      .where(
        and(eq(eventLog.type, "MUNICIPAL_TAX_RATES_IMPORTED"), eq(eventLog.entityType, "municipalTaxRates")),
      );
    expect(event?.data).toMatchObject({
      year: 2027,
      written: 307,
      comparedWith: 2026,
      fileName: "kunnat.csv",
    });
    expect(event?.actorUserId).toBe(await userIdByEmail(t.database.db, HELPDESK));

    // The year is the helpdesk's now: the same file again is refused, and the year stays as it was.
    const again = await preview(2027, csv);
    expect(again.existingRowCount).toBe(307);
    expectError(await confirm(2027, csv), 409, "TAX_YEAR_HAS_RATES");
    expect((await rowsOfYear(2027)).map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());

    // A corrected list replaces the year when asked to: Helsinki back at 5.40.
    const corrected = nextYearCsv((lines) =>
      lines.map((l) => l.replace("091,Helsinki,Helsingfors,5.50", "091,Helsinki,Helsingfors,5.40")),
    );
    const replaced = await confirm(2027, corrected, { replace: "true", confirmed: "false" });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ written: 307, replaced: 307 });
    const after = await rowsOfYear(2027);
    expect(after).toHaveLength(307);
    expect(after.find((r) => r.municipalityCode === "091")?.municipalTaxPercent).toBe(5.4);
    expect(after.every((r) => !r.confirmed)).toBe(true);
    expect(await importEvents()).toBeGreaterThanOrEqual(2);

    // The list and its filters see the new year: changed from 2026 and its years' counts.
    const changed = await api.call("GET", "/api/province-tax-table?year=2027&show=changed", HELPDESK);
    const page = zProvinceTaxTablesPage.parse(changed.json());
    expect(page.items.map((i) => [i.provinceName, i.previous?.municipalTaxPercent])).toEqual([
      ["Espoo", 5.3],
      ["Helsinki", 5.3],
    ]);
    const years = zMunicipalRateYears.parse(
      (await api.call("GET", "/api/province-tax-table/years", HELPDESK)).json(),
    );
    expect(years.items.find((y) => y.year === 2027)).toEqual({
      year: 2027,
      municipalities: 307,
      unconfirmed: 307,
    });
  });
});

describe("the list of municipal rates", () => {
  const list = async (query: string) => {
    const res = await api.call("GET", `/api/province-tax-table?${query}`, HELPDESK);
    expect(res.statusCode, res.body).toBe(200);
    return zProvinceTaxTablesPage.parse(res.json());
  };

  it("searches the Finnish and the Swedish name and the code", async () => {
    expect((await list("year=2026&search=helsingfors")).items.map((i) => i.provinceName)).toEqual([
      "Helsinki",
    ]);
    // Digits find a code by its start, and "91" is also Helsinki's "091" as a spreadsheet shows it.
    expect((await list("year=2026&search=91")).items.map((i) => i.municipalityCode)).toEqual([
      "091",
      "915",
      "918",
    ]);
    expect((await list("year=2026&search=091")).items.map((i) => i.provinceName)).toEqual(["Helsinki"]);
    // Åbo (Turku), and Uleåborg (Oulu) holds the letters too: a search finds a part of a name.
    expect((await list("year=2026&search=%C3%85bo")).items.map((i) => i.provinceName)).toEqual([
      "Oulu",
      "Turku",
    ]);
  });

  it("shows each row with its rates of the year before, and only the changed ones when asked", async () => {
    const page = await list("year=2026&show=changed&limit=100");
    // 2025 → 2026: 59 municipalities changed a municipal or a parish rate (the two decisions' lists compared).
    expect(page.total).toBe(59);
    const lahti = page.items.find((i) => i.provinceName === "Lahti");
    expect(lahti).toMatchObject({
      municipalTaxPercent: 8.6,
      previous: { year: 2025, municipalTaxPercent: 8.1 },
    });
    const all = await list("year=2026&search=Oulu");
    expect(all.items[0]?.previous).toEqual({
      year: 2025,
      municipalTaxPercent: 8.1,
      churchTaxPercent: all.items[0]?.churchTaxPercent,
      orthodoxChurchTaxPercent: all.items[0]?.orthodoxChurchTaxPercent,
    });
    expect((await list("year=2026&show=unconfirmed")).total).toBe(0);
    expectError(
      await api.call("GET", "/api/province-tax-table?show=some", HELPDESK),
      400,
      "VALIDATION_ERROR",
    );
  });

  it("answers the years that have rates to the admin tier only", async () => {
    const years = zMunicipalRateYears.parse(
      (await api.call("GET", "/api/province-tax-table/years", ADMIN)).json(),
    );
    expect(years.items.filter((y) => y.year <= 2026)).toEqual([
      { year: 2026, municipalities: 308, unconfirmed: 0 },
      { year: 2025, municipalities: 308, unconfirmed: 0 },
    ]);
    expectError(await api.call("GET", "/api/province-tax-table/years", EMPLOYER), 403, "FORBIDDEN");
  });
});

/** A ZIP of one entry that declares a few bytes and unpacks to 30 MB of zeros. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(30 * 1024 * 1024));
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(100, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const directoryAt = local.length + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(directoryAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
