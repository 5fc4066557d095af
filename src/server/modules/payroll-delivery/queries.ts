import { desc, eq } from "drizzle-orm";
import type { TPayrollDelivery } from "../../../contract/payroll-delivery.ts";
import type { Db } from "../../db/client.ts";
import { payrollDeliveries } from "../../db/schema/index.ts";

/** The log the settings page shows: two years of monthly deliveries is enough to re-send from. */
const DELIVERIES_LISTED = 24;

const columns = {
  id: payrollDeliveries.id,
  period: payrollDeliveries.period,
  kind: payrollDeliveries.kind,
  channel: payrollDeliveries.channel,
  target: payrollDeliveries.target,
  status: payrollDeliveries.status,
  error: payrollDeliveries.error,
  fileName: payrollDeliveries.fileName,
  fileSha256: payrollDeliveries.fileSha256,
  rowCount: payrollDeliveries.rowCount,
  attempts: payrollDeliveries.attempts,
  startedAt: payrollDeliveries.startedAt,
  finishedAt: payrollDeliveries.finishedAt,
};

type Row = Omit<TPayrollDelivery, "startedAt" | "finishedAt"> & { startedAt: Date; finishedAt: Date | null };

const answer = (row: Row): TPayrollDelivery => ({
  ...row,
  period: row.period.slice(0, 7),
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export async function latestDeliveries(db: Db, companyId: string): Promise<TPayrollDelivery[]> {
  const rows = await db
    .select(columns)
    .from(payrollDeliveries)
    .where(eq(payrollDeliveries.companyId, companyId))
    .orderBy(desc(payrollDeliveries.startedAt), desc(payrollDeliveries.id))
    .limit(DELIVERIES_LISTED);
  return rows.map(answer);
}

export async function deliveryById(db: Db, id: string): Promise<TPayrollDelivery | null> {
  const [row] = await db.select(columns).from(payrollDeliveries).where(eq(payrollDeliveries.id, id));
  return row ? answer(row) : null;
}
