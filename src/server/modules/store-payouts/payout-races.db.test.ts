import { beforeAll, describe, expect, it } from "vitest";
import { cancelVersusApprove } from "../../../../tests/concurrency/payout-pairs.ts";
import { race } from "../../../../tests/concurrency/race.ts";
import { concurrencyWorld } from "../../../../tests/concurrency/world.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import { postgresTestUrl, testFileStore } from "../../../../tests/helpers/test-db.ts";
import { checkConsistency } from "../../db/consistency.ts";

/**
 * CI's slice of the concurrency suite (`npm run test:concurrency` runs every pair, many times): an order
 * cancelled at the moment its payout batch is approved, eight times. The cancellation voids the order's payable and
 * the approval copies its account, so both lock the batch and the payable; in two orders they would
 * deadlock and one person would get the database's refusal. PostgreSQL only: PGlite has one connection.
 */

/**
 * The cancellation reaches the payable some milliseconds after its start, the approval the payables
 * some after it has locked the batch: the two met when the cancellation started about 4 to 12 ms
 * ahead (measured on the 2-core CI machine), so the runs sweep that head start, a little wider.
 */
const LEADS = [2, 4, 6, 8, 10, 12, 14, 16];
const REPETITIONS = LEADS.length;

describe.skipIf(postgresTestUrl() === null)("a cancellation and its payout batch's approval at once", () => {
  const t = setupTestApp({}, { demoData: true });
  const world = concurrencyWorld(t);
  beforeAll(() => world.prepare());

  it("answers both people as one serial order would and leaves the data whole", async () => {
    const report = await race(cancelVersusApprove(world), REPETITIONS, t.database.db, LEADS);
    expect(report.unhandled).toEqual([]);
    expect(report.unexplained).toEqual([]);
    // Not even one a retry would hide: both lock the batch before its payables.
    expect(report.deadlocks).toBe(0);
    expect(report.endedAs.firstThenSecond + report.endedAs.secondThenFirst).toBe(REPETITIONS);
    expect(await checkConsistency(t.database.db, testFileStore())).toEqual([]);
  }, 60_000);
});
