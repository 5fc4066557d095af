import { sql } from "drizzle-orm";
import { rawRows } from "../../src/server/db/raw.ts";
import { issueMonthlyLeaseInvoices } from "../../src/server/jobs/lease-invoices.ts";
import type { Pair, Reply } from "./race.ts";
import type { World } from "./world.ts";

/**
 * The employers' lease invoices are written only by the daily billing job (jobs/lease-invoices.ts):
 * its regular invoice of the month and its catch-up of the year's months. Two runs of it meet when two
 * instances of the app take the same morning's run, or a run is started by hand while the scheduled
 * one works. Each fixture is a month of its own, later than the last (the job runs on its first
 * morning), so that each run has the month's invoices to write.
 */

type MonthFixture = { now: Date; period: string };

/** The first morning of the month `ahead` months after this one, at 05:30 in Helsinki (03:30 UTC). */
function morningOf(ahead: number): MonthFixture {
  const today = new Date();
  const now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + ahead, 1, 3, 30));
  return { now, period: now.toISOString().slice(0, 7) };
}

/** A run of the job as its runner starts it, answered as a route would: 200, or 500 naming what failed. */
async function runJob(world: World, f: MonthFixture): Promise<Reply> {
  const failures: string[] = [];
  const log = {
    info: () => undefined,
    error: (fields: unknown, message?: string) => {
      const err = (fields as { err?: unknown }).err;
      failures.push(`${message ?? ""}: ${err instanceof Error ? err.message : String(err)}`);
    },
  };
  let body: string;
  let statusCode = 200;
  try {
    const run = await issueMonthlyLeaseInvoices(world.db, { now: f.now, log });
    if (run.failed > 0) {
      statusCode = 500;
      body = JSON.stringify({ code: "JOB_FAILED", message: failures.join("; ") });
    } else body = JSON.stringify({ period: run.period });
  } catch (error) {
    statusCode = 500;
    body = JSON.stringify({ code: "JOB_FAILED", message: String(error) });
  }
  return { statusCode, body, json: () => JSON.parse(body) } as Reply;
}

/**
 * What the month's invoices say, free of how many companies and leases the month has: each company
 * has one regular invoice of it at most, and no lease is billed for it more than once net of the
 * credit notes; and the run billed someone.
 */
async function monthState(world: World, f: MonthFixture) {
  const regulars = await rawRows<{ companyId: string; n: number }>(
    world.db,
    sql`select company_id::text as "companyId", count(*)::int as n from lease_invoices
        where period = ${`${f.period}-01`}::date and kind = 'REGULAR' group by company_id`,
  );
  const billedTwice = await rawRows<{ orderNumber: number; net: number }>(
    world.db,
    sql`select line->>'orderNumber' as "orderNumber",
          sum(case when i.kind = 'CREDIT_NOTE' then -1 else 1 end)::int as net
        from lease_invoices i, jsonb_array_elements(i.lines) line
        where i.period = ${`${f.period}-01`}::date
        group by line->>'orderNumber'
        having sum(case when i.kind = 'CREDIT_NOTE' then -1 else 1 end) > 1`,
  );
  return {
    billed: regulars.length > 0,
    companiesBilledTwice: regulars.filter((r) => r.n > 1).length,
    leasesBilledTwice: billedTwice.length,
  };
}

export function leaseInvoicePairs(world: World): Pair<MonthFixture>[] {
  let months = 0;
  const state = (f: MonthFixture) => monthState(world, f);
  return [
    {
      name: "lease invoices: the daily billing job runs × runs again at once (two instances)",
      setup: async () => {
        months += 1;
        return morningOf(months);
      },
      first: { name: "the daily billing job runs", run: (f) => runJob(world, f) },
      second: { name: "another instance runs it at once", run: (f) => runJob(world, f) },
      state,
    },
  ];
}
