import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ImportErrorCode, TImportError } from "../../../contract/employee-import.ts";
import { type TCreateEmployee, type TUpdateEmployee, zCreateEmployee } from "../../../contract/employees.ts";
import { DEFAULT_LAST_WORKING_DAY, toHelsinkiDateString } from "../../../domain/dates.ts";
import {
  type ColumnMap,
  type ImportField,
  importDate,
  importLanguage,
} from "../../../domain/employee-import.ts";
import { employmentDateIssues } from "../../../domain/employment-dates.ts";
import type { CompanyReach } from "../../../domain/employment-invitations.ts";
import { readEuroInput } from "../../../domain/money.ts";
import { normalizePhoneNumber } from "../../../domain/validation/phone.ts";
import type { Db } from "../../db/client.ts";
import { beneficiaryEmployees, companyUnits, systemUsers, userRoles, users } from "../../db/schema/index.ts";
import type { SpreadsheetRow } from "../../files/spreadsheet.ts";
import { isPersonShared } from "../employees/shared-person.ts";

/**
 * What a staff file would do to a company, row by row, without writing: each row checked by the same
 * rules as the employee form (the contract's zCreateEmployee, the employment dates against the day
 * the person joined), matched to an employee by employee number, else by e-mail, and compared with
 * what is stored. The import's preview answers this; its commit writes it.
 */

const be = beneficiaryEmployees;

/** The employer's fields a file may change on an employee, as the update body names them. */
const CHANGEABLE = [
  "firstName",
  "lastName",
  "employeeNumber",
  "costUnit",
  "unitId",
  "payRollOther",
  "jobTrialPeriodEndDate",
  "lastWorkingDayDate",
  "maxPrice",
  "employerNote",
] as const;
type Changeable = (typeof CHANGEABLE)[number];

/** The column a body field comes from (unitId from the unit's name). */
const COLUMN_OF: Record<Changeable | "workEmail" | "phoneNumber" | "language", ImportField> = {
  firstName: "firstName",
  lastName: "lastName",
  workEmail: "workEmail",
  phoneNumber: "phoneNumber",
  language: "language",
  employeeNumber: "employeeNumber",
  costUnit: "costUnit",
  unitId: "unit",
  payRollOther: "payRollOther",
  jobTrialPeriodEndDate: "jobTrialPeriodEndDate",
  lastWorkingDayDate: "lastWorkingDayDate",
  maxPrice: "maxPrice",
  employerNote: "employerNote",
};

type Named = { name: string; email: string };
export type PlannedRow =
  | ({ row: number; action: "NEW"; employeeId: string | null; input: TCreateEmployee } & Named)
  | ({
      row: number;
      action: "CHANGED";
      employeeId: string;
      changes: TUpdateEmployee;
      fields: string[];
    } & Named)
  | ({ row: number; action: "UNCHANGED"; employeeId: string } & Named)
  | ({ row: null; action: "ENDS"; employeeId: string; lastWorkingDayDate: string } & Named);

export type ImportPlan = { rows: PlannedRow[]; errors: TImportError[] };

type StoredEmployee = Awaited<ReturnType<typeof companyEmployees>>[number];

async function companyEmployees(db: Db, companyId: string) {
  return db
    .select({
      id: be.id,
      userId: be.userId,
      status: be.status,
      email: users.email,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
      employeeNumber: be.employeeNumber,
      costUnit: be.costUnit,
      unitId: be.unitId,
      payRollOther: be.payRollOther,
      jobTrialPeriodEndDate: be.jobTrialPeriodEndDate,
      lastWorkingDayDate: be.lastWorkingDayDate,
      maxPriceCents: be.maxPriceCents,
      employerNote: be.employerNote,
      createdAt: be.createdAt,
    })
    .from(be)
    .innerJoin(users, eq(users.id, be.userId))
    .leftJoin(systemUsers, eq(systemUsers.userId, be.userId))
    .where(and(eq(be.companyId, companyId), inArray(be.status, ["ACCEPTED", "PENDING"])));
}

/** The stored employee's fields in the form an update body gives them. */
function storedFields(e: StoredEmployee): Record<Changeable, string | number | null> {
  return {
    firstName: e.firstName,
    lastName: e.lastName,
    employeeNumber: e.employeeNumber,
    costUnit: e.costUnit,
    unitId: e.unitId,
    payRollOther: e.payRollOther,
    jobTrialPeriodEndDate: e.jobTrialPeriodEndDate,
    lastWorkingDayDate: e.lastWorkingDayDate === DEFAULT_LAST_WORKING_DAY ? null : e.lastWorkingDayDate,
    maxPrice: e.maxPriceCents === null ? null : e.maxPriceCents / 100,
    employerNote: e.employerNote,
  };
}

const personName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(" ");

/** A zod issue of the row's body as the import's error: its column and code. */
function issueError(
  row: number,
  issue: z.core.$ZodIssue,
  raw: Partial<Record<ImportField, string>>,
): TImportError {
  const field = String(issue.path[0] ?? "") as keyof typeof COLUMN_OF;
  const column = COLUMN_OF[field] ?? null;
  const empty = column !== null && !raw[column];
  const code: ImportErrorCode =
    field === "workEmail"
      ? empty
        ? "REQUIRED"
        : "EMAIL_INVALID"
      : field === "firstName" || field === "lastName"
        ? empty
          ? "REQUIRED"
          : "TEXT_INVALID"
        : field === "jobTrialPeriodEndDate" || field === "lastWorkingDayDate"
          ? (issue as { params?: { rule?: string } }).params?.rule
            ? "DATE_ORDER"
            : "DATE_INVALID"
          : field === "maxPrice"
            ? "PRICE_INVALID"
            : field === "phoneNumber"
              ? "PHONE_INVALID"
              : "TEXT_INVALID";
  return { row, column, code, message: issue.message };
}

type RowReading = { input: TCreateEmployee; given: Set<Changeable> } | { errors: TImportError[] };

/** One row's cells as the body the employee form would send, or its errors. */
function readRow(
  record: SpreadsheetRow,
  columns: ColumnMap,
  companyId: string,
  unitIds: Map<string, string>,
): RowReading {
  const { row } = record;
  const raw: Partial<Record<ImportField, string>> = {};
  columns.fields.forEach((field, i) => {
    if (field) raw[field] = (record.cells[i] ?? "").trim();
  });
  const errors: TImportError[] = [];
  const fail = (column: ImportField, code: ImportErrorCode, message: string) =>
    errors.push({ row, column, code, message });
  const given = new Set<Changeable>();
  const body: Record<string, unknown> = {
    companyId,
    firstName: raw.firstName ?? "",
    lastName: raw.lastName ?? "",
    workEmail: raw.workEmail ?? "",
  };
  given.add("firstName");
  given.add("lastName");
  const text = (key: "employeeNumber" | "costUnit" | "payRollOther" | "employerNote") => {
    if (raw[key] === undefined) return;
    body[key] = raw[key] || null;
    given.add(key);
  };
  text("employeeNumber");
  text("costUnit");
  text("payRollOther");
  text("employerNote");
  if (raw.phoneNumber) {
    try {
      body.phoneNumber = normalizePhoneNumber(raw.phoneNumber);
    } catch {
      fail("phoneNumber", "PHONE_INVALID", "Not a phone number that can receive SMS");
    }
  }
  if (raw.language) {
    const language = importLanguage(raw.language);
    if (language) body.language = language;
    else fail("language", "LANGUAGE_UNKNOWN", "The language must be fi, en or sv");
  }
  if (raw.unit !== undefined) {
    given.add("unitId");
    if (!raw.unit) body.unitId = null;
    else {
      const unitId = unitIds.get(raw.unit.toLowerCase());
      if (unitId) body.unitId = unitId;
      else fail("unit", "UNIT_UNKNOWN", `The company has no unit named ${raw.unit}`);
    }
  }
  for (const key of ["jobTrialPeriodEndDate", "lastWorkingDayDate"] as const) {
    if (raw[key] === undefined) continue;
    given.add(key);
    if (!raw[key]) body[key] = null;
    else {
      const date = importDate(raw[key]);
      if (date) body[key] = date;
      else fail(key, "DATE_INVALID", "Not a date: write it as 31.12.2026");
    }
  }
  if (raw.maxPrice !== undefined) {
    given.add("maxPrice");
    if (!raw.maxPrice) body.maxPrice = null;
    else {
      // Read as the form reads a typed price: 2 500, 2500,00 or 2500 €.
      const price = readEuroInput(raw.maxPrice);
      if (price.ok) body.maxPrice = price.cents / 100;
      else fail("maxPrice", "PRICE_INVALID", "Not a price in euros");
    }
  }
  const parsed = zCreateEmployee.safeParse(body);
  if (!parsed.success) errors.push(...parsed.error.issues.map((issue) => issueError(row, issue, raw)));
  if (errors.length > 0 || !parsed.success) return { errors };
  return { input: parsed.data, given };
}

/**
 * Dates against the day the person joined the benefit (today for a new employee). As the single
 * form's update, only a date the row gives is refused (or the last day when the row moves the trial's
 * end past it): dates already stored and left alone by the file are not the file's errors.
 */
function dateErrors(
  row: number,
  joinedAt: Date,
  input: TCreateEmployee,
  stored: StoredEmployee | null,
  given: ReadonlySet<Changeable>,
) {
  const issues = employmentDateIssues({
    joinedOn: toHelsinkiDateString(joinedAt),
    jobTrialPeriodEndDate:
      input.jobTrialPeriodEndDate !== undefined ? input.jobTrialPeriodEndDate : stored?.jobTrialPeriodEndDate,
    lastWorkingDayDate:
      input.lastWorkingDayDate !== undefined ? input.lastWorkingDayDate : stored?.lastWorkingDayDate,
  });
  const refused = issues.filter(
    (issue) =>
      given.has(issue.field) ||
      (issue.rule === "LAST_DAY_BEFORE_TRIAL_END" && given.has("jobTrialPeriodEndDate")),
  );
  return refused.map(
    (issue): TImportError => ({
      row,
      column: issue.field,
      code: "DATE_ORDER",
      message: `Must not be before ${issue.limit}`,
    }),
  );
}

export type PlanOptions = {
  columns: ColumnMap;
  /** The last working day of the employees the file does not list; null: they are left. */
  leaversOn: string | null;
  reach: CompanyReach;
  now: Date;
};

export async function planImport(
  db: Db,
  companyId: string,
  records: readonly SpreadsheetRow[],
  options: PlanOptions,
): Promise<ImportPlan> {
  const { columns, now } = options;
  const [stored, units] = [
    await companyEmployees(db, companyId),
    await db
      .select({ id: companyUnits.id, name: companyUnits.unitName })
      .from(companyUnits)
      .where(eq(companyUnits.companyId, companyId)),
  ];
  const unitIds = new Map(units.map((u) => [u.name.trim().toLowerCase(), u.id]));
  const byNumber = new Map(
    stored.filter((e) => e.employeeNumber).map((e) => [(e.employeeNumber as string).toLowerCase(), e]),
  );
  const byEmail = new Map(stored.map((e) => [e.email.toLowerCase(), e]));

  // Whoever a row names, even a row with an error, is not a leaver: only those the file leaves out are.
  const cellOf = (record: SpreadsheetRow, field: ImportField) =>
    (record.cells[columns.fields.indexOf(field)] ?? "").trim().toLowerCase();
  const mentioned = new Set<string>();
  for (const record of records) {
    mentioned.add(`e:${cellOf(record, "workEmail")}`);
    if (columns.fields.includes("employeeNumber")) mentioned.add(`n:${cellOf(record, "employeeNumber")}`);
  }

  const errors: TImportError[] = [];
  const read: { record: SpreadsheetRow; input: TCreateEmployee; given: Set<Changeable> }[] = [];
  const seenEmails = new Map<string, number>();
  const seenNumbers = new Map<string, number>();
  for (const record of records) {
    const reading = readRow(record, columns, companyId, unitIds);
    if ("errors" in reading) {
      errors.push(...reading.errors);
      continue;
    }
    const { input } = reading;
    const rowErrors: TImportError[] = [];
    const firstEmailRow = seenEmails.get(input.workEmail);
    if (firstEmailRow !== undefined) {
      rowErrors.push({
        row: record.row,
        column: "workEmail",
        code: "EMAIL_REPEATED",
        message: `The same e-mail is on row ${firstEmailRow}`,
      });
    } else seenEmails.set(input.workEmail, record.row);
    const number = input.employeeNumber?.toLowerCase();
    if (number) {
      const firstNumberRow = seenNumbers.get(number);
      if (firstNumberRow !== undefined) {
        rowErrors.push({
          row: record.row,
          column: "employeeNumber",
          code: "EMPLOYEE_NUMBER_REPEATED",
          message: `The same employee number is on row ${firstNumberRow}`,
        });
      } else seenNumbers.set(number, record.row);
    }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else read.push({ record, input, given: reading.given });
  }

  // The addresses of new people that belong to the platform's own staff cannot be made employees.
  const newEmails = read
    .filter(
      ({ input }) =>
        !byEmail.has(input.workEmail) &&
        !(input.employeeNumber && byNumber.has(input.employeeNumber.toLowerCase())),
    )
    .map(({ input }) => input.workEmail);
  const staffEmails = new Set(
    newEmails.length === 0
      ? []
      : (
          await db
            .selectDistinct({ email: sql<string>`lower(${users.email})` })
            .from(users)
            .innerJoin(userRoles, and(eq(userRoles.userId, users.id), isNull(userRoles.companyId)))
            .where(inArray(sql`lower(${users.email})`, newEmails))
        ).map((r) => r.email),
  );

  const rows: PlannedRow[] = [];
  const matched = new Set<string>();
  for (const { record, input, given } of read) {
    const { row } = record;
    const name = personName(input.firstName, input.lastName);
    const email = input.workEmail;
    const number = input.employeeNumber?.toLowerCase();
    const employee = (number ? byNumber.get(number) : undefined) ?? byEmail.get(email);
    if (!employee || employee.status === "PENDING") {
      if (staffEmails.has(email)) {
        errors.push({
          row,
          column: "workEmail",
          code: "EMAIL_TAKEN",
          message: "The e-mail is a Pedaali staff account",
        });
        continue;
      }
      const dates = dateErrors(row, employee?.createdAt ?? now, input, null, given);
      if (dates.length > 0) {
        errors.push(...dates);
        continue;
      }
      if (employee) matched.add(employee.id);
      rows.push({ row, action: "NEW", employeeId: employee?.id ?? null, input, name, email });
      continue;
    }
    if (employee.email.toLowerCase() !== email) {
      const other = byEmail.get(email);
      errors.push({
        row,
        column: "workEmail",
        code: "EMAIL_OF_ANOTHER_EMPLOYEE",
        message: other
          ? "The e-mail belongs to another of the company's employees"
          : `The employee number belongs to the employee with the e-mail ${employee.email}; a person changes their own e-mail`,
      });
      continue;
    }
    matched.add(employee.id);
    const dates = dateErrors(row, employee.createdAt, input, employee, given);
    if (dates.length > 0) {
      errors.push(...dates);
      continue;
    }
    const before = storedFields(employee);
    const changes: TUpdateEmployee = {};
    const fields: string[] = [];
    for (const key of CHANGEABLE) {
      if (!given.has(key)) continue;
      const value = (input[key as keyof TCreateEmployee] ?? null) as string | number | null;
      if (value === before[key]) continue;
      (changes as Record<string, unknown>)[key] = value;
      fields.push(key);
    }
    if (fields.length === 0) {
      rows.push({ row, action: "UNCHANGED", employeeId: employee.id, name, email });
      continue;
    }
    if (
      (fields.includes("firstName") || fields.includes("lastName")) &&
      (await isPersonShared(db, employee.userId, options.reach))
    ) {
      errors.push({
        row,
        column: fields.includes("firstName") ? "firstName" : "lastName",
        code: "PERSON_SHARED",
        message: "The person is also another company's: they change their own name",
      });
      continue;
    }
    rows.push({ row, action: "CHANGED", employeeId: employee.id, changes, fields, name, email });
  }

  if (options.leaversOn) {
    for (const employee of stored) {
      if (employee.status !== "ACCEPTED" || matched.has(employee.id)) continue;
      if (employee.lastWorkingDayDate !== DEFAULT_LAST_WORKING_DAY) continue;
      const number = employee.employeeNumber?.toLowerCase();
      if (mentioned.has(`e:${employee.email.toLowerCase()}`) || (number && mentioned.has(`n:${number}`)))
        continue;
      rows.push({
        row: null,
        action: "ENDS",
        employeeId: employee.id,
        lastWorkingDayDate: options.leaversOn,
        name: personName(employee.firstName, employee.lastName),
        email: employee.email,
      });
    }
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}
