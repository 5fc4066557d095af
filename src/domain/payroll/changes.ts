import { sortPayrollRows } from "./report.ts";
import {
  PAYROLL_COMPARED_FLAGS,
  PAYROLL_MONEY_FIELDS,
  type PayrollChangedField,
  type PayrollRow,
} from "./types.ts";

/**
 * What changed since last month's report (ADR 008), so payroll only touches what
 * changed. The previous rows are the report as it was sent last month (read back from its JSONB
 * snapshot, whose object keys come back in another order) or the previous period computed again.
 */

/** Deep equality of plain JSON values; object key order does not matter (JSONB reorders keys). */
export function sameJsonValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJsonValue(item, b[i]))
    );
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!sameJsonValue(left[key], right[key])) return false;
  }
  return true;
}

const COMPARED_FIELDS: readonly PayrollChangedField[] = [...PAYROLL_MONEY_FIELDS, ...PAYROLL_COMPARED_FLAGS];

/** The money columns and flags that differ between a row and last month's row of the same key. */
function changedFields(current: PayrollRow, previous: PayrollRow): PayrollChangedField[] {
  return COMPARED_FIELDS.filter((field) => !sameJsonValue(current[field], previous[field]));
}

/** Last month's row that is gone this month, with zero amounts, so payroll sees the removal. */
function endedRow(previous: PayrollRow): PayrollRow {
  const zeros = Object.fromEntries(PAYROLL_MONEY_FIELDS.map((field) => [field, 0]));
  return {
    ...previous,
    ...zeros,
    leaseRunning: false,
    oneOffs: [],
    absence: null,
    withoutPay: false,
    firstMonth: false,
    lastMonth: false,
    change: "ENDED",
    changedFields: [],
  };
}

/**
 * This period's rows marked against last month's, matched by row key: NEW when the key was not there,
 * CHANGED with the fields that differ, UNCHANGED otherwise; last month's rows that are gone are added as
 * ENDED rows. ENDED rows of either list are not rows of their period (they are dropped from `current`
 * and not "there" last month). The result is sorted like the report.
 */
export function markChanges(current: readonly PayrollRow[], previous: readonly PayrollRow[]): PayrollRow[] {
  const before = new Map(previous.filter((row) => row.change !== "ENDED").map((row) => [row.key, row]));
  const rows = current.filter((row) => row.change !== "ENDED");
  const now = new Set(rows.map((row) => row.key));
  const marked = rows.map((row): PayrollRow => {
    const last = before.get(row.key);
    if (!last) return { ...row, change: "NEW", changedFields: [] };
    const fields = changedFields(row, last);
    return { ...row, change: fields.length > 0 ? "CHANGED" : "UNCHANGED", changedFields: fields };
  });
  const ended = [...before.values()].filter((row) => !now.has(row.key)).map(endedRow);
  return sortPayrollRows([...marked, ...ended]);
}
