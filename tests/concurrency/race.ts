import { isDeepStrictEqual } from "node:util";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import type { Db } from "../../src/server/db/client.ts";
import { rawRows } from "../../src/server/db/raw.ts";

/**
 * Two people's actions on one thing at the same moment (docs/testing.md, "Actions that meet"): each
 * pair runs once in each serial order on fresh things of its own, which gives the outcomes a person
 * could see, then `repetitions` times side by side (two sessions, started together with Promise.all,
 * each through the real HTTP handler). A side-by-side run must answer as one of the serial orders does
 * and leave the state that order leaves; no answer may be a 5xx or the database's own "someone changed
 * the same data" (a deadlock or a serialization failure that reached a person).
 */

/**
 * What an action answers: app.inject's answer, or a job's outcome put the same way (a job that ran is
 * 200, one that failed 500 with what failed).
 */
export type Reply = Pick<LightMyRequestResponse, "statusCode" | "body" | "json">;

/** One person's action on a fixture, through app.inject (or a scheduled job, called as its runner does). */
export type Action<F> = { name: string; run: (fixture: F) => Promise<Reply> };

export type Pair<F> = {
  name: string;
  /** A fresh thing (and whatever the actions need of it, such as the digest a person has seen). */
  setup: (serial: number) => Promise<F>;
  first: Action<F>;
  second: Action<F>;
  /** What the actions leave, free of ids and clock times, so that runs on different fixtures compare. */
  state: (fixture: F) => Promise<unknown>;
};

/** An answer as the harness compares it: the status and the error's code. */
type Answer = { status: number; code: string | null };

type Outcome = { answers: [Answer, Answer]; state: unknown };

export type PairReport = {
  pair: string;
  repetitions: number;
  /** How many side-by-side runs ended as each serial order does. */
  endedAs: { firstThenSecond: number; secondThenFirst: number };
  /** Answers no person may get: a 5xx, a deadlock or serialization failure, a 4xx without its own code. */
  unhandled: string[];
  /** Side-by-side runs whose answers and state no serial order gives. */
  unexplained: string[];
  /**
   * Deadlocks PostgreSQL found meanwhile in the test's database, whether or not a retry then hid them
   * from the person: with every write in the lock order there are none.
   */
  deadlocks: number;
};

/** The error handler's words for a write PostgreSQL refused, not a rule of ours (plugins/errors.ts). */
const DATABASE_REFUSALS = [
  "Someone changed the same data at the same moment",
  "The change conflicts with the stored data",
];

function answerOf(res: Reply): { answer: Answer; problem: string | null } {
  let body: { code?: unknown; message?: unknown } = {};
  try {
    body = res.json();
  } catch {
    body = {};
  }
  const code = typeof body.code === "string" ? body.code : null;
  const message = typeof body.message === "string" ? body.message : "";
  const answer = { status: res.statusCode, code: res.statusCode < 400 ? null : code };
  if (res.statusCode >= 500) return { answer, problem: `${res.statusCode} ${res.body.slice(0, 200)}` };
  if (res.statusCode >= 400 && code === null) return { answer, problem: `${res.statusCode} without a code` };
  if (res.statusCode >= 400 && DATABASE_REFUSALS.some((words) => message.startsWith(words)))
    return { answer, problem: `${res.statusCode} ${code}: ${message}` };
  return { answer, problem: null };
}

const sameOutcome = (a: Outcome, b: Outcome) =>
  isDeepStrictEqual(a.answers, b.answers) && isDeepStrictEqual(a.state, b.state);

/**
 * How many milliseconds the first action starts before the second in each side-by-side run, in turn
 * (negative: the second starts first). Two writes meet only when each has locked something the other
 * wants next, so the runs sweep the head start across the few milliseconds a request's steps take.
 */
const DEFAULT_LEADS = [0, 2, 4, 6, 8, 10, 12, 14, -2, -4, -6, -8] as const;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const show = (o: Outcome) =>
  `${o.answers.map((a) => `${a.status}${a.code ? ` ${a.code}` : ""}`).join(" / ")} → ${JSON.stringify(o.state)}`;

/** The most connections a test database's pool opens (tests/helpers/test-db.ts). */
const POOL_SIZE = 4;

/**
 * The deadlocks PostgreSQL has counted in the database so far. A server process reports its counts
 * when it next goes idle, at most once a second: each of the pool's connections is asked to report at
 * once first, side by side (on the pool, each on a connection of its own).
 */
async function deadlocksSoFar(db: Db): Promise<number> {
  await Promise.all(
    Array.from({ length: POOL_SIZE }, () => rawRows(db, sql`select pg_stat_force_next_flush()`)),
  );
  const [row] = await rawRows<{ n: number }>(
    db,
    sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
  );
  return row?.n ?? 0;
}

/**
 * Runs the pair serially both ways, then `repetitions` times side by side (the first action `leads[i]`
 * milliseconds ahead in run i), and reports what it saw; `db` is the app's database on PostgreSQL,
 * whose deadlocks are counted.
 */
export async function race<F>(
  pair: Pair<F>,
  repetitions: number,
  db: Db,
  leads: readonly number[] = DEFAULT_LEADS,
): Promise<PairReport> {
  const report: PairReport = {
    pair: pair.name,
    repetitions,
    endedAs: { firstThenSecond: 0, secondThenFirst: 0 },
    unhandled: [],
    unexplained: [],
    deadlocks: 0,
  };
  const deadlocksBefore = await deadlocksSoFar(db);
  let serial = 0;
  const seen = (action: string, res: Reply): Answer => {
    const { answer, problem } = answerOf(res);
    if (problem) report.unhandled.push(`${action}: ${problem}`);
    return answer;
  };
  const inOrder = async (reversed: boolean): Promise<Outcome> => {
    const fixture = await pair.setup(serial++);
    const [x, y] = reversed ? [pair.second, pair.first] : [pair.first, pair.second];
    const ax = seen(x.name, await x.run(fixture));
    const ay = seen(y.name, await y.run(fixture));
    const answers: [Answer, Answer] = reversed ? [ay, ax] : [ax, ay];
    return { answers, state: await pair.state(fixture) };
  };
  const firstThenSecond = await inOrder(false);
  const secondThenFirst = await inOrder(true);
  for (let i = 0; i < repetitions; i++) {
    const fixture = await pair.setup(serial++);
    const lead = leads[i % leads.length] ?? 0;
    const [a, b] = await Promise.all([
      pause(Math.max(0, -lead)).then(() => pair.first.run(fixture)),
      pause(Math.max(0, lead)).then(() => pair.second.run(fixture)),
    ]);
    const outcome: Outcome = {
      answers: [seen(pair.first.name, a), seen(pair.second.name, b)],
      state: await pair.state(fixture),
    };
    if (sameOutcome(outcome, firstThenSecond)) report.endedAs.firstThenSecond += 1;
    else if (sameOutcome(outcome, secondThenFirst)) report.endedAs.secondThenFirst += 1;
    else
      report.unexplained.push(
        `run ${i + 1}: ${show(outcome)}; serially ${show(firstThenSecond)} or ${show(secondThenFirst)}`,
      );
  }
  report.deadlocks = (await deadlocksSoFar(db)) - deadlocksBefore;
  return report;
}

/** One line of the suite's summary. */
export function summaryLine(r: PairReport): string {
  return `${r.pair}: ${r.repetitions} runs (${r.endedAs.firstThenSecond} as first→second, ${r.endedAs.secondThenFirst} as second→first), ${r.unhandled.length} unhandled, ${r.unexplained.length} unexplained, ${r.deadlocks} deadlocks`;
}
