import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bikeRedemptions } from "../../db/schema/index.ts";

/**
 * The lease's last day in SQL, the rule of effectiveLeaseEndDate for reads that list many leases: the
 * order's latest redemption case, unless it was cancelled or the employee keeps the bike through a long
 * absence (CONTINUE), ends the lease on its day, never after the agreement's own end; otherwise the
 * agreement's end. A date (null when neither has one), so lists, the dashboard and the employer's views
 * show the same day as the employee's page, the case, payroll and the lease invoice.
 */
export function effectiveLeaseEndSql(orderId: AnyPgColumn | SQL, agreementEndDate: AnyPgColumn | SQL): SQL {
  return sql`coalesce((select case when ${bikeRedemptions.status} <> 'CANCELLED'
      and ${bikeRedemptions.choice} is distinct from 'CONTINUE'
      then least(${agreementEndDate}, ${bikeRedemptions.leaseEndsOn}) end
    from ${bikeRedemptions} where ${bikeRedemptions.orderId} = ${orderId}
    order by ${bikeRedemptions.createdAt} desc, ${bikeRedemptions.id} desc limit 1), ${agreementEndDate})`;
}
