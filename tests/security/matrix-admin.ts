import type { MatrixRow } from "./access-matrix.ts";

/**
 * The admin area's own calls: company applications, the event log, reporting and the helpdesk search (issue 10).
 * Rows read as those of access-matrix.ts (see its header); only types come from there, so the
 * import does not loop at run time.
 */
export const ADMIN_ROWS: readonly MatrixRow[] = [];
