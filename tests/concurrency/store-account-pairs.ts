import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { handovers } from "../../src/server/db/schema/index.ts";
import { PACKAGES } from "../../src/server/db/seed/order-status-walks.ts";
import type { Action, Pair } from "./race.ts";
import { ACCOUNT_STORE, EMPLOYEE, HELPDESK, STORE_USER, type World } from "./world.ts";

/**
 * The store's own account on an order at the same moment as the employee and the helpdesk: the store's
 * user (Vauhti Espoo's, myyja@vauhti.test) gives or replaces the package, sends its invoice and records
 * the bike's handover, which with the employee's signature is the delivery. Each fixture is an order
 * of that store of its own, walked to where the pair's actions meet.
 */

type StoreFixture = { orderId: string; packageVersion?: string; pickupCode?: string };

const REASON = "Tilaus perutaan samanaikaisesti";
let invoices = 0;

const cancels = (world: World, who: string, name: string): Action<StoreFixture> => ({
  name,
  run: (f) => world.call("POST", "/api/order-cancellations", who, { orderId: f.orderId, reason: REASON }),
});

const givesPackage = (
  world: World,
  name = "the store gives the package from its account",
  packageKey: keyof typeof PACKAGES = "tunturiEgo",
): Action<StoreFixture> => ({
  name,
  run: (f) =>
    world.call("PUT", `/api/store/orders/${f.orderId}/package`, STORE_USER, {
      bikeStoreOrderNumber: "VE-1001",
      items: PACKAGES[packageKey],
    }),
});

/** The store records the handover: in person with the employee's code and signature, it is the delivery. */
const recordsHandover = (
  world: World,
  inPerson: boolean,
  name = inPerson
    ? "the store hands the bike over, the employee signing at the store"
    : "the store records the shipped bike's handover",
): Action<StoreFixture> => ({
  name,
  run: (f) =>
    world.call("POST", `/api/store/orders/${f.orderId}/handover`, STORE_USER, {
      frameSerialNumber: "WC987654321",
      accessories: ["Kypärä"],
      ...(inPerson
        ? { pickupCode: f.pickupCode, employeeSignature: { name: "Emilia Laine", received: true } }
        : {}),
    }),
});

/** The order's state with its handover's. */
async function storeOrderState(world: World, f: StoreFixture) {
  const [handover] = await world.db
    .select({ status: handovers.status, kind: handovers.kind })
    .from(handovers)
    .where(eq(handovers.orderId, f.orderId));
  return { ...(await world.orderState(f.orderId)), handover: handover ?? "none" };
}

/** Every pair of an order of the store's own account. */
export function storeAccountPairs(world: World): Pair<StoreFixture>[] {
  const state = (f: StoreFixture) => storeOrderState(world, f);
  const walked = (until: Parameters<World["walkedOrder"]>[1], delivery?: "PICKUP" | "HOME_DELIVERY") =>
    world.walkedOrder(ACCOUNT_STORE, until, delivery ? { delivery } : {});
  /** Waiting for the handover, the code the employee shows at the store read as their page shows it. */
  const atHandover = async (delivery: "PICKUP" | "HOME_DELIVERY"): Promise<StoreFixture> => {
    await world.forgetRateLimits();
    const orderId = await walked("match", delivery);
    if (delivery === "HOME_DELIVERY") return { orderId };
    const page = await world.call("GET", `/api/orders/${orderId}/handover`, EMPLOYEE);
    expect(page.statusCode, page.body).toBe(200);
    const { pickupCode } = page.json() as { pickupCode: string | null };
    if (!pickupCode) throw new Error("the employee's page shows no pickup code");
    return { orderId, pickupCode };
  };

  return [
    {
      name: "store account: the store gives the package × the helpdesk cancels",
      setup: async () => ({ orderId: await walked("start") }),
      first: givesPackage(world),
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "store account: the store gives the package × the employee cancels",
      setup: async () => ({ orderId: await walked("start") }),
      first: givesPackage(world),
      second: cancels(world, EMPLOYEE, "the employee cancels the order"),
      state,
    },
    {
      name: "store account: the store replaces the package × the employee accepts the one they read",
      setup: async () => {
        const orderId = await walked("package");
        const offer = await world.call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`, EMPLOYEE);
        expect(offer.statusCode, offer.body).toBe(200);
        return { orderId, packageVersion: (offer.json() as { packageVersion: string }).packageVersion };
      },
      first: givesPackage(world, "the store replaces the package", "helkamaE3"),
      second: {
        name: "the employee accepts the package they read",
        run: (f) =>
          world.call("POST", `/api/orders/${f.orderId}/accept`, EMPLOYEE, {
            leaseTimeMonths: 36,
            packageVersion: f.packageVersion,
            overMaxPriceConfirmed: true,
          }),
      },
      state,
    },
    {
      name: "store account: the store sends its invoice × the helpdesk cancels",
      setup: async () => ({ orderId: await walked("process") }),
      first: {
        name: "the store invoices the order from its account",
        run: (f) => {
          invoices += 1;
          return world.call("POST", `/api/store/orders/${f.orderId}/invoice`, STORE_USER, {
            invoiceNumber: `VE-${90_000 + invoices}`,
          });
        },
      },
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "store account: the store hands the bike over (the delivery) × the helpdesk cancels",
      setup: () => atHandover("PICKUP"),
      first: recordsHandover(world, true),
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "store account: the store hands the bike over (the delivery) × the employee asks to cancel",
      setup: () => atHandover("PICKUP"),
      first: recordsHandover(world, true),
      second: cancels(world, EMPLOYEE, "the employee asks to cancel"),
      state,
    },
    {
      name: "store account: the store records a shipped bike's handover × the helpdesk cancels",
      setup: () => atHandover("HOME_DELIVERY"),
      first: recordsHandover(world, false),
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "store account: the employee signs for the shipped bike × the helpdesk cancels",
      setup: async () => {
        const fixture = await atHandover("HOME_DELIVERY");
        const recorded = await recordsHandover(world, false).run(fixture);
        expect(recorded.statusCode, recorded.body).toBe(201);
        return fixture;
      },
      first: {
        name: "the employee signs for the bike on their device",
        run: (f) =>
          world.call("POST", `/api/orders/${f.orderId}/handover/signature`, EMPLOYEE, { received: true }),
      },
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "store account: the store records the handover × records it again (a second click)",
      setup: () => atHandover("PICKUP"),
      first: recordsHandover(world, true),
      second: recordsHandover(world, true, "the same handover sent again"),
      state,
    },
  ];
}
