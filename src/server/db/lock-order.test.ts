import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOCK_ORDER, type LockKind, LockOrderError, type LockTrail, noteLock } from "./lock-order.ts";

/** Notes `kinds` in turn on a fresh trail; answers the trail. */
function lockInTurn(...kinds: LockKind[]): LockTrail {
  const trail: LockTrail = [];
  for (const kind of kinds) noteLock(trail, kind);
  return trail;
}

describe("the lock order", () => {
  it("lets a change lock from the top down, skipping what it does not need", () => {
    expect(lockInTurn("orderCancellation", "order", "userPayment", "payoutBatch", "storePayable")).toEqual([
      "orderCancellation",
      "order",
      "userPayment",
      "payoutBatch",
      "storePayable",
    ]);
    expect(lockInTurn("payoutBatch", "bikeStore", "storePayable", "invoice")).toHaveLength(4);
  });

  it("refuses a kind above one the change holds, naming both", () => {
    // The cancellation as it was: its order, its payable, and only then the payable's batch, which the
    // batch's approval had locked before the payables: the two waited for each other.
    const error = (() => {
      try {
        lockInTurn("order", "userPayment", "storePayable", "payoutBatch");
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(LockOrderError);
    expect(error).toMatchObject({ kind: "payoutBatch", held: ["order", "userPayment", "storePayable"] });
    expect(String((error as Error).message)).toContain("payoutBatch is locked after storePayable");
    expect(() => lockInTurn("invoice", "order")).toThrow(LockOrderError);
    expect(() => lockInTurn("redemptionCase", "userPayment", "order")).toThrow(LockOrderError);
  });

  it("lets a change lock again a kind it holds, as moveOrder does the order its caller locked", () => {
    expect(lockInTurn("order", "userPayment", "order", "payoutBatch")).toEqual([
      "order",
      "userPayment",
      "payoutBatch",
    ]);
  });

  it("names every kind once, in the order docs/architecture.md writes down", () => {
    expect(new Set(LOCK_ORDER).size).toBe(LOCK_ORDER.length);
    const doc = readFileSync("docs/architecture.md", "utf8");
    const section = doc.slice(doc.indexOf("## Lock order"));
    const listed = section
      .slice(0, section.indexOf("\n## ", 3))
      .split("\n")
      .map((line) => /^\d+\. `(\w+)`/.exec(line)?.[1])
      .filter((kind): kind is string => kind !== undefined);
    expect(listed).toEqual([...LOCK_ORDER]);
  });
});
