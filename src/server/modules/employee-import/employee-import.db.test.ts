import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { zImportResult } from "../../../contract/employee-import.ts";
import { zEmployeesPage } from "../../../contract/employees.ts";
import { toCsv } from "../../../domain/csv.ts";
import {
  beneficiaryEmployees,
  employeeImports,
  employmentInvitations,
  eventLog,
  messageOutbox,
  users,
} from "../../db/schema/index.ts";
import { write } from "../../db/transaction.ts";
import { remindInvitedEmployees } from "./invitations.ts";

/**
 * The staff file's import on the demo data: preview, the rules of the employee form per row, writing
 * in one transaction, re-importing the same file, a later file's changes, leavers, the mapping of
 * unknown headers, and who may import. Each test makes its own people (its own prefix), so the tests
 * hold in any order; the leavers are Toinen Oy's, whose other employees no other test imports.
 */
const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);
const ADMIN = "employer.admin@demo.test";
const OTHER_ADMIN = "employer.admin@toinen.test";
let demoOy: string;
let toinenOy: string;

beforeAll(async () => {
  demoOy = await companyIdByName(t.database.db, "Demo Oy");
  toinenOy = await companyIdByName(t.database.db, "Toinen Oy");
});

const HEADER = [
  "Etunimi",
  "Sukunimi",
  "Työsähköposti",
  "Henkilönumero",
  "Kustannuspaikka",
  "Koeaika päättyy",
];
/** A unique prefix for a test's people. */
const prefix = () => `i${randomBytes(3).toString("hex")}`;
const person = (p: string, n: number, extra: string[] = []) => [
  "Aino",
  `Tuonti${n}`,
  `${p}.${n}@tuonti.test`,
  `${p}-${n}`,
  "KP-100",
  ...extra,
];

function csvFile(rows: string[][]): Buffer {
  return Buffer.from(toCsv(rows), "utf8");
}

async function upload(
  companyId: string,
  file: Buffer,
  query = "",
  who: string | null = ADMIN,
  extra: { columns?: Record<string, string>; fileName?: string } = {},
) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), extra.fileName ?? "henkilosto.csv");
  if (extra.columns) form.append("columns", JSON.stringify(extra.columns));
  return call("POST", `/api/beneficiary-employee/companies/${companyId}/import${query}`, who, form);
}

async function importResult(companyId: string, file: Buffer, query = "", extra = {}) {
  const res = await upload(companyId, file, query, companyId === toinenOy ? OTHER_ADMIN : ADMIN, extra);
  expect(res.statusCode, res.body).toBe(200);
  return zImportResult.parse(res.json());
}

async function employeesByEmail(p: string) {
  return t.database.db
    .select({ id: beneficiaryEmployees.id, costUnit: beneficiaryEmployees.costUnit, email: users.email })
    .from(beneficiaryEmployees)
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(sql`${users.email} like ${`${p}.%`}`);
}

describe("POST /api/beneficiary-employee/companies/:id/import", () => {
  it("previews every row and exactly the planted errors with their rows and columns, writing nothing", async () => {
    const p = prefix();
    const rows = [HEADER, ...Array.from({ length: 30 }, (_, i) => person(p, i + 1))];
    rows[3] = ["Aino", "Virhe", "ei-sähköposti", `${p}-x`, "KP-100"]; // row 4
    rows[7] = person(p, 99, []).map((c, i) => (i === 3 ? `${p}-1` : c)); // row 8: employee number of row 2
    rows[12] = person(p, 12, ["1.1.2020"]); // row 13: a trial that ended before the person joined
    const preview = await importResult(demoOy, csvFile(rows), "?dryRun=true");
    expect(preview.importId).toBeNull();
    expect(preview.counts).toEqual({ created: 27, changed: 0, unchanged: 0, ending: 0 });
    expect(preview.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, "workEmail", "EMAIL_INVALID"],
      [8, "employeeNumber", "EMPLOYEE_NUMBER_REPEATED"],
      [13, "jobTrialPeriodEndDate", "DATE_ORDER"],
    ]);
    expect(preview.rows.filter((r) => r.action === "NEW").map((r) => r.row)).not.toContain(4);
    expect(await employeesByEmail(p)).toEqual([]);

    // Written without choosing the valid rows: refused, nothing written.
    expectError(await upload(demoOy, csvFile(rows)), 400, "IMPORT_HAS_ERRORS");
    expect(await employeesByEmail(p)).toEqual([]);

    // The valid rows only: 27 employees, listed for the employer, each event naming the import.
    const written = await importResult(demoOy, csvFile(rows), "?validRowsOnly=true");
    expect(written.importId).not.toBeNull();
    expect(written.counts.created).toBe(27);
    expect(await employeesByEmail(p)).toHaveLength(27);
    const list = await call(
      "GET",
      `/api/beneficiary-employee/companies/${demoOy}/employees?search=${p}.5@`,
      ADMIN,
    );
    expect(zEmployeesPage.parse(list.json()).employees.map((e) => e.systemUser.workEmail)).toEqual([
      `${p}.5@tuonti.test`,
    ]);
    const events = await t.database.db
      .select({ type: eventLog.type })
      .from(eventLog)
      .where(sql`${eventLog.data}->>'importId' = ${written.importId}`);
    expect(events.filter((e) => e.type === "EMPLOYEE_CREATED")).toHaveLength(27);
    const [kept] = await t.database.db
      .select()
      .from(employeeImports)
      .where(eq(employeeImports.id, written.importId as string));
    expect(kept).toMatchObject({ companyId: demoOy, created: 27, skipped: 3, fileName: "henkilosto.csv" });

    // The same file again adds and changes nothing.
    const again = await importResult(demoOy, csvFile(rows), "?validRowsOnly=true");
    expect(again.counts).toEqual({ created: 0, changed: 0, unchanged: 27, ending: 0 });
    expect(await employeesByEmail(p)).toHaveLength(27);
  });

  it("matches by employee number, else by e-mail, and writes a later file's changes", async () => {
    const p = prefix();
    await importResult(demoOy, csvFile([HEADER, person(p, 1), person(p, 2)]));
    const later = [HEADER, person(p, 1).map((c, i) => (i === 4 ? "KP-200" : c)), person(p, 2)];
    const preview = await importResult(demoOy, csvFile(later), "?dryRun=true");
    expect(preview.rows.map((r) => [r.row, r.action, r.fields])).toEqual([
      [2, "CHANGED", ["costUnit"]],
      [3, "UNCHANGED", []],
    ]);
    await importResult(demoOy, csvFile(later));
    const stored = await employeesByEmail(p);
    expect(stored.find((e) => e.email === `${p}.1@tuonti.test`)?.costUnit).toBe("KP-200");
    // The employee number names the employee: another e-mail on it is an error, not a new person.
    const moved = [HEADER, person(p, 1).map((c, i) => (i === 2 ? `${p}.new@tuonti.test` : c))];
    const refused = await importResult(demoOy, csvFile(moved), "?dryRun=true");
    expect(refused.errors.map((e) => [e.row, e.code])).toEqual([[2, "EMAIL_OF_ANOTHER_EMPLOYEE"]]);
  });

  it("refuses only the dates a row gives: dates stored before and left alone are not the file's errors", async () => {
    const p = prefix();
    const header = HEADER.slice(0, 5);
    await importResult(demoOy, csvFile([header, person(p, 1)]));
    const [stored] = await employeesByEmail(p);
    // A trial end from before the person joined, as older data may hold.
    await t.database.db
      .update(beneficiaryEmployees)
      .set({ jobTrialPeriodEndDate: "2020-01-31" })
      .where(eq(beneficiaryEmployees.id, stored?.id as string));
    const untouched = await importResult(demoOy, csvFile([header, person(p, 1)]), "?dryRun=true");
    expect(untouched.errors).toEqual([]);
    expect(untouched.counts.unchanged).toBe(1);
    const given = await importResult(demoOy, csvFile([HEADER, person(p, 1, ["31.1.2020"])]), "?dryRun=true");
    expect(given.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [2, "jobTrialPeriodEndDate", "DATE_ORDER"],
    ]);
  });

  it("marks the employees a file leaves out as leaving on the day asked, and no one else", async () => {
    const p = prefix();
    const all = [HEADER, person(p, 1), person(p, 2), person(p, 3)];
    const first = await importResult(toinenOy, csvFile(all), "", {});
    expect(first.counts.created).toBe(3);
    // Without the day, an employee missing from the file is left as they are.
    const without = await importResult(
      toinenOy,
      csvFile([HEADER, person(p, 1), person(p, 3)]),
      "?dryRun=true",
    );
    expect(without.counts.ending).toBe(0);
    // Row 3 has an error: its person is named, so not a leaver either.
    const broken = person(p, 3, ["31.13.2026"]);
    const file = csvFile([HEADER.concat([]), person(p, 1), broken]);
    const preview = await importResult(toinenOy, file, "?dryRun=true&leaversOn=2026-12-31");
    const ends = preview.rows.filter((r) => r.action === "ENDS");
    expect(ends.map((r) => r.email)).toContain(`${p}.2@tuonti.test`);
    expect(ends.map((r) => r.email)).not.toContain(`${p}.3@tuonti.test`);
    expect(preview.errors.map((e) => [e.row, e.code])).toEqual([[3, "DATE_INVALID"]]);
    const written = await importResult(toinenOy, file, "?validRowsOnly=true&leaversOn=2026-12-31");
    const [leaver] = await t.database.db
      .select({ last: beneficiaryEmployees.lastWorkingDayDate, id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(eq(users.email, `${p}.2@tuonti.test`));
    expect(leaver?.last).toBe("2026-12-31");
    const [ended] = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.entityId, leaver?.id as string), eq(eventLog.type, "EMPLOYMENT_ENDED")));
    expect(ended?.data).toMatchObject({ importId: written.importId, lastWorkingDayDate: "2026-12-31" });
  });

  it("asks about unknown headers, reads an XLSX's formulas as values, and remembers the mapping", async () => {
    const p = prefix();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("HR");
    sheet.addRow(["firstName", "lastName", "workEmail", "Palkkakausi", "Pinnumero"]);
    sheet.addRow(["Eero", "Kaava", `${p}.1@tuonti.test`, "KK", { formula: "1+1", result: 2 }]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const unknown = expectError(await upload(demoOy, file, "?dryRun=true"), 400, "IMPORT_COLUMNS_UNKNOWN");
    expect(unknown.details?.map((d) => d.message)).toEqual(["Palkkakausi", "Pinnumero"]);
    const columns = { Palkkakausi: "payRollOther", Pinnumero: "" };
    const preview = await importResult(demoOy, file, "?dryRun=true", { columns });
    expect(preview.columns).toEqual(["firstName", "lastName", "workEmail", "payRollOther", null]);
    await importResult(demoOy, file, "", { columns, fileName: "hr.xlsx" });
    // Remembered: the next file with the same headers needs no mapping.
    const next = await importResult(demoOy, file, "?dryRun=true");
    expect(next.counts.unchanged).toBe(1);
    const sheet2 = new ExcelJS.Workbook();
    sheet2.addWorksheet("HR").addRow(["firstName", "lastName", "workEmail", "costUnit"]);
    sheet2
      .getWorksheet("HR")
      ?.addRow(["Eero", "Kaava", `${p}.2@tuonti.test`, { formula: "A1&B1", result: "=HYPERLINK(1)" }]);
    const injected = await importResult(demoOy, Buffer.from(await sheet2.xlsx.writeBuffer()));
    expect(injected.counts.created).toBe(1);
    const [stored] = await employeesByEmail(`${p}`).then((rows) =>
      rows.filter((r) => r.email.startsWith(`${p}.2`)),
    );
    // Kept as the text it was, never as a formula; the export gives it back as text for Excel.
    expect(stored?.costUnit).toBe("=HYPERLINK(1)");
    const exported = await call(
      "GET",
      `/api/beneficiary-employee/export?companyId=${demoOy}&costUnit=${encodeURIComponent("=HYPERLINK(1)")}`,
      ADMIN,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('"\t=HYPERLINK(1)"');
    expect(exported.body).not.toMatch(/;=HYPERLINK/);
  });

  it("invites a person whose account is another company's, and adds the new starters beside them", async () => {
    const p = prefix();
    const [other] = await t.database.db
      .select({ email: users.email, userId: users.id })
      .from(beneficiaryEmployees)
      .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
      .where(and(eq(beneficiaryEmployees.companyId, toinenOy), sql`${users.email} like '%@toinen.test'`))
      .limit(1);
    const file = csvFile([
      HEADER,
      person(p, 1),
      ["Toisen", "Yrityksen", other?.email as string, `${p}-9`, "KP-1"],
    ]);
    const written = await importResult(demoOy, file);
    expect(written.counts.created).toBe(2);
    expect(await employeesByEmail(p)).toHaveLength(1);
    // The other company's person is asked, never attached: no employment in Demo Oy until they accept.
    const employed = await t.database.db
      .select({ id: beneficiaryEmployees.id })
      .from(beneficiaryEmployees)
      .where(
        and(
          eq(beneficiaryEmployees.userId, other?.userId as string),
          eq(beneficiaryEmployees.companyId, demoOy),
        ),
      );
    expect(employed).toEqual([]);
    const invited = await t.database.db
      .select({ source: employmentInvitations.source })
      .from(employmentInvitations)
      .where(
        and(
          eq(employmentInvitations.userId, other?.userId as string),
          eq(employmentInvitations.companyId, demoOy),
        ),
      );
    expect(invited).toEqual([{ source: "import" }]);
  });

  it("refuses what is not a staff file: an image renamed .csv, no file, no rows, a missing name column", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    expectError(
      await upload(demoOy, png, "?dryRun=true", ADMIN, { fileName: "henkilosto.csv" }),
      400,
      "FILE_TYPE_NOT_ALLOWED",
    );
    expectError(
      await call("POST", `/api/beneficiary-employee/companies/${demoOy}/import`, ADMIN, new FormData()),
      400,
    );
    expectError(await upload(demoOy, csvFile([HEADER])), 400, "IMPORT_EMPTY");
    expectError(
      await upload(
        demoOy,
        csvFile([
          ["Etunimi", "Työsähköposti"],
          ["A", "a@b.test"],
        ]),
      ),
      400,
      "IMPORT_COLUMNS_MISSING",
    );
    expectError(await upload(demoOy, csvFile([HEADER, person("x", 1)]), "?leaversOn=2999-99-01"), 400);
  });

  it("is the company's admins' and the helpdesk's: an editor 403, another company 404, anonymous 401", async () => {
    const file = csvFile([HEADER, person(prefix(), 1)]);
    expectError(await upload(demoOy, file, "?dryRun=true", "employer.editor@demo.test"), 403);
    expectError(await upload(demoOy, file, "?dryRun=true", "reporting@demo.test"), 403);
    expectError(await upload(demoOy, file, "?dryRun=true", OTHER_ADMIN), 404);
    expectError(await upload(demoOy, file, "?dryRun=true", null), 401);
    expect((await upload(demoOy, file, "?dryRun=true", "helpdesk@pedaali.test")).statusCode).toBe(200);
  });
});

describe("GET /api/beneficiary-employee/import-template", () => {
  it("gives the header row in the asked language, as XLSX or CSV", async () => {
    const xlsx = await call("GET", "/api/beneficiary-employee/import-template?language=sv", ADMIN);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe("Förnamn");
    const csv = await call("GET", "/api/beneficiary-employee/import-template?language=fi&format=csv", ADMIN);
    expect(csv.body.startsWith("\uFEFFEtunimi;Sukunimi;Työsähköposti")).toBe(true);
    expectError(await call("GET", "/api/beneficiary-employee/import-template", "employee@demo.test"), 403);
  });
});

describe("inviting the company's staff", () => {
  async function imported(p: string, n: number) {
    await importResult(demoOy, csvFile([HEADER, ...Array.from({ length: n }, (_, i) => person(p, i + 1))]));
    return (await employeesByEmail(p)).sort((a, b) => a.email.localeCompare(b.email));
  }
  const invitationsTo = async (p: string) =>
    (
      await t.database.db
        .select({ recipient: messageOutbox.recipient, params: messageOutbox.params })
        .from(messageOutbox)
        .where(
          and(eq(messageOutbox.event, "EMPLOYEE_INVITED"), sql`${messageOutbox.recipient} like ${`${p}.%`}`),
        )
    ).sort((a, b) => a.recipient.localeCompare(b.recipient));

  it("mails the chosen employees a link to their ready account, and shows who has joined", async () => {
    const p = prefix();
    const people = await imported(p, 3);
    // The file itself mails nobody: the employer chooses when.
    expect(await invitationsTo(p)).toEqual([]);
    const ids = people.map((e) => e.id);
    const res = await call("POST", `/api/beneficiary-employee/companies/${demoOy}/invite`, ADMIN, {
      employeeIds: ids.slice(0, 2),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ invited: 2, skipped: 0 });
    expect(await invitationsTo(p)).toEqual([
      { recipient: `${p}.1@tuonti.test`, params: { companyName: "Demo Oy", newAccount: true } },
      { recipient: `${p}.2@tuonti.test`, params: { companyName: "Demo Oy", newAccount: true } },
    ]);
    // The first logs in: joined, and not invited again.
    await t.database.db
      .update(users)
      .set({ lastLoginAt: new Date() })
      .where(eq(users.email, `${p}.1@tuonti.test`));
    const status = await call("GET", `/api/beneficiary-employee/companies/${demoOy}/joining`, ADMIN);
    const waiting = status.json().waiting as { email: string; invitedAt: string | null }[];
    const mine = waiting
      .filter((w) => w.email.startsWith(`${p}.`))
      .sort((a, b) => a.email.localeCompare(b.email));
    expect(mine.map((w) => [w.email, w.invitedAt !== null])).toEqual([
      [`${p}.2@tuonti.test`, true],
      [`${p}.3@tuonti.test`, false],
    ]);
    const again = await call("POST", `/api/beneficiary-employee/companies/${demoOy}/invite`, ADMIN, {
      employeeIds: ids,
    });
    expect(again.json()).toEqual({ invited: 2, skipped: 1 });
  });

  it("reminds once, 7 days on, whoever has not logged in", async () => {
    const p = prefix();
    const people = await imported(p, 2);
    await call("POST", `/api/beneficiary-employee/companies/${demoOy}/invite`, ADMIN, {
      employeeIds: people.map((e) => e.id),
    });
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await t.database.db
      .update(beneficiaryEmployees)
      .set({ invitedAt: eightDaysAgo })
      .where(eq(beneficiaryEmployees.id, people[0]?.id as string));
    const remind = () => write(t.database.db, { actor: { userId: null } }, remindInvitedEmployees);
    await remind();
    expect((await invitationsTo(p)).map((m) => m.recipient)).toEqual([
      `${p}.1@tuonti.test`,
      `${p}.1@tuonti.test`,
      `${p}.2@tuonti.test`,
    ]);
    await remind();
    expect(await invitationsTo(p)).toHaveLength(3);
  });

  it("is for who may add the company's employees: the editor too, reporting 403, another company 404", async () => {
    const body = { all: true };
    const url = `/api/beneficiary-employee/companies/${demoOy}`;
    expect((await call("GET", `${url}/joining`, "employer.editor@demo.test")).statusCode).toBe(200);
    expectError(await call("GET", `${url}/joining`, "reporting@demo.test"), 403);
    expectError(await call("POST", `${url}/invite`, OTHER_ADMIN, body), 404);
    expectError(await call("POST", `${url}/invite`, ADMIN, { employeeIds: [] }), 400);
    expectError(await call("POST", `${url}/invite`, null, body), 401);
  });
});

describe("a listed person at the registration link", () => {
  it("is not made to wait: their ready account's set-password link goes to their own address", async () => {
    const p = prefix();
    await importResult(demoOy, csvFile([HEADER, person(p, 1)]));
    const link = await call("POST", "/api/register-link/company", ADMIN, { companyId: demoOy });
    expect(link.statusCode, link.body).toBe(200);
    const join = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/register/employee",
        remoteAddress: "192.0.2.77",
        payload: {
          token: link.json().token,
          firstName: "Aino",
          lastName: "Tuonti1",
          email,
          phoneNumber: "040 123 4567",
          password: "Polkupyörällä töihin joka päivä",
          language: "fi",
        },
      });
    const res = await join(`${p}.1@tuonti.test`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ alreadyAdded: true });
    // Nothing new waits for the employer, and the typed password was not taken.
    const [account] = await t.database.db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, `${p}.1@tuonti.test`));
    expect(account?.passwordHash).toBeNull();
    const employments = await t.database.db
      .select({ status: beneficiaryEmployees.status })
      .from(beneficiaryEmployees)
      .where(eq(beneficiaryEmployees.userId, account?.id as string));
    expect(employments).toEqual([{ status: "ACCEPTED" }]);
    const mails = await t.database.db
      .select({ params: messageOutbox.params })
      .from(messageOutbox)
      .where(
        and(eq(messageOutbox.recipient, `${p}.1@tuonti.test`), eq(messageOutbox.event, "EMPLOYEE_INVITED")),
      );
    expect(mails).toEqual([{ params: { companyName: "Demo Oy", newAccount: true } }]);
    // Someone not on the list still waits for the employer, as ever.
    const other = await join(`${p}.other@tuonti.test`);
    expect(other.json()).toMatchObject({ alreadyAdded: false });
  });
});
