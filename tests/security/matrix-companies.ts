import type { MatrixRow } from "./access-matrix.ts";

/**
 * Companies, group companies, company units, payroll recipients, company VAT and bike policy (issue 10).
 * Rows read as those of access-matrix.ts (see its header); only types come from there, so the
 * import does not loop at run time.
 */
export const COMPANY_ROWS: readonly MatrixRow[] = [];
