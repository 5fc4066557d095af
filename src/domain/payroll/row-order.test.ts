import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { comparePayrollRows, payrollReport, sortPayrollRows } from "./report.ts";
import { employee, input, lease } from "./test-fixtures.ts";
import type { PayrollRow } from "./types.ts";

/** A real row of a report, the base every generated row changes. */
const [baseRow] = payrollReport(
  input({ period: "2026-03", employees: [employee("e")], leases: [lease("L", "e")] }),
).rows as [PayrollRow];

/**
 * Names as a payroll meets them: Finnish and Swedish letters, case, hyphens, and "Ä" written both as
 * one character and as "A" with a combining diaeresis, which the collator finds equal.
 */
const name = fc
  .array(fc.constantFrom("a", "A", "ä", "Ä", "A\u0308", "ö", "å", "v", "w", "z", "-", " ", "é", "e"), {
    minLength: 0,
    maxLength: 4,
  })
  .map((letters) => letters.join(""));

const row = fc.record({
  lastName: name,
  firstName: name,
  employeeNumber: fc.option(fc.constantFrom("1", "2", "10", "E-2", "e-10"), { nil: null }),
  orderNumber: fc.option(fc.integer({ min: 10_000, max: 10_005 }), { nil: null }),
});

describe("sortPayrollRows", () => {
  it("orders rows exactly as comparePayrollRows does", () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), (fields) => {
        const rows = fields.map((f, i): PayrollRow => ({ ...baseRow, ...f, key: `row-${i}` }));
        const expected = [...rows].sort(comparePayrollRows).map((r) => r.key);
        expect(sortPayrollRows([...rows]).map((r) => r.key)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("sorts Finnish names as Finnish: Å, Ä and Ö after Z, V and W apart", () => {
    const rows = ["Öhman", "Åberg", "Wirtanen", "Virtanen", "Ärväs", "Zetterberg", "aalto"].map(
      (lastName, i): PayrollRow => ({ ...baseRow, lastName, key: `row-${i}` }),
    );
    expect(sortPayrollRows(rows).map((r) => r.lastName)).toEqual([
      "aalto",
      "Virtanen",
      "Wirtanen",
      "Zetterberg",
      "Åberg",
      "Ärväs",
      "Öhman",
    ]);
  });
});

describe("employee numbers in the order", () => {
  const numeric = new Intl.Collator("fi", { numeric: true });
  const employeeNumber = fc.oneof(
    fc.bigInt({ min: 1n, max: 10n ** 20n }).map(String),
    fc.stringMatching(/^0[0-9]{0,3}$/),
    fc.stringMatching(/^[A-Za-z]?-?[0-9]{1,4}$/),
  );

  it("follows the collator's numeric order, plain numbers included", () => {
    fc.assert(
      fc.property(fc.array(employeeNumber, { minLength: 2, maxLength: 40 }), (numbers) => {
        const rows = numbers.map((n, i): PayrollRow => ({ ...baseRow, employeeNumber: n, key: `row-${i}` }));
        const sorted = sortPayrollRows([...rows]).map((r) => r.employeeNumber as string);
        for (let i = 1; i < sorted.length; i++) {
          expect(numeric.compare(sorted[i - 1] as string, sorted[i] as string)).toBeLessThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
