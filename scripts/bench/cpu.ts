/**
 * The CPU a hot call costs, per call, in the server (Node) and in PostgreSQL, measured over the call's
 * load (./http.ts): requests/s and p99 say how fast a call is, these say which side to make cheaper.
 *
 * - Node: the server process's user + system time over the load (what its process.cpuUsage() reports,
 *   read from /proc/<pid>/stat since the server is another process; Linux, 10 ms ticks).
 * - PostgreSQL: from pg_stat_statements when the bench's database can have it (it needs
 *   shared_preload_libraries: then the statements' planning + execution time, which is wall time
 *   inside the backend); else the user + system time of the bench database's backends from
 *   /proc/<pid>/stat, sampled through the load so that a backend which ends during it still counts.
 *   The backends must run on this machine for that; elsewhere the column is empty.
 */
import { readFileSync } from "node:fs";
import type pg from "pg";

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's user + system CPU so far in ms, or null when it is gone or not on this machine. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces; the fields after it are space-separated.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

type PostgresCpuSource = "pg_stat_statements" | "backends" | "none";

/** What one load cost: Node's CPU and PostgreSQL's, in ms (null: not measured). */
export type LoadCpu = { nodeMs: number | null; postgresMs: number | null };

/**
 * Measures Node's and PostgreSQL's CPU over `run`. `client` is the bench's own connection to the
 * bench's database (its backend is left out); `serverPid` the server's process.
 */
export async function cpuMeter(client: pg.Client | null, serverPid: number) {
  let source: PostgresCpuSource = "none";
  if (client) {
    try {
      await client.query("create extension if not exists pg_stat_statements");
      await client.query("select pg_stat_statements_reset()");
      source = "pg_stat_statements";
    } catch {
      // Not preloaded (or not installed): the backends' CPU from /proc, if they are on this machine.
      const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
      source = rows[0] && processCpuMs(rows[0].pid) !== null ? "backends" : "none";
    }
  }

  async function statementsMs(): Promise<number> {
    const { rows } = await (client as pg.Client).query<{ ms: number }>(
      `select coalesce(sum(total_exec_time + total_plan_time), 0)::float8 as ms
         from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`,
    );
    return rows[0]?.ms ?? 0;
  }

  async function backendPids(): Promise<number[]> {
    const { rows } = await (client as pg.Client).query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows.map((row) => row.pid);
  }

  return {
    source,
    async measure<T>(run: () => Promise<T>): Promise<{ result: T; cpu: LoadCpu }> {
      const nodeBefore = processCpuMs(serverPid);
      if (source === "pg_stat_statements") {
        const before = await statementsMs();
        const result = await run();
        const after = await statementsMs();
        const nodeAfter = processCpuMs(serverPid);
        return { result, cpu: { nodeMs: nodeDelta(nodeBefore, nodeAfter), postgresMs: after - before } };
      }
      if (source === "none") {
        const result = await run();
        return { result, cpu: { nodeMs: nodeDelta(nodeBefore, processCpuMs(serverPid)), postgresMs: null } };
      }
      // Each backend's CPU when first seen (0 for one that starts during the load) and when last seen.
      const first = new Map<number, number>();
      const last = new Map<number, number>();
      const sample = async (starting: boolean) => {
        for (const pid of await backendPids()) {
          const ms = processCpuMs(pid);
          if (ms === null) continue;
          if (!first.has(pid)) first.set(pid, starting ? ms : 0);
          last.set(pid, ms);
        }
      };
      await sample(true);
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          await new Promise((resolve) => setTimeout(resolve, 250));
          if (sampling) await sample(false);
        }
      })();
      const result = await run();
      sampling = false;
      await sampler;
      await sample(false);
      const nodeAfter = processCpuMs(serverPid);
      let postgresMs = 0;
      for (const [pid, ms] of last) postgresMs += ms - (first.get(pid) ?? 0);
      return { result, cpu: { nodeMs: nodeDelta(nodeBefore, nodeAfter), postgresMs } };
    },
  };
}

function nodeDelta(before: number | null, after: number | null): number | null {
  return before === null || after === null ? null : after - before;
}
