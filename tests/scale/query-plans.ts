import type { FastifyInstance } from "fastify";
import type pg from "pg";

/**
 * The lists people open all day, and what PostgreSQL does for them: the hot HTTP calls (first pages,
 * deep pages, filters and each "name contains" search), the SQL each one runs (caught by a drizzle
 * logger while the call runs through app.inject), and a summary of each statement's plan (EXPLAIN
 * FORMAT JSON). The EXPLAIN test (explain.db.test.ts) and `npm run explain:scale` share it.
 */

export type Caller = "admin" | "groupAdmin";

/** One hot call: who makes it, its address, and whether it searches by name (the trigram indexes). */
export type HotCall = { label: string; caller: Caller; url: string; nameSearch?: boolean };

/**
 * The hot calls, with the ids they need: `roleId` of BIKE_BENEFICIARY and `deepPage` of the employee
 * list (about its middle). The helpdesk's lists are the admin's; the employer's the group admin's; the
 * after-sales lists both, since the helpdesk's has no company filter and the employer's has one.
 */
export function hotCalls(ids: { roleId: string; deepPage: number }): HotCall[] {
  const employees = "/api/beneficiary-employee/employeesOptimizedList";
  const afterSales = (caller: Caller): HotCall[] => [
    { label: "order cancellations page 1", caller, url: "/api/order-cancellations?page=1&limit=20" },
    {
      label: "order cancellations search",
      caller,
      url: "/api/order-cancellations?search=salonen&limit=20",
      nameSearch: true,
    },
    { label: "insurance claims page 1", caller, url: "/api/insurance-claims?page=1&limit=10" },
    {
      label: "insurance claims search",
      caller,
      url: "/api/insurance-claims?searchTerm=salonen",
      nameSearch: true,
    },
    { label: "redemptions page 1", caller, url: "/api/bike-redemption?page=1&limit=20" },
    {
      label: "redemptions search",
      caller,
      url: "/api/bike-redemption?search=salonen&limit=20",
      nameSearch: true,
    },
    { label: "redemption payments page 1", caller, url: "/api/redemption-payment?page=1&limit=20" },
    { label: "signed documents page 1", caller, url: "/api/signed-documents?page=1&limit=20" },
    { label: "user payments page 1", caller, url: "/api/user-payment/optimized?page=1&pageSize=10" },
    {
      label: "user payments search",
      caller,
      url: "/api/user-payment/optimized?searchTerm=salonen&pageSize=10",
      nameSearch: true,
    },
  ];
  return [
    {
      label: "system users page 1",
      caller: "admin",
      url: "/api/system-users?isForList=true&page=1&limit=20",
    },
    {
      label: "system users last name",
      caller: "admin",
      url: `/api/system-users?lastName=${encodeURIComponent("mäki")}&limit=20`,
      nameSearch: true,
    },
    {
      label: "role users search",
      caller: "admin",
      url: `/api/user-roles/roles/${ids.roleId}/users?search=aino&limit=20`,
      nameSearch: true,
    },
    {
      label: "helpdesk search",
      caller: "admin",
      url: "/api/admin/search?q=salonen",
      nameSearch: true,
    },
    { label: "event log page 1", caller: "admin", url: "/api/event-log?page=1&limit=20" },
    { label: "event log page 500", caller: "admin", url: "/api/event-log?page=500&limit=20" },
    ...afterSales("admin"),
    { label: "employees page 1", caller: "groupAdmin", url: `${employees}?page=1&pageSize=10` },
    {
      label: "employees deep page",
      caller: "groupAdmin",
      url: `${employees}?page=${ids.deepPage}&pageSize=10`,
    },
    {
      label: "employees search",
      caller: "groupAdmin",
      url: `${employees}?search=${encodeURIComponent("aino salonen")}`,
    },
    {
      label: "employees common surname",
      caller: "groupAdmin",
      url: `${employees}?search=salonen`,
    },
    {
      label: "employees with an active lease",
      caller: "groupAdmin",
      url: `${employees}?filterType=ACTIVE_LEASE`,
    },
    {
      label: "employees processed dates",
      caller: "groupAdmin",
      url: `${employees}?processedStart=2025-01-01&processedEnd=2025-03-31`,
    },
    { label: "orders page 1", caller: "groupAdmin", url: "/api/orders/all?page=1&limit=20" },
    {
      label: "orders search",
      caller: "groupAdmin",
      url: "/api/orders/all?search=salonen&limit=20",
      nameSearch: true,
    },
    {
      label: "leasing agreements page 1",
      caller: "groupAdmin",
      url: "/api/leasing-agreements/list?page=1&limit=20",
    },
    {
      label: "leasing agreements search",
      caller: "groupAdmin",
      url: "/api/leasing-agreements/list?searchName=salonen",
      nameSearch: true,
    },
    ...afterSales("groupAdmin"),
  ];
}

export type Statement = { sql: string; params: unknown[] };

/** Keeps the statements the app ran (Database.observeStatements) since the last `take()`. */
export class StatementCapture {
  private statements: Statement[] = [];

  logQuery(query: string, params: unknown[]): void {
    this.statements.push({ sql: query, params });
  }

  take(): Statement[] {
    const taken = this.statements;
    this.statements = [];
    return taken;
  }
}

/** The reads one call runs (the session's look-up included): its SELECTs, each once. */
export async function statementsOf(
  app: FastifyInstance,
  capture: StatementCapture,
  call: { url: string; headers: Record<string, string> },
): Promise<Statement[]> {
  capture.take();
  const res = await app.inject({ url: call.url, headers: call.headers });
  if (res.statusCode !== 200) throw new Error(`${call.url}: HTTP ${res.statusCode} ${res.body}`);
  const seen = new Set<string>();
  return capture.take().filter((s) => {
    const key = s.sql + JSON.stringify(s.params);
    if (!/^\s*(select|with)\b/i.test(s.sql) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  Filter?: string;
  Plans?: PlanNode[];
};

export type PlanSummary = {
  /**
   * Tables read whole: a Seq Scan, or an index walked from end to end to filter its rows (no index
   * condition, a Filter, no Limit above to stop it), which is what the planner does instead of a
   * Seq Scan when sequential scans are priced out and no index answers the condition.
   */
  wholeReads: string[];
  /** The indexes the plan reads. */
  indexes: string[];
  /** The plan's nodes in a line: "Limit > Nested Loop > Index Scan on x". */
  shape: string;
  /** EXPLAIN ANALYZE's execution time, ms (undefined without ANALYZE). */
  executionMs?: number;
};

function walk(
  node: PlanNode,
  underLimit: boolean,
  visit: (node: PlanNode, underLimit: boolean) => void,
): void {
  visit(node, underLimit);
  for (const child of node.Plans ?? []) walk(child, underLimit || node["Node Type"] === "Limit", visit);
}

const INDEX_WALKS = new Set(["Index Scan", "Index Only Scan"]);

/** EXPLAIN (FORMAT JSON) of one statement with its parameters, summarised. */
export async function explain(
  client: pg.ClientBase,
  statement: Statement,
  analyze = false,
): Promise<PlanSummary> {
  const options = analyze ? "analyze, buffers, format json" : "format json";
  const result = await client.query(`explain (${options}) ${statement.sql}`, statement.params as unknown[]);
  const [root] = result.rows[0]["QUERY PLAN"] as [{ Plan: PlanNode; "Execution Time"?: number }];
  const wholeReads: string[] = [];
  const indexes = new Set<string>();
  const shape: string[] = [];
  walk(root.Plan, false, (node, underLimit) => {
    const table = node["Relation Name"];
    const type = node["Node Type"];
    const filteredWalk = INDEX_WALKS.has(type) && !node["Index Cond"] && node.Filter && !underLimit;
    if (table && (type === "Seq Scan" || filteredWalk)) wholeReads.push(table);
    if (node["Index Name"]) indexes.add(node["Index Name"]);
    const on = node["Index Name"] ?? table;
    shape.push(on ? `${type} on ${on}` : type);
  });
  return { wholeReads, indexes: [...indexes], shape: shape.join(" > "), executionMs: root["Execution Time"] };
}

/** The tables with more than `rows` rows (by the planner's statistics; run ANALYZE first). */
export async function tablesOver(client: pg.ClientBase, rows: number): Promise<Set<string>> {
  const result = await client.query<{ relname: string }>(
    "select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples > $1",
    [rows],
  );
  return new Set(result.rows.map((r) => r.relname));
}
