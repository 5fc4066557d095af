import { and, count, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { TPlatformReport, TPlatformReportQuery } from "../../../contract/admin.ts";
import { ACTIVE_LEASE_STATUSES } from "../../../contract/companies.ts";
import { HELSINKI_TIME_ZONE, toHelsinkiDateString } from "../../../domain/dates.ts";
import { ORDER_STATUSES, type OrderStatus, PAYER_TYPES } from "../../../domain/enums.ts";
import type { AppContext } from "../../context.ts";
import { onHelsinkiDates } from "../../db/helsinki.ts";
import {
  beneficiaryEmployees,
  companies,
  companyApplications,
  groupCompanies,
  invoices,
  leasingAgreements,
  orders,
} from "../../db/schema/index.ts";
import { badRequest } from "../../errors.ts";

/**
 * Platform reporting (the admin tab Raportointi): totals, orders by status, orders and leases per Helsinki month
 * and invoiced money per payer, each one grouped query; the months without rows are filled in here so
 * that every month of the range is present. Money is summed in cents and answered in euros.
 */

/** The default range: the first day of the month 12 months back up to today (Helsinki). */
export function defaultRange(now: Date): { from: string; to: string } {
  const today = toHelsinkiDateString(now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const start = new Date(Date.UTC(year, month - 1 - 12, 1));
  return { from: start.toISOString().slice(0, 7).concat("-01"), to: today };
}

/** Every YYYY-MM from the month of `from` to the month of `to`. */
export function monthsFromTo(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

const euros = (cents: unknown) => Math.round(Number(cents ?? 0)) / 100;
// The zone is written into the SQL text, not bound: the same expression appears in select and group
// by, and PostgreSQL matches them only when their text (not two separate parameters) is the same.
const HELSINKI = sql.raw(`'${HELSINKI_TIME_ZONE}'`);
const monthOfInstant = (column: unknown) =>
  sql<string>`to_char(${column} at time zone ${HELSINKI}, 'YYYY-MM')`;
const monthOfDate = (column: unknown) => sql<string>`to_char(${column}, 'YYYY-MM')`;

export function createPlatformReportService(ctx: AppContext) {
  const { db } = ctx.database;

  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;

  return {
    async report(query: TPlatformReportQuery, now = new Date()): Promise<TPlatformReport> {
      const defaults = defaultRange(now);
      const from = query.from ?? defaults.from;
      const to = query.to ?? defaults.to;
      if (from > to) {
        throw badRequest("The range starts after it ends", [
          { field: "querystring.from", message: "Must not be after to" },
        ]);
      }
      const createdInRange = and(...onHelsinkiDates(orders.createdAt, from, to));

      const [
        companyCount,
        groupCount,
        employees,
        pendingEmployees,
        orderCount,
        activeLeases,
        pendingApplications,
      ] = await Promise.all([
        total(db.select({ n: count() }).from(companies).where(isNull(companies.deletedAt))),
        total(db.select({ n: count() }).from(groupCompanies)),
        total(
          db
            .select({ n: count() })
            .from(beneficiaryEmployees)
            .where(eq(beneficiaryEmployees.status, "ACCEPTED")),
        ),
        total(
          db
            .select({ n: count() })
            .from(beneficiaryEmployees)
            .where(eq(beneficiaryEmployees.status, "PENDING")),
        ),
        total(db.select({ n: count() }).from(orders)),
        total(
          db
            .select({ n: count() })
            .from(orders)
            .where(inArray(orders.orderStatus, [...ACTIVE_LEASE_STATUSES])),
        ),
        total(
          db
            .select({ n: count() })
            .from(companyApplications)
            .where(eq(companyApplications.status, "PENDING")),
        ),
      ]);

      const byStatus = await db
        .select({ status: orders.orderStatus, n: count() })
        .from(orders)
        .groupBy(orders.orderStatus);

      const orderMonth = monthOfInstant(orders.createdAt);
      const perMonth = await db
        .select({ month: orderMonth, status: orders.orderStatus, n: count() })
        .from(orders)
        .where(createdInRange)
        .groupBy(orderMonth, orders.orderStatus);

      const startMonth = monthOfDate(leasingAgreements.startDate);
      const started = await db
        .select({ month: startMonth, n: count() })
        .from(leasingAgreements)
        .where(
          and(
            isNotNull(leasingAgreements.startDate),
            gte(leasingAgreements.startDate, from),
            lte(leasingAgreements.startDate, to),
          ),
        )
        .groupBy(startMonth);
      const endMonth = monthOfDate(leasingAgreements.endDate);
      const ending = await db
        .select({ month: endMonth, n: count() })
        .from(leasingAgreements)
        .where(
          and(
            isNotNull(leasingAgreements.endDate),
            gte(leasingAgreements.endDate, from),
            lte(leasingAgreements.endDate, to),
          ),
        )
        .groupBy(endMonth);

      const money = await db
        .select({
          payerType: invoices.payerType,
          invoiced: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
          paid: sql<string>`coalesce(sum(${invoices.paidAmountCents}), 0)`,
        })
        .from(invoices)
        .where(and(gte(invoices.issueDate, from), lte(invoices.issueDate, to)))
        .groupBy(invoices.payerType);

      const months = monthsFromTo(from, to);
      const countIn = (rows: { month: string; n: number }[], month: string) =>
        rows.find((r) => r.month === month)?.n ?? 0;
      return {
        from,
        to,
        totals: {
          companies: companyCount,
          groupCompanies: groupCount,
          employees,
          pendingEmployees,
          orders: orderCount,
          activeLeases,
          pendingApplications,
        },
        ordersByStatus: ORDER_STATUSES.map((status) => ({
          status,
          count: byStatus.find((r) => r.status === status)?.n ?? 0,
        })),
        ordersOverTime: months.map((month) => ({
          month,
          counts: Object.fromEntries(
            perMonth.filter((r) => r.month === month).map((r) => [r.status, r.n]),
          ) as Partial<Record<OrderStatus, number>>,
        })),
        leases: months.map((month) => ({
          month,
          started: countIn(started, month),
          ending: countIn(ending, month),
        })),
        moneyByPayer: PAYER_TYPES.map((payerType) => {
          const row = money.find((m) => m.payerType === payerType);
          return { payerType, invoiced: euros(row?.invoiced), paid: euros(row?.paid) };
        }),
      };
    },
  };
}
