import { expect } from "vitest";
import { zOrderCancellationDetails } from "../../src/contract/order-cancellations.ts";
import { toHelsinkiDateString } from "../../src/domain/dates.ts";
import { write } from "../../src/server/db/transaction.ts";
import { issueStoreLink } from "../../src/server/modules/store-links/tokens.ts";
import type { Action, Pair } from "./race.ts";
import { EMPLOYEE, EMPLOYER, HELPDESK, type World } from "./world.ts";

/**
 * The order's pairs: its employee, its employer, its store (by the link in its mail) and the helpdesk
 * acting on one order at the same moment. Each fixture is an order of its own, walked through the main
 * line to where the pair's actions meet.
 */

type OrderFixture = {
  orderId: string;
  /** What the first or second action needs: the offer's package version, a code, a link's token. */
  packageVersion?: string;
  code?: string;
  token?: string;
  cancellationId?: string;
};

const REASON = "Tilaus perutaan samanaikaisesti";

/** The one store the order pairs' orders come from, made on first use. */
function orderStore(world: World) {
  let made: Promise<{ id: string; name: string }> | null = null;
  return () => {
    made ??= world.store();
    return made;
  };
}

const helpdeskCancels = (world: World, name = "the helpdesk cancels the order"): Action<OrderFixture> => ({
  name,
  run: (f) =>
    world.call("POST", "/api/order-cancellations", HELPDESK, { orderId: f.orderId, reason: REASON }),
});

const asksToCancel = (world: World, who: string, name: string): Action<OrderFixture> => ({
  name,
  run: (f) => world.call("POST", "/api/order-cancellations", who, { orderId: f.orderId, reason: REASON }),
});

/** Every pair of one order. */
export function orderPairs(world: World): Pair<OrderFixture>[] {
  const store = orderStore(world);
  const walked = async (until: Parameters<World["walkedOrder"]>[1]) =>
    world.walkedOrder((await store()).name, until);
  const state = (f: OrderFixture) => world.orderState(f.orderId);

  return [
    {
      name: "order: the employee accepts the package × the helpdesk cancels the order",
      setup: async () => {
        const orderId = await walked("package");
        const offer = await world.call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`, EMPLOYEE);
        expect(offer.statusCode, offer.body).toBe(200);
        return { orderId, packageVersion: (offer.json() as { packageVersion: string }).packageVersion };
      },
      first: {
        name: "the employee accepts the package",
        run: (f) =>
          world.call("POST", `/api/orders/${f.orderId}/accept`, EMPLOYEE, {
            leaseTimeMonths: 36,
            packageVersion: f.packageVersion,
            overMaxPriceConfirmed: true,
          }),
      },
      second: helpdeskCancels(world),
      state,
    },
    {
      name: "order: the employee signs × the helpdesk cancels the order",
      setup: async () => {
        const orderId = await walked("accept");
        const sent = await world.call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE);
        expect(sent.statusCode, sent.body).toBe(200);
        return { orderId, code: (sent.json() as { devCode: string }).devCode };
      },
      first: {
        name: "the employee signs with the code",
        run: (f) => world.call("POST", `/api/orders/${f.orderId}/sign`, EMPLOYEE, { code: f.code }),
      },
      second: helpdeskCancels(world),
      state,
    },
    {
      name: "order: the store records the delivery by its link × the helpdesk cancels the order",
      setup: async () => {
        const orderId = await walked("match");
        await world.forgetRateLimits();
        const issued = await write(world.db, { actor: { userId: null } }, (ctx) =>
          issueStoreLink(ctx, orderId, "delivery"),
        );
        return { orderId, token: issued.token };
      },
      first: {
        name: "the store records the delivery",
        run: (f) =>
          world.call("PUT", `/api/store-links/delivery/${f.token}`, null, {
            frameSerialNumber: "WC123456789",
            deliveryDate: toHelsinkiDateString(new Date()),
          }),
      },
      second: helpdeskCancels(world),
      state,
    },
    {
      name: "order: the employee asks to cancel × the employer asks to cancel",
      setup: async () => ({ orderId: await walked("match") }),
      first: asksToCancel(world, EMPLOYEE, "the employee asks to cancel"),
      second: asksToCancel(world, EMPLOYER, "the employer asks to cancel"),
      state,
    },
    {
      name: "order: the helpdesk completes a cancellation × the employee withdraws it",
      setup: async () => {
        const orderId = await walked("match");
        const asked = await world.call("POST", "/api/order-cancellations", EMPLOYEE, {
          orderId,
          reason: REASON,
        });
        expect(asked.statusCode, asked.body).toBe(201);
        const cancellationId = zOrderCancellationDetails.parse(asked.json()).orderCancellationId;
        // Nothing to refund, so no receipt is waited for.
        const zero = await world.call("PUT", `/api/order-cancellations/${cancellationId}`, HELPDESK, {
          refundAmountCents: 0,
        });
        expect(zero.statusCode, zero.body).toBe(200);
        return { orderId, cancellationId };
      },
      first: {
        name: "the helpdesk completes the cancellation",
        run: (f) => world.call("POST", `/api/order-cancellations/${f.cancellationId}/complete`, HELPDESK),
      },
      second: {
        name: "the employee withdraws it",
        run: (f) => world.call("DELETE", `/api/order-cancellations/${f.cancellationId}`, EMPLOYEE),
      },
      state,
    },
    {
      name: "order: the helpdesk moves the order to a special case × the helpdesk cancels it",
      setup: async () => ({ orderId: await walked("match") }),
      first: {
        name: "the helpdesk moves the order to CASE_X",
        run: (f) =>
          world.call("POST", `/api/orders/${f.orderId}/status`, HELPDESK, { to: "CASE_X", note: REASON }),
      },
      second: helpdeskCancels(world),
      state,
    },
    {
      name: "order: the helpdesk cancels × cancels again (a second click)",
      setup: async () => ({ orderId: await walked("match") }),
      first: helpdeskCancels(world),
      second: helpdeskCancels(world, "the same cancellation sent again"),
      state,
    },
  ];
}
