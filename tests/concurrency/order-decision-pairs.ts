import { expect } from "vitest";
import type { Action, Pair } from "./race.ts";
import { ADMIN, EMPLOYEE, EMPLOYER, EMPLOYER_EDITOR, HELPDESK, type World } from "./world.ts";

/**
 * The order's deciders at the same moment: the employer's approval or refusal of an order waiting for
 * it (the bike policy of Demo Oy asks for one) against the employee's and the helpdesk's
 * cancellations and another employer user's decision; and the helpdesk's moves by status name against
 * the employee's step at the same status and another agent's move. Each fixture is an order of its own.
 */

type DecisionFixture = { orderId: string; packageVersion?: string; code?: string };

const REASON = "Tilaus perutaan samanaikaisesti";
const NOTE = "Selvitetään asiakkaan kanssa";

const decides = (world: World, who: string, approve: boolean, name: string): Action<DecisionFixture> => ({
  name,
  run: (f) =>
    world.call(
      "POST",
      `/api/orders/${f.orderId}/employer-decision`,
      who,
      approve ? { approve: true } : { approve: false, reason: "Ei sovi pyöräetuun" },
    ),
});

const cancels = (world: World, who: string, name: string): Action<DecisionFixture> => ({
  name,
  run: (f) => world.call("POST", "/api/order-cancellations", who, { orderId: f.orderId, reason: REASON }),
});

const moves = (world: World, who: string, to: string, name: string): Action<DecisionFixture> => ({
  name,
  run: (f) => world.call("POST", `/api/orders/${f.orderId}/status`, who, { to, note: NOTE }),
});

/** Every pair of an order's deciders. */
export function decisionPairs(world: World): Pair<DecisionFixture>[] {
  let made: Promise<{ id: string; name: string }> | null = null;
  const walked = async (until: Parameters<World["walkedOrder"]>[1]) => {
    made ??= world.store();
    return world.walkedOrder((await made).name, until);
  };
  const state = (f: DecisionFixture) => world.orderState(f.orderId);
  /** Accepted, not yet signed: the employer may decide, the employee may still cancel at once. */
  const accepted = async () => ({ orderId: await walked("accept") });
  /** Signed: the employer's approval confirms it. */
  const signed = async () => ({ orderId: await walked("sign") });

  return [
    {
      name: "order: the employer approves × the employee cancels (accepted, not signed)",
      setup: accepted,
      first: decides(world, EMPLOYER, true, "the employer approves the order"),
      second: cancels(world, EMPLOYEE, "the employee cancels the order"),
      state,
    },
    {
      name: "order: the employer approves × the employee asks to cancel (signed)",
      setup: signed,
      first: decides(world, EMPLOYER, true, "the employer approves, confirming the order"),
      second: cancels(world, EMPLOYEE, "the employee asks to cancel"),
      state,
    },
    {
      name: "order: the employer refuses × the employee cancels",
      setup: signed,
      first: decides(world, EMPLOYER, false, "the employer refuses the order"),
      second: cancels(world, EMPLOYEE, "the employee cancels the order"),
      state,
    },
    {
      name: "order: the employer approves × the helpdesk cancels",
      setup: signed,
      first: decides(world, EMPLOYER, true, "the employer approves, confirming the order"),
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "order: the employer refuses × the helpdesk cancels",
      setup: signed,
      first: decides(world, EMPLOYER, false, "the employer refuses the order"),
      second: cancels(world, HELPDESK, "the helpdesk cancels the order"),
      state,
    },
    {
      name: "order: one employer user approves × another refuses",
      setup: signed,
      first: decides(world, EMPLOYER, true, "the employer's admin approves"),
      second: decides(world, EMPLOYER_EDITOR, false, "the employer's editor refuses"),
      state,
    },
    {
      name: "order: the employer approves × approves again (a second click)",
      setup: accepted,
      first: decides(world, EMPLOYER, true, "the employer approves the order"),
      second: decides(world, EMPLOYER, true, "the same approval sent again"),
      state,
    },
    {
      name: "order: the employer approves × the employee signs",
      setup: async () => {
        const orderId = await walked("accept");
        const sent = await world.call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE);
        expect(sent.statusCode, sent.body).toBe(200);
        return { orderId, code: (sent.json() as { devCode: string }).devCode };
      },
      first: decides(world, EMPLOYER, true, "the employer approves the order"),
      second: {
        name: "the employee signs with the code",
        run: (f) => world.call("POST", `/api/orders/${f.orderId}/sign`, EMPLOYEE, { code: f.code }),
      },
      state,
    },
  ];
}

/** Every pair of the helpdesk's moves by status name. */
export function helpdeskMovePairs(world: World): Pair<DecisionFixture>[] {
  let made: Promise<{ id: string; name: string }> | null = null;
  const walked = async (until: Parameters<World["walkedOrder"]>[1]) => {
    made ??= world.store();
    return world.walkedOrder((await made).name, until);
  };
  const state = (f: DecisionFixture) => world.orderState(f.orderId);
  const asksComment = (who = HELPDESK, name = "the helpdesk asks the customer for a comment") =>
    moves(world, who, "WAITING_FOR_CUSTOMER_COMMENT", name);

  return [
    {
      name: "order: the helpdesk asks for a comment × the employee accepts the package",
      setup: async () => {
        const orderId = await walked("package");
        const offer = await world.call("GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`, EMPLOYEE);
        expect(offer.statusCode, offer.body).toBe(200);
        return { orderId, packageVersion: (offer.json() as { packageVersion: string }).packageVersion };
      },
      first: asksComment(),
      second: {
        name: "the employee accepts the package",
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
      name: "order: the helpdesk asks for a comment × the employee signs",
      setup: async () => {
        const orderId = await walked("accept");
        const sent = await world.call("POST", `/api/orders/${orderId}/sign/code`, EMPLOYEE);
        expect(sent.statusCode, sent.body).toBe(200);
        return { orderId, code: (sent.json() as { devCode: string }).devCode };
      },
      first: asksComment(),
      second: {
        name: "the employee signs with the code",
        run: (f) => world.call("POST", `/api/orders/${f.orderId}/sign`, EMPLOYEE, { code: f.code }),
      },
      state,
    },
    {
      name: "order: the helpdesk moves to a special case × the employer approves",
      setup: async () => ({ orderId: await walked("sign") }),
      first: moves(world, HELPDESK, "CASE_X", "the helpdesk moves the order to CASE_X"),
      second: decides(world, EMPLOYER, true, "the employer approves, confirming the order"),
      state,
    },
    {
      name: "order: one agent moves to a special case × another asks for a comment",
      setup: async () => ({ orderId: await walked("match") }),
      first: moves(world, HELPDESK, "CASE_X", "the helpdesk moves the order to CASE_X"),
      second: asksComment(ADMIN, "another agent asks the customer for a comment"),
      state,
    },
    {
      name: "order: one agent cancels by status × another moves to a special case",
      setup: async () => ({ orderId: await walked("match") }),
      first: moves(world, HELPDESK, "CANCELLED", "the helpdesk moves the order to CANCELLED"),
      second: moves(world, ADMIN, "CASE_X", "another agent moves the order to CASE_X"),
      state,
    },
  ];
}
