import { PassThrough, Readable } from "node:stream";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import type { TEmployeesExportQuery } from "../../../contract/employee-list-queries.ts";
import { CSV_BOM, type CsvCell, csvCents, csvLine } from "../../../domain/csv.ts";
import { formatHelsinkiDate } from "../../../domain/dates.ts";
import { EMPLOYEE_EXPORT_MAX_ROWS } from "../../../domain/employees.ts";
import type { EmployeeStatus, Language, OrderStatus } from "../../../domain/enums.ts";
import type { Db } from "../../db/client.ts";
import {
  beneficiaryEmployees,
  companies,
  companyUnits,
  employeeAbsences,
  orders,
  systemUsers,
  users,
} from "../../db/schema/index.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { EXPORT_TEXTS } from "./export-texts.ts";
import { employeeFiltersWhere } from "./list.ts";

/**
 * The manage list as a file (CSV for Finnish Excel, or XLSX), with the list's filters and every
 * matching row up to EMPLOYEE_EXPORT_MAX_ROWS. The rows are read in batches by keyset (newest first,
 * as on screen) and streamed, so a 100,000-employee group never sits in memory; nothing goes through a
 * response schema (docs/decisions/001-stack.md).
 */

const be = beneficiaryEmployees;
const BATCH = 1000;

type ExportRow = {
  id: string;
  createdAt: Date;
  lastName: string | null;
  firstName: string | null;
  email: string;
  phoneNumber: string | null;
  companyName: string;
  unitName: string | null;
  costUnit: string | null;
  employeeNumber: string | null;
  payRollOther: string | null;
  status: EmployeeStatus;
  jobTrialPeriodEndDate: string | null;
  lastWorkingDayDate: string;
  maxPriceCents: number | null;
  orderCount: number;
  latestOrderNumber: number | null;
  latestOrderStatus: OrderStatus | null;
  latestMonthlyPaymentCents: number | null;
  absentToday: boolean;
};

/** Each batch of matching rows, newest first, read by keyset after the previous batch. */
async function* exportRows(db: Db, where: SQL | undefined, today: string): AsyncGenerator<ExportRow> {
  let after: { createdAt: Date; id: string } | null = null;
  let sent = 0;
  const latest = (column: SQL) =>
    sql`(select ${column} from ${orders} where ${orders.beneficiaryEmployeeId} = ${be.id}
      order by ${orders.createdAt} desc limit 1)`;
  while (sent < EMPLOYEE_EXPORT_MAX_ROWS) {
    const keyset: SQL | undefined = after
      ? or(
          sql`${be.createdAt} < ${after.createdAt}`,
          and(eq(be.createdAt, after.createdAt), sql`${be.id} < ${after.id}`),
        )
      : undefined;
    const rows: ExportRow[] = await db
      .select({
        id: be.id,
        createdAt: be.createdAt,
        lastName: systemUsers.lastName,
        firstName: systemUsers.firstName,
        email: users.email,
        phoneNumber: users.phoneNumber,
        companyName: companies.name,
        unitName: companyUnits.unitName,
        costUnit: be.costUnit,
        employeeNumber: be.employeeNumber,
        payRollOther: be.payRollOther,
        status: be.status,
        jobTrialPeriodEndDate: be.jobTrialPeriodEndDate,
        lastWorkingDayDate: be.lastWorkingDayDate,
        maxPriceCents: be.maxPriceCents,
        orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.beneficiaryEmployeeId} = ${be.id})`,
        latestOrderNumber: sql<number | null>`${latest(sql`${orders.orderNumber}`)}`,
        latestOrderStatus: sql<OrderStatus | null>`${latest(sql`${orders.orderStatus}`)}`,
        latestMonthlyPaymentCents: sql<number | null>`${latest(sql`${orders.monthlyPaymentCents}`)}`,
        absentToday: sql<boolean>`exists (select 1 from ${employeeAbsences}
          where ${employeeAbsences.beneficiaryEmployeeId} = ${be.id} and ${employeeAbsences.startDate} <= ${today}
          and (${employeeAbsences.endDate} is null or ${employeeAbsences.endDate} >= ${today}))`,
      })
      .from(be)
      .innerJoin(users, eq(users.id, be.userId))
      .innerJoin(companies, eq(companies.id, be.companyId))
      .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
      .leftJoin(companyUnits, eq(companyUnits.id, be.unitId))
      .where(and(where, keyset))
      .orderBy(sql`${be.createdAt} desc`, sql`${be.id} desc`)
      .limit(Math.min(BATCH, EMPLOYEE_EXPORT_MAX_ROWS - sent));
    for (const row of rows) yield row;
    sent += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** The cells of one row in the order of EXPORT_TEXTS' headers; money in cents, dates as YYYY-MM-DD. */
function cells(row: ExportRow, lang: Language) {
  const texts = EXPORT_TEXTS[lang];
  const noEnd = row.lastWorkingDayDate === "2999-01-01";
  return {
    lastName: row.lastName ?? "",
    firstName: row.firstName ?? "",
    email: row.email,
    phoneNumber: row.phoneNumber,
    companyName: row.companyName,
    unitName: row.unitName,
    costUnit: row.costUnit,
    employeeNumber: row.employeeNumber,
    payRollOther: row.payRollOther,
    status: texts.employeeStatus[row.status],
    jobTrialPeriodEndDate: row.jobTrialPeriodEndDate,
    lastWorkingDayDate: noEnd ? null : row.lastWorkingDayDate,
    maxPriceCents: row.maxPriceCents,
    orderCount: row.orderCount,
    latestOrderNumber: row.latestOrderNumber,
    latestOrderStatus: row.latestOrderStatus ? texts.orderStatus[row.latestOrderStatus] : null,
    latestMonthlyPaymentCents: row.latestMonthlyPaymentCents,
    absentToday: row.absentToday ? texts.yes : null,
    joined: row.createdAt,
  };
}

type Cells = ReturnType<typeof cells>;
const MONEY: readonly (keyof Cells)[] = ["maxPriceCents", "latestMonthlyPaymentCents"];
const DATES: readonly (keyof Cells)[] = ["jobTrialPeriodEndDate", "lastWorkingDayDate"];

function csvCell(key: keyof Cells, value: Cells[keyof Cells]): CsvCell {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return formatHelsinkiDate(value);
  if (MONEY.includes(key)) return csvCents(value as number);
  if (DATES.includes(key)) return formatHelsinkiDate(value as string);
  return value as CsvCell;
}

function csvStream(rows: AsyncGenerator<ExportRow>, lang: Language): Readable {
  const headers = EXPORT_TEXTS[lang].headers;
  async function* lines() {
    yield `${CSV_BOM}${csvLine(Object.values(headers))}`;
    for await (const row of rows) {
      const c = cells(row, lang);
      yield csvLine((Object.keys(headers) as (keyof Cells)[]).map((key) => csvCell(key, c[key])));
    }
  }
  return Readable.from(lines());
}

function xlsxStream(
  rows: AsyncGenerator<ExportRow>,
  lang: Language,
  onError: (error: unknown) => void,
): Readable {
  const out = new PassThrough();
  const texts = EXPORT_TEXTS[lang];
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(texts.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  const keys = Object.keys(texts.headers) as (keyof Cells)[];
  sheet.columns = keys.map((key) => ({
    header: texts.headers[key],
    key,
    width: Math.max(12, texts.headers[key].length + 2),
    ...(MONEY.includes(key) ? { style: { numFmt: "#,##0.00" } } : {}),
    ...(DATES.includes(key) || key === "joined" ? { style: { numFmt: "dd.mm.yyyy" } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const row of rows) {
        const c = cells(row, lang);
        const values: Record<string, unknown> = {};
        for (const key of keys) {
          const value = c[key];
          if (value === null || value === undefined) continue;
          if (MONEY.includes(key)) values[key] = (value as number) / 100;
          else if (DATES.includes(key)) values[key] = new Date(`${value as string}T00:00:00Z`);
          else values[key] = value;
        }
        sheet.addRow(values).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      onError(error);
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}

export type EmployeesExport = { fileName: string; contentType: string; body: Readable };

/** The file of the caller's filtered list, in their language. */
export function exportEmployees(
  db: Db,
  viewer: CurrentUser,
  query: TEmployeesExportQuery,
  file: { today: string; lang: Language; onError: (error: unknown) => void },
): EmployeesExport {
  const { today, lang, onError } = file;
  // The filters are checked (a company outside the caller's scope is a 404) before anything streams.
  const where = employeeFiltersWhere(viewer, query, today);
  const rows = exportRows(db, where, today);
  const base = `${EXPORT_TEXTS[lang].fileName}_${today}`;
  return query.format === "xlsx"
    ? {
        fileName: `${base}.xlsx`,
        contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        body: xlsxStream(rows, lang, onError),
      }
    : { fileName: `${base}.csv`, contentType: "text/csv; charset=utf-8", body: csvStream(rows, lang) };
}
