import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { zBikeBrokerageSaved } from "../../src/contract/bike-brokerage.ts";
import { zBikeRedemptionSaved } from "../../src/contract/bike-redemptions.ts";
import {
  bikeBrokerageInquiries,
  bikeBrokerages,
  bikeRedemptions,
  leasingAgreements,
  userPayments,
} from "../../src/server/db/schema/index.ts";
import type { Action, Pair } from "./race.ts";
import { EMPLOYEE, HELPDESK, type World } from "./world.ts";

/**
 * After the sale: a bike in the brokerage that someone asks about while the helpdesk changes it, and a
 * redemption case whose payment is paid while the employee changes their choice.
 */

type BikeFixture = { bikeId: string };
type CaseFixture = { caseId: string; paymentId: string };

let bikes = 0;

/** A bike the helpdesk added by hand and listed at once. */
async function listedBike(world: World): Promise<BikeFixture> {
  bikes += 1;
  await world.forgetRateLimits();
  const res = await world.call("POST", "/api/bike-brokerage", HELPDESK, {
    brand: "Tunturi",
    model: `Kilpa ${bikes}`,
    askingPriceCents: 90_000,
    listed: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { bikeId: zBikeBrokerageSaved.parse(res.json()).bikeBrokerage.bikeBrokerageId };
}

const asks = (world: World, name = "the employee asks about the bike"): Action<BikeFixture> => ({
  name,
  run: (f) =>
    world.call("POST", `/api/bike-brokerage/${f.bikeId}/inquiries`, EMPLOYEE, {
      name: "Eero Esimerkki",
      email: "employee@demo.test",
      message: "Onko pyörä vielä myynnissä?",
    }),
});

const helpdeskSets = (
  world: World,
  status: "CANCELLED" | "COMPLETED",
  name: string,
): Action<BikeFixture> => ({
  name,
  run: (f) => world.call("PUT", `/api/bike-brokerage/${f.bikeId}`, HELPDESK, { status }),
});

async function bikeState(world: World, f: BikeFixture) {
  const [bike] = await world.db
    .select({ status: bikeBrokerages.status, listed: bikeBrokerages.listedAt })
    .from(bikeBrokerages)
    .where(eq(bikeBrokerages.id, f.bikeId));
  const [asked] = await world.db
    .select({ n: count() })
    .from(bikeBrokerageInquiries)
    .where(eq(bikeBrokerageInquiries.bikeBrokerageId, f.bikeId));
  return { bike: bike ? { status: bike.status, listed: bike.listed !== null } : "GONE", inquiries: asked?.n };
}

export function brokeragePairs(world: World): Pair<BikeFixture>[] {
  const state = (f: BikeFixture) => bikeState(world, f);
  return [
    {
      name: "brokerage: someone asks about a bike × the helpdesk withdraws it",
      setup: () => listedBike(world),
      first: asks(world),
      second: helpdeskSets(world, "CANCELLED", "the helpdesk withdraws the bike"),
      state,
    },
    {
      name: "brokerage: someone asks about a bike × the helpdesk marks it sold",
      setup: () => listedBike(world),
      first: asks(world),
      second: helpdeskSets(world, "COMPLETED", "the helpdesk marks the bike sold"),
      state,
    },
    {
      name: "brokerage: someone asks about a bike × the helpdesk deletes it",
      setup: () => listedBike(world),
      first: asks(world),
      second: {
        name: "the helpdesk deletes the bike",
        run: (f) => world.call("DELETE", `/api/bike-brokerage/${f.bikeId}`, HELPDESK),
      },
      state,
    },
    {
      name: "brokerage: someone asks × asks again (a second click)",
      setup: () => listedBike(world),
      first: asks(world),
      second: asks(world, "the same question sent again"),
      state,
    },
  ];
}

/**
 * A redemption case of an order walked to its lease's start, opened by the helpdesk for a long absence
 * where the employee has chosen to redeem the bike: its redemption payment waits, sent.
 */
async function redeemingCase(world: World, storeName: string): Promise<CaseFixture> {
  const orderId = await world.walkedOrder(storeName, "startLease");
  // The absence starts on the lease's first day, within the lease however the walk dated it.
  const [lease] = await world.db
    .select({ startDate: leasingAgreements.startDate })
    .from(leasingAgreements)
    .where(eq(leasingAgreements.orderId, orderId));
  const opened = await world.call("POST", "/api/bike-redemption", HELPDESK, {
    orderId,
    reason: "LONG_ABSENCE",
    absenceStartDate: lease?.startDate,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const caseId = zBikeRedemptionSaved.parse(opened.json()).bikeRedemption.id;
  const chosen = await world.call("POST", `/api/bike-redemption/${caseId}/choice`, EMPLOYEE, {
    choice: "REDEEM",
    paymentMethod: "BATCH",
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const [payment] = await world.db
    .select({ id: userPayments.id })
    .from(userPayments)
    .where(and(eq(userPayments.bikeRedemptionId, caseId), eq(userPayments.paymentStatus, "PENDING")));
  if (!payment) throw new Error("the redemption's payment was not made");
  return { caseId, paymentId: payment.id };
}

async function caseState(world: World, f: CaseFixture) {
  const [row] = await world.db
    .select({
      status: bikeRedemptions.status,
      choice: bikeRedemptions.choice,
      paid: bikeRedemptions.userPaymentPaidAt,
    })
    .from(bikeRedemptions)
    .where(eq(bikeRedemptions.id, f.caseId));
  const payments = await world.db
    .select({ kind: userPayments.kind, status: userPayments.paymentStatus })
    .from(userPayments)
    .where(eq(userPayments.bikeRedemptionId, f.caseId))
    .orderBy(userPayments.kind, userPayments.paymentStatus);
  return { status: row?.status, choice: row?.choice, paid: row?.paid != null, payments };
}

export function redemptionPairs(world: World): Pair<CaseFixture>[] {
  let store: Promise<{ id: string; name: string }> | null = null;
  const setup = async () => {
    store ??= world.store();
    return redeemingCase(world, (await store).name);
  };
  const state = (f: CaseFixture) => caseState(world, f);
  const pays: Action<CaseFixture> = {
    name: "the helpdesk marks the redemption payment paid",
    run: (f) => world.call("POST", `/api/user-payment/${f.paymentId}/paid`, HELPDESK),
  };
  return [
    {
      name: "redemption case: the payment is marked paid × the employee changes the choice",
      setup,
      first: pays,
      second: {
        name: "the employee chooses to keep the bike and pay the absence",
        run: (f) =>
          world.call("POST", `/api/bike-redemption/${f.caseId}/choice`, EMPLOYEE, { choice: "CONTINUE" }),
      },
      state,
    },
    {
      name: "redemption case: the payment is marked paid × the helpdesk cancels the case",
      setup,
      first: pays,
      second: {
        name: "the helpdesk cancels the case",
        run: (f) => world.call("DELETE", `/api/bike-redemption/${f.caseId}`, HELPDESK),
      },
      state,
    },
    {
      name: "redemption case: the payment is marked paid × marked paid again (a second click)",
      setup,
      first: pays,
      second: { ...pays, name: "the same marking sent again" },
      state,
    },
  ];
}
