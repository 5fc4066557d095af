import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import type { Action, Pair } from "./race.ts";
import { ADMIN, HELPDESK, type World } from "./world.ts";

/**
 * The payout batch's pairs: what its maker, its approver and whoever cancels an order in it can do at
 * the same moment. Each fixture is a store of its own with two matched orders: `kept` stays, `target`
 * is the one a cancellation takes out.
 */

type BatchFixture = { storeId: string; kept: string; target: string; batchId: string; digest: string };

const CANCEL_REASON = "Asiakas perui tilauksen ennen toimitusta";

/** A store, its two orders, and (unless `batch` is "none") a batch of them as far as `batch` says. */
async function batchFixture(world: World, batch: "none" | "CREATED" | "APPROVED"): Promise<BatchFixture> {
  const store = await world.store();
  const kept = await world.matchedOrder(store.name);
  const target = await world.matchedOrder(store.name);
  if (batch === "none") return { storeId: store.id, kept, target, batchId: "", digest: "" };
  const batchId = await world.batchOf(store.id);
  const digest = await world.digestOf(batchId);
  if (batch === "APPROVED") {
    const res = await world.call("POST", `/api/store-payouts/batches/${batchId}/approve`, ADMIN, {
      approvalDigest: digest,
    });
    if (res.statusCode !== 200) throw new Error(`approval in setup: ${res.statusCode} ${res.body}`);
  }
  return { storeId: store.id, kept, target, batchId, digest };
}

const cancelTarget = (world: World): Action<BatchFixture> => ({
  name: "helpdesk cancels an order of the batch",
  run: (f) =>
    world.call("POST", "/api/order-cancellations", HELPDESK, { orderId: f.target, reason: CANCEL_REASON }),
});

const approve = (world: World, name = "the second person approves the batch"): Action<BatchFixture> => ({
  name,
  run: (f) =>
    world.call("POST", `/api/store-payouts/batches/${f.batchId}/approve`, ADMIN, {
      approvalDigest: f.digest,
    }),
});

const discard = (world: World): Action<BatchFixture> => ({
  name: "its maker discards the batch",
  run: (f) => world.call("DELETE", `/api/store-payouts/batches/${f.batchId}`, HELPDESK),
});

const markPaid = (world: World, name = "the batch is marked paid"): Action<BatchFixture> => ({
  name,
  run: (f) =>
    world.call("POST", `/api/store-payouts/batches/${f.batchId}/paid`, ADMIN, {
      paidDate: toHelsinkiDateString(new Date()),
    }),
});

const makeBatch = (world: World, name = "the helpdesk makes the store's batch"): Action<BatchFixture> => ({
  name,
  run: (f) => world.call("POST", "/api/store-payouts/batches", HELPDESK, { bikeStoreId: f.storeId }),
});

const stateOf = (world: World) => (f: BatchFixture) =>
  world.stateOf(f.batchId || null, { kept: f.kept, target: f.target });

/** The pair that deadlocked: a cancellation voids the order's payable while the approval holds the batch. */
export function cancelVersusApprove(world: World): Pair<BatchFixture> {
  return {
    name: "payout batch: cancel an order in it × approve it",
    setup: () => batchFixture(world, "CREATED"),
    first: cancelTarget(world),
    second: approve(world),
    state: stateOf(world),
  };
}

/** Every pair of the payout batch, the deadlocking one first. */
export function payoutPairs(world: World): Pair<BatchFixture>[] {
  return [
    cancelVersusApprove(world),
    {
      name: "payout batch: cancel an order in it × discard it",
      setup: () => batchFixture(world, "CREATED"),
      first: cancelTarget(world),
      second: discard(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: cancel an order in it × mark it paid",
      setup: () => batchFixture(world, "APPROVED"),
      first: cancelTarget(world),
      second: markPaid(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: move an order in it to a special case × approve it",
      setup: () => batchFixture(world, "CREATED"),
      first: {
        name: "the helpdesk moves an order of the batch to CASE_X",
        run: (f) =>
          world.call("POST", `/api/orders/${f.target}/status`, HELPDESK, {
            to: "CASE_X",
            note: "Selvitettävä tapaus",
          }),
      },
      second: approve(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: cancel an open order × make the store's batch",
      setup: () => batchFixture(world, "none"),
      first: cancelTarget(world),
      second: makeBatch(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: approve × discard",
      setup: () => batchFixture(world, "CREATED"),
      first: approve(world),
      second: discard(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: approve × mark paid",
      setup: () => batchFixture(world, "CREATED"),
      first: approve(world),
      second: markPaid(world),
      state: stateOf(world),
    },
    {
      name: "payout batch: approve × approve (a second click)",
      setup: () => batchFixture(world, "CREATED"),
      first: approve(world),
      second: approve(world, "the same approval sent again"),
      state: stateOf(world),
    },
    {
      name: "payout batch: mark paid × mark paid (a second click)",
      setup: () => batchFixture(world, "APPROVED"),
      first: markPaid(world),
      second: markPaid(world, "the same marking sent again"),
      state: stateOf(world),
    },
    {
      name: "payout batch: make the store's batch × make it again",
      setup: () => batchFixture(world, "none"),
      first: makeBatch(world),
      second: makeBatch(world, "another person makes it at once"),
      state: stateOf(world),
    },
  ];
}
