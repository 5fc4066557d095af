import type { Expectations, MatrixRow } from "./access-matrix.ts";

/**
 * The employer's reporting: the payroll report, its file and the dashboard of one company.
 * Rows read as those of access-matrix.ts (see its header); only types come from there, so the import
 * does not loop at run time.
 *
 * reports.read: the admin tier, the employer admin, the group admin and reporting; not the editor
 * (docs/product.md "Roles": /raportointi is not the editor's) nor the employee. Toinen Oy's admin may read reports,
 * so Demo Oy's answer 404 to them.
 */
const reportReaders: Expectations = {
  anonymous: 401,
  EMPLOYER_EDITOR: 403,
  BIKE_BENEFICIARY: 403,
  BIKE_STORE: 403,
  otherTenant: 404,
  rest: "ok",
};

export const REPORTING_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/reporting/payroll",
    call: (f) => ({ query: { companyId: f.demoCompanyId, period: "2026-06" } }),
    expect: reportReaders,
  },
  {
    operation: "GET /api/reporting/payroll/export",
    call: (f) => ({ query: { companyId: f.demoCompanyId, period: "2026-06", format: "csv" } }),
    expect: reportReaders,
  },
  {
    operation: "GET /api/reporting/dashboard",
    call: (f) => ({ query: { companyId: f.demoCompanyId } }),
    expect: reportReaders,
  },
];
