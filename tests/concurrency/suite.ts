import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkConsistency } from "../../src/server/db/consistency.ts";
import { setupTestApp } from "../helpers/test-app.ts";
import { postgresTestUrl, testFileStore } from "../helpers/test-db.ts";
import { type Pair, type PairReport, race, summaryLine } from "./race.ts";
import { concurrencyWorld, type World } from "./world.ts";

/**
 * How many times each pair runs side by side: 3 by default (a quick look), more from the named script
 * (`npm run test:concurrency`, CONCURRENCY_REPETITIONS).
 */
const REPETITIONS = Number(process.env.CONCURRENCY_REPETITIONS || 3);

/**
 * One file of the concurrency suite: the demo data, the world its pairs act in, and each pair a test
 * of its own, raced REPETITIONS times; after each pair the database's consistency check must hold.
 * Skipped without PostgreSQL (PGlite has one connection, so nothing there happens at once).
 */
export function racePairs<F>(title: string, pairsOf: (world: World) => Pair<F>[]): void {
  describe.skipIf(postgresTestUrl() === null)(title, () => {
    const t = setupTestApp({}, { demoData: true });
    const world = concurrencyWorld(t);
    const reports: PairReport[] = [];
    beforeAll(() => world.prepare());
    afterAll(() => {
      const runs = reports.reduce((sum, r) => sum + r.repetitions, 0);
      const unhandled = reports.reduce((sum, r) => sum + r.unhandled.length, 0);
      const deadlocks = reports.reduce((sum, r) => sum + r.deadlocks, 0);
      console.info(
        [
          `${title}: ${reports.length} pairs × ${REPETITIONS} = ${runs} runs side by side, ${unhandled} unhandled, ${deadlocks} deadlocks`,
          ...reports.map((r) => `  ${summaryLine(r)}`),
        ].join("\n"),
      );
    });
    for (const pair of pairsOf(world)) {
      it(pair.name, async () => {
        const report = await race(pair, REPETITIONS, t.database.db);
        reports.push(report);
        expect(report.unhandled).toEqual([]);
        expect(report.unexplained).toEqual([]);
        expect(report.deadlocks).toBe(0);
        expect(await checkConsistency(t.database.db, testFileStore())).toEqual([]);
      });
    }
  });
}
